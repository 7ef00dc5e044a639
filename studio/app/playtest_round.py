"""A round of the playtest: what the blind asks and what is left, the hand as cards (click to select),
Play and Discard.

Cards are played in the order they were picked up (numbered under them), since the scorer reads the
played cards left to right: a hint picks its cards up in the bot's order, so Play scores what it said.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from studio.app import palette
from studio.app.preview.card import paint_card
from studio.app.preview.hand_row import PAYLOAD, TileRow
from studio.engine.cards import Card
from studio.engine.run.actions import Discard, Play
from studio.engine.run.game import Game
from studio.engine.run.round import debuffed_in_hand
from studio.engine.trace import grouped

#: How far a selected card rises above the others, in pixels.
LIFT = 12
#: How opaque a card the boss debuffs is drawn (as trace playback draws one).
DEBUFFED_OPACITY = 0.4


class _LiftedCards(QStyledItemDelegate):
    """Paints the hand's cards, a selected card raised above the rest, as a player picks cards up, and
    its place in the play order under it."""

    def __init__(self) -> None:
        super().__init__()
        #: The positions picked up, in the order they will be played.
        self.order: list[int] = []
        #: The positions the boss debuffs: drawn faded, as playback draws a debuffed card.
        self.debuffed: frozenset[int] = frozenset()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        return QSize(palette.CARD_W, palette.CARD_H + LIFT)

    def paint(
        self, p: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        card = index.data(PAYLOAD)
        if not isinstance(card, Card):
            return
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        rect = QRectF(option.rect)
        face = rect.adjusted(0, 0, 0, -LIFT) if selected else rect.adjusted(0, LIFT, 0, 0)
        p.save()
        if index.row() in self.debuffed:
            p.setOpacity(DEBUFFED_OPACITY)
        paint_card(p, face, card, selected=selected)
        p.restore()
        if selected and index.row() in self.order:
            p.save()
            font = QFont(p.font())
            font.setPixelSize(LIFT - 1)
            font.setBold(True)
            p.setFont(font)
            p.setPen(QColor(palette.current().accent))
            under = QRectF(rect.left(), rect.bottom() - LIFT, rect.width(), LIFT)
            p.drawText(under, Qt.AlignmentFlag.AlignCenter, str(self.order.index(index.row()) + 1))
            p.restore()


class RoundView(QWidget):
    """The round's numbers, the hand and its buttons; emits ``action`` with Play or Discard."""

    action = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info = QLabel()
        self.info.setObjectName("playtestRoundInfo")
        self.info.setWordWrap(True)
        self.boss = QLabel()
        self.boss.setWordWrap(True)
        self.hand = TileRow("card")
        self.hand.setObjectName("playtestHand")
        self.hand.setAccessibleName("Hand")
        self.hand.setToolTip(
            "Click cards to select them (click again to let go); they are played in the order clicked"
        )
        self.hand.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        self.hand.setDragDropMode(QAbstractItemView.DragDropMode.NoDragDrop)
        for action in self.hand.actions():  # its cards stay in the engine's order: positions are the run's
            self.hand.removeAction(action)
        self._lifted = _LiftedCards()
        self.hand.setItemDelegate(self._lifted)
        self.hand.setFixedHeight(palette.CARD_H + LIFT + 10)
        self.play_button = QPushButton(palette.icon("fa5s.play"), "Play")
        self.play_button.setObjectName("playtestPlay")
        self.play_button.setToolTip("Play the selected cards (1 to 5)")
        self.play_button.clicked.connect(lambda: self.action.emit(Play(tuple(self.selected()))))
        self.discard_button = QPushButton(palette.icon("fa5s.trash-alt"), "Discard")
        self.discard_button.setObjectName("playtestDiscard")
        self.discard_button.setToolTip("Discard the selected cards and draw as many")
        self.discard_button.clicked.connect(lambda: self.action.emit(Discard(tuple(self.selected()))))
        self.chosen = QLabel()
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        v.setSpacing(4)
        v.addWidget(self.info)
        v.addWidget(self.boss)
        v.addWidget(self.hand)
        buttons = QHBoxLayout()
        buttons.addWidget(self.play_button)
        buttons.addWidget(self.discard_button)
        buttons.addWidget(self.chosen, 1)
        v.addLayout(buttons)
        v.addStretch(1)
        self.hand.itemSelectionChanged.connect(self._picked)

    def set_game(self, game: Game, keep: bool) -> None:
        """Show the round; ``keep`` keeps the selected cards (a refused action changed nothing)."""
        r = game.state.round
        if r is None:
            return
        if not keep:
            self.hand.clearSelection()
        self.hand.set_tokens([(str(c), c) for c in r.hand])
        boss = game.setup.catalog.bosses.get(r.boss) if r.boss else None
        self._lifted.debuffed = debuffed_in_hand(game.state, game.setup)
        named = boss.name or boss.id if boss else ""
        why = f"Debuffed by {named}: counts toward the hand type, gives nothing"
        for i in range(self.hand.count()):
            self.hand.item(i).setToolTip(why if i in self._lifted.debuffed else "")
        self._picked()  # a new hand keeps no order the old one had
        theme = palette.current()
        need = max(r.requirement - r.score, 0)
        self.info.setText(
            f"<b>{r.blind.capitalize()} blind</b> · score at least <b>{r.requirement:,}</b>"
            f" · scored <b>{grouped(r.score)}</b> (<b>{grouped(need)}</b> to go)"
            f" · <span style='color:{theme.points}'><b>{r.hands_left}</b> hands</span>"
            f" · <span style='color:{theme.mult}'><b>{r.discards_left}</b> discards</span> left"
            f" · deck {len(r.draw_pile)} cards"
        )
        self.boss.setText(
            f"<span style='color:{theme.error}'>{boss.name or boss.id}</span>: {boss.text}" if boss else ""
        )
        self.boss.setVisible(boss is not None)
        self.discard_button.setEnabled(r.discards_left > 0)

    def selected(self) -> list[int]:
        """The positions of the selected cards, in the order they were picked up."""
        return list(self._lifted.order)

    def select(self, cards: Sequence[int]) -> None:
        """Select exactly these cards, picked up in this order (a hint's)."""
        self.hand.clearSelection()
        for i in dict.fromkeys(cards):
            if 0 <= i < self.hand.count():
                self.hand.item(i).setSelected(True)  # each one joins the end of the order

    def _picked(self) -> None:
        """Keep the order cards were picked up in: a card let go leaves it, a new one joins its end."""
        now = self.hand.selected_rows()
        kept = [i for i in self._lifted.order if i in now]
        self._lifted.order = kept + [i for i in now if i not in kept]
        self.hand.viewport().update()
        self._count()

    def _count(self) -> None:
        n = len(self.selected())
        self.chosen.setText(f"{n} selected" if n else "Select cards, then Play or Discard")
        self.chosen.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
