"""The round around the hand: boss rule, deck, money, hands and discards left, levels, seed."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QLineEdit, QSpinBox, QWidget

NO_BOSS = "(no boss)"


def _spin(top: int, tip: str, prefix: str = "") -> QSpinBox:
    box = QSpinBox()
    box.setRange(0, top)
    box.setPrefix(prefix)
    box.setToolTip(tip)
    box.setAccessibleName(tip)
    return box


class SituationBox(QWidget):
    """Inputs for everything but the cards and charms; emits ``changed`` on any edit."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.boss = QComboBox()
        self.boss.setObjectName("bossInput")
        self.boss.setAccessibleName("Boss rule")
        self.deck = QComboBox()
        self.deck.setObjectName("deckInput")
        self.deck.setAccessibleName("Deck")
        self.money = _spin(1_000_000, "Money held", "$")
        self.money.setObjectName("moneyInput")
        self.hands_left = _spin(1000, "Hands left after this one")
        self.discards_left = _spin(1000, "Discards left")
        self.seed = _spin(2_000_000_000, "Run seed for chance effects")
        self.levels = QLineEdit()
        self.levels.setObjectName("levelsInput")
        self.levels.setPlaceholderText("pair=2 flush=3")
        self.levels.setToolTip("Hand type levels as TYPE=N, separated by spaces (default 1)")
        self.levels.setAccessibleName("Hand levels")
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        # A narrow preview puts a row's label above its fields rather than widening the window.
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        top = QHBoxLayout()
        top.addWidget(self.boss, 1)
        top.addWidget(self.deck, 1)
        form.addRow("Boss / deck", top)
        counts = QHBoxLayout()
        for w in (self.money, self.hands_left, self.discards_left, self.seed):
            counts.addWidget(w)
        form.addRow("$ / hands / discards / seed", counts)
        form.addRow("Levels", self.levels)
        for combo in (self.boss, self.deck):
            combo.currentIndexChanged.connect(self.changed)
        for spin in (self.money, self.hands_left, self.discards_left, self.seed):
            spin.valueChanged.connect(self.changed)
        self.levels.textChanged.connect(self.changed)

    def set_choices(self, bosses: list[str], decks: list[str]) -> None:
        """Offer the loaded bosses and decks, keeping the current choices when they still exist."""
        for combo, items in ((self.boss, [NO_BOSS, *bosses]), (self.deck, decks)):
            now = combo.currentText()
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(items)
            if now in items:
                combo.setCurrentText(now)
            elif combo is self.deck and "standard" in items:
                combo.setCurrentText("standard")
            combo.blockSignals(False)

    def levels_map(self) -> dict[str, int]:
        """Read the levels box (raises ValueError naming the bad item)."""
        out = {}
        for item in self.levels.text().split():
            name, sep, value = item.partition("=")
            if not sep or not value.isdigit() or int(value) < 1:
                raise ValueError(f"levels: bad '{item}': write TYPE=N with N from 1, e.g. pair=2")
            out[name] = int(value)
        return out

    def values(self) -> dict[str, Any]:
        """Return the scenario fields this box holds (levels read leniently)."""
        try:
            levels = self.levels_map()
        except ValueError:
            levels = {}
        boss = self.boss.currentText()
        return {
            "boss": None if boss in ("", NO_BOSS) else boss,
            "deck": self.deck.currentText() or "standard",
            "money": self.money.value(),
            "hands_left": self.hands_left.value(),
            "discards_left": self.discards_left.value(),
            "seed": self.seed.value(),
            "levels": levels,
        }

    def set_values(self, data: dict[str, Any]) -> None:
        """Show a scenario's fields without emitting one change per field."""
        self.blockSignals(True)
        self.boss.setCurrentText(data.get("boss") or NO_BOSS)
        self.deck.setCurrentText(data.get("deck") or "standard")
        self.money.setValue(int(data.get("money", 0)))
        self.hands_left.setValue(int(data.get("hands_left", 0)))
        self.discards_left.setValue(int(data.get("discards_left", 0)))
        self.seed.setValue(int(data.get("seed", 0)))
        self.levels.setText(" ".join(f"{k}={v}" for k, v in (data.get("levels") or {}).items()))
        self.blockSignals(False)
        self.changed.emit()
