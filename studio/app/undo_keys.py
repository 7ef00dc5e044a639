"""Ctrl+Z and the redo keys in the entry editor take the window's undo steps, not the box's own.

A form's box reports each change as an edit of the file as it is typed, and the
YAML tab's typing becomes one a moment later: the workspace's history holds
them all. A box's own undo (Qt gives every line and text box one) would walk
a second history: it undid nothing the Edit menu named, or typed an old text
back as a new edit (a fixed typo returned). So the keys are the window's there,
after the typing not yet taken is made an edit. A box whose typing waits for
Enter (an id being renamed, a YAML value, an id searched for) keeps its own
undo while that typing is pending: it is no edit yet.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

#: The property a line box sets when its typing becomes an edit only on Enter (or leaving it).
TYPING_WAITS = "typing_waits"


def typing_waits(box: QLineEdit) -> None:
    """Mark ``box`` as one whose typing is no edit until Enter: while it holds typing, its own undo."""
    box.setProperty(TYPING_WAITS, True)


class UndoKeys(QObject):
    """Gives the keys of ``actions`` (Undo, Redo) to the window in the widgets ``inside`` says are the
    editor's, calling ``take_typing`` first."""

    def __init__(
        self,
        parent: QObject,
        actions: Sequence[QAction],
        inside: Callable[[QWidget], bool],
        take_typing: Callable[[], None],
    ) -> None:
        super().__init__(parent)
        self._keys = [key for action in actions for key in action.shortcuts()]
        self._inside, self._take_typing = inside, take_typing
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Decline a box's claim on an undo or redo key (its shortcut override), so the window's action
        takes it; the box never sees the key.

        Every event of the application comes here: its class, a check in C, rules out nearly all before
        ``event.type()``, which makes a Python enum each time."""
        if not isinstance(event, QKeyEvent) or event.type() != QEvent.Type.ShortcutOverride:
            return False
        if not isinstance(watched, QWidget) or watched is not QApplication.focusWidget():
            return False
        pressed = QKeySequence(event.keyCombination())
        if not any(pressed.matches(key) == QKeySequence.SequenceMatch.ExactMatch for key in self._keys):
            return False
        if not self._inside(watched) or _pending(watched):
            return False
        self._take_typing()
        event.ignore()
        return True

    def stop(self) -> None:
        """Stop watching the keyboard (the window closes)."""
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)


def _pending(widget: QWidget) -> bool:
    """True while a box whose typing waits for Enter holds typing."""
    return isinstance(widget, QLineEdit) and bool(widget.property(TYPING_WAITS)) and widget.isModified()
