"""The Balance panel's background work: a paired comparison, or a ranking of charms.

Each job calls the simulation service (:func:`studio.services.simulating.simulate`,
as ``studio simulate`` does) in its own ``QThread`` with a cancel flag the
simulation polls, and reports through signals, which Qt delivers on the GUI
thread: progress, a ranking's entries as each charm's runs are all in, then
the result, a failure or a cancel.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtCore import QThread, Signal

from studio.engine import hook_runs
from studio.services.errors import ServiceError
from studio.services.simulating import simulate
from studio.simulation.local import Cancelled
from studio.simulation.spec import SimulationSpec


class BalanceJob(QThread):
    """A simulation in the background: ``progressed`` (runs done, runs in all), then one of
    ``succeeded`` (the result), ``failed`` (a message) or ``cancelled``."""

    progressed = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, spec: SimulationSpec, workers: int) -> None:
        super().__init__()
        self.spec, self.workers = spec, workers
        self.stop = threading.Event()
        #: The job's thread while it runs (0: not started), whose charm hooks can be named and stopped.
        self.ident = 0

    @property
    def total(self) -> int:
        """Runs the job plays in all."""
        return self.spec.runs

    def work(self) -> object:
        """Play the runs (in the job's thread) and return the result."""
        raise NotImplementedError

    def tick(self, done: int, total: int, _what: str) -> None:
        """Report progress as runs done of runs in all."""
        self.progressed.emit(done, total)

    def hook(self) -> hook_runs.Running | None:
        """The charm's hook the job runs now in this process (None: none, or its runs play in workers)."""
        return hook_runs.running(self.ident) if self.isRunning() else None

    def stop_hook(self) -> hook_runs.Running | None:
        """Stop that hook (the simulation then fails naming its charm); return it (None: none)."""
        return hook_runs.stop(self.ident) if self.isRunning() else None

    def run(self) -> None:
        self.ident = threading.get_ident()
        try:
            # Runs played in this process (one worker) name a charm's code that does not return in the
            # panel's Stop line; if nobody stops it, it is stopped here and the simulation fails naming it.
            with hook_runs.time_limit(hook_runs.UNWATCHED_S):
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

    @property
    def total(self) -> int:
        return self.spec.runs * (2 if self.spec.charms else 1)

    def work(self) -> object:
        if not self.spec.charms:
            return simulate(self.spec, workers=self.workers, progress=self.tick, cancel=self.stop)

        def progress(pairs: int, _runs: int, _what: str) -> None:  # each pair is two runs played
            self.progressed.emit(2 * pairs, self.total)

        return simulate(self.spec, workers=self.workers, paired=True, progress=progress, cancel=self.stop)


class RankingThread(BalanceJob):
    """Every one of ``charms`` against the same baseline; ``ranked`` hears each
    :class:`~studio.simulation.paired.RankEntry` as soon as its runs are in, and
    ``succeeded`` the :class:`~studio.simulation.paired.Ranking`."""

    ranked = Signal(object)

    def __init__(self, spec: SimulationSpec, charms: Sequence[str], workers: int) -> None:
        super().__init__(replace(spec, charms=()), workers)  # the chosen charm is only highlighted
        self.charms = tuple(charms)

    @property
    def total(self) -> int:
        return self.spec.runs * (1 + len(self.charms))

    def work(self) -> object:
        return simulate(
            self.spec,
            workers=self.workers,
            ranking=self.charms,
            progress=self.tick,
            cancel=self.stop,
            ranked=self.ranked.emit,
        )
