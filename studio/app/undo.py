"""The Edit menu's Undo and Redo over the open workspace's history (``studio.workspace.history``).

The history lives in the workspace, so the window undoes as a test or a script
does; this adapter performs undo and redo through the session (so every panel
redraws what they changed) and keeps the two actions' names and states in step.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from studio.app import palette
from studio.app.session import Session


class UndoActions(QObject):
    """Undo (Ctrl+Z) and Redo (Ctrl+Shift+Z, Ctrl+Y), named after the step each would take."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.session: Session | None = None
        self.undo_action = QAction(palette.icon("fa5s.undo"), "&Undo", parent)
        self.undo_action.setShortcut(QKeySequence("Ctrl+Z"))
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction(palette.icon("fa5s.redo"), "&Redo", parent)
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.triggered.connect(self.redo)
        self.refresh()

    def attach(self, session: Session) -> None:
        """Follow a newly opened workspace's history."""
        self.session = session
        session.ws.history.listen(self.refresh)
        session.changed.connect(self.refresh)  # a file changed outside the history drops its steps
        self.refresh()

    def undo(self) -> None:
        """Take back the last step."""
        if self.session is not None:
            self.session.perform("undo", self.session.ws.history.undo)

    def redo(self) -> None:
        """Make the last undone step again."""
        if self.session is not None:
            self.session.perform("redo", self.session.ws.history.redo)

    def refresh(self, *_args: object) -> None:
        """Name and enable the actions after the steps they would take."""
        history = self.session.ws.history if self.session is not None else None
        undo = history.undo_label if history is not None else ""
        redo = history.redo_label if history is not None else ""
        self.undo_action.setText(f"&Undo {undo}".rstrip())
        self.undo_action.setEnabled(bool(undo))
        self.redo_action.setText(f"&Redo {redo}".rstrip())
        self.redo_action.setEnabled(bool(redo))
