"""The line that says a charm's code has not returned, with a Stop button.

It watches background jobs (the preview's score and best play, the Balance
panel's simulation) and shows itself once a hook of theirs has run past
:data:`BUDGET_S`, naming the charm. Stop raises an exception inside that hook
(see :mod:`studio.engine.hook_runs` for what this can and cannot stop); the
job then fails as that charm's, like any hook failure.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QTimer, Signal, SignalInstance
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from studio.app import palette
from studio.engine.hook_runs import Running

#: How long a hook may run before the banner names it (seconds).
BUDGET_S = 1.5
#: How often the banner looks at the jobs it watches (ms).
LOOK_MS = 100


class Watched(Protocol):
    """A job running on a thread of its own whose charm hooks the banner can name and stop."""

    @property
    def finished(self) -> SignalInstance:
        """Emitted once the job has ended."""

    def hook(self) -> Running | None:
        """The charm's hook the job runs now (None: none)."""

    def stop_hook(self) -> Running | None:
        """Stop that hook; return it (None: none was running)."""


class HookBanner(QWidget):
    """Hidden until a watched job's hook overruns; ``message`` says what Stop did.

    ``waiting`` says what waits for the hook ("the score shown is older"), ``failing`` what Stop
    makes fail ("the preview reports it as that charm's failure").
    """

    message = Signal(str)

    def __init__(
        self,
        waiting: str = "the score shown is older",
        failing: str = "the preview reports it as that charm's failure",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("hookBanner")
        self.waiting = waiting
        self._jobs: list[Watched] = []
        self._overdue: tuple[Watched, Running] | None = None
        self.sign = QLabel()
        self.label = QLabel()
        self.label.setObjectName("hookLabel")
        self.label.setWordWrap(True)
        self.stop_button = QPushButton(palette.icon("fa5s.stop"), "Stop")
        self.stop_button.setObjectName("stopHookButton")
        self.stop_button.setToolTip(f"Interrupt the charm's code; {failing}")
        self.stop_button.clicked.connect(self.stop)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.sign)
        row.addWidget(self.label, 1)
        row.addWidget(self.stop_button)
        self._timer = QTimer(self)
        self._timer.setInterval(LOOK_MS)
        self._timer.timeout.connect(self.look)
        self.hide()

    def watch(self, job: Watched) -> None:
        """Look at ``job``'s hooks until it ends."""
        self._jobs.append(job)
        job.finished.connect(lambda: self._forget(job))
        self._timer.start()

    def _forget(self, job: Watched) -> None:
        if job in self._jobs:
            self._jobs.remove(job)
        if not self._jobs:
            self._timer.stop()
        self.look()

    def look(self) -> None:
        """Show the first watched hook past the budget (hide when there is none)."""
        found = next(
            ((job, r) for job in self._jobs if (r := job.hook()) is not None and r.seconds >= BUDGET_S), None
        )
        self._overdue = found
        if found is None:
            self.hide()
            return
        running = found[1]
        if running.stopped_at is None:
            took = f"{running.hook} hook, {running.seconds:.0f} s"
            said = f"is still running ({took}); {self.waiting}"
        else:  # a long call into C cannot be interrupted: it ends when that call returns
            said = "is stopping: it ends at its next Python step, after any long call into C returns"
        self.sign.setPixmap(palette.icon("fa5s.hourglass-half", palette.current().error).pixmap(16, 16))
        self.label.setText(f"charm <b>{running.charm}</b>'s code {said}")
        self.stop_button.setEnabled(running.stopped_at is None)
        self.show()

    def stop(self) -> None:
        """Interrupt the hook shown."""
        if self._overdue is None:
            return
        job, running = self._overdue
        if job.stop_hook() is not None:
            self.message.emit(f"Stopped charm {running.charm}'s code after {running.seconds:.1f} s")
        self.look()
