"""Find usages and revert: Entry menu actions, also in the content tree's and the form's context menus.

Find usages lists every reference to an entry in the Usages panel. Revert
puts back the saved text of a whole file, or of the one field under the mouse
or with the focus; either is an undo command, so Ctrl+Z takes it back.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMenu, QWidget

from studio.app import palette
from studio.app.editor import EntryEditor
from studio.app.forms.base import Field
from studio.app.session import Session
from studio.app.usages_panel import UsagesPanel
from studio.workspace import EntryRef, JsonPath, Usage, WorkspaceError
from studio.workspace.model import show_path

#: Find usages: the keys of common code editors.
USAGES_KEYS = ("Shift+F12", "Alt+F7")


def field_of(widget: QWidget | None) -> Field | None:
    """The form field a widget belongs to (a label names its buddy's)."""
    if isinstance(widget, QLabel) and isinstance(widget.buddy(), Field):
        return widget.buddy()  # type: ignore[return-value]
    while widget is not None and not isinstance(widget, Field):
        widget = widget.parentWidget()
    return widget


class EntryTools:
    """The actions; ``reveal`` shows the usages panel, ``status`` shows a line in the status bar."""

    def __init__(
        self,
        parent: QWidget,
        usages: UsagesPanel,
        reveal: Callable[[], None],
        status: Callable[[str], None],
    ) -> None:
        self.parent, self.usages, self.reveal, self.status = parent, usages, reveal, status
        self.session: Session | None = None
        self.editor: EntryEditor | None = None
        self.actions: dict[str, QAction] = {}

    def install(self, menu: QMenu) -> None:
        """Add Find usages, Revert entry and Revert field to the Entry menu."""
        menu.addSeparator()
        made = [
            ("usages", "Find &usages", "fa5s.search", lambda: self._with_entry(self.find_usages)),
            ("entry", "Re&vert entry to saved", "fa5s.history", lambda: self._with_entry(self.revert_entry)),
            ("field", "Revert &field to saved", "fa5s.undo-alt", self.revert_focused_field),
        ]
        for key, text, icon, slot in made:
            action = QAction(palette.icon(icon), text, self.parent)
            action.triggered.connect(slot)
            menu.addAction(action)
            self.actions[key] = action
        usages = self.actions["usages"]
        usages.setShortcuts([QKeySequence(k) for k in USAGES_KEYS])
        usages.setToolTip(f"Find usages ({USAGES_KEYS[0]})")
        self.actions["field"].setToolTip("Put back the saved value of the field that has the focus")
        menu.aboutToShow.connect(self._enable)

    def attach(self, session: Session, editor: EntryEditor) -> None:
        """Work on a newly opened workspace; the form's context menu offers Revert."""
        self.session, self.editor = session, editor
        editor.holder.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        editor.holder.customContextMenuRequested.connect(self._form_menu)
        self.usages.set_session(session)

    def tree_actions(self) -> list[tuple[str, str, Callable[[EntryRef], object]]]:
        """(icon, text, action) for the content tree's context menu."""
        return [
            ("fa5s.search", "Find usages", self.find_usages),
            ("fa5s.history", "Revert to saved", self.revert_entry),
        ]

    # --- find usages --------------------------------------------------------------------------
    def find_usages(self, ref: EntryRef) -> list[Usage]:
        """List every place that names ``ref`` in the Usages panel, and show it."""
        self.reveal()
        found = self.usages.show_usages(ref.path)
        self.status(f"{ref.id}: {len(found)} usage{'s' * (len(found) != 1)}")
        return found

    # --- revert -------------------------------------------------------------------------------
    def revert_entry(self, ref: EntryRef) -> bool:
        """Put back the file's saved text (one undo step)."""
        return self._revert(ref, ())

    def revert_field(self, ref: EntryRef, path: JsonPath) -> bool:
        """Put back one field's saved value; the rest of the file keeps its edits (one undo step)."""
        return self._revert(ref, path)

    def revert_focused_field(self) -> bool:
        """Entry > Revert field: the field that has the keyboard focus in the form."""
        field = field_of(QApplication.focusWidget())
        ref = self.editor.ref if self.editor is not None else None
        if field is None or ref is None or self.editor is None or field.ctx is not self.editor.ctx:
            self.status("Revert field: put the cursor in a field of the form first")
            return False
        return self.revert_field(ref, field.path)

    def _revert(self, ref: EntryRef, path: JsonPath) -> bool:
        if self.session is None:
            return False
        if self.editor is not None:
            self.editor.yaml.flush()  # text typed a moment ago is an edit like any other
        ws = self.session.ws
        what = f"{ref.path.name} {show_path(path)}" if path else ref.path.name
        try:
            ref = ws.ref(ref.path)
            now, saved = ws.text(ref), ws.reverted_text(ref, path)
        except WorkspaceError as exc:
            self.status(f"revert: {exc}")
            return False
        if now == saved:
            self.status(f"{what} is as saved")
            return False
        self.session.replace_text(ref.path, saved, label=f"Revert {what}")
        self.status(f"Reverted {what} to its saved text (Ctrl+Z takes it back)")
        return True

    def _differs(self, ref: EntryRef | None, path: JsonPath = ()) -> bool:
        if ref is None or self.session is None:
            return False
        try:
            return self.session.ws.reverted_text(ref, path) != self.session.ws.text(ref)
        except WorkspaceError:
            return False

    # --- menus --------------------------------------------------------------------------------
    def _with_entry(self, action: Callable[[EntryRef], object]) -> None:
        ref = self.editor.ref if self.editor is not None else None
        if ref is not None:
            action(ref)

    def _enable(self) -> None:
        """Offer Revert only where there is something to revert (Find usages keeps its keys working)."""
        ref = self.editor.ref if self.editor is not None else None
        self.actions["entry"].setEnabled(self._differs(ref))
        field = field_of(QApplication.focusWidget())
        in_form = field is not None and bool(field.path)
        self.actions["field"].setEnabled(in_form and field is not None and self._differs(ref, field.path))

    def _form_menu(self, pos: QPoint) -> None:
        editor = self.editor
        if editor is None or editor.ref is None:
            return
        ref = editor.ref
        field = field_of(editor.holder.childAt(pos))
        menu = QMenu(self.parent)
        if field is not None and field.path:
            path = field.path
            revert = menu.addAction(
                palette.icon("fa5s.undo-alt"),
                f"Revert {show_path(path).removeprefix('$.')} to saved",
                lambda: self.revert_field(ref, path),
            )
            revert.setEnabled(self._differs(ref, path))
        entry = menu.addAction(
            palette.icon("fa5s.history"), "Revert entry to saved", lambda: self.revert_entry(ref)
        )
        entry.setEnabled(self._differs(ref))
        menu.addAction(palette.icon("fa5s.search"), "Find usages", lambda: self.find_usages(ref))
        menu.exec(editor.holder.mapToGlobal(pos))
