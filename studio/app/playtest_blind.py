"""The blind choice of the playtest: the ante's blinds side by side, the one on offer to select or skip
(with the tag skipping it gives)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from studio.app import palette
from studio.app.playtest_situation import BlindOffer, blinds, entry_name
from studio.engine.run.actions import SelectBlind, SkipBlind
from studio.engine.run.game import Game


class BlindView(QWidget):
    """One column per blind of the ante; emits ``action`` with SelectBlind or SkipBlind."""

    action = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.select_button = QPushButton(palette.icon("fa5s.play"), "Select")
        self.select_button.setObjectName("playtestSelect")
        self.select_button.setToolTip("Play this blind")
        self.select_button.clicked.connect(lambda: self.action.emit(SelectBlind()))
        self.skip_button = QPushButton(palette.icon("fa5s.forward"), "Skip")
        self.skip_button.setObjectName("playtestSkip")
        self.skip_button.clicked.connect(lambda: self.action.emit(SkipBlind()))
        self.columns = QHBoxLayout()
        self.columns.setSpacing(palette.SPACING)
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        v.addLayout(self.columns)
        buttons = QHBoxLayout()
        buttons.addWidget(self.select_button)
        buttons.addWidget(self.skip_button)
        buttons.addStretch(1)
        v.addLayout(buttons)
        v.addStretch(1)
        self._boxes: list[QFrame] = []

    def set_game(self, game: Game) -> None:
        """Show the ante's blinds; the skip button names the tag, or why the blind cannot be skipped."""
        for box in self._boxes:
            box.setParent(None)  # gone at once, not at the next turn of the event loop
            box.deleteLater()
        self._boxes = []
        offers = blinds(game)
        for offer in offers:
            box = _column(offer, game)
            self.columns.addWidget(box, 1)
            box.show()  # at once, not at the layout's next turn
            self._boxes.append(box)
        now = next((o for o in offers if o.status == "now"), None)
        why = game.can_skip()
        self.skip_button.setEnabled(why is None)
        if now is not None and now.tag:
            self.skip_button.setText(f"Skip for {entry_name(game, 'tag', now.tag)}")
        else:
            self.skip_button.setText("Skip")
        self.skip_button.setToolTip(
            why or f"Take ${game.setup.table.skip_reward} and the tag, not this blind"
        )


def _column(offer: BlindOffer, game: Game) -> QFrame:
    """A framed column: the blind's name, score to reach, reward, boss rule and skip tag."""
    theme = palette.current()
    box = QFrame()
    box.setFrameShape(QFrame.Shape.StyledPanel)
    box.setObjectName(f"playtestBlind_{offer.id}")
    v = QVBoxLayout(box)
    v.setSpacing(2)
    title = offer.id.replace("_", " ").capitalize() + " blind"
    mark = {"now": "  ◀ now", "later": ""}.get(offer.status, f" · {offer.status}")  # beaten or skipped
    head = QLabel(f"<b>{title}</b>{mark}")
    v.addWidget(head)
    v.addWidget(QLabel(f"Score at least <b>{offer.requirement:,}</b> · reward ${offer.reward}"))
    if offer.boss is not None:
        boss = game.setup.catalog.bosses[offer.boss]
        rule = QLabel(f"<span style='color:{theme.error}'>{boss.name or boss.id}</span>: {boss.text}")
        rule.setWordWrap(True)
        v.addWidget(rule)
    if offer.tag:
        line = QLabel(f"Skip: <b>{entry_name(game, 'tag', offer.tag)}</b> — {offer.tag_text}")
        line.setWordWrap(True)
        v.addWidget(line)
    v.addStretch(1)
    if offer.status == "now":
        box.setStyleSheet(
            f"QFrame#{box.objectName()} {{ border: 2px solid {theme.accent}; border-radius: 4px; }}"
        )
    else:
        box.setEnabled(False)  # drawn muted: played, skipped or still to come
    return box
