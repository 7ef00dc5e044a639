"""Worker processes that cannot hang a simulation: a worker that dies or a chunk that never ends is an error.

Tasks run in a ``spawn`` :class:`~concurrent.futures.ProcessPoolExecutor`.
Each worker writes to memory shared with the caller its pid, the task it is
playing and when it started. A worker that dies (a pack's code calling
``os._exit``, a crash, the kernel's OOM killer) breaks the pool: the chunks
then in progress are named. A chunk still running after its time limit
(:func:`seconds_per_run` for each of its runs, and one run's worth more for
the worker's first load of the content) is taken as stuck. Either way every
worker is killed and :class:`~studio.simulation.play.RunFailed` says which
runs, with their seeds, so they can be replayed with ``studio run``.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from studio.content.io.limits import RUN_TIMEOUT_SECONDS, seconds_from_env
from studio.simulation.play import RunFailed
from studio.simulation.spec import SimulationSpec, runs_named

#: A unit of work a worker process (or a Dask worker) runs: a module-level function and its arguments.
Task = tuple[Callable[..., Any], tuple[Any, ...]]
#: Shared numbers per worker: its pid, the index of the task it plays (-1: none), when it started it.
_FIELDS = 3
#: In a worker process: the shared numbers and this worker's place in them.
_shared: Any = None
_place = -1


class CancelFlag(Protocol):
    """Anything with ``is_set()``, such as :class:`threading.Event`."""

    def is_set(self) -> bool: ...


class Cancelled(Exception):
    """The simulation was cancelled before it finished."""


def seconds_per_run() -> float:
    """Seconds a worker may spend per run of a chunk (``STUDIO_RUN_TIMEOUT``, else the default)."""
    return seconds_from_env("STUDIO_RUN_TIMEOUT", RUN_TIMEOUT_SECONDS)


def task_runs(task: Task) -> tuple[SimulationSpec, int, int] | None:
    """The spec and run indices a chunk task plays (its arguments start ``spec, start, stop``), or None."""
    args = task[1]
    if len(args) >= 3 and isinstance(args[0], SimulationSpec):
        start, stop = args[1], args[2]
        if isinstance(start, int) and isinstance(stop, int):
            return args[0], start, stop
    return None


def task_named(task: Task) -> str:
    """Name the runs of a task, with their seeds."""
    runs = task_runs(task)
    return runs_named(*runs) if runs is not None else f"the task {getattr(task[0], '__name__', '?')}"


def run_in_workers(
    tasks: Sequence[Task],
    workers: int,
    done: Callable[[int, Any], None],
    cancel: CancelFlag | None = None,
    poll: float = 0.1,
) -> None:
    """Run ``tasks`` in ``workers`` processes, handing each result to ``done`` with its index as it arrives.

    Raises :class:`Cancelled` when ``cancel`` is set, and ``RunFailed`` when a worker dies or a chunk
    outlives its time limit. On leaving, early or not, no worker is left running.
    """
    limit = seconds_per_run()
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: safe when the caller runs threads
    shared = context.Array("d", [-1.0] * (workers * _FIELDS), lock=False)
    pool = ProcessPoolExecutor(
        workers, mp_context=context, initializer=_start_worker, initargs=(shared, context.Value("i", 0))
    )
    finished_cleanly = False
    try:
        pending: dict[Future[Any], int] = {
            pool.submit(_run_task, i, function, args): i for i, (function, args) in enumerate(tasks)
        }
        while pending:
            if cancel is not None and cancel.is_set():
                raise Cancelled(f"cancelled after {len(tasks) - len(pending)} of {len(tasks)} parts")
            ready, _ = wait(pending, timeout=poll, return_when=FIRST_COMPLETED)
            for future in ready:
                index = pending.pop(future)
                try:
                    result = future.result()
                except BrokenProcessPool:
                    raise RunFailed(_died(tasks, shared)) from None
                done(index, result)
            _check_stuck(tasks, shared, limit)
        finished_cleanly = True
    finally:
        _stop(pool, kill=not finished_cleanly)


def _start_worker(shared: Any, places: Any) -> None:
    """In a new worker: take a place in the shared numbers, and leave Ctrl-C to the caller (which stops
    every worker with one message, not one traceback per worker)."""
    global _shared, _place
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with places.get_lock():
        _place, places.value = places.value, places.value + 1
    _shared = shared
    shared[_place * _FIELDS] = os.getpid()


def _run_task(index: int, function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """Run one task in a worker, its index and start time in the shared numbers while it runs."""
    at = _place * _FIELDS
    _shared[at + 2] = time.monotonic()  # the start first: the caller never pairs this task with an old start
    _shared[at + 1] = index
    try:
        return function(*args)
    finally:
        _shared[at + 1] = -1


def _in_progress(shared: Any) -> list[tuple[int, float]]:
    """(task index, seconds since it started) of each task a worker is playing now."""
    now = time.monotonic()
    found = []
    for at in range(0, len(shared), _FIELDS):
        index = int(shared[at + 1])
        if index >= 0:
            found.append((index, now - shared[at + 2]))
    return found


def _died(tasks: Sequence[Task], shared: Any) -> str:
    """The message for a worker that died: the chunks in progress at that moment, one of which killed it."""
    playing = sorted({index for index, _ in _in_progress(shared)})
    if not playing and all(shared[at] < 0 for at in range(0, len(shared), _FIELDS)):
        return (
            "no worker process got as far as starting (its error is printed above). Each worker imports"
            " the main program again, so a script that plays runs in workers must start them under"
            ' `if __name__ == "__main__":` and be a file, not standard input'
        )
    if not playing:
        return "a worker process died before it started a task"
    named = "; ".join(task_named(tasks[i]) for i in playing[:4]) + (" and more" if len(playing) > 4 else "")
    which = "while playing" if len(playing) == 1 else "while playing one of"
    return f"a worker process died (a pack's code may have ended it) {which}: {named}"


def _check_stuck(tasks: Sequence[Task], shared: Any, per_run: float) -> None:
    """Raise RunFailed for a task that has run longer than its runs may take."""
    for index, seconds in _in_progress(shared):
        runs = task_runs(tasks[index])
        allowed = per_run * ((runs[2] - runs[1] if runs else 1) + 1)
        if seconds > allowed:
            raise RunFailed(
                f"{task_named(tasks[index])} did not finish in {allowed:g} s"
                f" ({per_run:g} s per run, STUDIO_RUN_TIMEOUT): a pack's code may be stuck"
            )


def _stop(pool: ProcessPoolExecutor, kill: bool) -> None:
    """Shut the pool down and wait for it; after a failure or a cancel, first kill every worker (a stuck
    one never ends, and a pool with a killed worker ends at once). Workers still starting are killed
    too: left alone, each would take a queued chunk and play it out before the pool could end (a
    cancel just after a start waited seconds for runs nobody wanted).

    Only the first ``shutdown`` waits: it lets go of the pool's manager thread, so a later one could
    not, and the thread left running met the interpreter's exit ("Bad file descriptor")."""
    if kill:
        for process in list((pool._processes or {}).values()):  # the pool's own handles (3.14: kill_workers)
            with contextlib.suppress(OSError, ValueError):  # already gone, or closed
                process.kill()
    pool.shutdown(wait=True, cancel_futures=True)
