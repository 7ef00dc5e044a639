"""Exit codes, the one-line failure and the warnings of every subcommand (light: loaded before content)."""

from __future__ import annotations

import sys

from studio.services.errors import ServiceError

#: Exit codes of the CLI contract.
OK, PROBLEMS, BAD_INPUT = 0, 1, 2
#: The exit code of a command a Ctrl-C stopped (128 + SIGINT, as shells report it).
INTERRUPTED = 130


class UsageError(Exception):
    """A command that cannot go on: one line on stderr, then exit ``code``.

    Bad usage or unreadable input exits 2; code that ran and failed (a plugin
    that raised) exits 1, as a failed check does.
    """

    def __init__(self, message: str, code: int = BAD_INPUT) -> None:
        super().__init__(message)
        self.code = code


def fail(command: str, message: str, code: int = BAD_INPUT) -> int:
    """Print one line to stderr and return ``code``."""
    from studio.content.io.text import clip_message, printable  # light: the standard library only

    print(f"studio {command}: error: {printable(clip_message(message))}", file=sys.stderr)
    return code


def warn(message: object) -> None:
    """Print a warning of the loaded content (an untrusted pack, say) as one line on stderr."""
    print(f"studio: warning: {message}", file=sys.stderr)


def usage_error(exc: ServiceError) -> UsageError:
    """A service's error as the command's: exit 1 if code ran and failed, else 2; its warnings go first."""
    for warning in exc.warnings:
        warn(warning)
    return UsageError(str(exc), PROBLEMS if exc.ran else BAD_INPUT)
