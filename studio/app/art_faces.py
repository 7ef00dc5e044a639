"""Generated faces for charms, consumables, vouchers and tags that name no art, so nothing looks blank.

A face is a rounded tile in the colour of the entry's rarity (charms) or kind, the glyph of when it
fires (a charm's first trigger, a consumable's use, a voucher's purchase, a tag's moment) and, when
there is room, its name. Faces are painted once per entry look, size and theme, and kept in a small
cache.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QIconEngine, QPainter, QPen, QPixmap

from studio.app import palette

#: A charm's glyph by the trigger of its first ability (a trigger a plugin adds gets a bolt).
TRIGGER_GLYPHS = {
    "before": "fa5s.hourglass-start",
    "scored_card": "fa5s.bullseye",
    "held_card": "fa5s.hand-paper",
    "hand": "fa5s.layer-group",
    "discard": "fa5s.trash-alt",
    "end_of_round": "fa5s.flag-checkered",
    "round_start": "fa5s.play",
    "hand_drawn": "fa5s.hand-holding",
    "round_lost": "fa5s.heart-broken",
    "boss_defeated": "fa5s.skull",
    "cash_out": "fa5s.coins",
    "blind_skipped": "fa5s.forward",
    "shop_enter": "fa5s.store",
    "shop_exit": "fa5s.door-open",
    "reroll": "fa5s.redo",
    "booster_opened": "fa5s.box-open",
    "booster_skipped": "fa5s.box",
    "bought": "fa5s.shopping-cart",
    "sold": "fa5s.dollar-sign",
    "consumable_used": "fa5s.flask",
    "card_added": "fa5s.plus-square",
    "card_destroyed": "fa5s.fire",
}
#: Charms without abilities: rules always on, or code.
ALWAYS_GLYPH = "fa5s.infinity"
CODE_GLYPH = "fa5s.code"
OTHER_GLYPH = "fa5s.bolt"
#: A consumable's glyph by what it is used on (none: used on nothing chosen).
USE_GLYPHS = {"cards": "fa5s.hand-pointer", "hand_types": "fa5s.level-up-alt", None: "fa5s.magic"}
#: A voucher fires once, when bought; a tag as the blind is skipped or when the next shop opens.
VOUCHER_GLYPH = "fa5s.shopping-cart"
TAG_GLYPHS = {"now": "fa5s.forward", "next_shop": "fa5s.store"}
#: Below this size a face is the glyph alone; from it the initials show, from NAME_SIZE the name.
INITIALS_SIZE = 40
NAME_SIZE = 72


@dataclass(frozen=True)
class Face:
    """What a face shows: the entry's name, its colour's key in the palette, the glyph of when it fires."""

    name: str
    tone: str
    glyph: str


def face_of(kind: str, data: Any) -> Face:
    """The face of an entry of ``kind`` from its data as written (missing fields take their defaults)."""
    fields = data if isinstance(data, dict) else {}
    name = str(fields.get("name") or fields.get("id") or "?")
    if kind == "charm":
        rarity = str(fields.get("rarity") or "common")
        return Face(name, rarity if rarity in palette.FACE_COLOURS else "common", _charm_glyph(fields))
    if kind == "consumable":
        targets = fields.get("targets")
        target = str(targets.get("kind")) if isinstance(targets, dict) else None  # as written: any YAML
        return Face(name, kind, USE_GLYPHS.get(target, USE_GLYPHS[None]))
    if kind == "tag":
        return Face(name, kind, TAG_GLYPHS.get(str(fields.get("at") or "next_shop"), TAG_GLYPHS["next_shop"]))
    return Face(name, kind, VOUCHER_GLYPH)


def _charm_glyph(fields: dict[str, Any]) -> str:
    abilities = fields.get("abilities")
    if isinstance(abilities, list) and abilities and isinstance(abilities[0], dict):
        return TRIGGER_GLYPHS.get(str(abilities[0].get("trigger")), OTHER_GLYPH)
    return CODE_GLYPH if fields.get("behaviour") else ALWAYS_GLYPH


def initials(name: str) -> str:
    """Up to two letters for a small face: the first of the first two words.

    >>> initials("Lucky Hearts"), initials("bonfire"), initials("The 8 Ball")
    ('LH', 'B', 'T8')
    """
    words = [w for w in name.replace("_", " ").split() if w[:1].isalnum()]
    return "".join(w[0] for w in words[:2]).upper() or "?"


def face_pixmap(face: Face, size: int) -> QPixmap:
    """The face painted on a transparent square of ``size`` pixels (cached)."""
    return _painted(face, size, palette.current().name)


@lru_cache(maxsize=512)
def _painted(face: Face, size: int, theme: str) -> QPixmap:
    """Paint one face; ``theme`` is part of the cache key so a theme switch paints anew."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    fill = QColor(palette.FACE_COLOURS.get(face.tone, palette.FACE_COLOURS["common"]))
    rim = fill.lighter(135) if theme == "dark" else fill.darker(135)
    box = QRectF(0.5, 0.5, size - 1, size - 1)
    radius = max(2.0, size * 0.16)
    p.setPen(QPen(rim, 1))
    p.setBrush(fill)
    p.drawRoundedRect(box, radius, radius)
    ink = palette.FACE_INK
    if size < INITIALS_SIZE:
        glyph = round(size * 0.66)
        _glyph(p, face.glyph, ink, QRect((size - glyph) // 2, (size - glyph) // 2, glyph, glyph))
    else:
        glyph = round(size * (0.42 if size >= NAME_SIZE else 0.46))
        _glyph(p, face.glyph, ink, QRect((size - glyph) // 2, round(size * 0.1), glyph, glyph))
        text = face.name if size >= NAME_SIZE else initials(face.name)
        font = QFont(p.font())
        font.setBold(True)
        font.setPixelSize(max(8, round(size * (0.13 if size >= NAME_SIZE else 0.26))))
        p.setFont(font)
        p.setPen(QColor(ink))
        band = QRectF(size * 0.06, size * 0.58, size * 0.88, size * 0.38)
        p.drawText(band, int(Qt.AlignmentFlag.AlignCenter), _fitted(p, text, band))
    p.end()
    return pixmap


def _glyph(p: QPainter, name: str, ink: str, rect: QRect) -> None:
    palette.icon(name, ink).paint(p, rect)


def _fitted(p: QPainter, text: str, band: QRectF) -> str:
    """The text in at most two lines of the band's width: words fill the first, the rest is cut with …"""
    metrics = p.fontMetrics()
    width = int(band.width())
    words = text.split()
    first: list[str] = []
    while words and metrics.horizontalAdvance(" ".join([*first, words[0]])) <= width:
        first.append(words.pop(0))
    if not first:  # one word wider than the face
        return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
    rest = metrics.elidedText(" ".join(words), Qt.TextElideMode.ElideRight, width)
    return "\n".join([" ".join(first), rest] if words else [" ".join(first)])


class _FaceEngine(QIconEngine):
    """An icon that paints its face at whatever size a view asks for."""

    def __init__(self, face: Face) -> None:
        super().__init__()
        self.face = face

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        side = min(rect.width(), rect.height())
        x = rect.x() + (rect.width() - side) // 2
        y = rect.y() + (rect.height() - side) // 2
        painter.drawPixmap(x, y, face_pixmap(self.face, side))

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        return face_pixmap(self.face, min(size.width(), size.height()))

    def clone(self) -> QIconEngine:
        return _FaceEngine(self.face)


def face_icon(face: Face) -> QIcon:
    """The face as an icon for trees and tables."""
    return QIcon(_FaceEngine(face))
