"""The preview's score of a hand whose charms run code: in a worker thread, one at a time, the latest wins.

A plugin's hook may take long or never return, so the preview never runs one
on the GUI thread: each request goes to a :class:`~studio.app.workers.Job`.
While one runs, newer requests wait in a single place (each replaces the one
before), so fast typing never piles up threads; a result that a newer request
or a score without code has made stale is dropped.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from studio.app.workers import Job
from studio.engine.catalog import Catalog
from studio.engine.scoring import Situation, score


class BackgroundScore(QObject):
    """Scores situations off the GUI thread; ``scored`` carries the situation and its result or exception,
    ``started`` each new job (for the banner that watches it)."""

    scored = Signal(object, object)
    started = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.job: Job | None = None
        #: What the running job scores (and its ticket), and the request waiting for it to end.
        self._running: tuple[Situation, Catalog, int] | None = None
        self._next: tuple[Situation, Catalog] | None = None
        #: Bumped by each request: only the job started for the latest one shows its result.
        self._ticket = 0

    def busy(self) -> bool:
        """Tell whether a score is running or waiting."""
        return self._next is not None or (self.job is not None and self.job.is_running())

    def submit(self, situation: Situation, catalog: Catalog) -> None:
        """Score ``situation`` as soon as the score running now (if any) has ended (at once if it is
        already scoring the same)."""
        running = self._running
        if running is not None and running[1] is catalog and running[0] == situation:
            self._next = None  # asked again (a form sets several inputs at once): the running score will do
            self._ticket = running[2]
            return
        self._ticket += 1
        self._next = (situation, catalog)
        if self.job is None:
            self._start()

    def drop(self) -> None:
        """Forget the waiting request and stop the running one: a newer result was shown without them."""
        self._ticket += 1
        self._next = self._running = None
        if self.job is not None:
            self.job.cancel()

    def _start(self) -> None:
        assert self._next is not None
        situation, catalog = self._next
        ticket = self._ticket
        self._running, self._next = (situation, catalog, ticket), None

        def work(_progress: object, _cancelled: object) -> object:
            try:
                return score(situation, catalog)
            except Exception as exc:  # shown as the preview shows any failure, on the GUI thread
                return exc

        self.job = job = Job(work, self)
        job.done.connect(lambda result: self._done(ticket, situation, result))
        job.finished.connect(lambda: self._ended(job))
        job.start()
        self.started.emit(job)

    def _done(self, ticket: int, situation: Situation, result: object) -> None:
        if ticket == self._ticket:
            self.scored.emit(situation, result)

    def _ended(self, job: Job) -> None:
        if self.job is job:
            self.job, self._running = None, None
        job.deleteLater()
        if self._next is not None:
            self._start()

    def shutdown(self) -> None:
        """Drop what waits, stop what runs and wait for it (before the window closes)."""
        self.drop()
        if self.job is not None:
            self.job.wait()
