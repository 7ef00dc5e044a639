"""Long work off the GUI thread: a cancellable job with progress, reported by Qt signals.

A :class:`Job` runs one function in a ``QThread``; the function receives a
``progress(done, total)`` callback and a ``cancelled()`` question. Results and
errors come back as signals on the GUI thread, so the window never freezes and
an exception (a plugin's, a bad file's) becomes a message, never a crash. A
charm's code that does not return cannot see the question: cancelling also
stops the hook the job's thread is running (:mod:`studio.engine.hook_runs`).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QEventLoop, QObject, QThread, QTimer, Signal

from studio.engine import hook_runs

#: Threads still running. A QThread destroyed while it runs aborts the process, so each is kept
#: here until its job has seen it end, even if the job itself is deleted first.
_LIVE: set[QThread] = set()


def wait_all(ms: int = 10_000) -> None:
    """Wait for every worker thread still running (before the window closes)."""
    for runner in list(_LIVE):
        runner.wait(ms)


Work = Callable[[Callable[[int, int], None], Callable[[], bool]], Any]
T = TypeVar("T")


class _Runner(QThread):
    progressed = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(str)

    def __init__(self, work: Work, stop: threading.Event) -> None:
        super().__init__()
        self._work = work
        self._stop = stop
        #: The thread's identifier while it runs (0: not started).
        self.ident = 0

    def run(self) -> None:
        self.ident = threading.get_ident()
        try:
            result = self._work(self.progressed.emit, self._stop.is_set)
        except Exception as exc:  # a plugin or a file may raise anything: report it, never crash
            self.failed.emit(f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__)
        else:
            self.succeeded.emit(result)


class Job(QObject):
    """One cancellable piece of work; emits ``progress``, then ``done`` or ``failed`` or ``cancelled``."""

    progress = Signal(int, int)
    done = Signal(object)
    failed = Signal(str)
    cancelled = Signal()
    finished = Signal()

    def __init__(self, work: Work, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._stop = threading.Event()
        self._runner = _Runner(work, self._stop)
        self._runner.progressed.connect(self.progress)
        self._runner.succeeded.connect(self._succeeded)
        self._runner.failed.connect(self._failed)
        self._runner.finished.connect(self._ended)

    def start(self) -> Job:
        """Start the work and return the job."""
        _LIVE.add(self._runner)
        self._runner.start()
        return self

    def _ended(self) -> None:
        # QThread.finished comes just before the thread really ends: wait for it, then let it go.
        self._runner.wait()
        _LIVE.discard(self._runner)
        self.finished.emit()

    def cancel(self) -> None:
        """Ask the work to stop (a charm's hook it runs is stopped); ``cancelled`` follows once it has."""
        self._stop.set()
        self.stop_hook()

    def hook(self) -> hook_runs.Running | None:
        """The charm's hook the work is running now (None: none, or the job is not running)."""
        return hook_runs.running(self._runner.ident) if self.is_running() else None

    def stop_hook(self) -> hook_runs.Running | None:
        """Stop the charm's hook the work is running (it fails as "stopped"); return it (None: none)."""
        return hook_runs.stop(self._runner.ident) if self.is_running() else None

    def is_running(self) -> bool:
        """Tell whether the work is still going."""
        return self._runner.isRunning()

    def wait(self, ms: int = 5000) -> bool:
        """Block until the work ends (for closing the window and tests)."""
        return self._runner.wait(ms)

    def _succeeded(self, result: object) -> None:
        if self._stop.is_set():
            self.cancelled.emit()
        else:
            self.done.emit(result)

    def _failed(self, message: str) -> None:
        if self._stop.is_set():
            self.cancelled.emit()
        else:
            self.failed.emit(message)


class MainThreadGC(QObject):
    """Collect garbage on the GUI thread only, while a window is open.

    Python's cyclic collector runs in whatever thread happens to allocate; when
    it frees a Qt object from a worker thread, Qt aborts the process (seen
    while a hand type's odds were counting). So automatic collection is off
    while a guard is active and a timer collects on the GUI thread instead, as
    Anki's GUI does.
    """

    _active = 0
    INTERVAL_MS = 1000

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        MainThreadGC._active += 1
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(self.INTERVAL_MS)
        self._timer.timeout.connect(self.collect)
        self._timer.start()
        self._stopped = False

    def collect(self) -> None:
        """Collect the generations that are due, as the automatic collector would."""
        counts, limits = gc.get_count(), gc.get_threshold()
        generation = 2 if counts[2] > limits[2] else 1 if counts[1] > limits[1] else 0
        if counts[0] > limits[0] or generation:
            gc.collect(generation)

    def stop(self) -> None:
        """Hand collection back to Python once the last guard stops."""
        if self._stopped:
            return
        self._stopped = True
        self._timer.stop()
        MainThreadGC._active -= 1
        if MainThreadGC._active == 0:
            gc.collect()
            gc.enable()


def call_off_thread(work: Callable[[], T], watch: Callable[[Job], None] | None = None) -> T:
    """Run ``work`` in a worker thread and return its value (or raise its exception) once it ends.

    Meanwhile the GUI thread's event loop goes on, so the window paints and answers, and ``watch``
    (a Stop line) can name and stop a charm's hook the work runs. For work whose caller needs its
    result before going on (a playtest action); the caller keeps its own controls from starting
    another call while it waits.
    """
    outcome: list[tuple[bool, Any]] = []

    def run(_progress: Callable[[int, int], None], _cancelled: Callable[[], bool]) -> tuple[bool, Any]:
        try:
            return True, work()
        except Exception as exc:  # raised again on the calling thread, as if the call had been made there
            return False, exc

    loop = QEventLoop()
    job = Job(run)
    job.done.connect(outcome.append)
    job.finished.connect(loop.quit)
    collector = MainThreadGC(loop)
    job.start()
    if watch is not None:
        watch(job)
    loop.exec()
    collector.stop()
    if not outcome:
        raise RuntimeError("the work ended without a result")
    done, value = outcome[0]
    if not done:
        raise value
    return value  # type: ignore[no-any-return]
