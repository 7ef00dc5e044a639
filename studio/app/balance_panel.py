"""The Balance panel: compare runs with and without a charm, or rank every charm.

"Simulate" plays the same runs (the same seeds) with and without the chosen
charm, paired run by run, in a background thread with progress and cancel; two
plots show the share of runs that clear each ante and the distribution of hand
totals, the baseline and the charm's runs as neighbouring bars. "Rank all
charms" compares every charm of the content with the same baseline and fills a
table as each charm's runs come in, the charm being edited highlighted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from studio.app.balance_jobs import BalanceJob, RankingThread, SimulationThread
from studio.app.balance_plots import (
    BASE_COLOUR,
    CHARM_COLOUR,
    bars,
    key_text,
    make_plots,
    score_shares,
    score_ticks,
    theme_plot,
)
from studio.app.balance_ranking import RankingTable
from studio.app.balance_summary import baseline_summary, comparison_summary, ranking_summary
from studio.app.choices import entry_choices, fill
from studio.app.hook_banner import HookBanner
from studio.app.workers import MainThreadGC
from studio.engine.catalog import Catalog
from studio.simulation.local import cores, most_workers
from studio.simulation.paired import Comparison, Paired, RankEntry, Ranking
from studio.simulation.render import counted
from studio.simulation.report import Report
from studio.simulation.spec import Edits, SimulationSpec

NO_CHARM = "(none)"
#: Said above results played before the content's last edit.
STALE = "These results are of the content before your last edits: simulate again to see them."
#: The widest the column of controls and findings gets: the plots take the rest.
CONTROLS_WIDTH = 380
#: Lines of findings the panel shows before they scroll.
FINDING_LINES = 7
#: The bots that can play, strongest first (the default).
BOTS = (
    ("strong", "strong: weighs each choice in context, plays better"),
    ("fast", "fast: fixed measures, up to twice as many runs a second"),
)


class BalancePanel(QWidget):
    """Choose a charm, deck, difficulty, bot and number of runs; see what the charm changes, and how
    it ranks among all the charms.

    ``edits`` gives the unsaved edits at the moment a simulation starts, so the
    worker processes, which read the packs from disk, play the content on screen;
    ``trust`` lets the named packs' code run there as it runs in the editor.
    """

    finished = Signal()
    #: The id of a charm double-clicked in the ranking, to open in the editor.
    opened = Signal(str)

    def __init__(
        self,
        catalog: Catalog,
        packs: Sequence[str] = (),
        no_base: bool = False,
        parent: QWidget | None = None,
        edits: Callable[[], Edits] = tuple,
        trust: bool = False,
    ) -> None:
        super().__init__(parent)
        self.catalog, self.packs, self.no_base = catalog, tuple(packs), no_base
        self.edits, self.trust = edits, trust
        self.baseline: Report | None = None
        self.with_charm: Report | None = None
        self.paired: Paired | None = None
        self.ranking: Ranking | None = None
        self.job: BalanceJob | None = None
        #: The unsaved edits the results shown were played with: others on screen make them stale.
        self.played: Edits = ()
        #: What the results shown say (empty: none shown), told again with a note once they are stale.
        self.summary = ""
        #: The settings the results shown were played with, said under them: the boxes may change since.
        self.played_as = ""
        #: Garbage is collected on this thread only while a job runs (see MainThreadGC), even when
        #: the panel is shown without the main window's own guard.
        self._collector: MainThreadGC | None = None
        self.setWindowTitle("Balance")

        self.charm = QComboBox()
        self.deck = QComboBox()
        self.difficulty = QComboBox()  # level N applies every level up to N
        self.bot = QComboBox()
        self.bot.setObjectName("balanceBot")
        for level, tip in BOTS:
            self.bot.addItem(level, level)
            self.bot.setItemData(self.bot.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        self.bot.setToolTip("The bot that plays the runs")
        self.table = RankingTable()
        self.set_catalog(catalog)
        self.deck.setCurrentIndex(max(0, self.deck.findData("standard")))
        self.runs = _spin(1, 1_000_000, 200)
        self.seed = _spin(0, 2_000_000_000, 1)
        # As many processes as `studio simulate --workers` accepts here: more would only fill the memory.
        self.workers = _spin(1, most_workers(), min(cores(), most_workers()))
        self.start_button = QPushButton("Simulate")
        self.start_button.setToolTip("Play the runs with and without the charm, on the same seeds")
        self.rank_button = QPushButton("Rank all charms")
        self.rank_button.setObjectName("rankButton")
        self.rank_button.setToolTip("Play the runs once without a charm, then with each charm in turn")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setFormat("%v / %m runs")
        self.status = QLabel("Choose a charm and simulate: the same runs are played with and without it.")
        self.status.setWordWrap(True)
        self.status.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        #: Names a charm's code that does not return while one worker plays the runs, with Stop.
        self.banner = HookBanner(
            waiting="the simulation waits for it", failing="the simulation fails as that charm's"
        )
        self.banner.message.connect(self.status.setText)

        # Two settings a row below the charm, so a laptop's low dock leaves the findings room to read.
        form = QGridLayout()
        form.setColumnStretch(1, 1)
        form.setColumnStretch(3, 1)
        _labelled(form, 0, 0, "Charm", self.charm, span=3)
        _labelled(form, 1, 0, "Deck", self.deck)
        _labelled(form, 1, 2, "Difficulty", self.difficulty)
        _labelled(form, 2, 0, "Bot", self.bot)
        _labelled(form, 2, 2, "Runs", self.runs)
        _labelled(form, 3, 0, "Seed", self.seed)
        _labelled(form, 3, 2, "Workers", self.workers)
        self.workers.setToolTip("Worker processes that play the runs (one per core is the most that helps)")
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.rank_button)
        buttons.addWidget(self.cancel_button)
        form.addLayout(buttons, 4, 0, 1, 4)
        form.addWidget(self.progress, 5, 0, 1, 4)

        antes = len(catalog.run.requirements) if catalog.run else 8
        self.ante_plot, self.score_plot = make_plots(antes)
        self.apply_theme()
        # Controls in a column at the left, the plots or the ranking beside them: the panel docks wide
        # and low.
        controls = QWidget()
        controls.setMaximumWidth(CONTROLS_WIDTH)
        column = QVBoxLayout(controls)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(form)
        # The findings scroll when the dock is low, rather than squeeze the controls above them.
        findings = QScrollArea()
        findings.setObjectName("balanceFindings")
        findings.setWidget(self.status)
        findings.setWidgetResizable(True)
        findings.setFrameShape(QFrame.Shape.NoFrame)
        findings.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Room for a comparison's finding (about seven lines at the column's width) before it scrolls.
        findings.setMinimumHeight(self.fontMetrics().lineSpacing() * FINDING_LINES)
        column.addWidget(findings, 1)
        plots = QWidget()
        plots_and_key = QVBoxLayout(plots)
        plots_and_key.setContentsMargins(0, 0, 0, 0)
        plots_and_key.setSpacing(2)
        side_by_side = QHBoxLayout()
        side_by_side.addWidget(self.ante_plot, 1)
        side_by_side.addWidget(self.score_plot, 1)
        plots_and_key.addLayout(side_by_side, 1)
        #: What the bars' colours stand for, once for both plots and outside them, so it hides no bar.
        self.key = QLabel()
        self.key.setObjectName("balanceKey")
        self.key.setTextFormat(Qt.TextFormat.RichText)
        self.key.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        plots_and_key.addWidget(self.key)
        self.views = QTabWidget()
        self.views.setObjectName("balanceViews")
        self.views.addTab(plots, "With and without")
        self.views.addTab(self.table, "Ranking")
        # The Stop line goes above the findings, where it has the panel's width for one line.
        right = QVBoxLayout()
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self.banner)
        right.addWidget(self.views, 1)
        layout = QHBoxLayout(self)
        layout.addWidget(controls)
        layout.addLayout(right, 1)

        self.start_button.clicked.connect(self.start)
        self.rank_button.clicked.connect(self.rank_all)
        self.cancel_button.clicked.connect(self.cancel)
        self.charm.currentIndexChanged.connect(self._charm_chosen)
        self.table.chosen.connect(self._chosen_in_table)

    def set_catalog(self, catalog: Catalog) -> None:
        """Follow the loaded content: its charms, decks and difficulties, keeping what was chosen."""
        self.catalog = catalog
        levels = sorted(catalog.difficulties.values(), key=lambda d: d.level)
        fill(self.charm, [(NO_CHARM, None), *entry_choices(catalog.charms)])
        fill(self.deck, entry_choices(catalog.decks, ids=False), "standard")
        hard = [(f"{d.level}: {d.name or d.id}", d.level) for d in levels]
        fill(self.difficulty, [("0 (none)", 0), *hard])
        self.table.ranking.names = {cid: c.name for cid, c in catalog.charms.items() if c.name}
        self.table.highlight(self.charm.currentData())
        if self.job is None and self.summary:
            self._tell(self.summary)  # an edit since the runs shown says so

    def choose_charm(self, charm_id: str) -> None:
        """Put ``charm_id`` in the charm box (the charm being edited), if the content has it."""
        index = self.charm.findData(charm_id)
        if index >= 0 and self.job is None:
            self.charm.setCurrentIndex(index)

    def _charm_chosen(self, _index: int) -> None:
        """Highlight the chosen charm in the ranking; findings of a finished ranking then say its place,
        not the one chosen before (which the highlight no longer marks)."""
        charm, ranking = self.charm.currentData(), self.ranking
        told = ranking is not None and self.summary == self._ranking_summary(
            ranking, self.table.ranking.chosen
        )
        self.table.highlight(charm)
        if told and ranking is not None and self.job is None:
            self._tell(self._ranking_summary(ranking, charm))

    def _ranking_summary(self, ranking: Ranking, charm: str | None) -> str:
        """What a finished ranking says, naming ``charm`` as the Charm box does."""
        return ranking_summary(ranking, charm, self.table.ranking.names.get(charm or "", ""))

    def _chosen_in_table(self, charm_id: str) -> None:
        """A double-clicked row of the ranking becomes the charm compared, and is asked to open (the
        window opens it in the editor, as a charm chosen in the tree)."""
        index = self.charm.findData(charm_id)
        if index >= 0:
            self.charm.setCurrentIndex(index)
        self.opened.emit(charm_id)

    def apply_theme(self) -> None:
        """Paint the plots in the current theme's colours (the table reads them as it paints)."""
        for plot in (self.ante_plot, self.score_plot):
            theme_plot(plot)

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch repaints the plots as a start in that theme would."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "score_plot"):
            self.apply_theme()

    def spec(self) -> SimulationSpec:
        """The simulation the controls describe."""
        charm = self.charm.currentData()
        return SimulationSpec(
            runs=self.runs.value(),
            seed=self.seed.value(),
            deck=str(self.deck.currentData() or "standard"),
            difficulty=int(self.difficulty.currentData()),
            charms=(charm,) if charm else (),
            packs=self.packs,
            no_base=self.no_base,
            trust=self.trust,
            edits=self.edits(),
            bot=self.bot.currentData(),
        )

    def start(self) -> None:
        """Compare with and without the chosen charm in the background (not while a job runs)."""
        if self.job is not None:
            return
        spec = self.spec()
        self.played, self.played_as = spec.edits, self._settings(spec)
        job = SimulationThread(spec, self.workers.value())
        charm = spec.charms[0] if spec.charms else None
        job.succeeded.connect(lambda result: self.show_comparison(result, charm))
        job.cancelled.connect(lambda: self._ended("Cancelled; the plots still show the last results."))
        self.views.setCurrentIndex(0)
        runs = f"{spec.runs:,} run{'s' if spec.runs != 1 else ''}"
        self._run(job, f"Simulating {runs}{' twice, paired' if spec.charms else ''}…")

    def rank_all(self) -> None:
        """Rank every charm of the content against the same baseline (not while a job runs)."""
        if self.job is not None:
            return
        charms = sorted(self.catalog.charms)
        if not charms:
            self.status.setText("The content has no charm to rank.")
            return
        spec = self.spec()
        self.played, self.played_as = spec.edits, self._settings(spec)
        job = RankingThread(spec, charms, self.workers.value())
        job.ranked.connect(self._ranked)
        job.succeeded.connect(self.show_ranking)
        job.cancelled.connect(lambda: self._ended("Cancelled; the table keeps the charms ranked so far."))
        self.ranking = None
        self.table.ranking.clear()
        self.views.setCurrentWidget(self.table)
        runs = counted(job.total, "run")
        self._run(job, f"Ranking {counted(len(charms), 'charm')}: {runs}, the baseline first…")

    def _run(self, job: BalanceJob, message: str) -> None:
        self.job = job
        job.progressed.connect(self._progressed)
        job.failed.connect(lambda error: self._ended(f"Simulation failed: {error}"))
        self.progress.setRange(0, job.total)
        self.progress.setValue(0)
        self.start_button.setEnabled(False)
        self.rank_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText(message)
        self._collector = MainThreadGC(self)
        job.start()
        self.banner.watch(job)

    def _job_over(self) -> None:
        """Wait for the job's thread to end, then let the job and the collection guard go."""
        if self.job is not None:
            self.job.wait()
            self.job = None
        if self._collector is not None:
            self._collector.stop()
            self._collector.deleteLater()
            self._collector = None

    def cancel(self) -> None:
        """Stop the running simulation: the processes playing its runs end at once, a charm's code that
        does not return with them."""
        if self.job is not None:
            self.job.stop.set()
            self.status.setText("Cancelling…")

    def closeEvent(self, event: QCloseEvent) -> None:
        """Stop a running simulation before the panel goes: a thread must not outlive its widget."""
        self.cancel()
        self._job_over()
        super().closeEvent(event)

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)

    def _ranked(self, entry: RankEntry) -> None:
        """One more charm's runs are all in: put it in its place, so far."""
        self.table.ranking.add(entry)
        charm = self.charm.currentData()
        if entry.charm == charm:
            self.table.highlight(charm)

    def show_ranking(self, ranking: Ranking) -> None:
        """Show the finished ranking, best first, with its flags; the chosen charm highlighted."""
        self.ranking = ranking
        self.table.ranking.set_ranking(ranking)
        charm = self.charm.currentData()
        self.table.highlight(charm)
        self._ended(self._ranking_summary(ranking, charm), results=True)

    def show_comparison(self, result: Comparison | Report, charm: str | None) -> None:
        """Show a simulation's result: the runs without and with ``charm`` paired (a comparison), or the
        baseline alone (a report)."""
        if isinstance(result, Comparison):
            self.show_reports(result.without, result.with_, charm, result.paired)
        else:
            self.show_reports(result, None)

    def show_reports(
        self,
        baseline: Report,
        with_charm: Report | None,
        charm: str | None = None,
        paired: Paired | None = None,
    ) -> None:
        """Plot the baseline and the charm's report (``charm``: the one chosen), and say what changed:
        first the run-by-run difference, when ``paired`` gives it."""
        charm = charm or self.charm.currentData()
        self.baseline, self.with_charm, self.paired = baseline, with_charm, paired
        reports = [("without", baseline, BASE_COLOUR)]
        if with_charm is not None:
            reports.append((f"with {charm}", with_charm, CHARM_COLOUR))
        self.key.setText(key_text([(n, c) for n, _r, c in reports]))
        self.ante_bars = bars(
            self.ante_plot, [(n, [100 * x for x in r.cleared_by_ante()], c) for n, r, c in reports], start=1
        )
        self.ante_plot.getAxis("bottom").setTicks([[(a, str(a)) for a in range(1, baseline.antes + 1)]])
        self.ante_plot.setYRange(0, 100)
        buckets = sorted({int(b) for _, r, _ in reports for b in r.score_buckets})
        self.score_buckets = list(range(buckets[0], buckets[-1] + 1)) if buckets else []
        self.score_bars = bars(
            self.score_plot, [(n, score_shares(r, self.score_buckets), c) for n, r, c in reports], start=0
        )
        self.score_plot.enableAutoRange()
        self.score_plot.getAxis("bottom").setTicks(score_ticks(self.score_buckets))
        if with_charm is not None and charm:
            name = self.table.ranking.names.get(charm, "")
            self._ended(comparison_summary(baseline, with_charm, charm, paired, name), results=True)
        else:
            self._ended(baseline_summary(baseline), results=True)

    def _ended(self, message: str, results: bool = False) -> None:
        """The job is over: ``message`` says how (``results``: it is what new results say)."""
        self._job_over()
        self.start_button.setEnabled(True)
        self.rank_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        if results:
            self._tell(message)
        else:
            self.status.setText(message)
        self.finished.emit()

    def _tell(self, summary: str) -> None:
        """Say what the results shown say and what they were played with, first noting an edit made since
        they were played: they are not the content on screen, and a designer tuning a charm must not read
        them as the edit's."""
        self.summary = summary
        told = f"{summary}\n\n{self.played_as}"
        self.status.setText(f"{STALE}\n\n{told}" if self.edits() != self.played else told)

    def _settings(self, spec: SimulationSpec) -> str:
        """The deck, difficulty, bot and seed a job plays, as the boxes show them."""
        return (
            f"Played with {self.deck.currentText()}, difficulty {self.difficulty.currentText()},"
            f" the {spec.bot} bot, seed {spec.seed:,}."
        )


def _labelled(grid: QGridLayout, row: int, column: int, text: str, field: QWidget, span: int = 1) -> None:
    """Put a setting and its label (its buddy, so Alt and a screen reader find it) in the grid."""
    label = QLabel(text)
    label.setBuddy(field)
    grid.addWidget(label, row, column)
    grid.addWidget(field, row, column + 1, 1, span)


def _spin(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setGroupSeparatorShown(True)
    return box
