"""Play a simulation on Dask distributed: a scheduler's address, or a local cluster.

The workers run the same :func:`play_chunk` as local processes, with the same
chunks of run indices, so a cluster's report equals the local one for the same
spec. Every worker needs Studio installed and the packs the spec names at the
same paths (or installed under the same ids).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from studio.simulation.local import CancelFlag, Cancelled, Progress, Task, runner, simulate_with
from studio.simulation.report import Report
from studio.simulation.spec import SimulationSpec

#: Worker processes of ``--cluster local``.
LOCAL_WORKERS = 2
#: How long to try reaching a scheduler before saying it cannot be reached.
CONNECT_TIMEOUT = "10s"


class ClusterError(Exception):
    """Dask is missing or the scheduler cannot be reached; the message says which."""


def simulate_on_cluster(
    spec: SimulationSpec,
    address: str,
    progress: Progress | None = None,
    cancel: CancelFlag | None = None,
) -> Report:
    """Play every run of ``spec`` on the cluster at ``address`` (``"local"``: two local processes)."""
    return simulate_with(spec, runner(cluster=address, cancel=cancel), progress)


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
    cluster: Any = None
    try:
        if address == "local":
            cluster = LocalCluster(
                n_workers=LOCAL_WORKERS,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
            client = Client(cluster)
        else:
            client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        if cluster is not None:
            cluster.close()
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    except ValueError as exc:  # not an address at all
        raise ClusterError(
            f"--cluster {address}: {exc}; give a Dask scheduler's address, e.g. tcp://HOST:8786, or 'local'"
        ) from None
    try:
        tasks = tasks_for(max(1, len(client.scheduler_info().get("workers", {}))))
        futures = [client.submit(function, *args, pure=False) for function, args in tasks]
        index = {future.key: i for i, future in enumerate(futures)}
        for finished, future in enumerate(as_completed(futures), 1):
            done(index[future.key], future.result())
            if cancel is not None and cancel.is_set():
                client.cancel(futures)
                raise Cancelled(f"cancelled after {finished} of {len(tasks)} parts")
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
