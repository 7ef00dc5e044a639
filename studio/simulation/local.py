"""Play a simulation on this machine: in this process, or spread over worker processes.

Runs go out in chunks of consecutive indices; each chunk comes back as a
:class:`Report` and the reports are added as they arrive. Since a run's seed
depends only on its index and adding reports is exact, the number of workers
changes how fast, never what.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable
from typing import Protocol

from studio.simulation.play import play_chunk
from studio.simulation.report import Report
from studio.simulation.spec import SimulationSpec, chunks

#: Called with (runs done, runs in all) as chunks finish.
Progress = Callable[[int, int], None]
#: How often a waiting simulation looks at its cancel flag, in seconds.
_POLL = 0.1


class CancelFlag(Protocol):
    """Anything with ``is_set()``, such as :class:`threading.Event`."""

    def is_set(self) -> bool: ...


class Cancelled(Exception):
    """The simulation was cancelled before it finished."""


def chunk_size(runs: int, workers: int) -> int:
    """Runs per chunk: about eight chunks per worker, at most 25 runs (a second or so) so cancel is quick."""
    return max(1, min(25, runs // (workers * 8)))


def simulate(
    spec: SimulationSpec,
    workers: int = 1,
    progress: Progress | None = None,
    cancel: CancelFlag | None = None,
) -> Report:
    """Play every run of ``spec`` with ``workers`` processes (1: in this process) and add them up.

    Raises :class:`Cancelled` when ``cancel`` is set before the end; a run that fails raises
    :class:`~studio.simulation.play.RunFailed` naming its index and seed.
    """
    if workers < 1:
        raise ValueError(f"--workers needs 1 or more, not {workers}")
    if workers == 1:
        return _in_process(spec, progress, cancel)
    total = Report()
    parts = [(spec, part.start, part.stop) for part in chunks(spec.runs, chunk_size(spec.runs, workers))]
    # 'spawn': a fresh interpreter per worker, safe even when the caller runs threads (the app).
    # Leaving the block terminates the workers, so a cancel or an error stops them at once.
    with multiprocessing.get_context("spawn").Pool(
        workers, initializer=_leave_interrupts_to_the_caller
    ) as pool:
        results = pool.imap_unordered(_play_part, parts)
        while total.runs < spec.runs:
            if cancel is not None and cancel.is_set():
                raise Cancelled(f"cancelled after {total.runs} of {spec.runs} runs")
            try:
                total = total + results.next(timeout=_POLL)
            except multiprocessing.TimeoutError:
                continue
            if progress is not None:
                progress(total.runs, spec.runs)
    return total


def _leave_interrupts_to_the_caller() -> None:
    """Workers ignore Ctrl-C: the caller stops them all (one message, not one traceback per worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_part(part: tuple[SimulationSpec, int, int]) -> Report:
    return play_chunk(*part)


def _in_process(spec: SimulationSpec, progress: Progress | None, cancel: CancelFlag | None) -> Report:
    total = Report()
    for part in chunks(spec.runs, chunk_size(spec.runs, 1)):
        if cancel is not None and cancel.is_set():
            raise Cancelled(f"cancelled after {total.runs} of {spec.runs} runs")
        total = total + play_chunk(spec, part.start, part.stop)
        if progress is not None:
            progress(total.runs, spec.runs)
    return total
