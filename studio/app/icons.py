"""Font Awesome icons painted from the icon font qtawesome ships, without importing qtawesome at start.

An icon font icon is one glyph written in a colour. qtawesome paints them so,
but importing it (and the Qt compatibility layer it stands on) costs more
than a tenth of a second, and its first icon loads a dozen fonts. The editor
uses Font Awesome 5's solid glyphs (``fa5s.NAME``), so this module loads that
one font into Qt and paints its glyphs as qtawesome does. Another icon set,
or a qtawesome without that font, goes to qtawesome itself.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.util import find_spec
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontDatabase, QIcon, QIconEngine, QPainter, QPixmap

#: The prefix of the Font Awesome 5 solid glyphs, as qtawesome names them.
SOLID = "fa5s"


class GlyphEngine(QIconEngine):
    """Paints one glyph of an icon font: in ``colour``, or ``disabled`` for a disabled icon."""

    def __init__(self, family: str, glyph: str, colour: str, disabled: str) -> None:
        super().__init__()
        self.family, self.glyph, self.colour, self.disabled = family, glyph, colour, disabled

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        """Write the glyph centred in ``rect``, 7/8 of its height (room for the font's bearing)."""
        painter.save()
        painter.setPen(QColor(self.disabled if mode == QIcon.Mode.Disabled else self.colour))
        font = QFont(self.family)
        font.setPixelSize(round(0.875 * rect.height()))
        font.setStyleName("Solid")
        painter.setFont(font)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.glyph)
        painter.restore()

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        """The glyph on a transparent pixmap of ``size``."""
        pixmap = QPixmap(size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        self.paint(painter, QRect(QPoint(0, 0), size), mode, state)
        painter.end()
        return pixmap

    def clone(self) -> QIconEngine:
        """A copy (Qt copies an icon's engine when the icon is changed)."""
        return GlyphEngine(self.family, self.glyph, self.colour, self.disabled)


def icon(name: str, colour: str, disabled: str) -> QIcon:
    """The icon ``prefix.name`` in ``colour`` (``disabled`` when disabled)."""
    prefix, _, glyph = name.partition(".")
    font = _solid_font() if prefix == SOLID else None
    if font is None or glyph not in font[1]:
        import qtawesome

        made: QIcon = qtawesome.icon(name, color=colour, color_disabled=disabled)
        return made
    family, codes = font
    return QIcon(GlyphEngine(family, chr(int(codes[glyph], 16)), colour, disabled))


@cache
def _solid_font() -> tuple[str, dict[str, str]] | None:
    """The family the solid font was loaded as, and its glyph codes by name; None if it is not found."""
    spec = find_spec("qtawesome")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(spec.submodule_search_locations[0]) / "fonts"
    fonts = sorted(folder.glob("fontawesome5-solid-webfont-5*.ttf"))
    maps = sorted(folder.glob("fontawesome5-solid-webfont-charmap-5*.json"))
    if not fonts or not maps:
        return None
    families = QFontDatabase.applicationFontFamilies(QFontDatabase.addApplicationFont(str(fonts[-1])))
    if not families:
        return None
    codes = json.loads(maps[-1].read_text(encoding="utf-8"))
    return families[0], {str(k): str(v) for k, v in codes.items()}
