"""The playtest's column of controls: the new run's seed, deck, difficulty and starting charms, and the
buttons that act on the whole run (undo, hint, finish round, to the preview, save, resume)."""

from __future__ import annotations

import random

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from studio.app import palette
from studio.app.choices import entry_choices, fill
from studio.engine.catalog import Catalog

#: The largest seed offered (any whole number works; the box keeps them readable).
SEED_MAX = 2_000_000_000


def _button(name: str, text: str, icon: str, tip: str) -> QPushButton:
    button = QPushButton(palette.icon(icon), text)
    button.setObjectName(name)
    button.setToolTip(tip)
    return button


class Controls(QWidget):
    """The new run's choices and the run's buttons (the panel connects them)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seed = QSpinBox()
        self.seed.setObjectName("playtestSeed")
        self.seed.setRange(0, SEED_MAX)
        self.seed.setAccessibleName("Seed of the new run")
        self.dice = _button("playtestRandomSeed", "", "fa5s.dice", "A random seed")
        self.dice.clicked.connect(lambda: self.seed.setValue(random.randint(0, SEED_MAX)))
        self.deck = QComboBox()
        self.deck.setObjectName("playtestDeck")
        self.difficulty = QComboBox()
        self.difficulty.setObjectName("playtestDifficulty")
        self.charms = QLineEdit()
        self.charms.setObjectName("playtestStartCharms")
        self.charms.setPlaceholderText("none")
        self.charms.setToolTip("Charms the run starts with: ids (id:edition works), separated by spaces")
        self.new_run = _button("playtestNewRun", "New run", "fa5s.play-circle", "Start a run with these")
        self.undo = _button("playtestUndo", "Undo", "fa5s.undo", "Take back the last action")
        self.hint = _button("playtestHint", "Hint", "fa5s.lightbulb", "What the strong bot would do next")
        self.finish = _button(
            "playtestFinish",
            "Finish round",
            "fa5s.fast-forward",
            "Let the strong bot play and discard the round out (your consumables are left to you)",
        )
        self.to_preview = _button(
            "playtestToPreview",
            "To preview",
            "fa5s.share-square",
            "Send this hand to the preview: the selected cards played, the rest held, the run around them",
        )
        self.save = _button(
            "playtestSave", "Save…", "fa5s.save", "Save the run (studio run --resume reads it)"
        )
        self.resume = _button("playtestResume", "Resume…", "fa5s.folder-open", "Go on from a saved run")
        self.rebase = _button(
            "playtestRebase",
            "Replay with edits",
            "fa5s.redo",
            "The content changed since this run started: replay its actions on the content on screen",
        )
        self.rebase.hide()
        seed = QHBoxLayout()
        seed.addWidget(self.seed, 1)
        seed.addWidget(self.dice)
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Seed", seed)
        form.addRow("Deck", self.deck)
        form.addRow("Difficulty", self.difficulty)
        form.addRow("Charms", self.charms)
        grid = QGridLayout()
        grid.setSpacing(4)
        for i, b in enumerate((self.undo, self.hint, self.finish, self.to_preview, self.save, self.resume)):
            grid.addWidget(b, i // 2, i % 2)
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        v.setSpacing(6)
        v.addLayout(form)
        v.addWidget(self.new_run)
        v.addSpacing(palette.SPACING)
        v.addLayout(grid)
        v.addWidget(self.rebase)
        v.addStretch(1)

    def set_catalog(self, catalog: Catalog) -> None:
        """Offer the content's decks and difficulty levels, keeping what was chosen."""
        levels = sorted(catalog.difficulties.values(), key=lambda d: d.level)
        fill(self.deck, entry_choices(catalog.decks, ids=False), "standard")
        fill(
            self.difficulty,
            [("0 (none)", 0), *((f"{d.level}: {d.name or d.id}", d.level) for d in levels)],
            0,
        )

    def choose(self, seed: int | None, deck: str | None, difficulty: int | None) -> None:
        """Put these in the boxes (None keeps the box's value); an unknown deck or level is typed in."""
        if seed is not None:
            self.seed.setValue(seed)
        for box, value in ((self.deck, deck), (self.difficulty, difficulty)):
            if value is None:
                continue
            index = box.findData(value)
            if index < 0:  # shown as given, so New run names it in its refusal
                box.addItem(str(value), value)
                index = box.count() - 1
            box.setCurrentIndex(index)

    def start_charms(self) -> list[str]:
        """The starting charms typed."""
        return self.charms.text().replace(",", " ").split()
