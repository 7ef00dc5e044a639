"""The Balance panel's background work: a paired comparison, or a ranking of charms.

Each job calls the simulation service (:func:`studio.services.simulating.simulate`,
as ``studio simulate`` does) from its own ``QThread`` with a cancel flag, and
reports through signals, which Qt delivers on the GUI thread: progress, a
ranking's entries as each charm's runs are all in, then the result, a failure
or a cancel. The runs never play in the editor's process, where loading their
content would change the editor's kinds of rule: more than one worker play
them in that many worker processes, one worker in a process of its own
(:mod:`studio.app.balance_process`) that names the charm's hook it runs.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtCore import QThread, Signal

from studio.app.balance_process import Order, Played
from studio.engine import hook_runs
from studio.services.errors import ServiceError
from studio.services.simulating import simulate
from studio.simulation.local import Cancelled
from studio.simulation.spec import SimulationSpec


class BalanceJob(QThread):
    """A simulation in the background: ``progressed`` (runs done, runs in all), a ranking's entries on
    ``ranked``, then one of ``succeeded`` (the result), ``failed`` (a message) or ``cancelled``."""

    progressed = Signal(int, int)
    ranked = Signal(object)
    succeeded = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(
        self, spec: SimulationSpec, workers: int, paired: bool = False, ranking: Sequence[str] | None = None
    ) -> None:
        super().__init__()
        self.spec, self.workers = spec, workers
        self.paired, self.ranking = paired, None if ranking is None else tuple(ranking)
        self.stop = threading.Event()
        order = Order(spec, hook_runs.UNWATCHED_S, paired, self.ranking)  # the editor's hook limit, now
        #: With one worker, the process that plays the runs (None: worker processes play them).
        self.played = Played(order) if workers == 1 else None

    @property
    def total(self) -> int:
        """Runs the job plays in all."""
        return self.spec.runs

    def tick(self, done: int, total: int, _what: str) -> None:
        """Report progress as runs done of runs in all."""
        self.progressed.emit(done, total)

    def hook(self) -> hook_runs.Running | None:
        """The charm's hook one worker's process runs now (None: none, or more workers play the runs)."""
        return self.played.hook if self.played is not None and self.isRunning() else None

    def stop_hook(self) -> hook_runs.Running | None:
        """Stop that hook (the simulation then fails naming its charm); return it (None: none)."""
        return self.played.stop_hook() if self.played is not None and self.isRunning() else None

    def work(self) -> object:
        """Play the runs (from the job's thread) and return the result."""
        if self.played is not None:
            return self.played.play(self.tick, self.ranked.emit, self.stop)
        return simulate(
            self.spec,
            workers=self.workers,
            paired=self.paired,
            ranking=self.ranking,
            progress=self.tick,
            cancel=self.stop,
            ranked=self.ranked.emit,
        )

    def run(self) -> None:
        try:
            result = self.work()
        except Cancelled:
            self.cancelled.emit()
        except ServiceError as exc:  # content that does not load, a pack's code failing in a run
            self.failed.emit(str(exc))
        except Exception as exc:  # content or a plugin may raise anything: show it, never crash
            self.failed.emit(f"{type(exc).__name__}: {exc}")
        else:
            self.succeeded.emit(result)


class SimulationThread(BalanceJob):
    """With a charm chosen, the same runs with and without it, paired run by run (a
    :class:`~studio.simulation.paired.Comparison`); without one, the baseline's
    :class:`~studio.simulation.report.Report` alone."""

    def __init__(self, spec: SimulationSpec, workers: int) -> None:
        super().__init__(spec, workers, paired=bool(spec.charms))

    @property
    def total(self) -> int:
        return self.spec.runs * (2 if self.paired else 1)

    def tick(self, done: int, total: int, what: str) -> None:
        if self.paired:  # the service counts pairs: each is two runs played
            self.progressed.emit(2 * done, self.total)
        else:
            super().tick(done, total, what)


class RankingThread(BalanceJob):
    """Every one of ``charms`` against the same baseline; ``ranked`` hears each
    :class:`~studio.simulation.paired.RankEntry` as soon as its runs are in, and
    ``succeeded`` the :class:`~studio.simulation.paired.Ranking`."""

    def __init__(self, spec: SimulationSpec, charms: Sequence[str], workers: int) -> None:
        super().__init__(replace(spec, charms=()), workers, ranking=charms)  # the chosen charm: highlighted

    @property
    def total(self) -> int:
        return self.spec.runs * (1 + len(self.ranking or ()))
