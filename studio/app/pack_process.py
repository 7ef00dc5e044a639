"""The Pack menu's services in a process of their own, so loading a pack never changes the editor's.

Loading a pack's code sets the process's vocabulary (:mod:`studio.content.extensions`: the kinds of rule
trusted plugins add to the content models, their schemas and validation) to the built-in kinds and those
of the code it runs. In a thread of the editor, a build or an install would take the open workspace's
kinds from its forms, schemas and checks, and rebuild the models while the window validates with them.
A ``spawn`` process has its own vocabulary, plugin modules and engine registries, so the editor's never
change; cancelling ends the process, a pack's code that does not return with it. No Qt here: the
process imports only the service it calls.
"""

from __future__ import annotations

import inspect
import multiprocessing
from collections.abc import Callable
from multiprocessing.connection import Connection

from studio.cli.hook_limit import hook_limit
from studio.content.io.text import printable
from studio.services.errors import Line, Progress, Result, ServiceError

#: A service with its arguments bound (``functools.partial`` of a module-level function, which the process
#: imports by name); it may take ``progress`` too.
Call = Callable[..., Result]
#: What a dialog shows: an exit code as the command's (0 done, 1 problems, 2 could not run) and lines.
Shown = tuple[int, list[Line]]
#: How often the caller looks for news from the process, and at its cancel flag.
POLL_S = 0.1
#: How long a process that sent its result may take to end before it is killed.
ENDING_S = 5.0


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
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: the editor runs threads
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_serve, args=(call, sender), name="studio pack service", daemon=True)
    process.start()
    sender.close()  # the process holds its own end: once it is gone, reading ends instead of waiting
    try:
        while not cancelled():
            if not receiver.poll(POLL_S):
                continue
            try:
                news = receiver.recv()
            except EOFError:
                break
            if news[0] == "done":
                return news[1]  # type: ignore[no-any-return]
            progress(news[1], news[2])
    finally:
        receiver.close()
        if not cancelled():
            process.join(ENDING_S)
        if process.is_alive():
            process.kill()
        process.join()
    if cancelled():
        return 2, [Line("cancelled", "bad")]
    return 2, [Line(f"error: the work ended without a result (exit code {process.exitcode})", "bad")]


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
