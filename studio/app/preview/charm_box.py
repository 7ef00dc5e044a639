"""The preview's charm row: pick a charm (``id`` or ``id:edition``), add, remove, drag to reorder."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QPixmap
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from studio.app import palette
from studio.app.preview.charm_tokens import id_of, renamed
from studio.app.preview.hand_row import ART, LOCKED, TOKEN, TileRow, art_key
from studio.engine.catalog import Catalog
from studio.workspace.workspace import TRUST_MENU


class CharmBox(QWidget):
    """A charm picker over the charm row; emits ``changed`` when the row's charms or order change."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: Finds a charm's art (or face) at a size, by id; the window sets it from its workspace.
        self.art: Callable[[str, int], QPixmap | None] | None = None
        #: Charm id -> why its code does not run (its pack is not trusted); the window sets it.
        self.disabled: dict[str, str] = {}
        self.row = TileRow("charm")
        self.row.setObjectName("charmRow")
        self.row.setAccessibleName("Charm row")
        self.pick = QComboBox()
        self.pick.setObjectName("charmPick")
        self.pick.setEditable(True)
        self.pick.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.pick.setAccessibleName("Charm to add")
        self.pick.setToolTip("Type or choose a charm id (id:edition works too), then Add or Enter")
        add = QPushButton(palette.icon("fa5s.plus"), "Add")
        add.setToolTip("Add the charm to the end of the row")
        add.clicked.connect(lambda: self.add(self.pick.currentText()))
        typed = self.pick.lineEdit()
        assert typed is not None  # an editable box has one
        typed.returnPressed.connect(lambda: self.add(self.pick.currentText()))
        remove = QPushButton(palette.icon("fa5s.trash-alt"), "Remove")
        remove.setToolTip("Remove the selected charms from the row (Delete)")
        remove.clicked.connect(self.remove_selected)
        delete = QAction("Remove the selected charms", self.row)
        delete.setShortcut(QKeySequence.StandardKey.Delete)
        delete.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        delete.triggered.connect(self.remove_selected)
        self.row.addAction(delete)
        self.row.reordered.connect(lambda _t: self.changed.emit())
        line = QHBoxLayout()
        label = QLabel("<b>Charms</b>")
        label.setMinimumWidth(52)
        label.setBuddy(self.pick)
        line.addWidget(label)
        line.addWidget(self.pick, 1)
        line.addWidget(add)
        line.addWidget(remove)
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        v.setSpacing(4)
        v.addLayout(line)
        v.addWidget(self.row)

    def tokens(self) -> list[str]:
        """The charms in row order, as ``id`` or ``id:edition``."""
        return self.row.tokens()

    def set_tokens(self, tokens: list[str], catalog: Catalog | None = None) -> None:
        """Show these charms (named from ``catalog`` when given) without emitting ``changed``."""
        named = []
        for token in tokens:
            charm = catalog.charms.get(id_of(token)) if catalog is not None else None
            named.append((token, (charm.name or token) if charm is not None else None))
        self.row.set_tokens(named)
        self.show_art()
        self.show_locks()

    def show_locks(self) -> None:
        """Mute the tile of each charm whose code does not run; its tooltip says why, naming the pack, and
        the menu that trusts it."""
        for i in range(self.row.count()):
            item = self.row.item(i)
            token = str(item.data(TOKEN))
            why = self.disabled.get(id_of(token))
            if why != item.data(LOCKED):
                item.setData(LOCKED, why)
                how = f"it does nothing here until that pack is trusted ({TRUST_MENU})"
                item.setToolTip(f"{token}: {why}; {how}" if why else token)

    def show_art(self) -> None:
        """Give each tile its charm's art (or face), as :attr:`art` finds it."""
        for i in range(self.row.count()):
            item = self.row.item(i)
            found = self.art(id_of(str(item.data(TOKEN))), palette.CHARM_ART) if self.art else None
            if art_key(item.data(ART)) != art_key(found):
                item.setData(ART, found)

    def set_ids(self, ids: list[str]) -> None:
        """Offer these charm ids in the picker, keeping its text while it names one of them (a deleted
        charm's id goes; a renamed one's follows through :meth:`follow_rename`)."""
        if ids != [self.pick.itemText(i) for i in range(self.pick.count())]:
            now = self.pick.currentText()
            self.pick.clear()
            self.pick.addItems(ids)
            self.pick.setCurrentText(now if id_of(now) in ids else "")

    def add(self, token: str) -> None:
        """Append a charm to the row."""
        token = token.strip()
        if token:
            self.set_tokens([*self.tokens(), token])
            self.changed.emit()

    def remove_selected(self) -> None:
        """Drop the selected charms from the row."""
        gone = set(self.row.selected_rows())
        self.set_tokens([t for i, t in enumerate(self.tokens()) if i not in gone])
        self.changed.emit()

    def follow_rename(self, kind: str, old: str, new: str) -> None:
        """Keep a renamed charm in the row and in the picker, a renamed edition or sticker on the charms
        that wear it."""
        tokens = self.tokens()
        now = [renamed(t, kind, old, new) for t in tokens]
        picked = self.pick.currentText()
        if kind == "charm" and id_of(picked) == old:
            self.pick.setCurrentText(renamed(picked, kind, old, new))
        if now != tokens:
            self.set_tokens(now)
            self.changed.emit()
