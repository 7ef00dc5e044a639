"""The round around the hand: boss rule, deck, money, hands and discards left, levels, seed,
vouchers bought and consumables held; and the rest of an opened scenario's run, kept as it is."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QSpinBox, QWidget

from studio.app import palette
from studio.app.choices import fill
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
    """Inputs for everything but the cards and charms; emits ``changed`` on any edit.

    A boss or deck chosen here stays chosen when the content stops defining it (its id typed away,
    its file deleted): it is marked missing, the preview scores without it and says so, and it is
    simply there again once its id is loaded again.
    """

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.boss = QComboBox()
        self.boss.setObjectName("bossInput")
        self.boss.setAccessibleName("Boss rule")
        self.deck = QComboBox()
        self.deck.setObjectName("deckInput")
        self.deck.setAccessibleName("Deck")
        #: The (text, id) items each box offers from the loaded content (None: no content yet, nothing
        #: is missing).
        self._offered: dict[QComboBox, list[tuple[str, str]] | None] = {self.boss: None, self.deck: None}
        self.money = _spin(1_000_000, "Money held", "$")
        self.money.setObjectName("moneyInput")
        self.hands_left = _spin(1000, "Hands left after this one")
        self.discards_left = _spin(1000, "Discards left")
        self.seed = _spin(2_000_000_000, "Run seed for chance effects")
        self.levels = QLineEdit()
        self.levels.setObjectName("levelsInput")
        self.levels.setPlaceholderText("all at level 1, e.g. pair=2 flush=3")
        self.levels.setToolTip("Hand type levels as TYPE=N, separated by spaces (default 1)")
        self.levels.setAccessibleName("Hand levels")
        self.vouchers = QLineEdit()
        self.vouchers.setObjectName("vouchersInput")
        self.vouchers.setPlaceholderText("none bought, e.g. spare_hand waste_bin")
        self.vouchers.setToolTip("Vouchers bought, as ids separated by spaces, in the order bought")
        self.vouchers.setAccessibleName("Vouchers bought")
        self.consumables = _spin(100, "Consumables held")
        self.consumables.setObjectName("consumablesInput")
        self.consumables.setSpecialValueText("none")  # a bare 0 beside the vouchers read as part of them
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
            combo.currentIndexChanged.connect(lambda _index, c=combo: self._mark(c))
        for spin in (self.money, self.hands_left, self.discards_left, self.seed, self.consumables):
            spin.valueChanged.connect(self.changed)
        self.levels.textChanged.connect(self.changed)
        self.vouchers.textChanged.connect(self.changed)

    def set_choices(self, bosses: list[tuple[str, str]], decks: list[tuple[str, str]]) -> None:
        """Offer the loaded bosses and decks as (text, id) items, keeping the current choices (marked
        missing when not loaded)."""
        self._offered = {self.boss: [(NO_BOSS, ""), *bosses], self.deck: decks}
        for combo in (self.boss, self.deck):
            now = self.chosen(combo)
            if combo.currentIndex() < 0:  # the first content: no boss, the standard deck
                ids = [i for _, i in decks]
                now = "" if combo is self.boss else ("standard" if "standard" in ids or not ids else ids[0])
            self._choose(combo, now)

    @staticmethod
    def chosen(combo: QComboBox) -> str:
        """The id ``combo`` has chosen ("" for no boss)."""
        return str(combo.currentData() or "")

    def missing(self, combo: QComboBox) -> bool:
        """Whether ``combo``'s choice is an id the loaded content does not define."""
        offered = self._offered[combo]
        return (
            offered is not None
            and combo.currentIndex() >= 0
            and self.chosen(combo) not in dict(offered).values()
        )

    def _choose(self, combo: QComboBox, choice: str) -> None:
        """Offer the loaded entries and choose the id ``choice`` (added by its id, marked missing, when not
        among them), without emitting ``changed``."""
        offered = self._offered[combo]
        combo.blockSignals(True)
        if offered is not None:
            fill(combo, offered)  # each name with its id in the tooltip, as every box of entries
        index = combo.findData(choice)
        if index < 0:
            combo.addItem(choice, choice)
            index = combo.count() - 1
        combo.setCurrentIndex(index)
        combo.blockSignals(False)
        self._mark(combo)

    def _mark(self, combo: QComboBox) -> None:
        """Draw a missing choice in the theme's error colour with a warning, and say why in the tooltip."""
        index = combo.currentIndex()
        if not self.missing(combo) or index < 0:
            combo.setPalette(QPalette())  # the theme's, again
            chosen = self.chosen(combo)  # the box shows names: its tooltip names the id files use
            combo.setToolTip(f"{combo.accessibleName()}: {chosen}" if chosen else combo.accessibleName())
            return
        error = QColor(palette.current().error)
        ink = QPalette(combo.palette())
        ink.setColor(QPalette.ColorRole.ButtonText, error)
        combo.setPalette(ink)
        combo.setItemIcon(index, palette.icon("fa5s.exclamation-triangle", error.name()))
        combo.setItemData(index, error, Qt.ItemDataRole.ForegroundRole)
        noun = "boss rule" if combo is self.boss else "deck"
        combo.setToolTip(f"{noun} '{self.chosen(combo)}' is not in the loaded content: scored without it")

    def follow_rename(self, kind: str, old: str, new: str) -> None:
        """Keep a renamed boss or deck chosen, and a renamed hand type or voucher in the levels, the
        vouchers and the scenario's run."""
        before = self.values()
        for combo, noun in ((self.boss, "boss"), (self.deck, "deck")):
            if kind == noun and self.chosen(combo) == old:
                self._choose(combo, new)
        if kind == "hand_type":
            levels = [_renamed(item, old, new) for item in self.levels.text().split()]
            if levels != self.levels.text().split():
                _set_quietly(self.levels, " ".join(levels))
            run = self.run
            if "hand_types_played" in run:
                run["hand_types_played"] = [new if t == old else t for t in run["hand_types_played"]]
            if "times_played" in run:
                run["times_played"] = {new if t == old else t: n for t, n in run["times_played"].items()}
        if kind == "voucher" and old in self.voucher_ids():
            _set_quietly(self.vouchers, " ".join(new if v == old else v for v in self.voucher_ids()))
        if self.values() != before:
            self.changed.emit()

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch redraws a missing choice's mark in the new theme's error colour."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            for combo in (self.boss, self.deck):
                self._mark(combo)

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
        return {
            "boss": self.chosen(self.boss) or None,
            "deck": self.chosen(self.deck) or "standard",
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
        self._choose(self.boss, data.get("boss") or "")
        self._choose(self.deck, data.get("deck") or "standard")
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


def _set_quietly(box: QLineEdit, text: str) -> None:
    """Put ``text`` in ``box`` without emitting its signals."""
    box.blockSignals(True)
    box.setText(text)
    box.blockSignals(False)


def _renamed(item: str, old: str, new: str) -> str:
    """A levels item (``TYPE=N``) with the hand type ``old`` renamed ``new``."""
    name, sep, value = item.partition("=")
    return f"{new}{sep}{value}" if name == old else item


def _shown(value: Any) -> str:
    """A run field's value as a short text: ``pair=2 flush=1``, ``pair flush``, or the value."""
    if isinstance(value, dict):
        return " ".join(f"{k}={v}" for k, v in value.items())
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)
