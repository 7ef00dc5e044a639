"""Work in a process of its own, so the content and code it loads never change the editor's.

Loading a pack's code sets the process's vocabulary (:mod:`studio.content.extensions`: the kinds of rule
trusted plugins add to the content models, their schemas and validation) to the built-in kinds and those
of the code it runs. In a thread of the editor, such a load would take the open workspace's kinds from its
forms, schemas and checks, and rebuild the models while the window validates with them. A ``spawn``
process has its own vocabulary, plugin modules and engine registries, so the editor's never change. The
work sends its news through a pipe, the last being ``("done", result)``; cancelling ends the process, a
pack's code that does not return with it. No Qt here: the process imports only the work's module.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from typing import Any

from studio.services.errors import Cancelled

#: What the work sends as it goes: a tuple whose first item says what it is.
News = tuple[Any, ...]
#: How often the caller looks for news from the process, and at its cancel flag.
POLL_S = 0.1
#: How long a process that sent its result may take to end before it is killed.
ENDING_S = 5.0


class Died(Exception):
    """The process ended without sending its result (a crash, a pack's code ending it)."""

    def __init__(self, exit_code: int | None) -> None:
        super().__init__(f"the work ended without a result (exit code {exit_code})")
        self.exit_code = exit_code


def run_apart(
    target: Callable[..., None],
    args: tuple[Any, ...],
    heard: Callable[[News], None],
    cancelled: Callable[[], bool],
    name: str,
) -> Any:
    """Call ``target(*args, sender)`` (a module-level function, which the process imports by name) in a
    fresh process; hand each piece of news it sends to ``heard`` until ``("done", result)``, and return
    ``result``.

    Raises :class:`~studio.services.errors.Cancelled` once ``cancelled()`` says so (the process is
    killed), and :class:`Died` when the process ends without its result.
    """
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: the editor runs threads
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=target, args=(*args, sender), name=name, daemon=True)
    process.start()
    sender.close()  # the process holds its own end: once it is gone, reading ends instead of waiting
    ended = False  # the process sent its result, or closed its end of the pipe: it ends by itself
    try:
        while not cancelled():
            if not receiver.poll(POLL_S):
                continue
            try:
                news = receiver.recv()
            except EOFError:
                ended = True
                break
            if news[0] == "done":
                ended = True
                return news[1]
            heard(news)
    finally:
        receiver.close()
        if ended:
            process.join(ENDING_S)
        if process.is_alive():
            process.kill()
        process.join()
    if cancelled():
        raise Cancelled(f"{name}: cancelled")
    raise Died(process.exitcode)
