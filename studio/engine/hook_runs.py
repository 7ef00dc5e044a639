"""Which code hook each thread is running, and stopping one that does not return.

:func:`~studio.engine.scoring.firing.call_hook` records the hook it runs in a
per-thread slot (:func:`enter`, :func:`leave`), so another thread (the
editor's, which cannot wait for a worker) can read which charm's code is
running and for how long (:func:`running`), and stop it (:func:`stop`). The
record names the charm's place in the row too: the hook's context credits an
effect only to the charm in that place, so two copies of one charm never
credit each other.

Stopping raises :class:`HookStopped` inside the hook, through CPython's
``PyThreadState_SetAsyncExc``. The exception arrives at the thread's next
bytecode check, so it stops code running Python (a ``while True`` loop, a
``sleep`` in small steps) but not a single long call into C (one
``time.sleep(60)``, a huge ``sum``), which ends only when that call returns.
It is raised only while the hook's record is in its slot, and :func:`leave`
withdraws one that has not arrived yet, so engine code outside a hook never
sees it.
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

#: How often :func:`time_limit` looks at the hook its thread runs.
WATCH_S = 0.05
#: How long a hook may run where nobody can press Stop for it (the editor's test runs after an edit,
#: playtest actions, the process of a Balance simulation with one worker) before it is stopped.
UNWATCHED_S = 5.0


class HookStopped(BaseException):
    """Raised inside a hook that was stopped (a ``BaseException``: ``except Exception`` cannot swallow it)."""


@dataclass
class Running:
    """One hook call in progress: the charm and its slot in the row, its behaviour and hook, the thread and
    when it began."""

    charm: str
    #: The charm's place in the row: two copies of one charm differ only by it.
    slot: int
    behaviour: str
    hook: str
    thread: int
    started: float = field(default_factory=time.monotonic)
    #: When :func:`stop` was asked (None: not stopped).
    stopped_at: float | None = None
    #: The time limit that stopped it, as its message names it ("5 s"; empty: stopped by hand, or running).
    limit: str = ""
    #: The call it interrupted on the same thread (a hook that scores in turn), back in the slot after it.
    outer: Running | None = None
    left: bool = False

    @property
    def seconds(self) -> float:
        """How long the hook has run (up to when it was stopped)."""
        return (self.stopped_at or time.monotonic()) - self.started

    @property
    def why_stopped(self) -> str:
        """The stop as its failure says it: "stopped after 5.0 s", with the time limit that stopped it."""
        limit = f" (time limit {self.limit})" if self.limit else ""
        return f"stopped after {self.seconds:.1f} s{limit}"


_lock = threading.Lock()
_slots: dict[int, Running] = {}


def running(thread: int) -> Running | None:
    """The hook call ``thread`` is in now (None: it runs no hook)."""
    return _slots.get(thread)


def enter(charm: str, slot: int, behaviour: str, hook: str) -> Running:
    """Record that this thread starts a hook call for the charm ``charm`` in slot ``slot``; pass the record
    to :func:`leave` when it ends."""
    thread = threading.get_ident()
    with _lock:
        record = Running(charm, slot, behaviour, hook, thread, outer=_slots.get(thread))
        _slots[thread] = record
    return record


def leave(record: Running) -> None:
    """Forget a hook call (again is harmless); withdraw a stop that has not arrived yet."""
    with _lock:
        if record.left:
            return
        record.left = True
        if record.outer is not None:
            _slots[record.thread] = record.outer
        else:
            _slots.pop(record.thread, None)
        if record.stopped_at is not None:
            _raise_in(record.thread, None)


def stop(thread: int, limit: str = "") -> Running | None:
    """Stop the hook ``thread`` runs: :class:`HookStopped` is raised in it. Return its record (None: no hook
    was running, or it was already stopped). ``limit`` names the time limit that stops it, if one does."""
    with _lock:
        record = _slots.get(thread)
        if record is None or record.stopped_at is not None:
            return None
        record.stopped_at = time.monotonic()
        record.limit = limit
        _raise_in(thread, HookStopped)
        return record


def _raise_in(thread: int, exc: type[BaseException] | None) -> None:
    """Raise ``exc`` in ``thread`` at its next bytecode check (None withdraws one not raised yet)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(exc) if exc else None)


@contextmanager
def time_limit(seconds: float, setting: str = "") -> Iterator[None]:
    """Stop any hook that runs longer than ``seconds`` on this thread while the block runs, for callers that
    cannot offer a Stop button (the thread is the editor's own, or nobody watches it, or a command's).

    The failure names the limit, and ``setting`` (what sets another figure), if given.
    """
    thread = threading.get_ident()
    done = threading.Event()
    limit = f"{seconds:g} s, {setting}" if setting else f"{seconds:g} s"

    def watch() -> None:
        while not done.wait(WATCH_S):
            record = _slots.get(thread)
            if record is not None and record.seconds >= seconds:
                stop(thread, limit)

    watcher = threading.Thread(target=watch, name="hook time limit", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        done.set()
        watcher.join()
