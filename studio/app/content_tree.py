"""The content tree: every loaded file by kind, with a filter box, a dirty marker per file and the
tests' ✓ / ✗ on scenario files."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QTreeView, QVBoxLayout, QWidget

from studio.app import palette
from studio.app.entry_art import entry_icon
from studio.workspace import EntryRef, Workspace, WorkspaceError
from studio.workspace.scenario_watch import Tally

REF = Qt.ItemDataRole.UserRole + 1
DIRTY = Qt.ItemDataRole.UserRole + 2
#: The kind a header of the tree stands for ("hand_type" on "Hand types").
KIND = Qt.ItemDataRole.UserRole + 3
KIND_TITLES = {
    "hand_type": "Hand types",
    "charm": "Charms",
    "upgrade": "Upgrades",
    "edition": "Editions",
    "seal": "Seals",
    "boss": "Bosses",
    "deck": "Decks",
    "difficulty": "Difficulties",
    "consumable": "Consumables",
    "voucher": "Vouchers",
    "tag": "Tags",
    "sticker": "Stickers",
    "run": "Run",
    "scenario": "Scenarios (tests)",
    "patch": "Patches",
}
KIND_ICONS = {
    "hand_type": "fa5s.layer-group",
    "charm": "fa5s.gem",
    "upgrade": "fa5s.arrow-circle-up",
    "edition": "fa5s.star",
    "seal": "fa5s.stamp",
    "boss": "fa5s.skull",
    "deck": "fa5s.clone",
    "difficulty": "fa5s.signal",
    "consumable": "fa5s.scroll",
    "voucher": "fa5s.ticket-alt",
    "tag": "fa5s.tag",
    "sticker": "fa5s.sticky-note",
    "run": "fa5s.road",
    "scenario": "fa5s.vial",
    "patch": "fa5s.band-aid",
}


class ContentTree(QWidget):
    """A filter box over a tree of kinds and their files; emits ``opened`` with an EntryRef."""

    opened = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.filter = QLineEdit()
        self.filter.setObjectName("contentFilter")
        self.filter.setPlaceholderText("Filter (Ctrl+F)")
        self.filter.setClearButtonEnabled(True)
        self.filter.setAccessibleName("Filter the content tree")
        self.model = QStandardItemModel()
        self.proxy = QSortFilterProxyModel()
        self.proxy.setSourceModel(self.model)
        self.proxy.setRecursiveFilteringEnabled(True)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterRole(Qt.ItemDataRole.ToolTipRole)
        self.tree = QTreeView()
        self.tree.setObjectName("contentTree")
        self.tree.setAccessibleName("Content tree")
        self.tree.setHeaderHidden(True)
        self.tree.setModel(self.proxy)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setUniformRowHeights(True)
        self.filter.textChanged.connect(self._filter)
        self.filter.returnPressed.connect(self.open_first)
        self.tree.activated.connect(self._activated)
        self.tree.clicked.connect(self._activated)
        v = QVBoxLayout(self)
        v.setContentsMargins(4, 4, 4, 4)
        v.addWidget(self.filter)
        v.addWidget(self.tree)
        self._items: dict[str, QStandardItem] = {}
        #: How each scenario file's tests did at their last run.
        self.tests: Mapping[Path, Tally] = {}

    def populate(self, ws: Workspace) -> None:
        """Fill the tree from the workspace (kinds with files only)."""
        self.model.clear()
        self._items = {}
        for kind in ws.kinds():
            refs = ws.entries(kind)
            if not refs:
                continue
            top = QStandardItem(
                palette.icon(KIND_ICONS.get(kind, "fa5s.file")), f"{KIND_TITLES.get(kind, kind)}"
            )
            top.setToolTip(KIND_TITLES.get(kind, kind))
            top.setData(kind, KIND)
            top.setSelectable(False)
            for ref in refs:
                item = QStandardItem()
                item.setData(ref, REF)
                self._items[str(ref.path)] = item
                self._label(item, ref, ws.is_dirty(ref))
                self._picture(item, ws, ref)
                top.appendRow(item)
            self.model.appendRow(top)
        self._filter(self.filter.text())

    def mark(self, ws: Workspace, refs: set[EntryRef]) -> None:
        """Refresh the labels (name, dirty marker) of changed files."""
        for ref in refs:
            item = self._items.get(str(ref.path))
            if item is not None:
                try:
                    fresh = ws.ref(ref.path)
                except WorkspaceError:
                    continue  # renamed or deleted: the tree is rebuilt after such operations
                item.setData(fresh, REF)
                self._label(item, fresh, ws.is_dirty(fresh))
                self._picture(item, ws, fresh)

    def show_tests(self, tallies: Mapping[Path, Tally]) -> None:
        """Mark each scenario file ✓ (its tests pass) or ✗ (one fails); a file not run has no mark."""
        self.tests = tallies
        for item in self._items.values():
            ref = item.data(REF)
            if isinstance(ref, EntryRef) and ref.kind == "scenario":
                self._label(item, ref, bool(item.data(DIRTY)))

    def _label(self, item: QStandardItem, ref: EntryRef, dirty: bool) -> None:
        name = ref.name if ref.name and ref.name != ref.id else ""
        pack = "" if ref.pack_id == "base" else f"  [{ref.pack_id}]"
        tally = self.tests.get(ref.path)
        mark = f"{tally.marker} " if tally else ""
        tests = f", {tally.summary}" if tally else ""
        item.setText(f"{'● ' if dirty else ''}{mark}{ref.id}{'  — ' + name if name else ''}{pack}")
        item.setToolTip(f"{ref.id} {ref.name} {ref.kind} {ref.pack_id} {ref.path}{tests}")
        item.setData(f"{ref.id}{', unsaved' if dirty else ''}{tests}", Qt.ItemDataRole.AccessibleTextRole)
        item.setData(dirty, DIRTY)

    def _picture(self, item: QStandardItem, ws: Workspace, ref: EntryRef) -> None:
        """Charms, consumables, vouchers and tags show their art, or their generated face."""
        art = entry_icon(ws, ref)
        if art is not None:
            item.setIcon(art)

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        if text.strip():
            self.tree.expandAll()

    def open_first(self) -> EntryRef | None:
        """Enter in the filter: select and open the first entry it lets through."""
        for row in range(self.proxy.rowCount()):
            kind = self.proxy.index(row, 0)
            if self.proxy.rowCount(kind):
                first = self.proxy.index(0, 0, kind)
                self.tree.setCurrentIndex(first)
                self._activated(first)
                ref = first.data(REF)
                return ref if isinstance(ref, EntryRef) else None
        return None

    def _activated(self, index: QModelIndex) -> None:
        ref = index.data(REF)
        if isinstance(ref, EntryRef):
            self.opened.emit(ref)

    def select(self, kind: str, entry_id: str) -> EntryRef | None:
        """Select and open an entry by kind and id (returns it, or None if there is none).

        An entry the filter hides (a new, duplicated or renamed one, say) clears the filter, so
        what was just made is always shown and open.
        """
        found = self._select(kind, entry_id)
        if found is None and self.filter.text().strip():
            self.filter.clear()
            found = self._select(kind, entry_id)
        return found

    def _select(self, kind: str, entry_id: str) -> EntryRef | None:
        """Of several files with the id, the last: entries are listed in pack load order, and a pack that
        replaces an entry loads after the pack it replaces, so that is the one in force."""
        found = None
        for index, ref in self._entries():
            if ref.kind == kind and ref.id == entry_id:
                found = (index, ref)
        if found is None:
            return None
        index, ref = found
        self.tree.setCurrentIndex(index)
        self.tree.scrollTo(index)
        self.opened.emit(ref)
        return ref

    def follow(self, ref: EntryRef) -> None:
        """Show ``ref`` chosen, without opening it again: the editor opened it another way (a problem's
        row, a failing test), and the tree said another entry was the one edited."""
        for index, listed in self._entries():
            if listed == ref:
                self.tree.setCurrentIndex(index)
                self.tree.scrollTo(index)
                return

    def _entries(self) -> Iterator[tuple[QModelIndex, EntryRef]]:
        """Each entry the tree shows (the filter's), with its index."""
        for row in range(self.proxy.rowCount()):
            top = self.proxy.index(row, 0)
            for child in range(self.proxy.rowCount(top)):
                index = self.proxy.index(child, 0, top)
                ref = index.data(REF)
                if isinstance(ref, EntryRef):
                    yield index, ref
