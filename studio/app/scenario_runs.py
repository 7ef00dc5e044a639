"""Test scenarios run in the background a moment after each edit; failures go to the problems panel and
the content tree.

Which scenarios an edit can change, and running them as ``studio test`` does,
is :mod:`studio.workspace.scenario_watch`; here that run goes to a worker
thread (typing never waits for it), a newer edit cancels a run in progress and
its scenarios run again, and a failing test's row opens the scenario with its
expected trace against the actual one. A charm's hook that runs longer than
:data:`~studio.engine.hook_runs.UNWATCHED_S` is stopped (nobody watches these runs to press Stop): that
scenario fails as "stopped after N s" and the others run; a newer edit stops
it at once. ``starting`` comes before each run, so the window can autosave
before any charm's code runs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from studio.app.content_tree import ContentTree
from studio.app.problems_panel import ProblemsPanel
from studio.app.session import Session
from studio.app.workers import Job
from studio.engine import hook_runs
from studio.workspace import Change, Problem
from studio.workspace.scenario_watch import Batch, Outcome, ScenarioWatch, run_batch

#: Typing runs the tests once, after a pause, not once per key.
RUN_AFTER_MS = 300


class ScenarioRuns(QObject):
    """Keeps the tests' results in step with the edits; ``shown`` follows each new set of results."""

    shown = Signal()
    starting = Signal()

    def __init__(
        self,
        parent: QObject,
        problems: ProblemsPanel,
        tree: ContentTree,
        jump: Callable[[Problem], None],
        show: Callable[[Path, int], None],
    ) -> None:
        super().__init__(parent)
        self.problems, self.tree, self.jump, self.show = problems, tree, jump, show
        self.watch = ScenarioWatch()
        self.session: Session | None = None
        self.job: Job | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(RUN_AFTER_MS)
        self._timer.timeout.connect(self._run)
        problems.test_opened.connect(self.open)

    def start(self, session: Session) -> None:
        """Follow a newly opened workspace: all its tests run once."""
        self.session = session
        self.watch = ScenarioWatch()
        if self.job is not None:
            self.job.cancel()
        self._timer.start()

    def changed(self, change: Change) -> None:
        """An edit: drop a run in progress (its results are stale) and run what it can change, later."""
        self.watch.note(change)
        if self.watch.pending:  # a save changes no result
            if self.job is not None:
                self.job.cancel()
            self._timer.start()

    def open(self, outcome: Outcome) -> None:
        """Open a failing test's scenario in the editor and in the preview (``show``: as the file now reads),
        expected against actual."""
        self.jump(outcome.problem)
        self.show(outcome.file.path, outcome.index)

    def shutdown(self) -> None:
        """Stop (before the window closes)."""
        self._timer.stop()
        if self.job is not None and self.job.is_running():
            self.job.cancel()
            self.job.wait()

    def _run(self) -> None:
        if self.session is None:
            return
        if (self.job is not None and self.job.is_running()) or not self.session.ws.checked:
            self._timer.start()  # a cancelled run is ending, or a snapshot's content being checked: later
            return
        watch = self.watch
        batch = watch.start(self.session.ws)
        if batch is None:
            self._show()
            return

        def work(_progress: Any, cancelled: Callable[[], bool]) -> list[Outcome]:
            with hook_runs.time_limit(hook_runs.UNWATCHED_S):
                return run_batch(batch, cancelled)

        self.starting.emit()
        self.job = job = Job(work, self)
        job.done.connect(lambda outcomes: self._ended(watch, batch, outcomes))
        job.cancelled.connect(lambda: self._ended(watch, batch, None))
        job.failed.connect(lambda message: self._failed(watch, batch, message))
        job.finished.connect(lambda: self._forget(job))
        job.start()

    def _forget(self, job: Job) -> None:
        """Let an ended job go (its thread has ended)."""
        if self.job is job:
            self.job = None
        job.deleteLater()

    def _ended(self, watch: ScenarioWatch, batch: Batch, outcomes: list[Outcome] | None) -> None:
        if watch is not self.watch:
            return  # a run for a workspace no longer shown
        if watch.finish(batch, outcomes):
            self._show()
        elif watch.pending:
            self._timer.start()

    def _failed(self, watch: ScenarioWatch, batch: Batch, message: str) -> None:
        """A bug, not a failing test: say so; the next edit tries again."""
        watch.finish(batch, None)
        self.problems.add_message(f"tests: {message}")

    def _show(self) -> None:
        self.problems.show_tests(self.watch.failures())
        self.tree.show_tests(self.watch.tallies())
        self.shown.emit()
