"""Tiles of the playtest: an item for sale or to take (a charm, card, pack, consumable, voucher, hand
type) painted as the preview paints cards and charms, its price or detail under it, and one button."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from studio.app import palette
from studio.app.preview.card import paint_card, paint_charm
from studio.engine.cards import Card


class Face(QWidget):
    """A painted card (when given a :class:`Card`) or a named tile with an edition's frame."""

    def __init__(self, item: Card | str, edition: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.item, self.edition = item, edition
        card = isinstance(item, Card)
        self.setFixedSize(
            QSize(palette.CARD_W, palette.CARD_H) if card else QSize(palette.CHARM_W, palette.CHARM_H)
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        if isinstance(self.item, Card):
            paint_card(p, QRectF(self.rect()), self.item)
        else:
            paint_charm(p, QRectF(self.rect()), self.item, self.edition)
        p.end()


class ItemTile(QWidget):
    """A face, a caption (price, stickers) and a button; emits ``chosen`` when the button is clicked."""

    chosen = Signal()

    def __init__(
        self,
        item: Card | str,
        caption: str,
        button: str,
        tip: str = "",
        edition: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.face = Face(item, edition)
        self.face.setToolTip(tip)
        self.caption = QLabel(caption)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.caption.setWordWrap(True)  # "charm · $6 holographic" is wider than the tile: a line more
        self.caption.setToolTip(tip)
        self.button = QPushButton(button)
        self.button.setToolTip(tip)
        self.button.clicked.connect(self.chosen)
        v = QVBoxLayout(self)
        v.setContentsMargins(2, 2, 2, 2)
        v.setSpacing(2)
        v.addWidget(self.face, 0, Qt.AlignmentFlag.AlignHCenter)
        v.addWidget(self.caption)
        v.addStretch(1)  # the button at the foot: a row's buttons line up whatever their captions
        v.addWidget(self.button)
        self.setFixedWidth(palette.CHARM_W + 12)
