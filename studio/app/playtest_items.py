"""What the player holds in a playtest: the charm row (drag to reorder, sell) and the consumables (use on
the selected cards, sell). Each button asks for one of the engine's action records."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.app import palette
from studio.app.playtest_situation import charm_token
from studio.app.preview.hand_row import ART, TileRow, art_key
from studio.engine.run.actions import ReorderCharms, Sell, SellConsumable
from studio.engine.run.game import Game
from studio.engine.run.shop import sell_value
from studio.engine.run.values import charm_slots

#: Item role of a charm tile: its position in the run's row when shown (a drop moves the tiles). Clear of
#: the roles ``TileRow`` itself uses (token, payload, playback marks, art).
ORIGIN = Qt.ItemDataRole.UserRole + 16


class HeldItems(QWidget):
    """The charm row and the consumables; emits ``action`` with an action record, ``use`` with the index
    of the consumable to use (the panel adds the selected cards), ``told`` when nothing is chosen."""

    action = Signal(object)
    use = Signal(int)
    #: Something to tell the player (nothing chosen to act on).
    told = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: Finds a charm's art (or face) at a size, by id, as the preview's charm row does.
        self.art: Callable[[str, int], QPixmap | None] | None = None
        self.charms = TileRow("charm")
        self.charms.setObjectName("playtestCharms")
        self.charms.setAccessibleName("Charm row of the run")
        self.charms.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.charms.setToolTip("Drag a charm to reorder the row (Ctrl+Left / Ctrl+Right)")
        self.charms.reordered.connect(self._reordered)
        self.sell_charm = QPushButton(palette.icon("fa5s.dollar-sign"), "Sell charm")
        self.sell_charm.setObjectName("playtestSellCharm")
        self.sell_charm.setToolTip("Sell the selected charm")
        self.sell_charm.clicked.connect(self._sell_charm)
        self.slots = QLabel()
        self.consumables = QListWidget()
        self.consumables.setObjectName("playtestConsumables")
        self.consumables.setAccessibleName("Consumables held")
        self.consumables.setFlow(QListWidget.Flow.LeftToRight)
        self.consumables.setFixedHeight(30)
        #: The consumables listed, as (name, tooltip).
        self._consumables: list[tuple[str, str]] = []
        self.use_button = QPushButton(palette.icon("fa5s.magic"), "Use")
        self.use_button.setObjectName("playtestUse")
        self.use_button.setToolTip("Use the selected consumable (on the cards selected in the hand)")
        self.use_button.clicked.connect(self._use)
        self.sell_consumable = QPushButton("Sell")
        self.sell_consumable.setObjectName("playtestSellConsumable")
        self.sell_consumable.setToolTip("Sell the selected consumable")
        self.sell_consumable.clicked.connect(self._sell_consumable)
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        v.setSpacing(2)
        head = QHBoxLayout()
        head.addWidget(QLabel("<b>Charms</b>"))
        head.addWidget(self.slots, 1)
        head.addWidget(self.sell_charm)
        v.addLayout(head)
        v.addWidget(self.charms)
        line = QHBoxLayout()
        line.addWidget(QLabel("<b>Consumables</b>"))
        line.addWidget(self.consumables, 1)
        line.addWidget(self.use_button)
        line.addWidget(self.sell_consumable)
        v.addLayout(line)

    def set_game(self, game: Game) -> None:
        """Show the run's charms (named, their state in the tooltip) and consumables."""
        s, cat = game.state, game.setup.catalog
        tiles = []
        for c in s.charms:
            charm = cat.charms.get(c.id)
            tiles.append((charm_token(c), (charm.name or c.id) if charm is not None else None))
        self.charms.set_tokens(tiles)
        for i, c in enumerate(s.charms):
            item = self.charms.item(i)
            item.setData(ORIGIN, i)
            art = self.art(c.id, palette.CHARM_ART) if self.art is not None else None
            if art_key(item.data(ART)) != art_key(art):  # the same art again repaints the row
                item.setData(ART, art)
            charm = cat.charms.get(c.id)
            state = [f"counter {c.counter}"] if c.counter else []
            state += [f"{k} {v}" for k, v in c.vars] + list(c.stickers)
            text = charm.description if charm is not None else "not in the content any more"
            tip = f"{charm.name if charm and charm.name else c.id} ({c.id}): {text}"
            now = f"\nNow: {', '.join(state)}" if state else ""
            item.setToolTip(f"{tip}{now}\nSells for ${sell_value(game.setup, c)}")
        self.slots.setText(f"{len(s.charms)} of {charm_slots(s, game.setup)} slots")
        rows = []
        for item_id in s.consumables:
            held = cat.consumables.get(item_id)
            rows.append((held.name or item_id, held.description) if held is not None else (item_id, item_id))
        if rows != self._consumables:  # unchanged (most actions): the list and its choice stay as they are
            self._consumables = rows
            chosen = self.consumables.currentRow()
            self.consumables.clear()
            for text, tip in rows:
                row = QListWidgetItem(text)
                row.setToolTip(tip)
                self.consumables.addItem(row)
            if 0 <= chosen < self.consumables.count():
                self.consumables.setCurrentRow(chosen)
        self.use_button.setEnabled(bool(s.consumables))
        self.sell_consumable.setEnabled(bool(s.consumables))

    def _reordered(self, _tokens: list[str]) -> None:
        order = tuple(int(self.charms.item(i).data(ORIGIN)) for i in range(self.charms.count()))
        if order != tuple(range(len(order))):
            self.action.emit(ReorderCharms(order))

    def _sell_charm(self) -> None:
        rows = self.charms.selected_rows()
        if rows:
            self.action.emit(Sell(rows[0]))
        else:
            self.told.emit("Select the charm to sell first")

    def _consumable(self) -> int | None:
        """The consumable chosen: the selected one, or the only one held."""
        row = self.consumables.currentRow()
        if row < 0 and self.consumables.count() == 1:
            row = 0
        if row < 0:
            self.told.emit("Select a consumable first")
            return None
        return row

    def _use(self) -> None:
        index = self._consumable()
        if index is not None:
            self.use.emit(index)

    def _sell_consumable(self) -> None:
        index = self._consumable()
        if index is not None:
            self.action.emit(SellConsumable(index))
