"""The Balance panel: simulate runs with and without a charm and plot both side by side.

Two simulations of the same seeds (so the only difference is the charm) run in
a background thread, with progress and cancel; two plots show the share of
runs that clear each ante and the distribution of hand totals, the baseline and
the charm's runs as neighbouring bars.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence

import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt, QThread, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from studio.app import palette
from studio.engine.catalog import Catalog
from studio.simulation.local import Cancelled, simulate
from studio.simulation.report import Report, antes_difference, bucket_range
from studio.simulation.spec import Edits, SimulationSpec

#: Colours of the baseline and of the runs with the charm.
BASE_COLOUR, CHARM_COLOUR = "#8a94a6", "#e0823d"
NO_CHARM = "(none)"
#: The widest the column of controls and findings gets: the plots take the rest.
CONTROLS_WIDTH = 380


class SimulationThread(QThread):
    """Plays the baseline, then (if a charm is chosen) the same runs with it; emits the reports."""

    progressed = Signal(int, int)
    succeeded = Signal(object, object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, spec: SimulationSpec, workers: int) -> None:
        super().__init__()
        self.spec, self.workers = spec, workers
        self.stop = threading.Event()

    def run(self) -> None:
        specs = [self.spec.without_charms()] + ([self.spec] if self.spec.charms else [])
        total = self.spec.runs * len(specs)
        reports: list[Report] = []

        def progress(done: int, _runs: int) -> None:
            self.progressed.emit(len(reports) * self.spec.runs + done, total)

        try:
            for spec in specs:
                reports.append(simulate(spec, self.workers, progress, self.stop))
        except Cancelled:
            self.cancelled.emit()
        except Exception as exc:  # content or a plugin may raise anything: show it, never crash
            self.failed.emit(f"{type(exc).__name__}: {exc}")
        else:
            self.succeeded.emit(reports[0], reports[1] if len(reports) > 1 else None)


class BalancePanel(QWidget):
    """Choose a charm, deck, difficulty and number of runs; see what the charm changes.

    ``edits`` gives the unsaved edits at the moment a simulation starts, so the
    worker processes, which read the packs from disk, play the content on screen;
    ``trust`` lets the named packs' code run there as it runs in the editor.
    """

    finished = Signal()

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
        self.job: SimulationThread | None = None
        self.setWindowTitle("Balance")

        self.charm = QComboBox()
        self.deck = QComboBox()
        self.difficulty = QComboBox()  # level N applies every level up to N
        self.set_catalog(catalog)
        self.deck.setCurrentIndex(max(0, self.deck.findData("standard")))
        self.runs = _spin(1, 1_000_000, 200)
        self.seed = _spin(0, 2_000_000_000, 1)
        self.workers = _spin(1, 64, _cores())
        self.start_button = QPushButton("Simulate")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setFormat("%v / %m runs")
        self.status = QLabel("Choose a charm and simulate: the same runs are played with and without it.")
        self.status.setWordWrap(True)
        self.status.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

        form = QFormLayout()
        form.addRow("Charm", self.charm)
        form.addRow("Deck", self.deck)
        form.addRow("Difficulty", self.difficulty)
        form.addRow("Runs", self.runs)
        form.addRow("Seed", self.seed)
        form.addRow("Worker processes", self.workers)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.cancel_button)
        form.addRow(buttons)
        form.addRow(self.progress)

        pg.setConfigOptions(antialias=True)
        self.ante_plot = pg.PlotWidget(title="Runs that clear each ante")
        self.ante_plot.setLabel("bottom", "ante")
        self.ante_plot.setLabel("left", "share of runs (%)")
        self.score_plot = pg.PlotWidget(title="Hand totals")
        self.score_plot.setLabel("bottom", "total at least (powers of 2)")
        self.score_plot.setLabel("left", "hands (%)")
        # Clearing falls with the ante and totals peak to the right: each legend goes where bars are low.
        for plot, corner in ((self.ante_plot, (-10, 10)), (self.score_plot, (10, 10))):
            plot.addLegend(offset=corner)
            plot.showGrid(y=True, alpha=0.3)
            plot.setMouseEnabled(x=False, y=False)
        self.apply_theme()
        antes = len(catalog.run.requirements) if catalog.run else 8
        self.ante_plot.getAxis("bottom").setTicks([[(a, str(a)) for a in range(1, antes + 1)]])
        self.ante_plot.setXRange(0.5, antes + 0.5)
        self.ante_plot.setYRange(0, 100)
        self.score_plot.setYRange(0, 100)
        # Controls in a column at the left, the plots beside them: the panel docks wide and low.
        controls = QWidget()
        controls.setMaximumWidth(CONTROLS_WIDTH)
        column = QVBoxLayout(controls)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(form)
        column.addWidget(self.status)
        column.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addWidget(controls)
        layout.addWidget(self.ante_plot, 1)
        layout.addWidget(self.score_plot, 1)

        self.start_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)

    def set_catalog(self, catalog: Catalog) -> None:
        """Follow the loaded content: its charms, decks and difficulties, keeping what was chosen."""
        self.catalog = catalog
        charms = [(f"{c.name} ({cid})" if c.name else cid, cid) for cid, c in sorted(catalog.charms.items())]
        decks = [(did, did) for did in sorted(catalog.decks)]
        levels = sorted(catalog.difficulties.values(), key=lambda d: d.level)
        _fill(self.charm, [(NO_CHARM, None), *charms])
        _fill(self.deck, decks)
        named = [(f"{d.level}: {d.name or d.id}", d.level) for d in levels]
        _fill(self.difficulty, [("0 (none)", 0), *named])

    def choose_charm(self, charm_id: str) -> None:
        """Put ``charm_id`` in the charm box (the charm being edited), if the content has it."""
        index = self.charm.findData(charm_id)
        if index >= 0 and self.job is None:
            self.charm.setCurrentIndex(index)

    def apply_theme(self) -> None:
        """Paint the plots in the current theme's colours (a white plot glares in the dark theme)."""
        theme = palette.current()
        for plot in (self.ante_plot, self.score_plot):
            plot.setBackground(theme.base)
            item = plot.getPlotItem()
            item.setTitle(item.titleLabel.text, color=theme.text)
            if item.legend is not None:
                item.legend.setLabelTextColor(theme.text)
                for _sample, label in item.legend.items:  # the colour is kept, but the text is drawn anew
                    label.setText(label.text)
            for side in ("left", "bottom"):
                axis = item.getAxis(side)
                axis.setPen(theme.muted)
                axis.setTextPen(theme.text)

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
        )

    def start(self) -> None:
        """Start simulating in the background (does nothing while a simulation runs)."""
        if self.job is not None:
            return
        spec = self.spec()
        self.job = SimulationThread(spec, self.workers.value())
        self.job.progressed.connect(self._progressed)
        self.job.succeeded.connect(self.show_reports)
        self.job.failed.connect(lambda message: self._ended(f"Simulation failed: {message}"))
        self.job.cancelled.connect(lambda: self._ended("Cancelled; the plots still show the last results."))
        self.progress.setRange(0, spec.runs * (2 if spec.charms else 1))
        self.progress.setValue(0)
        self.start_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText(f"Simulating {spec.runs:,} runs{' twice' if spec.charms else ''}…")
        self.job.start()

    def cancel(self) -> None:
        """Ask the running simulation to stop; it stops after the runs in progress."""
        if self.job is not None:
            self.job.stop.set()
            self.status.setText("Cancelling…")

    def closeEvent(self, event: QCloseEvent) -> None:
        """Stop a running simulation before the panel goes: a thread must not outlive its widget."""
        if self.job is not None:
            self.job.stop.set()
            self.job.wait()
        super().closeEvent(event)

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)

    def show_reports(self, baseline: Report, with_charm: Report | None) -> None:
        """Plot the baseline and the charm's report, and say what changed."""
        self.baseline, self.with_charm = baseline, with_charm
        charm = self.charm.currentData()
        reports = [("without", baseline, BASE_COLOUR)]
        if with_charm is not None:
            reports.append((f"with {charm}", with_charm, CHARM_COLOUR))
        self.ante_bars = _bars(
            self.ante_plot, [(n, [100 * x for x in r.cleared_by_ante()], c) for n, r, c in reports], start=1
        )
        self.ante_plot.getAxis("bottom").setTicks([[(a, str(a)) for a in range(1, baseline.antes + 1)]])
        self.ante_plot.setYRange(0, 100)
        buckets = sorted({int(b) for _, r, _ in reports for b in r.score_buckets})
        self.score_buckets = list(range(buckets[0], buckets[-1] + 1)) if buckets else []
        self.score_bars = _bars(
            self.score_plot, [(n, _score_shares(r, self.score_buckets), c) for n, r, c in reports], start=0
        )
        self.score_plot.enableAutoRange()
        # Every other bucket is a minor tick, labelled only where its text does not run into another.
        ticks = [(i, _short(bucket_range(b)[0])) for i, b in enumerate(self.score_buckets)]
        self.score_plot.getAxis("bottom").setTicks([ticks[::2], ticks[1::2]])
        self._ended(_summary(baseline, with_charm, charm))

    def _ended(self, message: str) -> None:
        if self.job is not None:
            self.job.wait()
            self.job = None
        self.start_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.status.setText(message)
        self.finished.emit()


