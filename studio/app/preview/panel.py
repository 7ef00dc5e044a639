"""The live preview: cards, charms and round in; the real scorer's trace and total out.

Every change of an input (or of the content: the window calls
:meth:`PreviewPanel.set_catalog` after each edit) re-runs
``studio.engine.scoring.score``; nothing here computes a score itself. A hand
whose charms run code (a plugin's hooks) is scored in a worker thread
(:mod:`~studio.app.preview.background_score`), so code that does not return
never freezes the window: a banner names the charm and offers Stop.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from studio.app import palette
from studio.app.choices import entry_choices
from studio.app.hook_banner import HookBanner
from studio.app.preview.background_score import BackgroundScore
from studio.app.preview.best_play import BestPlay
from studio.app.preview.best_play_bar import BestPlayBar
from studio.app.preview.charm_box import CharmBox
from studio.app.preview.charm_tokens import scenario_charm, slot_of, token_of
from studio.app.preview.hand_row import TileRow
from studio.app.preview.inputs_area import InputsArea
from studio.app.preview.picker import CardPicker
from studio.app.preview.playback import PlaybackDriver, Stage
from studio.app.preview.playback_bar import PlaybackBar
from studio.app.preview.playback_overlay import PopupLayer
from studio.app.preview.scenario_file import file_text, followed, scenarios_of, write_scenario
from studio.app.preview.situation import SituationBox
from studio.app.preview.trace_model import TraceModel
from studio.app.workers import Job
from studio.content.io.text import printable
from studio.content.plain_scenarios import plain_situation
from studio.engine.behaviour import BehaviourError
from studio.engine.catalog import Catalog
from studio.engine.names import UnknownIdError
from studio.engine.scoring import Situation, score
from studio.engine.trace import Event, ScoreResult, fmt, grouped

if TYPE_CHECKING:
    from studio.content.models.scenario import ExpectedEvent, ScenarioModel

SAMPLE_PLAYED, SAMPLE_HELD = "KH 10H:glass 6H 4H 2H", "5D:steel"
SAMPLE_CHARMS = ["even_mult", "money_mult", "plain_mult", "splash"]
#: The trace rows the preview keeps in sight below the total however short the panel is.
TRACE_ROWS_IN_SIGHT = 4
SAMPLE: dict[str, Any] = {"played": SAMPLE_PLAYED, "held": SAMPLE_HELD, "charms": SAMPLE_CHARMS, "money": 17}


def sample_for(catalog: Catalog | None) -> dict[str, Any]:
    """The start-up hand, naming only what ``catalog`` has: its charms, and card modifiers it knows."""
    if catalog is None:
        return SAMPLE
    known = catalog.modifier_kinds

    def cards(text: str) -> str:
        tokens = [t.split(":") for t in text.split()]
        return " ".join(":".join([head, *(m for m in mods if m in known)]) for head, *mods in tokens)

    return {
        **SAMPLE,
        "played": cards(SAMPLE_PLAYED),
        "held": cards(SAMPLE_HELD),
        "charms": [c for c in SAMPLE_CHARMS if c in catalog.charms],
    }


def _cards_input(name: str, label: str, empty: str) -> QLineEdit:
    """A box of card tokens; its grey hint says what empty means, then an example (it read as cards)."""
    box = QLineEdit()
    box.setObjectName(name)
    box.setAccessibleName(label)
    box.setPlaceholderText(f"{empty}, e.g. AS KH 10D:glass")
    box.setToolTip(f"{label}: card tokens such as AS KH 10D:glass (rank, suit, then :upgrade:edition:seal)")
    return box


class PreviewPanel(QWidget):
    """Played and held cards, the charm row, the round, then the trace table and the total."""

    message = Signal(str)
    #: A charm's code raised while scoring (reported once per distinct failure).
    failed = Signal(str)
    #: A score that runs charms' code is about to start: the moment to autosave, before that code runs.
    running_code = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("previewPanel")
        self.setAccessibleName("Live preview")
        self._catalog: Catalog | None = None
        self._expected: list[ExpectedEvent] | None = None
        self._scenario: ScenarioModel | None = None
        #: The open scenario's file and its place there (None: it is no longer in the file), the file's
        #: scenarios (as last read well) and text, and the scenario as last read: the preview follows that
        #: scenario through the file's edits (:meth:`scenario_changed`), so its verdict stays the one
        #: ``studio test`` gives.
        self.scenario_file: tuple[Path, int | None] | None = None
        self._listed: list[ScenarioModel] = []
        self._text: str | None = None
        self._read: ScenarioModel | None = None
        #: False once the open scenario no longer reads or is gone from its file: no verdict until it is back.
        self._found = False
        self.result: ScoreResult | None = None
        self._last_failure = ""
        #: Why charms of the row were left out of the last score (unknown ids), to show beside it.
        self._unknown: list[str] = []
        self.played_input = _cards_input("playedInput", "Played cards", "no card played")
        self.held_input = _cards_input("heldInput", "Held cards", "none held")
        self.played_row = TileRow("card")
        self.played_row.setObjectName("playedRow")
        self.held_row = TileRow("card")
        self.held_row.setObjectName("heldRow")
        self.charms = CharmBox()
        self.charm_row = self.charms.row
        self.situation = SituationBox()
        self.picker = CardPicker()
        self.picker.setWindowFlags(Qt.WindowType.Popup)
        self._pick_target = self.played_input
        self.picker.picked.connect(self._picked)
        self.error_label = QLabel()
        self.error_label.setObjectName("previewError")
        self.error_label.setWordWrap(True)
        self.total_label = QLabel("—")
        self.total_label.setObjectName("totalLabel")
        self.total_label.setAccessibleName("Total score")
        font = QFont(self.total_label.font())
        font.setPixelSize(30)
        font.setBold(True)
        self.total_label.setFont(font)
        self.hand_label = QLabel()
        self.hand_label.setObjectName("handLabel")
        self.trace_model = TraceModel()
        self.trace_table = QTableView()
        self.trace_table.setObjectName("traceTable")
        self.trace_table.setAccessibleName("Scoring trace")
        self.trace_table.setModel(self.trace_model)
        self.trace_table.verticalHeader().hide()
        self.trace_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.trace_table.setAlternatingRowColors(True)
        self.trace_table.setShowGrid(False)
        self.trace_table.verticalHeader().setDefaultSectionSize(20)
        header = self.trace_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.playback_bar = PlaybackBar()
        cards = {"played": self.played_row, "held": self.held_row}
        stage = Stage(cards, self.charm_row, PopupLayer(self), self.playback_bar.counter, self._reveal)
        self.playback = PlaybackDriver(stage, self)
        self.playback_bar.bind(self.playback)
        self.playback.stepped.connect(self._follow_step)
        for jumped in (self.trace_table.clicked, self.trace_table.activated):  # a click, or Enter
            jumped.connect(lambda index: self.playback.jump(index.row()))
        self.best = BestPlayBar()
        self.best.button.clicked.connect(self.start_best_play)
        self.best.found.connect(self._best_found)
        self.best.message.connect(self.message)
        self.background = BackgroundScore(self)
        self.background.scored.connect(self._scored)
        self.banner = HookBanner()
        self.banner.message.connect(self.message)
        self.background.started.connect(self.banner.watch)
        self._layout()
        self.played_input.textChanged.connect(self.refresh)
        self.held_input.textChanged.connect(self.refresh)
        self.situation.changed.connect(self.refresh)
        self.played_row.reordered.connect(lambda t: self._set_text(self.played_input, " ".join(t)))
        self.held_row.reordered.connect(lambda t: self._set_text(self.held_input, " ".join(t)))
        self.charms.changed.connect(self.refresh)
        for row in (self.played_row, self.held_row, self.charm_row):
            row.itemSelectionChanged.connect(self._highlight)

    def _layout(self) -> None:
        """The inputs above, scrolling on their own when the panel is short, then the total, the playback
        bar and the trace: the total and the first rows of the trace stay in sight at any height."""
        inputs = QWidget()
        top = QVBoxLayout(inputs)
        top.setContentsMargins(0, 0, 0, 0)
        top.setSpacing(4)
        for title, box, row in (
            ("Played", self.played_input, self.played_row),
            ("Held", self.held_input, self.held_row),
        ):
            line = QHBoxLayout()
            label = QLabel(f"<b>{title}</b>")
            label.setMinimumWidth(52)
            label.setBuddy(box)
            line.addWidget(label)
            line.addWidget(box, 1)
            pick = QPushButton(palette.icon("fa5s.th"), "")
            pick.setToolTip(f"Pick {title.lower()} cards from all 52")
            pick.setAccessibleName(f"Pick {title.lower()} cards")
            pick.clicked.connect(lambda _=False, b=box, w=pick: self.show_picker(b, w))
            line.addWidget(pick)
            top.addLayout(line)
            top.addWidget(row)
        top.addWidget(self.charms)
        top.addWidget(self.situation)
        top.addWidget(self.error_label)
        top.addWidget(self.banner)
        self.inputs_area = InputsArea(inputs)
        v = QVBoxLayout(self)
        v.setContentsMargins(palette.SPACING, palette.SPACING, palette.SPACING, palette.SPACING)
        v.setSpacing(4)
        v.addWidget(self.inputs_area)
        result = QHBoxLayout()
        totals = QVBoxLayout()
        totals.setSpacing(0)
        totals.addWidget(self.total_label)
        totals.addWidget(self.hand_label)
        result.addLayout(totals, 1)
        result.addWidget(self.best)
        v.addLayout(result)
        v.addWidget(self.playback_bar)
        # The trace takes what the inputs leave, never less than its header and a few rows.
        rows = self.trace_table.verticalHeader().defaultSectionSize()
        header = self.trace_table.horizontalHeader().sizeHint().height()
        self.trace_table.setMinimumHeight(
            header + TRACE_ROWS_IN_SIGHT * rows + 2 * self.trace_table.frameWidth()
        )
        policy = self.trace_table.sizePolicy()
        policy.setVerticalPolicy(QSizePolicy.Policy.Ignored)
        self.trace_table.setSizePolicy(policy)
        v.addWidget(self.trace_table, 1)

    # --- inputs -------------------------------------------------------------------------------
    def set_catalog(self, catalog: Catalog | None) -> None:
        """Use new content (after an edit) and re-score."""
        self._catalog = catalog
        if catalog is not None:
            self.situation.blockSignals(True)
            decks = entry_choices(catalog.decks, ids=False) or [("standard", "standard")]
            self.situation.set_choices(entry_choices(catalog.bosses, ids=False), decks)
            self.situation.blockSignals(False)
            self.charms.set_ids(sorted(catalog.charms))
        self.refresh()

    def set_state(self, data: dict[str, Any], scenario: ScenarioModel | None = None) -> None:
        """Show a situation (``played`` required), re-scoring once; a test scenario adds its expectation.

        It no longer follows the edits of a scenario's file: the situation shown is another.
        """
        self.scenario_file = self._read = self._text = None
        self._listed = []
        self._scenario = scenario if scenario is not None and scenario.expect is not None else None
        self._expected = self._scenario.expect.events if self._scenario and self._scenario.expect else None
        for box, key in ((self.played_input, "played"), (self.held_input, "held")):
            box.blockSignals(True)
            box.setText(str(data.get(key, "")))
            box.blockSignals(False)
        self.charms.set_tokens(list(data.get("charms", [])))
        self.situation.blockSignals(True)
        self.situation.set_values(data)
        self.situation.blockSignals(False)
        self.refresh()

    def state(self) -> dict[str, Any]:
        """Return the preview as scenario fields."""
        return {
            "played": self.played_input.text().strip(),
            "held": self.held_input.text().strip(),
            "charms": [scenario_charm(token) for token in self.charm_row.tokens()],
            **self.situation.values(),
        }

    def add_charm(self, token: str) -> None:
        """Append a charm (``id`` or ``id:edition``) to the row."""
        self.charms.add(token)

    def follow_rename(self, kind: str, old: str, new: str) -> None:
        """Keep a renamed charm in the row, a renamed edition or sticker on its charms, a renamed
        upgrade, edition or seal on the cards, a renamed boss or deck chosen, and a renamed hand type
        or voucher where the round names it."""
        if kind in ("charm", "edition", "sticker"):
            self.charms.follow_rename(kind, old, new)
        if kind in ("upgrade", "edition", "seal"):
            for box in (self.played_input, self.held_input):
                text = cards_renamed(box.text(), old, new)
                if text != box.text():
                    box.setText(text)
        self.situation.follow_rename(kind, old, new)

    def show_picker(self, target: QLineEdit, anchor: QWidget) -> None:
        """Open the 52-card picker under ``anchor``; picked cards go to ``target``."""
        self._pick_target = target
        self.picker.move(anchor.mapToGlobal(QPoint(anchor.width() - self.picker.width(), anchor.height())))
        self.picker.show()

    def _picked(self, token: str) -> None:
        text = self._pick_target.text().strip()
        self._pick_target.setText(f"{text} {token}".strip())

    def _set_text(self, box: QLineEdit, text: str) -> None:
        box.setText(text)

    # --- scoring ------------------------------------------------------------------------------
    def situation_now(self) -> Situation:
        """Build the situation from the inputs (raises ValueError naming the bad input)."""
        cat = self._catalog
        if cat is None:
            raise ValueError("no content loaded: fix the problems listed to see a preview")
        values = self.situation.values()
        slots = []
        self._unknown = []
        # A boss or deck the content no longer defines stays chosen: marked, and the hand scores without it.
        boss, deck = values["boss"], values["deck"]
        if boss is not None and boss not in cat.bosses:
            self._unknown.append(str(UnknownIdError("boss rule", boss, cat.bosses)))
            values["boss"] = None
        if cat.decks and deck not in cat.decks:
            self._unknown.append(str(UnknownIdError("deck", deck, cat.decks)))
            values["deck"] = None
        for token in self.charm_row.tokens():
            slot = slot_of(token)
            try:
                cat.charm(slot.id)
                if slot.edition:
                    cat.edition(slot.edition)
            except ValueError as exc:  # a deleted or mistyped charm: marked, and the rest still scores
                self._unknown.append(str(exc))
                continue
            slots.append(slot)
        levels = self.situation.levels_map()
        try:  # named as the other boxes' mistakes are: alone, it did not say which box to fix
            for type_id in levels:
                cat.hand_type(type_id)
        except UnknownIdError as exc:
            raise ValueError(f"levels: {exc}") from None
        data = {
            **values,
            "played": self.played_input.text(),
            "held": self.held_input.text(),
            "charms": slots,
            "levels": levels,
        }
        return plain_situation(data, cat, tuple)

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch redraws the total and the messages, whose colours are the theme's."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and getattr(self, "_catalog", None) is not None:
            self.refresh()

    def refresh(self) -> ScoreResult | None:
        """Re-run the real scorer on the inputs and show its trace and total (None: it failed, or the row's
        charms run code, whose score is shown when its worker ends)."""
        try:
            situation = self.situation_now()
        except ValueError as exc:
            self.background.drop()
            self._show_failure(exc)
            return None
        cat = self._catalog
        assert cat is not None
        if any(cat.charm(slot.id).behaviour is not None for slot in situation.charms):
            self.result = None  # until the worker's result arrives, nothing to save as a scenario
            self.running_code.emit()
            self.background.submit(situation, cat)
            return None
        self.background.drop()
        try:
            result = score(situation, cat)
        except Exception as exc:  # the engine's own failures: shown, never a crash
            self._show_failure(exc)
            return None
        return self._show(situation, result)

    def _scored(self, situation: Situation, result: object) -> None:
        """A worker's score of the latest inputs: show it, or its failure."""
        if isinstance(result, ScoreResult):
            self._show(situation, result)
        elif isinstance(result, Exception):
            self._show_failure(result)

    def _show_failure(self, exc: Exception) -> None:
        """Say why there is no score (bad input, or a charm's code failing), keeping the inputs' text."""
        self.result = None
        text = str(exc)
        fenced = isinstance(exc, BehaviourError)  # the engine's fence around a charm's code
        if fenced or not isinstance(exc, ValueError):
            text = text if fenced else f"a charm's code failed: {type(exc).__name__}: {exc}"
            if text != self._last_failure:
                self._last_failure = text
                self.failed.emit(f"preview: {text}")
        self.error_label.setText(f"<span style='color:{palette.current().error}'>⚠ {text}</span>")
        self.total_label.setText("—")
        self.hand_label.setText("")
        self.trace_model.set_events([], self._expected)
        self.playback.set_trace(())

    def _show(self, situation: Situation, result: ScoreResult) -> ScoreResult:
        """Show a score: the cards as scored, the trace, the total and the verdict of an open scenario."""
        self.result = result
        missing = "; ".join(self._unknown)
        warning = f"<span style='color:{palette.current().error}'>⚠ {missing}: scored without it</span>"
        self.error_label.setText(warning if missing else "")
        self.played_row.set_tokens([(str(c), c) for c in situation.played])
        self.held_row.set_tokens([(str(c), c) for c in situation.held])
        assert self._catalog is not None
        self.charms.set_tokens(self.charms.tokens(), self._catalog)
        self.trace_model.set_events(result.events, self._expected)
        self.playback.set_trace(result.events)
        self.total_label.setText(grouped(result.total))
        theme = palette.current()
        refused = "  (refused by the boss)" if result.refused else ""
        points = f"<span style='color:{theme.points}'><b>{result.points}</b> Points</span>"
        mult = f"<span style='color:{theme.mult}'><b>{fmt(result.mult)}</b> Mult</span>"
        self.hand_label.setText(f"{result.hand_type.replace('_', ' ')} · {points} × {mult}{refused}")
        if self._scenario is not None:
            self.error_label.setText(self._verdict(result))
        self._highlight()
        return result

    def _highlight(self) -> None:
        played = set(self.played_row.selected_rows())
        held = set(self.held_row.selected_rows())
        slots = set(self.charm_row.selected_rows())
        if not (played or held or slots):
            self.trace_model.highlight(None)
            return

        def match(e: Event) -> bool:
            if e.slot >= 0 and e.slot in slots:
                return True
            return (e.zone == "played" and e.position in played) or (e.zone == "held" and e.position in held)

        rows = self.trace_model.highlight(match)
        if rows:
            self.trace_table.scrollTo(self.trace_model.index(rows[0], 0))

    def _reveal(self, row: object) -> None:
        """Scroll the inputs to a row of tiles a playback step draws on (they may have been scrolled
        away to reach the round's boxes)."""
        if isinstance(row, QWidget):
            self.inputs_area.ensureWidgetVisible(row, 0, 0)

    def _follow_step(self, row: int) -> None:
        """Select the trace row of the step playback shows (none: no selection)."""
        if row < 0:
            self.trace_table.clearSelection()
            return
        self.trace_table.selectRow(row)
        self.trace_table.scrollTo(self.trace_model.index(row, 0))

    def _verdict(self, result: ScoreResult) -> str:
        """Say whether the result is what the opened test scenario expects, and where it is not."""
        from studio.content.scenarios import mismatches  # a scenario is open: its models are in

        assert self._scenario is not None
        theme = palette.current()
        wrong = mismatches(self._scenario, result)
        steps = len(self.trace_model.mismatches())
        if not wrong:
            return f"<span style='color:{theme.ok}'>✓ matches what the scenario expects</span>"
        differ = f"{steps} step{'s' * (steps != 1)} of the trace differ{'s' * (steps == 1)}"
        lines = [w if not w.startswith("events") else differ for w in wrong]
        return f"<span style='color:{theme.error}'>✗ " + "; ".join(lines) + "</span>"

    # --- scenarios ----------------------------------------------------------------------------
    def open_scenario(self, path: Path, index: int = 0, text: str | None = None) -> None:
        """Show scenario ``index`` of a file (of ``text``, its unsaved edits, when given), each step against
        its expected trace, and follow it through the file's edits (raises ValueError)."""
        text = file_text(path) if text is None else text
        self.open_listed(path, scenarios_of(path, text), index, text)

    def open_listed(self, path: Path, listed: list[ScenarioModel], index: int, text: str) -> None:
        """:meth:`open_scenario` for a file already read: ``text`` and its scenarios, ``listed``."""
        if not 0 <= index < len(listed):
            raise ValueError(f"{path}: no scenario number {index + 1} in this file ({len(listed)} there)")
        self._set_scenario(path, listed, index, text)
        self.message.emit(f"Opened scenario {index + 1} of {path.name}: {listed[index].name}")

    def scenario_changed(self, text: str | None = None) -> None:
        """The open scenario's file changed (an edit, an undo, another program): ``text`` is the file as
        edited (None: read it on disk). The scenario is found again where it now stands and shown anew,
        hand and expectation, if it changed. One that no longer reads, or is no longer in the file,
        leaves the hand without a verdict until it is back, rather than judge it by what was or by
        another scenario."""
        assert self.scenario_file is not None
        path = self.scenario_file[0]
        why = ""
        try:
            text = file_text(path) if text is None else text
        except ValueError as exc:
            text, why = None, str(exc)
        if text == self._text:
            return
        self._text = text
        if text is not None:
            try:
                listed = scenarios_of(path, text)
            except ValueError as exc:
                why = str(exc)
            else:
                self._find(path, listed, text)
                return
        self._lose(f"{path.name} no longer reads, so {self._named()} has no verdict: {why}")

    def _find(self, path: Path, listed: list[ScenarioModel], text: str) -> None:
        """Find the open scenario in its file's scenarios as they now read; show it anew if it changed."""
        assert self.scenario_file is not None
        index = self.scenario_file[1]
        if index is None:  # gone: back only as it was (an undo)
            place = next((j for j, model in enumerate(listed) if model == self._read), None)
        else:
            place = followed(self._listed, listed, index)
        if place is None:
            self.scenario_file = (path, None)
            self._lose(f"{self._named()} is no longer in {path.name}: no verdict until it is back")
        elif self._found and listed[place] == self._read:  # it moved, or another one changed
            self._listed, self.scenario_file = listed, (path, place)
        else:
            self._set_scenario(path, listed, place, text)

    def _named(self) -> str:
        """The open scenario as messages name it."""
        assert self._read is not None
        return f"'{printable(self._read.name)}'" if self._read.name else "the open scenario"

    def _lose(self, why: str) -> None:
        """The open scenario no longer reads or is gone: score the hand without its expectation, and say
        why (once, until it is found again)."""
        if self._found:
            self._found = False
            self._scenario = self._expected = None
            self.refresh()
            self.message.emit(why)

    def _set_scenario(self, path: Path, listed: list[ScenarioModel], index: int, text: str) -> None:
        model = listed[index]
        data = model.model_dump(exclude={"expect"})
        data["charms"] = [token_of(entry) for entry in model.charms]
        self.set_state(data, model)
        self.scenario_file, self._listed, self._text, self._read = (path, index), listed, text, model
        self._found = True

    def save_scenario(self, path: Path) -> None:
        """Write the preview as a test scenario expecting today's result (raises ValueError if none)."""
        if self.result is None:
            raise ValueError("nothing to save: the preview has no result")
        write_scenario(path, self.state(), self.result)
        self.message.emit(f"Saved scenario {path}")

    # --- best play ----------------------------------------------------------------------------
    def start_best_play(self) -> Job | None:
        """Search the best play of the played and held cards off the GUI thread."""
        try:
            situation = self.situation_now()
        except ValueError as exc:
            self.message.emit(f"Best play: {exc}")
            return None
        assert self._catalog is not None
        job = self.best.start(situation, self._catalog)
        if job is not None:
            self.banner.watch(job)
        return job

    def cancel_best_play(self) -> None:
        """Stop the running best-play search."""
        self.best.cancel()

    def _best_found(self, best: BestPlay) -> None:
        for box, cards in ((self.played_input, best.played), (self.held_input, best.held)):
            box.blockSignals(True)
            box.setText(" ".join(str(c) for c in cards))
            box.blockSignals(False)
        self.refresh()
        self.message.emit(
            f"Best play of {best.tried}: {best.result.hand_type} for {grouped(best.result.total)}"
        )

    def shutdown(self) -> None:
        """Cancel and wait for background work, stopping charms' code it runs (before the window closes)."""
        self.background.shutdown()
        self.best.shutdown()

    def select_events_text(self) -> list[str]:
        """Return the highlighted rows' sources (for tests and screen readers)."""
        return [self.trace_model.events()[i].source for i in self.trace_model.lit()]


def cards_renamed(text: str, old: str, new: str) -> str:
    """Card tokens with the modifier ``old`` (an upgrade, edition or seal) renamed ``new``; the rest of
    the text, spaces included, as typed."""
    parts = re.split(r"(\s+)", text)
    for i in range(0, len(parts), 2):
        head, *mods = parts[i].split(":")
        if old in (m.strip().lower() for m in mods):
            parts[i] = ":".join([head, *(new if m.strip().lower() == old else m for m in mods)])
    return "".join(parts)
