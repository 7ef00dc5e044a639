"""The app's colours, sizes and fonts in one place; light and dark follow the system.

Widgets ask this module for every colour and size, so a theme change is one
call (:func:`apply`) and nothing is scattered through the panels.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication

from studio.app.icons import icon as glyph_icon


@dataclass(frozen=True)
class Theme:
    """The colours of one theme."""

    name: str
    window: str
    base: str
    alt_base: str
    text: str
    muted: str
    accent: str
    #: Behind chosen items and a progress bar's done part, under white text (at least 4.5:1 against it).
    selection: str
    highlight_row: str
    card_face: str
    card_border: str
    red_suit: str
    black_suit: str
    upgrade_band: str
    error: str
    ok: str
    points: str
    mult: str


LIGHT = Theme(
    name="light",
    window="#eef0f3",
    base="#ffffff",
    alt_base="#f5f6f8",
    text="#1d2127",
    muted="#5f6773",
    accent="#2f6fdb",
    selection="#2f6fdb",
    highlight_row="#fff1b8",
    card_face="#fffdf8",
    card_border="#9aa3ae",
    red_suit="#c62828",
    black_suit="#1d2127",
    upgrade_band="#e4e9f2",
    error="#c62828",
    ok="#2e7d32",
    points="#1565c0",
    mult="#c62828",
)

DARK = Theme(
    name="dark",
    window="#1f2228",
    base="#313741",
    alt_base="#2a2f38",
    text="#e6e8eb",
    muted="#9aa3ae",
    accent="#6ea2ff",
    selection="#2c5cb4",
    highlight_row="#5a4a12",
    card_face="#f4f1ea",
    card_border="#4b525d",
    red_suit="#c62828",
    black_suit="#1d2127",
    upgrade_band="#dfe5ee",
    error="#ff6b6b",
    ok="#66bb6a",
    points="#64a8ff",
    mult="#ff6b6b",
)

#: Edition tints drawn as a card's glow (known ids; others get the accent).
EDITION_COLOURS = {"foil": "#4aa3df", "holographic": "#b05ee0", "polychrome": "#e0a13a"}
#: Seal colours (known ids; others get the accent).
SEAL_COLOURS = {
    "red_seal": "#d32f2f",
    "gold_seal": "#d4a017",
    "blue_seal": "#1e88e5",
    "purple_seal": "#8e24aa",
}

#: Trace playback's pop-ups and score boxes by tone: white text reads on each, in both themes.
TONE_COLOURS = {
    "base": "#2f6fdb",
    "points": "#1565c0",
    "mult": "#c62828",
    "money": "#a16b00",
    "again": "#d35400",
    "debuffed": "#5f6773",
    "note": "#4a5568",
}

#: The fill of a generated art face: a charm's rarity, else its kind. Mid tones that carry white ink
#: and stand out on the light and the dark window alike.
FACE_COLOURS = {
    "common": "#4a78b5",
    "uncommon": "#2f8a57",
    "rare": "#c2453b",
    "legendary": "#8a4fc2",
    "consumable": "#1f8a8a",
    "voucher": "#b0701c",
    "tag": "#b8487a",
}
#: The ink of a face's glyph and name.
FACE_INK = "#ffffff"

#: Sizes in pixels.
CARD_W, CARD_H = 54, 76
SMALL_CARD_W, SMALL_CARD_H = 34, 48
CHARM_W, CHARM_H = 92, 70
#: The art (or face) at the top of a charm tile, its name below.
CHARM_ART = 28
#: Art (or a generated face) beside a table's cell.
ART_THUMB = 20
SPACING = 8

_current = LIGHT


def current() -> Theme:
    """Return the theme in use."""
    return _current


def system_is_dark() -> bool:
    """Tell whether the system asks for a dark appearance."""
    hints = QGuiApplication.styleHints()
    scheme = getattr(hints, "colorScheme", None)
    return scheme is not None and scheme() == Qt.ColorScheme.Dark


def apply(app: QApplication, dark: bool | None = None) -> Theme:
    """Apply the light or dark theme (``None``: follow the system) and return it."""
    global _current
    _current = theme = DARK if (system_is_dark() if dark is None else dark) else LIGHT
    if app.style().name().lower() != "fusion":  # set once: a new style re-polishes every widget
        app.setStyle("Fusion")
    pal = QPalette()
    roles = {
        QPalette.ColorRole.Window: theme.window,
        QPalette.ColorRole.WindowText: theme.text,
        QPalette.ColorRole.Base: theme.base,
        QPalette.ColorRole.AlternateBase: theme.alt_base,
        QPalette.ColorRole.Text: theme.text,
        QPalette.ColorRole.Button: theme.alt_base,
        QPalette.ColorRole.ButtonText: theme.text,
        QPalette.ColorRole.ToolTipBase: theme.base,
        QPalette.ColorRole.ToolTipText: theme.text,
        QPalette.ColorRole.Highlight: theme.selection,
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.PlaceholderText: theme.muted,
        QPalette.ColorRole.Link: theme.accent,
    }
    for role, colour in roles.items():
        pal.setColor(role, QColor(colour))
    # Fusion draws frames and check box outlines from these; derive them so both themes keep contrast.
    edge = QColor(theme.muted)
    pal.setColor(QPalette.ColorRole.Mid, edge)
    pal.setColor(QPalette.ColorRole.Dark, edge.darker(130))
    pal.setColor(QPalette.ColorRole.Light, QColor(theme.base).lighter(115))
    pal.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor(theme.muted))
    pal.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText, QColor(theme.muted))
    app.setPalette(pal)
    return theme


#: The ink of icons: a mid grey that reads on both themes, so switching theme needs no new icons.
ICON_INK = "#7a8491"
#: Disabled icons: the same grey, mostly transparent (#AARRGGBB), so they fade on either theme.
ICON_DISABLED = "#447a8491"


def icon(name: str, colour: str | None = None) -> QIcon:
    """Return a Font Awesome icon (qtawesome's names), in the icon ink unless a colour is given."""
    return glyph_icon(name, colour or ICON_INK, ICON_DISABLED)
