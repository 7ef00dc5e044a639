"""What every service shares and that stays light: its error, its progress callback, its result lines."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, NamedTuple, Protocol

#: Called with (steps done, steps in all, what is being done) as work goes on.
Progress = Callable[[int, int, str], None]
#: Asked between steps: True stops the work.
Cancel = Callable[[], bool]
#: How a line of a result reads: a success, a failure, or neither.
Tone = Literal["good", "bad", ""]


class ServiceError(Exception):
    """An operation that cannot go on, in one line.

    Bad input (a missing folder, an unknown pack) has ``ran`` False; code that
    ran and failed (a pack's code raising in a run) has it True, as a failed check.
    """

    def __init__(self, message: str, ran: bool = False, warnings: list[str] | None = None) -> None:
        super().__init__(message)
        self.ran = ran
        #: Warnings of the content loaded before it failed, to show before the error.
        self.warnings = list(warnings or [])


class Cancelled(Exception):
    """The caller's cancel flag stopped the work."""


class Line(NamedTuple):
    """One line of a result as people read it, and its tone (the editor colours it)."""

    text: str
    tone: Tone = ""


class Result(Protocol):
    """What a service returns: whether it went well, its lines as people read them, and the warnings
    of the content it loaded (the command line prints them on stderr)."""

    warnings: list[str]

    @property
    def ok(self) -> bool:
        """It went well: nothing found wrong, the pack written."""
        ...

    def lines(self) -> list[Line]:
        """The result as lines, the command line's output."""
        ...


def quiet(_done: int, _total: int, _what: str) -> None:
    """A progress callback that listens to nothing."""


def never() -> bool:
    """A cancel flag that never stops the work."""
    return False