def _cores() -> int:
    """Cores this process may use: the default number of worker processes."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _fill(box: QComboBox, items: Sequence[tuple[str, object]]) -> None:
    """Give a combo box these (text, data) items, keeping the chosen data when it is still there."""
    if [(box.itemText(i), box.itemData(i)) for i in range(box.count())] == list(items):
        return
    chosen = box.currentData()
    box.blockSignals(True)
    box.clear()
    for text, data in items:
        box.addItem(text, data)
    box.setCurrentIndex(max(0, box.findData(chosen)) if chosen is not None else 0)
    box.blockSignals(False)


def _spin(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setGroupSeparatorShown(True)
    return box


def _score_shares(report: Report, buckets: Sequence[int]) -> list[float]:
    """Share of the report's finite hands in each bucket, in percent."""
    finite = report.hands - report.infinite_hands
    return [100 * report.score_buckets.get(str(b), 0) / finite if finite else 0.0 for b in buckets]


def _bars(
    plot: pg.PlotWidget, series: Sequence[tuple[str, list[float], str]], start: int
) -> list[pg.BarGraphItem]:
    """Replace the plot's bars with one group per x, one bar per series, side by side."""
    plot.clear()
    width = 0.8 / max(1, len(series))
    items = []
    for k, (name, heights, colour) in enumerate(series):
        xs = [start + i - 0.4 + width * (k + 0.5) for i in range(len(heights))]
        item = pg.BarGraphItem(
            x=xs, height=heights, width=width * 0.95, brush=colour, pen=pg.mkPen(None), name=name
        )
        plot.addItem(item)
        items.append(item)
    return items


