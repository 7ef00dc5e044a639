"""The 52-card picker: every rank and suit painted in a grid; a click adds that card."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QWidget

from studio.app import palette
from studio.app.preview.card import paint_card
from studio.engine.cards import SUITS, Card, rank_name

RANKS = tuple(range(14, 1, -1))


class CardPicker(QFrame):
    """A grid of the 52 plain cards (suits by row, ranks by column); emits ``picked`` with a token."""

    picked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cardPicker")
        self.setAccessibleName("52-card picker")
        self.setToolTip("Click a card to add it; the row's input keeps the order")
        self.setFixedSize(palette.SMALL_CARD_W * len(RANKS) + 8, palette.SMALL_CARD_H * len(SUITS) + 8)
        self.setFrameShape(QFrame.Shape.StyledPanel)

    def card_at(self, pos: QPoint) -> Card | None:
        """Return the card under a point of the widget, if any."""
        col = (pos.x() - 4) // palette.SMALL_CARD_W
        row = (pos.y() - 4) // palette.SMALL_CARD_H
        if 0 <= col < len(RANKS) and 0 <= row < len(SUITS):
            return Card(RANKS[col], SUITS[row])
        return None

    def point_of(self, token: str) -> QPoint:
        """Return the centre of a card's cell (for tests and keyboard help)."""
        suit, rank = token[-1], token[:-1]
        col = [rank_name(r) for r in RANKS].index(rank)
        row = SUITS.index(suit)
        return QPoint(
            4 + col * palette.SMALL_CARD_W + palette.SMALL_CARD_W // 2,
            4 + row * palette.SMALL_CARD_H + palette.SMALL_CARD_H // 2,
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        p = QPainter(self)
        for row, suit in enumerate(SUITS):
            for col, rank in enumerate(RANKS):
                rect = QRectF(
                    4 + col * palette.SMALL_CARD_W,
                    4 + row * palette.SMALL_CARD_H,
                    palette.SMALL_CARD_W,
                    palette.SMALL_CARD_H,
                )
                paint_card(p, rect, Card(rank, suit))
        p.end()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        card = self.card_at(event.position().toPoint())
        if card is not None and event.button() == Qt.MouseButton.LeftButton:
            self.picked.emit(card.base)
