"""The round around the hand: boss rule, deck, money, hands and discards left, levels, seed,
vouchers bought and consumables held; and the rest of an opened scenario's run, kept as it is."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QSpinBox, QWidget

from studio.app.preview.scenario_file import RUN_FIELDS

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
        self.vouchers = QLineEdit()
        self.vouchers.setObjectName("vouchersInput")
        self.vouchers.setPlaceholderText("spare_hand waste_bin")
        self.vouchers.setToolTip("Vouchers bought, as ids separated by spaces, in the order bought")
        self.vouchers.setAccessibleName("Vouchers bought")
        self.consumables = _spin(100, "Consumables held")
        self.consumables.setObjectName("consumablesInput")
        #: The opened scenario's other run fields (no input here), kept as given.
        self.run: dict[str, Any] = {}
        self.run_label = QLabel()
        self.run_label.setObjectName("runLabel")
        self.run_label.setWordWrap(True)
        self.run_label.setToolTip("The scenario's run around the hand; edit these in the scenario")
        self.run_label.hide()
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
        bought = QHBoxLayout()
        bought.addWidget(self.vouchers, 1)
        bought.addWidget(self.consumables)
        form.addRow("Vouchers / consumables", bought)
        form.addRow(self.run_label)
        for combo in (self.boss, self.deck):
            combo.currentIndexChanged.connect(self.changed)
        for spin in (self.money, self.hands_left, self.discards_left, self.seed, self.consumables):
            spin.valueChanged.connect(self.changed)
        self.levels.textChanged.connect(self.changed)
        self.vouchers.textChanged.connect(self.changed)

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

    def voucher_ids(self) -> list[str]:
        """The vouchers box's ids, in order (spaces or commas between them)."""
        return self.vouchers.text().replace(",", " ").split()

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
            "vouchers": self.voucher_ids(),
            "consumables": self.consumables.value(),
            **self.run,
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
        self.vouchers.setText(" ".join(data.get("vouchers") or ()))
        self.consumables.setValue(int(data.get("consumables", 0)))
        self.run = {k: data[k] for k, empty in RUN_FIELDS.items() if data.get(k, empty) != empty}
        shown = ", ".join(f"{k} {_shown(v)}" for k, v in self.run.items())
        self.run_label.setText(f"From the scenario: {shown}")
        self.run_label.setVisible(bool(self.run))
        self.blockSignals(False)
        self.changed.emit()


def _shown(value: Any) -> str:
    """A run field's value as a short text: ``pair=2 flush=1``, ``pair flush``, or the value."""
    if isinstance(value, dict):
        return " ".join(f"{k}={v}" for k, v in value.items())
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)
