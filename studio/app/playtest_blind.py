"""The blind choice of the playtest: the ante's blinds side by side, the one on offer to select or skip
(with the tag skipping it gives)."""

from __future__ import annotations

from typing import NamedTuple

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
        #: The columns' strip: hidden while columns are put in, so the window is laid out once, not once a
        #: column (a widget shown in sight lays out every widget above it).
        self.strip = QWidget()
        self.columns = QHBoxLayout(self.strip)
        self.columns.setContentsMargins(0, 0, 0, 0)
        self.columns.setSpacing(palette.SPACING)
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        v.addWidget(self.strip)
        buttons = QHBoxLayout()
        buttons.addWidget(self.select_button)
        buttons.addWidget(self.skip_button)
        buttons.addStretch(1)
        v.addLayout(buttons)
        v.addStretch(1)
        self._boxes: list[QFrame] = []
        #: What each column shows.
        self._looks: list[_Look] = []

    def set_game(self, game: Game) -> None:
        """Show the ante's blinds; the skip button names the tag, or why the blind cannot be skipped.

        A column is made again only when what it shows changed (a blind beaten, a new ante): most
        refreshes change one or two of them, a refused action none.
        """
        offers = blinds(game)
        looks = [_look(offer, game) for offer in offers]
        hidden = looks != self._looks and self.strip.isVisible()
        if hidden:
            self.strip.hide()
        for gone in self._boxes[len(looks) :]:
            gone.setParent(None)  # gone at once, not at the next turn of the event loop
            gone.deleteLater()
        del self._boxes[len(looks) :]
        for i, look in enumerate(looks):
            if i < len(self._looks) and self._looks[i] == look:
                continue
            box = _column(look)
            if i < len(self._boxes):
                self._boxes[i].setParent(None)
                self._boxes[i].deleteLater()
                self._boxes[i] = box
            else:
                self._boxes.append(box)
            self.columns.insertWidget(i, box, 1)
            box.show()
        if hidden:
            self.strip.show()  # at once, not at the layout's next turn
        self._looks = looks
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


class _Look(NamedTuple):
    """What a blind's column shows: its name, score and reward, boss rule and skip tag (None: no such
    line), and its frame (None: drawn muted)."""

    name: str
    head: str
    terms: str
    rule: str | None
    tag: str | None
    frame: str | None


def _look(offer: BlindOffer, game: Game) -> _Look:
    """The column of ``offer``: the blind's name, score to reach, reward, boss rule and skip tag."""
    theme = palette.current()
    name = f"playtestBlind_{offer.id}"
    title = offer.id.replace("_", " ").capitalize() + " blind"
    mark = {"now": "  ◀ now", "later": ""}.get(offer.status, f" · {offer.status}")  # beaten or skipped
    rule = None
    if offer.boss is not None:
        boss = game.setup.catalog.bosses[offer.boss]
        rule = f"<span style='color:{theme.error}'>{boss.name or boss.id}</span>: {boss.text}"
    tag = f"Skip: <b>{entry_name(game, 'tag', offer.tag)}</b> — {offer.tag_text}" if offer.tag else None
    frame = (
        f"QFrame#{name} {{ border: 2px solid {theme.accent}; border-radius: 4px; }}"
        if offer.status == "now"
        else None
    )
    return _Look(
        name,
        f"<b>{title}</b>{mark}",
        f"Score at least <b>{offer.requirement:,}</b> · reward ${offer.reward}",
        rule,
        tag,
        frame,
    )


def _column(look: _Look) -> QFrame:
    """A framed column showing ``look``."""
    box = QFrame()
    box.setFrameShape(QFrame.Shape.StyledPanel)
    box.setObjectName(look.name)
    v = QVBoxLayout(box)
    v.setSpacing(2)
    v.addWidget(QLabel(look.head))
    v.addWidget(QLabel(look.terms))
    for text in (look.rule, look.tag):
        if text is not None:
            line = QLabel(text)
            line.setWordWrap(True)
            v.addWidget(line)
    v.addStretch(1)
    if look.frame is not None:
        box.setStyleSheet(look.frame)
    else:
        box.setEnabled(False)  # drawn muted: played, skipped or still to come
    return box
