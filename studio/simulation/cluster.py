"""Play a simulation on Dask distributed: a scheduler's address, or a local cluster.

The workers run the same :func:`play_chunk` as local processes, with the same
chunks of run indices, so a cluster's report equals the local one for the same
spec. Every worker needs Studio installed and the packs the spec names at the
same paths (or installed under the same ids).
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from studio.content.io.limits import CLUSTER_TIMEOUT_SECONDS, MAX_EXCERPT_CHARS, seconds_from_env
from studio.content.io.text import clip
from studio.simulation.local import CancelFlag, Cancelled, Progress, Runner, Task, simulate_with
from studio.simulation.play import RunFailed
from studio.simulation.report import Report
from studio.simulation.spec import SimulationSpec
from studio.simulation.workers import task_named

#: Worker processes of ``--cluster local``.
LOCAL_WORKERS = 2
#: How long to try reaching a scheduler, and then to hear it answer, before giving up
#: (``STUDIO_CLUSTER_TIMEOUT``, in seconds, sets another figure).
CONNECT_TIMEOUT = f"{CLUSTER_TIMEOUT_SECONDS:g}s"


class ClusterError(Exception):
    """Dask is missing or the scheduler cannot be reached; the message says which."""


class PeerError(ClusterError):
    """The peer at the address accepted the connection but does not answer as a Dask scheduler."""


def simulate_on_cluster(
    spec: SimulationSpec,
    address: str,
    progress: Progress | None = None,
    cancel: CancelFlag | None = None,
) -> Report:
    """Play every run of ``spec`` on the cluster at ``address`` (``"local"``: two local processes)."""
    return simulate_with(spec, cluster_runner(address, cancel), progress)


def cluster_runner(address: str, cancel: CancelFlag | None = None) -> Runner:
    """Tasks run on the Dask cluster at ``address``."""
    return lambda tasks_for, done: run_tasks_on_cluster(tasks_for, address, done, cancel)


def run_tasks_on_cluster(
    tasks_for: Callable[[int], Sequence[Task]],
    address: str,
    done: Callable[[int, Any], None],
    cancel: CancelFlag | None = None,
) -> None:
    """Run the tasks ``tasks_for(workers)`` makes on the cluster at ``address`` (``"local"``: two local
    processes) and hand each result to ``done`` with its task's index as it arrives."""
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise ClusterError("--cluster needs Dask distributed: pip install 'charm-studio[cluster]'") from None
    made: list[Any] = []  # the local cluster and the client: closed on the way out, whatever happens
    try:
        try:
            client = _client(address, made, Client, LocalCluster)
        except (OSError, TimeoutError) as exc:
            raise ClusterError(
                f"cannot reach the Dask scheduler at {_shown(address)}: {clip(str(exc), 200)}"
            ) from None
        tasks = tasks_for(max(1, len(client.scheduler_info().get("workers", {}))))
        futures = [client.submit(function, *args, pure=False) for function, args in tasks]
        index = {future.key: i for i, future in enumerate(futures)}
        for finished, future in enumerate(as_completed(futures), 1):
            done(index[future.key], _result(future, tasks[index[future.key]]))
            if cancel is not None and cancel.is_set():
                client.cancel(futures)
                raise Cancelled(f"cancelled after {finished} of {len(tasks)} parts")
    finally:
        for part in reversed(made):
            part.close()


def _client(address: str, made: list[Any], client: Any, local_cluster: Any) -> Any:
    """Connect to the scheduler at ``address``, or start a local cluster; what is made goes into ``made``
    at once, so a Ctrl-C at any moment leaves nothing running."""
    if address == "local":
        with _workers_silenced():
            made.append(
                local_cluster(
                    n_workers=LOCAL_WORKERS,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.CRITICAL,
                )
            )
        made.append(client(made[0]))
    else:
        seconds = _timeout()
        _greet(address, seconds)
        made.append(client(address, timeout=seconds))
    return made[-1]


def _result(future: Any, task: Task) -> Any:
    """The result of a finished future; a failure other than a run's names the task's runs (a worker that
    died more often than Dask retries, a lost connection)."""
    try:
        return future.result()
    except RunFailed:
        raise
    except Exception as exc:
        raise RunFailed(f"{task_named(task)}: {type(exc).__name__}: {clip(str(exc), 200)}") from None


@contextmanager
def _workers_silenced() -> Iterator[None]:
    """Start a local cluster's worker processes with their stderr on the null device.

    A Ctrl-C at a terminal reaches every process of the command: this one stops the cluster and says so
    in one line, and the workers must not each add a traceback. (Their failures still come back here, as
    a task's exception.) Only from the main thread: the app's jobs run in threads and have no Ctrl-C.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    sys.stderr.flush()
    kept = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(kept, 2)
        os.close(kept)


def _timeout() -> float:
    """Seconds to reach a scheduler and then to hear it answer."""
    from dask.utils import parse_timedelta

    default = parse_timedelta(CONNECT_TIMEOUT)
    return seconds_from_env("STUDIO_CLUSTER_TIMEOUT", float(default if default is not None else 10))


def _greet(address: str, seconds: float) -> None:
    """Check that a Dask scheduler answers at ``address`` within ``seconds`` (Dask's own handshake waits
    for ever on a peer that accepts the connection and says nothing).

    Raises ClusterError for what is not an address, OSError when nothing answers the connection, and
    PeerError for a peer that answers with silence or with something that is not Dask's protocol.
    """
    from distributed import Security
    from distributed.comm.addressing import get_address_host
    from distributed.comm.core import connect

    try:
        get_address_host(address)
    except ValueError as exc:
        raise ClusterError(
            f"--cluster {_shown(address)}: {clip(str(exc), 200)}; give a Dask scheduler's address,"
            " e.g. tcp://HOST:8786, or 'local'"
        ) from None

    async def handshake() -> None:
        # The TLS certificates of Dask's configuration, as the client itself will use them.
        comm = await connect(address, timeout=seconds, **Security().get_connection_args("client"))
        await comm.close()

    try:
        asyncio.run(asyncio.wait_for(handshake(), 2 * seconds))
    except TimeoutError:  # the connection was made (connect gives up sooner), the answer never came
        raise PeerError(
            f"the peer at {_shown(address)} accepted the connection but did not answer as a Dask"
            f" scheduler within {seconds:g} s"
        ) from None
    except OSError:  # nothing to connect to: the caller says so
        raise
    except Exception as exc:  # what a peer sends cannot be trusted to fail in any one way
        raise PeerError(
            f"the peer at {_shown(address)} does not answer as a Dask scheduler"
            f" ({type(exc).__name__}: {clip(str(exc), 200)})"
        ) from None


def _shown(address: str) -> str:
    """The address as a message quotes it: cut short if it is long."""
    return clip(address, MAX_EXCERPT_CHARS)
