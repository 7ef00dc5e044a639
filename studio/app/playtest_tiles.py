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
        self._fit()

    def set_item(self, item: Card | str, edition: str | None = None) -> None:
        """Paint ``item`` from now on (a shop slot rerolled, a pack opened); repainted only if it changed."""
        if type(item) is type(self.item) and item == self.item and edition == self.edition:
            return
        self.item, self.edition = item, edition
        self._fit()
        self.update()

    def _fit(self) -> None:
        """Take a card's size or a charm's, as the item is."""
        card = isinstance(self.item, Card)
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
    """A face, a caption (price, stickers) and a button; emits ``chosen`` when the button is clicked.

    A shown tile is given its next item with :meth:`set_item` rather than made again: a new tile costs
    more than a millisecond to build and show, on every click in the shop.
    """

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
        self.caption = QLabel()
        self.caption.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.caption.setWordWrap(True)  # "charm · $6 holographic" is wider than the tile: a line more
        self.button = QPushButton()
        self.button.clicked.connect(self.chosen)
        self.set_item(item, caption, button, tip, edition)
        v = QVBoxLayout(self)
        v.setContentsMargins(2, 2, 2, 2)
        v.setSpacing(2)
        v.addWidget(self.face, 0, Qt.AlignmentFlag.AlignHCenter)
        v.addWidget(self.caption)
        v.addStretch(1)  # the button at the foot: a row's buttons line up whatever their captions
        v.addWidget(self.button)
        self.setFixedWidth(palette.CHARM_W + 12)

    def set_item(
        self, item: Card | str, caption: str, button: str, tip: str = "", edition: str | None = None
    ) -> None:
        """Show ``item`` with this caption, button text and tooltip (Qt skips a text that is unchanged)."""
        self.face.set_item(item, edition)
        self.caption.setText(caption)
        self.button.setText(button)
        for part in (self.face, self.caption, self.button):
            part.setToolTip(tip)
