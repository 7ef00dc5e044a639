"""Play a simulation on this machine: in this process, or spread over worker processes.

Runs go out in chunks of consecutive indices; each chunk comes back as a
:class:`Report` and the reports are added as they arrive. Since a run's seed
depends only on its index and adding reports is exact, the number of workers
changes how fast, never what. :func:`run_tasks` runs any list of such parts
(paired comparisons and rankings use it too).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

from studio.content.io.limits import MAX_WORKERS
from studio.simulation.play import play_chunk
from studio.simulation.report import Report
from studio.simulation.spec import SimulationSpec, chunks
from studio.simulation.workers import CancelFlag as CancelFlag  # the app and the cluster name them here
from studio.simulation.workers import Cancelled as Cancelled
from studio.simulation.workers import Task as Task
from studio.simulation.workers import run_in_workers

#: Called with (runs done, runs in all) as chunks finish.
Progress = Callable[[int, int], None]


def cores() -> int:
    """The cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def most_workers() -> int:
    """The most worker processes a simulation asks for here: 4 per core, at most ``MAX_WORKERS`` (each
    process loads the content and takes its memory). ``studio simulate --workers`` and the Balance panel
    both stop there."""
    return max(1, min(4 * cores(), MAX_WORKERS))


def chunk_size(runs: int, workers: int) -> int:
    """Runs per chunk: about eight chunks per worker, at most 25 runs (a second or so) so cancel is quick."""
    return max(1, min(25, runs // (workers * 8)))


#: Runs a list of tasks somewhere (this machine's processes, a cluster): given a maker of the tasks for
#: a number of workers, and where each result goes.
Runner = Callable[[Callable[[int], Sequence[Task]], Callable[[int, Any], None]], None]


def local_runner(workers: int = 1, cancel: CancelFlag | None = None) -> Runner:
    """Tasks run by ``workers`` processes of this machine (1: in this process)."""
    return lambda tasks_for, done: run_tasks(tasks_for(workers), workers, done, cancel)


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
    return simulate_with(spec, local_runner(workers, cancel), progress)


def simulate_with(spec: SimulationSpec, run: Runner, progress: Progress | None = None) -> Report:
    """Play every run of ``spec`` where ``run`` runs tasks, adding the chunks' reports as they arrive."""
    totals = [Report()]

    def add(_index: int, report: Report) -> None:
        totals[0] = totals[0] + report
        if progress is not None:
            progress(totals[0].runs, spec.runs)

    run(lambda workers: chunk_tasks(play_chunk, spec, workers), add)
    return totals[0]


def chunk_tasks(play: Callable[..., Any], spec: SimulationSpec, workers: int, *extra: Any) -> list[Task]:
    """``play(spec, start, stop, *extra)`` for each chunk of ``spec``'s runs."""
    return [
        (play, (spec, part.start, part.stop, *extra))
        for part in chunks(spec.runs, chunk_size(spec.runs, workers))
    ]


def run_tasks(
    tasks: Sequence[Task], workers: int, done: Callable[[int, Any], None], cancel: CancelFlag | None = None
) -> None:
    """Run ``tasks`` with ``workers`` processes (1: here, in order) and hand each result to ``done`` with
    its task's index as it arrives; raise :class:`Cancelled` when ``cancel`` is set first.

    With more than one process, a worker that dies or a chunk that never ends raises
    :class:`~studio.simulation.play.RunFailed` naming its runs (see :mod:`studio.simulation.workers`).
    """
    if workers < 1:
        raise ValueError(f"--workers needs 1 or more, not {workers}")
    if workers == 1:
        for index, (function, args) in enumerate(tasks):
            if cancel is not None and cancel.is_set():
                raise Cancelled(f"cancelled after {index} of {len(tasks)} parts")
            done(index, function(*args))
        return
    run_in_workers(tasks, workers, done, cancel)