def _short(n: int) -> str:
    """A total as a short tick label: 512, 8k, 1M."""
    for size, unit in ((1 << 30, "G"), (1 << 20, "M"), (1 << 10, "k")):
        if n >= size:
            return f"{n // size}{unit}"
    return str(n)


def _summary(baseline: Report, with_charm: Report | None, charm: str | None) -> str:
    """What the two simulations say, in a few lines."""

    def line(label: str, r: Report) -> str:
        return (
            f"{label}: won {r.win_rate:.1%} of {r.runs:,} runs, {r.mean_antes_cleared:.2f} ± "
            f"{r.antes_cleared_margin:.2f} antes cleared on average, mean hand {r.mean_score:,.0f}."
        )

    lines = [line("Without a charm", baseline)]
    if with_charm is not None and charm:
        lines.append(line(f"With {charm}", with_charm))
        difference, margin = antes_difference(baseline, with_charm)
        verdict = (
            "more than the seeds' luck"
            if abs(difference) > margin
            else "within the seeds' luck: play more runs to tell"
        )
        lines.append(f"{charm}: {difference:+.2f} antes cleared (± {margin:.2f} at 95%), {verdict}.")
        tally = with_charm.charms.get(charm)
        if tally is not None and tally.hands:
            lines.append(f"{charm} added {tally.per_hand:,.0f} Points x Mult per hand on average.")
    return "\n\n".join(lines)
