"""Painting one playing card or charm: rank, suit, upgrade, edition and seal at a glance.

A card is drawn, not written as a token: the rank and suit symbol in the
corner and large in the middle, the upgrade on a band across the bottom, the
edition as a coloured glow around the face, the seal as a coloured dot.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap

from studio.app import palette
from studio.engine.cards import SUIT_SYMBOLS, Card, rank_name


def suit_colour(suit: str) -> QColor:
    """Return the ink of a suit: red for hearts and diamonds, black otherwise."""
    theme = palette.current()
    return QColor(theme.red_suit if suit in "HD" else theme.black_suit)


def paint_card(
    p: QPainter, rect: QRectF, card: Card, *, selected: bool = False, dimmed: bool = False
) -> None:
    """Paint ``card`` into ``rect``."""
    theme = palette.current()
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    if dimmed:
        p.setOpacity(0.45)
    r = rect.adjusted(3, 3, -3, -3)
    radius = max(4.0, r.width() * 0.1)
    if card.edition:
        glow = QColor(palette.EDITION_COLOURS.get(card.edition, theme.accent))
        p.setPen(QPen(glow, 3))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(r.adjusted(-1.5, -1.5, 1.5, 1.5), radius + 1, radius + 1)
    border = QColor(theme.accent) if selected else QColor(theme.card_border)
    p.setPen(QPen(border, 2 if selected else 1))
    p.setBrush(QColor(theme.card_face))
    p.drawRoundedRect(r, radius, radius)
    ink = suit_colour(card.suit)
    symbol = SUIT_SYMBOLS[card.suit]
    small = QFont(p.font())
    small.setBold(True)
    small.setPixelSize(max(9, int(r.height() * 0.2)))
    p.setFont(small)
    p.setPen(ink)
    corner = QRectF(r.left() + 3, r.top() + 1, r.width() - 6, r.height() * 0.26)
    p.drawText(corner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, rank_name(card.rank))
    p.drawText(corner, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop, symbol)
    big = QFont(p.font())
    big.setPixelSize(max(12, int(r.height() * 0.42)))
    p.setFont(big)
    band_h = r.height() * 0.24 if card.upgrade else 0.0
    middle = QRectF(r.left(), r.top() + r.height() * 0.2, r.width(), r.height() * 0.8 - band_h)
    p.drawText(middle, Qt.AlignmentFlag.AlignCenter, symbol)
    if card.upgrade:
        band = QRectF(r.left() + 1, r.bottom() - band_h, r.width() - 2, band_h - 1)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(theme.upgrade_band))
        p.drawRoundedRect(band, radius * 0.6, radius * 0.6)
        label = QFont(p.font())
        label.setPixelSize(max(8, int(band_h * 0.62)))
        label.setBold(True)
        p.setFont(label)
        p.setPen(QColor("#333a44"))
        text = p.fontMetrics().elidedText(card.upgrade, Qt.TextElideMode.ElideRight, int(band.width()) - 2)
        p.drawText(band, Qt.AlignmentFlag.AlignCenter, text)
    if card.seal:
        dot = max(5.0, r.width() * 0.14)
        p.setPen(QPen(QColor("#ffffff"), 1))
        p.setBrush(QColor(palette.SEAL_COLOURS.get(card.seal, theme.accent)))
        centre = QPointF(r.right() - dot * 0.9, r.top() + r.height() * 0.36)
        p.drawEllipse(centre, dot / 2, dot / 2)
    p.restore()


def fitting(font: QFont, name: str, width: float, smallest: int = 8) -> QFont:
    """``font``, made smaller (to ``smallest`` pixels at most) until each word of ``name`` fits ``width``:
    a tile wraps between words, so one word wider than the tile ("Gravedigger") lost both its ends."""
    fitted = QFont(font)
    while fitted.pixelSize() > smallest:
        metrics = QFontMetricsF(fitted)
        if all(metrics.horizontalAdvance(word) <= width for word in name.split()):
            break
        fitted.setPixelSize(fitted.pixelSize() - 1)
    return fitted


def paint_charm(
    p: QPainter,
    rect: QRectF,
    name: str,
    edition: str | None,
    *,
    selected: bool = False,
    missing: bool = False,
    art: QPixmap | None = None,
) -> None:
    """Paint a charm tile: its art (or face) above its name, its edition as the frame's colour."""
    theme = palette.current()
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    r = rect.adjusted(3, 3, -3, -3)
    frame = QColor(palette.EDITION_COLOURS.get(edition or "", theme.card_border))
    if selected:
        frame = QColor(theme.accent)
    p.setPen(QPen(frame, 2.5 if (edition or selected) else 1))
    p.setBrush(QColor(theme.alt_base))
    p.drawRoundedRect(r, 6, 6)
    font = QFont(p.font())
    font.setPixelSize(12 if art is None else 11)
    font.setBold(True)
    p.setFont(font)
    p.setPen(QColor(theme.error if missing else theme.text))
    top = 3.0
    if art is not None:
        side = float(palette.CHARM_ART)
        p.drawPixmap(QRectF(r.center().x() - side / 2, r.top() + 4, side, side), art, QRectF(art.rect()))
        top = side + 5
    text_rect = r.adjusted(5, top, -5, -14 if edition else -3)
    p.setFont(fitting(font, name, text_rect.width()))
    if art is not None and edition:  # one line under the art, above the edition
        name = p.fontMetrics().elidedText(name, Qt.TextElideMode.ElideRight, int(text_rect.width()))
    p.drawText(text_rect, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, name)
    if edition:
        small = QFont(p.font())
        small.setPixelSize(10)
        small.setBold(False)
        p.setFont(small)
        p.setPen(QColor(palette.EDITION_COLOURS.get(edition, theme.muted)))
        p.drawText(
            r.adjusted(4, 0, -4, -2), Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, edition
        )
    p.restore()
