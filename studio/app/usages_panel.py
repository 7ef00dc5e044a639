"""The usages panel: every place that names one entry (the workspace's references); double-click jumps there.

The list follows edits while it is shown: a reference added or removed in
any file, or the entry renamed, is listed again at once.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from studio.app import palette
from studio.app.content_tree import KIND_ICONS
from studio.app.forms.nodes import file_words
from studio.app.session import Session
from studio.workspace import Change, Problem, Usage, WorkspaceError
from studio.workspace.model import show_path

USAGE = Qt.ItemDataRole.UserRole + 1


class UsagesPanel(QWidget):
    """A title naming the entry and a row per place that names it; ``jump`` carries a Problem to open."""

    jump = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: Session | None = None
        #: The file of the entry whose usages are listed.
        self.file: Path | None = None
        self.title = QLabel("Entry › Find usages (Shift+F12) lists every place that names an entry.")
        self.title.setObjectName("usagesTitle")
        self.title.setWordWrap(True)
        self.list = QTreeWidget()
        self.list.setObjectName("usagesList")
        self.list.setAccessibleName("Usages")
        self.list.setColumnCount(3)
        self.list.setHeaderLabels(["where", "entry", "field"])
        self.list.setRootIsDecorated(False)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        for column in (0, 1):
            self.list.header().setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.list.itemActivated.connect(self._activated)
        v = QVBoxLayout(self)
        v.setContentsMargins(4, 4, 4, 4)
        v.addWidget(self.title)
        v.addWidget(self.list, 1)

    def set_session(self, session: Session) -> None:
        """Follow a newly opened workspace (the list empties)."""
        self.session, self.file = session, None
        session.changed.connect(self.on_change)
        self.list.clear()

    def show_usages(self, path: Path) -> list[Usage]:
        """List the places that name the entry in the file at ``path``."""
        self.file = path
        return self.refresh()

    def on_change(self, change: Change) -> None:
        """Any file may have gained or lost a reference: list again while shown."""
        if self.file is not None and self.isVisible() and (change.files or change.problems_changed):
            self.refresh()

    def refresh(self) -> list[Usage]:
        """List the usages again from the workspace as it is now."""
        self.list.clear()
        if self.session is None or self.file is None:
            return []
        ws = self.session.ws
        try:
            ref = ws.ref(self.file)
        except WorkspaceError:
            self.title.setText(f"{self.file.name} is no longer loaded.")
            return []
        found = ws.usages(ref)
        what = f"{ref.kind.replace('_', ' ')} <b>{ref.id}</b>"
        count = f"{len(found)} place{'s' * (len(found) != 1)}"
        self.title.setText(f"{what} is named in {count}" if found else f"No file names {what}.")
        for usage in found:
            self.list.addTopLevelItem(self._item(usage))
        return found

    def _item(self, usage: Usage) -> QTreeWidgetItem:
        user = usage.entry
        name = user.id
        if user.kind == "scenario" and usage.json_path and isinstance(usage.json_path[0], int):
            assert self.session is not None
            items = self.session.ws.data(user)
            item = items[usage.json_path[0]] if isinstance(items, list) else None
            if isinstance(item, dict) and isinstance(item.get("name"), str):
                name = f"{user.id}: {item['name']}"
        where = f"{user.path.parent.name}/{user.path.name}:{usage.line}"
        row = QTreeWidgetItem([where, name, self._words(usage)])
        row.setIcon(0, palette.icon(KIND_ICONS.get(user.kind, "fa5s.file")))
        row.setToolTip(2, f"{show_path(usage.json_path)}\n{usage}")
        row.setData(0, USAGE, usage)
        return row

    def _words(self, usage: Usage) -> str:
        """The field as the form names it (``Ability 1 › Conditions › Hand contains``)."""
        assert self.session is not None
        ws = self.session.ws
        words = file_words(usage.entry.kind, ws.data(usage.entry), usage.json_path, ws.schema)
        return words or show_path(usage.json_path)

    def _activated(self, item: QTreeWidgetItem, _column: int) -> None:
        usage = item.data(0, USAGE)
        if isinstance(usage, Usage):
            self.jump.emit(Problem(usage.entry.path, usage.line, usage.col, usage.json_path, "", usage.entry))
