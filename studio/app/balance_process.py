"""A Balance simulation with one worker, played in a process of its own with its charm hooks still named.

One worker plays the runs where the simulation service is called, and loads the content there; in the
editor that load would reset and re-add the editor's kinds of rule and rebuild its content models while
the window validates with them (see :mod:`studio.app.own_process`). So the panel plays them in one
``spawn`` process, as ``studio simulate --workers 1`` plays them in its own. The process says which
charm's hook it runs (it looks every :data:`~studio.engine.hook_runs.WATCH_S`), so the panel's Stop
line can name one that does not return; Stop asks the process to stop that very hook, and when nobody
presses it, the process stops it past the time limit given, as the editor's own threads do. No Qt here.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from studio.app.own_process import Died, News, run_apart
from studio.engine import hook_runs
from studio.services.errors import Cancelled as ServiceCancelled
from studio.services.errors import Progress, ServiceError
from studio.services.simulating import simulate
from studio.simulation.local import CancelFlag, Cancelled
from studio.simulation.paired import RankEntry
from studio.simulation.spec import SimulationSpec

#: A hook as the process says it runs: charm, slot, behaviour, hook and seconds so far.
Said = tuple[str, int, str, str, float]


@dataclass(frozen=True)
class Order:
    """What to play: the service's arguments (see :func:`studio.services.simulating.simulate`), and the
    seconds a hook may run before it is stopped when nobody presses Stop."""

    spec: SimulationSpec
    limit: float
    paired: bool = False
    ranking: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Failed:
    """The simulation failed: the message the panel shows."""

    message: str


class Played:
    """An order played in a process of its own: :attr:`hook` names the charm's hook the process runs
    (as it last said), :meth:`stop_hook` stops it."""

    def __init__(self, order: Order) -> None:
        self.order = order
        #: The hook the process runs now: its number in the process's news and its record here.
        self._shown: tuple[int, hook_runs.Running] | None = None
        #: The number of the hook the panel asked to stop (0: none), which the process reads.
        self._stop: Any = multiprocessing.get_context("spawn").Value("q", 0, lock=False)

    @property
    def hook(self) -> hook_runs.Running | None:
        """The charm's hook the process runs now (None: none), timed here from what the process said."""
        shown = self._shown
        return shown[1] if shown is not None else None

    def stop_hook(self) -> hook_runs.Running | None:
        """Ask the process to stop that hook (the simulation then fails naming its charm); return it (None:
        none, or already asked)."""
        shown = self._shown
        if shown is None or shown[1].stopped_at is not None:
            return None
        number, running = shown
        running.stopped_at = time.monotonic()
        self._stop.value = number
        return running

    def play(self, progress: Progress, ranked: Callable[[RankEntry], None], cancel: CancelFlag) -> object:
        """Play the order and return the service's result, handing on its progress and a ranking's entries
        as they come.

        Raises :class:`~studio.simulation.local.Cancelled` once ``cancel`` is set (the process is ended at
        once, a hook that does not return with it), and ServiceError for a simulation that fails.
        """

        def heard(news: News) -> None:
            if news[0] == "progress":
                progress(*news[1:])
            elif news[0] == "ranked":
                ranked(news[1])
            else:  # ("running", number, the hook or None)
                self._heard_hook(news[1], news[2])

        try:
            result = run_apart(_serve, (self.order, self._stop), heard, cancel.is_set, "studio balance")
        except ServiceCancelled:
            raise Cancelled("cancelled") from None
        except Died as exc:
            raise ServiceError(
                f"the process playing the runs ended without a result (exit code {exc.exit_code}):"
                " a pack's code may have ended it"
            ) from None
        finally:
            self._shown = None
        if isinstance(result, Failed):
            raise ServiceError(result.message)
        return result

    def _heard_hook(self, number: int, said: Said | None) -> None:
        """The process runs another hook (None: none)."""
        if said is None:
            self._shown = None
            return
        charm, slot, behaviour, hook, seconds = said
        started = time.monotonic() - seconds
        self._shown = number, hook_runs.Running(charm, slot, behaviour, hook, thread=0, started=started)


def _serve(order: Order, stop: Any, sender: Connection) -> None:
    """In the process: play the order, sending progress, ranking entries and the hook it runs as they
    change, then the result (or :class:`Failed`)."""
    lock = threading.Lock()  # this thread and the hook watcher both send

    def send(*news: Any) -> None:
        with lock:
            sender.send(news)

    ended = threading.Event()
    watch = (threading.get_ident(), send, stop, ended)
    watcher = threading.Thread(target=_watch, args=watch, name="hook watch", daemon=True)
    watcher.start()
    result: object
    try:
        with hook_runs.time_limit(order.limit):
            result = simulate(
                order.spec,
                paired=order.paired,
                ranking=order.ranking,
                progress=lambda done, total, what: send("progress", done, total, what),
                ranked=lambda entry: send("ranked", entry),
            )
    except ServiceError as exc:  # content that does not load, a pack's code failing in a run
        result = Failed(str(exc))
    except Exception as exc:  # content or a plugin may raise anything: shown, never a crash
        result = Failed(f"{type(exc).__name__}: {exc}")
    finally:
        ended.set()
        watcher.join()
    send("done", result)
    sender.close()


def _watch(thread: int, send: Callable[..., None], stop: Any, ended: threading.Event) -> None:
    """Say each time the hook ``thread`` runs changes (numbering them), and stop the one whose number the
    panel asks to stop."""
    shown: hook_runs.Running | None = None
    number = 0
    while not ended.wait(hook_runs.WATCH_S):
        record = hook_runs.running(thread)
        if record is not shown:
            shown, number = record, number + 1
            send("running", number, None if record is None else _said(record))
        if record is not None and stop.value == number:
            hook_runs.stop(thread)


def _said(record: hook_runs.Running) -> Said:
    return record.charm, record.slot, record.behaviour, record.hook, record.seconds
