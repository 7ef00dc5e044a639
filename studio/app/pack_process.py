"""The Pack menu's services in a process of their own (:mod:`studio.app.own_process`), so loading a pack
never changes the editor's vocabulary of kinds of rule: a build or an install is checked with its own
pack's kinds, and the open workspace keeps its kinds in its forms, schemas and checks. Cancelling ends
the process, a pack's code that does not return with it. No Qt here: the process imports only this
module and the service it calls.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from multiprocessing.connection import Connection

from studio.app.own_process import Died, News, run_apart
from studio.cli.hook_limit import hook_limit
from studio.content.io.text import printable
from studio.services.errors import Cancelled, Line, Progress, Result, ServiceError

#: A service with its arguments bound (``functools.partial`` of a module-level function, which the process
#: imports by name); it may take ``progress`` too.
Call = Callable[..., Result]
#: What a dialog shows: an exit code as the command's (0 done, 1 problems, 2 could not run) and lines.
Shown = tuple[int, list[Line]]


def outcome(call: Call, progress: Progress) -> Shown:
    """Call a service (with ``progress`` if it takes one); its result as the dialog shows it, a refusal as
    one red line."""
    try:
        result = call(progress=progress) if _takes_progress(call) else call()
    except ServiceError as exc:
        warnings = [Line(f"warning: {w}") for w in exc.warnings]
        return (1 if exc.ran else 2), [*warnings, Line(f"error: {printable(str(exc))}", "bad")]
    warnings = [Line(f"warning: {w}") for w in result.warnings]
    return (0 if result.ok else 1), [*warnings, *result.lines()]


def _takes_progress(call: Call) -> bool:
    """Whether the service takes a ``progress`` callback (a built-in without a signature takes none)."""
    try:
        return "progress" in inspect.signature(call).parameters
    except (TypeError, ValueError):
        return False


def run_in_process(call: Call, progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Shown:
    """Call the service in a fresh process and return what it shows, passing its progress on as it comes.

    Cancelling kills the process; a process that ends without a result is one red line.
    """

    def heard(news: News) -> None:
        progress(news[1], news[2])

    try:
        shown: Shown = run_apart(_serve, (call,), heard, cancelled, "studio pack service")
    except Cancelled:
        return 2, [Line("cancelled", "bad")]
    except Died as exc:
        return 2, [Line(f"error: {exc}", "bad")]
    return shown


def _serve(call: Call, sender: Connection) -> None:
    """In the process: call the service, sending its progress as it goes and what it shows at the end."""

    def progress(done: int, total: int, _what: str) -> None:
        sender.send(("progress", done, total))

    try:
        with hook_limit():  # a pack test whose hook never returns: nobody can press Stop here
            shown = outcome(call, progress)
    except Exception as exc:  # a plugin or a file may raise anything: shown as the worker thread showed it
        shown = 2, [Line(f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__, "bad")]
    sender.send(("done", shown))
    sender.close()
