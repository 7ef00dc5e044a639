"""Playtest: play a real run of the content on screen (unsaved edits included) inside the editor.

Every button asks for one of the engine's action records and the run resolves
it (:class:`~studio.app.playtest_session.Playtest`); a refused action shows the
engine's reason on the status line and changes nothing. The panel only shows
the run: the blind choice, the round, the shop or an open pack, what is held,
and the last hand's trace.

The run is played in a worker thread (each action, undo, hint, replay), so a
charm's code that does not return never freezes the window: the panel's own
buttons wait, a line names the charm with a Stop button, and the rest of the
editor goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import (
    QBoxLayout,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from studio.app import palette
from studio.app.hook_banner import HookBanner
from studio.app.playtest_blind import BlindView
from studio.app.playtest_controls import Controls
from studio.app.playtest_items import HeldItems
from studio.app.playtest_round import RoundView
from studio.app.playtest_session import LastPlay, Playtest
from studio.app.playtest_shop import ShopView
from studio.app.playtest_situation import describe_action, entry_name, preview_state
from studio.app.playtest_trace import PlayView
from studio.app.preview.hand_row import TileRow
from studio.app.preview.playback import PlaybackDriver, Stage
from studio.app.preview.playback_bar import PlaybackBar
from studio.app.preview.playback_overlay import PopupLayer
from studio.app.tab_order import COLUMN
from studio.app.workers import Job, call_off_thread
from studio.content.io.regular_files import FileRefused, read_save_file
from studio.engine.bot import Bot
from studio.engine.catalog import Catalog
from studio.engine.run.actions import Action, Discard, Play, Sell, UseConsumable
from studio.engine.run.game import Game
from studio.engine.run.save import PackStamp
from studio.engine.trace import Event
from studio.simulation.render import counted

T = TypeVar("T")
#: The page of the phase stack that shows each phase.
PAGES = {"select": 1, "round": 2, "shop": 3, "pack": 3, "won": 4, "lost": 4}


class PlaytestPanel(QWidget):
    """New run, the run as it stands, the last play's trace, and a status line.

    ``to_preview`` carries the round as the preview's scenario fields (``PreviewPanel.set_state``).
    """

    to_preview = Signal(dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestPanel")
        self.setAccessibleName("Playtest")
        self.catalog: Catalog | None = None
        #: The packs of the content on screen (id, version, content hash), which saves name and resumes
        #: check; the dock sets it from the workspace.
        self.stamps: Callable[[], list[PackStamp]] = list
        #: The packs the run is played on: those on screen when it started, was resumed or was replayed
        #: (a save names these, not edits made since that the run has not been replayed on).
        self.played_on: list[PackStamp] = []
        self.run: Playtest | None = None
        #: The run's actions as last saved or resumed: a run whose log is still this is not lost on closing.
        self._saved: list[Action] = []
        self._bot: Bot | None = None
        self.controls = Controls()
        self.header = QLabel("Choose a seed, deck and difficulty, then New run.")
        self.header.setObjectName("playtestHeader")
        self.header.setWordWrap(True)
        self.items = HeldItems()
        self.blind = BlindView()
        self.round = RoundView()
        self.shop = ShopView()
        self.over = QLabel()
        self.over.setObjectName("playtestOver")
        self.over.setWordWrap(True)
        self.pages = QStackedWidget()
        for page in (QLabel(""), self.blind, self.round, self.shop, self.over):
            self.pages.addWidget(page)
        self.play = PlayView()
        # Each play's trace plays back over its cards and the charm row, as in the preview.
        self.playback_bar = PlaybackBar()
        self.play.add_under_cards(self.playback_bar)
        layer = PopupLayer(self)
        stage = Stage({"played": self.play.cards}, self.items.charms, layer, self.playback_bar.counter)
        self.playback = PlaybackDriver(stage, self)
        self.playback_bar.bind(self.playback)
        self.playback.stepped.connect(self._follow_step)
        for jumped in (self.play.table.clicked, self.play.table.activated):  # a click, or Enter
            jumped.connect(lambda index: self.playback.jump(index.row()))
        self.status = QLabel()
        self.status.setObjectName("playtestStatus")
        self.status.setWordWrap(True)
        self._said = ("", False)
        #: Says, while the content on screen has errors, that runs play it as last valid.
        self.content_errors = QLabel()
        self.content_errors.setObjectName("playtestContentErrors")
        self.content_errors.setWordWrap(True)
        self.content_errors.hide()
        self._errors = 0
        #: Names a charm's code the run is waiting for, with Stop.
        self.banner = HookBanner(waiting="the run waits for it", failing="the action fails as that charm's")
        self.banner.message.connect(self.say)
        #: True while the run is being played off the GUI thread: the panel's controls wait.
        self.busy = False
        self._job: Job | None = None
        self._layout()
        for view in (self.blind, self.round, self.shop, self.items):
            view.action.connect(self.perform)
        self.items.use.connect(self.use_consumable)
        self.items.told.connect(self.say)
        c = self.controls
        c.new_run.clicked.connect(self.new_run)
        c.undo.clicked.connect(self.undo)
        c.hint.clicked.connect(self.hint)
        c.finish.clicked.connect(self.finish_round)
        c.to_preview.clicked.connect(self.send_to_preview)
        c.save.clicked.connect(self._save_clicked)
        c.resume.clicked.connect(self._resume_clicked)
        c.rebase.clicked.connect(self.rebase)
        self.refresh()

    def _layout(self) -> None:
        self.controls.setFixedWidth(250)
        self.play.setMinimumWidth(380)
        run = QWidget()
        centre = QVBoxLayout(run)
        centre.setContentsMargins(0, 0, 0, 0)
        centre.setSpacing(6)
        centre.addWidget(self.header)
        centre.addWidget(self.content_errors)
        centre.addWidget(self.banner)
        centre.addWidget(self.status)  # up here, where the eye is: a refusal is never scrolled away
        centre.addWidget(self.items)
        centre.addWidget(self.pages, 1)
        #: The round and the last hand's trace: side by side, or the trace below when the panel is narrow.
        self.columns = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        #: The width the panel was last told it has (0: not yet; see :meth:`fit`).
        self._room = 0
        self.columns.setSpacing(palette.SPACING * 2)
        self.columns.addWidget(run, 3)
        self.columns.addWidget(self.play, 2)
        for column in (self.controls, run, self.play):  # Tab reads each whole: the hand, then Play
            column.setProperty(COLUMN, True)
        row = QHBoxLayout()
        row.setSpacing(palette.SPACING * 2)
        row.addWidget(self.controls)
        row.addLayout(self.columns, 1)
        v = QVBoxLayout(self)
        m = palette.SPACING
        v.setContentsMargins(m, m, m, m)
        v.addLayout(row, 1)

    def fit(self, width: int) -> None:
        """Lay the last hand's trace beside the round when ``width`` holds both, else below it (a
        1024-pixel window), so the panel never scrolls sideways."""
        gap = palette.SPACING * 2
        beside = (
            self.controls.width()
            + self.pages.minimumSizeHint().width()
            + self.play.minimumWidth()
            + 2 * gap
            + 2 * palette.SPACING
        )
        wanted = QBoxLayout.Direction.LeftToRight if width >= beside else QBoxLayout.Direction.TopToBottom
        self._room = width
        if self.columns.direction() != wanted:
            self.columns.setDirection(wanted)

    def _call(self, work: Callable[[], T]) -> T:
        """Play ``work`` on the run off the GUI thread and return what it returns (or raise what it raises).

        The rest of the window goes on meanwhile; the panel's own buttons do nothing until it is done
        (each entry point asks :attr:`busy`). They are not greyed out: most actions take milliseconds,
        and a long one is named by the Stop line.
        """
        self.busy = True
        try:
            return call_off_thread(work, self._watch)
        finally:
            self.busy = False
            self._job = None

    def _watch(self, job: Job) -> None:
        self._job = job
        self.banner.watch(job)

    def shutdown(self) -> None:
        """Stop a charm's hook the run is waiting for (the window is closing)."""
        if self._job is not None:
            self._job.stop_hook()

    # --- the content and the run --------------------------------------------------------------
    def set_catalog(self, catalog: Catalog) -> None:
        """Follow the editor's content: a new run plays it; a run under way offers to replay on it, and
        says so when it first falls behind (the form shows the edit, the run still scores the old)."""
        run = self.run
        was_current = run is not None and run.game.setup.catalog is self.catalog
        self.catalog = catalog
        self.controls.set_catalog(catalog)
        self.refresh(keep=True)
        if was_current:
            self.say(
                "The content changed: this run still plays the content it started with;"
                " Replay with edits plays its actions on the edited content"
            )

    def set_errors(self, count: int) -> None:
        """Say, while the content on screen has ``count`` errors, that a run here plays it as last valid
        (the editor's catalog keeps each broken entry's last good version), not as the form shows it."""
        self._errors = count
        self.content_errors.setVisible(count > 0)
        self.content_errors.setText(
            _warned(
                f"The content has {counted(count, 'error')} (listed in Problems): until"
                f" {'it is' if count == 1 else 'they are'} fixed, runs here play it as last valid"
            )
        )

    def new_run(self) -> None:
        """Start a run with the seed, deck, difficulty and charms chosen, on the content on screen."""
        if self.catalog is None:
            self.say("No content loaded yet", error=True)
            return
        if self.busy:
            return
        c, catalog = self.controls, self.catalog
        seed, deck, difficulty = (
            c.seed.value(),
            str(c.deck.currentData()),
            int(c.difficulty.currentData() or 0),
        )
        charms = c.start_charms()
        try:
            self.run = self._call(lambda: Playtest.new(catalog, seed, deck, difficulty, charms))
        except ValueError as exc:
            self.say(f"New run: {exc}", error=True)
            return
        self.played_on = self.stamps()
        self._saved = []
        self.refresh()
        self._show_last_play(None)
        self.say(f"New run, seed {c.seed.value()}: select or skip the small blind")

    def start(
        self, seed: int, deck: str | None = None, difficulty: int | None = None, charms: Sequence[str] = ()
    ) -> None:
        """Start a run with these choices (``studio play``); None keeps the box's choice."""
        self.controls.choose(seed, deck, difficulty)
        self.controls.charms.setText(" ".join(charms))
        self.new_run()

    def perform(self, action: Action) -> bool:
        """Resolve one action; a refusal is said on the status line. Return True if it was done."""
        if self.busy:
            return False
        run = self.run
        if run is None:
            self.say("Start a run first (New run)", error=True)
            return False
        said = describe_action(action, run.game)
        played = isinstance(action, Play)

        def resolve() -> tuple[str | None, LastPlay | None]:
            refused = run.perform(action)
            return refused, (run.last_play() if played and refused is None else None)

        why, last = self._call(resolve)
        if why is not None:
            self.say(f"Cannot {said}: {why}", error=True)
            self.refresh(keep=True)
            return False
        self.refresh()
        self.say(said[0].upper() + said[1:])
        if played:
            self._show_last_play(last)
            if self.playback.cues:
                self.playback.play()  # the hand just played, step by step
        return True

    def use_consumable(self, index: int) -> bool:
        """Use the consumable at ``index``: on the cards picked up when it chooses cards in a round, else on
        none (the hand of a round played before is no choice, nor are cards picked up to play)."""
        run = self.run
        game = run.game if run is not None else None
        cards: tuple[int, ...] = ()
        if game is not None and game.state.round is not None and 0 <= index < len(game.state.consumables):
            held = game.setup.catalog.consumables.get(game.state.consumables[index])
            if held is None or held.chooses_cards:
                cards = tuple(self.round.selected())
        return self.perform(UseConsumable(index, cards))

    def undo(self) -> None:
        """Take back the last action (the run replayed without it)."""
        run = self.run
        if self.busy:
            return
        done, last = (None, None) if run is None else self._call(lambda: (run.undo(), run.last_play()))
        if done is None:
            self.say("Nothing to undo", error=True)
            return
        self.refresh()
        self._show_last_play(last)
        self.say(f"Undid {done.name.replace('_', ' ')}")

    def rebase(self) -> None:
        """Replay the run's actions on the content on screen, keeping those it still allows."""
        run, catalog = self.run, self.catalog
        if run is None or catalog is None or self.busy:
            return
        total = len(run.actions)
        try:
            (kept, why), last = self._call(lambda: (run.rebase(catalog), run.last_play()))
        except ValueError as exc:
            self.say(f"Cannot replay on the edited content: {exc}", error=True)
            return
        self.played_on = self.stamps()
        self.refresh()
        self._show_last_play(last)
        if why is None:
            self.say(f"Replayed all {counted(total, 'action')} on the edited content")
        else:
            self.say(f"Replayed {kept} of {total} actions on the edited content; the next was refused: {why}")

    # --- the bot ------------------------------------------------------------------------------
    def bot(self) -> Bot:
        """The strong bot of the run's content (made again when the content changes)."""
        assert self.run is not None
        catalog = self.run.game.setup.catalog
        if self._bot is None or self._bot.catalog is not catalog:
            self._bot = Bot(catalog, "strong")
        return self._bot

    def hint(self) -> None:
        """Say what the bot would do next, and select the cards (or charm) it would act on."""
        run = self.run
        if self.busy:
            return
        if run is None or run.game.is_over:
            self.say("No run to play: New run", error=True)
            return
        bot = self.bot()
        try:
            action, choice = self._call(lambda: run.hint(bot))
        except Exception as exc:  # the content's code failed while the bot scored
            self.say(f"Hint: the bot failed: {type(exc).__name__}: {exc}", error=True)
            return
        said = describe_action(action, run.game)
        if choice is not None:
            said += f" ({choice.hand_type.replace('_', ' ')}, about {choice.total:,.0f})"
        if isinstance(action, Play | Discard | UseConsumable):
            self.round.select(action.cards)
        if isinstance(action, Sell):
            self.items.charms.clearSelection()
            self.items.charms.item(action.charm).setSelected(True)
        self.say(f"Hint: {said}")

    def finish_round(self) -> None:
        """Let the bot play the round out."""
        run = self.run
        if self.busy:
            return
        if run is None or run.game.state.phase != "round":
            self.say("Finish round plays a round: select a blind first", error=True)
            return
        bot = self.bot()
        (taken, why), last = self._call(lambda: (run.finish_round(bot), run.last_play()))
        self.refresh()
        self._show_last_play(last)
        done = f"The bot took {taken} action{'s' * (taken != 1)}"
        end = _end(run.game) or "the end of the round"
        self.say(f"{done}, then: {why}" if why else f"{done} to {end}", error=why is not None)

    # --- the preview, save and resume ---------------------------------------------------------
    def send_to_preview(self) -> None:
        """Send the round (the selected cards played, the rest held) to the preview."""
        if self.run is None or self.run.game.state.round is None:
            self.say("Send to preview takes a round's hand: select a blind first", error=True)
            return
        self.to_preview.emit(preview_state(self.run.game, self.round.selected()))
        self.say("Sent the hand to the preview")

    def save_to(self, path: Path) -> None:
        """Save the run to ``path`` (atomically; ``studio run --resume`` goes on from it)."""
        if self.run is None:
            self.say("No run to save", error=True)
            return
        try:
            self.run.save(path, self.played_on)
        except FileRefused as exc:
            self.say(str(exc), error=True)
            return
        self._saved = self.run.actions
        self.say(f"Saved to {path}; go on here with Resume, or with: studio run --resume {path}")

    def resume_from(self, path: Path) -> None:
        """Go on from a saved run, on the content on screen."""
        catalog = self.catalog
        if catalog is None:
            self.say("No content loaded yet", error=True)
            return
        if self.busy:
            return
        stamps = self.stamps()
        try:
            self.run, last = self._call(
                lambda: _with_last_play(Playtest.resume(read_save_file(path), catalog, stamps))
            )
        except ValueError as exc:  # FileRefused, SaveError: each names the file or what is wrong
            self.say(f"Cannot resume {path.name}: {exc}", error=True)
            return
        self.played_on = stamps
        self._saved = self.run.actions
        setup = self.run.game.setup  # the boxes say the run on screen: New run starts it afresh
        self.controls.choose(setup.seed, setup.deck.id, setup.difficulty)
        self.controls.charms.setText(" ".join(setup.charms))
        self.refresh()
        self._show_last_play(last)
        self.say(f"Resumed {path.name} after {counted(len(self.run.actions), 'action')}")

    def ask_save_path(self) -> Path | None:
        """Ask where to save the run (None: cancelled)."""
        name, _ = QFileDialog.getSaveFileName(self, "Save run", "run.json", "Run saves (*.json)")
        return Path(name) if name else None

    def ask_open_path(self) -> Path | None:
        """Ask which saved run to resume (None: cancelled)."""
        name, _ = QFileDialog.getOpenFileName(self, "Resume run", "", "Run saves (*.json)")
        return Path(name) if name else None

    def unsaved(self) -> bool:
        """Whether closing would lose play: a run under way, with actions played since it was last saved
        (a run that is over, or has no action, loses nothing)."""
        run = self.run
        return run is not None and not run.game.is_over and run.actions not in ([], self._saved)

    def save_as(self) -> bool:
        """Ask where, then save the run there; return True if it was saved (not cancelled nor refused)."""
        if self.run is None:
            self.say("No run to save", error=True)
            return False
        if (path := self.ask_save_path()) is None:
            return False
        self.save_to(path)
        return self.run.actions == self._saved

    def _save_clicked(self) -> None:
        self.save_as()

    def _resume_clicked(self) -> None:
        if (path := self.ask_open_path()) is not None:
            self.resume_from(path)

    # --- showing ------------------------------------------------------------------------------
    def say(self, text: str, error: bool = False) -> None:
        """Put a message on the status line (a refusal in the theme's error colour)."""
        self._said = (text, error)
        if error:
            self.status.setText(_warned(text))
            self._status_in_sight()
        else:
            self.status.setText(text)

    def _status_in_sight(self) -> None:
        """Scroll the dock back up to the status line: in a short window it scrolls the panel, and a
        refusal read nowhere looks like a button that does nothing."""
        outer = self.parentWidget()
        while outer is not None and not isinstance(outer, QScrollArea):
            outer = outer.parentWidget()
        if outer is not None:
            outer.ensureWidgetVisible(self.status)

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch redraws what is coloured by the theme (the round's numbers, a refusal)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "_said"):
            self.refresh(keep=True)
            self.say(*self._said)
            self.set_errors(self._errors)

    def refresh(self, keep: bool = False) -> None:
        """Show the run as it stands (``keep``: keep the selected cards, as after a refusal); not while the
        run is being played (the call that plays it shows it when it is done)."""
        if self.busy:
            return
        self._show(keep)
        if self._room:
            self.fit(self._room)  # a page may need more room now (a hand dealt, a shop opened)

    def _show(self, keep: bool) -> None:
        run = self.run
        c = self.controls
        c.rebase.setVisible(
            run is not None and self.catalog is not None and run.game.setup.catalog is not self.catalog
        )
        c.save.setEnabled(run is not None)
        c.undo.setEnabled(run is not None and bool(run.game.history))  # a fresh run has nothing to undo
        for button in (c.hint, c.finish, c.to_preview):
            button.setEnabled(run is not None and not run.game.is_over)
        self.items.setVisible(run is not None)
        if run is None:
            self.pages.setCurrentIndex(0)
            return
        game = run.game
        s, setup = game.state, game.setup
        antes = len(setup.rules.requirements)
        extras = (
            [f"vouchers {', '.join(entry_name(game, 'voucher', v) for v in s.vouchers)}"]
            if s.vouchers
            else []
        )
        extras += [f"tags {', '.join(entry_name(game, 'tag', t) for t in s.tags)}"] if s.tags else []
        self.header.setText(
            " · ".join(
                [
                    f"<b>Ante {s.ante}</b> of {antes}",
                    f"<b>${s.money}</b>",
                    f"seed {setup.seed}, {setup.deck.name or setup.deck.id}, difficulty {setup.difficulty}",
                    counted(len(game.history), "action"),
                    *extras,
                ]
            )
        )
        self.items.set_game(game)
        self.pages.setCurrentIndex(PAGES[s.phase])
        if s.phase == "select":
            self.blind.set_game(game)
        elif s.phase == "round":
            self.round.set_game(game, keep)
        elif s.phase in ("shop", "pack"):
            self.shop.set_game(game)
        else:
            how = "Won the run" if game.won else f"Lost in ante {s.ante}{_lost_at(game)}"
            again = "New run to play another." if game.won else "Undo to try again, or New run."
            self.over.setText(f"<h3>{how}</h3>after {counted(len(game.history), 'action')}. {again}")

    def _show_last_play(self, last: LastPlay | None) -> None:
        """Show the last hand the run played (worked out with the action, off the GUI thread)."""
        self.play.show_last(last)
        events = last.resolved.score.events if last is not None and last.resolved.score is not None else ()
        self.show_play(events, self.play.cards, self.items.charms)

    def show_play(self, trace: Sequence[Event], hand_view: TileRow, charm_view: TileRow) -> None:
        """Show a play's trace: its events in the table, over the cards it played (``hand_view``, by
        position) and the charm row (``charm_view``, by slot), ready to play back."""
        self.play.show_events(trace)
        self.playback.set_trace(trace)

    def _follow_step(self, row: int) -> None:
        """Select the trace row of the step playback shows (none: no selection)."""
        if row < 0:
            self.play.table.clearSelection()
            return
        self.play.table.selectRow(row)
        self.play.table.scrollTo(self.play.model.index(row, 0))


def _warned(text: str) -> str:
    """``text`` as a warning: after a ⚠, in the theme's error colour."""
    return f"<span style='color:{palette.current().error}'>⚠ {text}</span>"


def _with_last_play(run: Playtest) -> tuple[Playtest, LastPlay | None]:
    """A run and the last hand it played (a resumed run shows it at once)."""
    return run, run.last_play()


def _end(game: Game) -> str:
    """How a run ended, to close a sentence ("" while it goes on): Finish round may end the run, not
    only the round."""
    if not game.is_over:
        return ""
    how = "won" if game.won else f"lost in ante {game.state.ante}{_lost_at(game)}"
    return f"the run's end: {how}"


def _lost_at(game: Game) -> str:
    """Where and why a lost run ended, as its last action says: ", small blind: scored 212 of 300"."""
    last = game.history[-1].events if game.history else ()
    lost = next((e for e in reversed(last) if e.kind == "lost"), None)
    if lost is None:
        return ""
    where = f", {lost.subject} blind" if lost.subject else ""
    return f"{where}: {lost.note}" if lost.note else where
