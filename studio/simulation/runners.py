"""Where a simulation's tasks run: this machine's processes, or a Dask cluster.

The one place that knows both, so neither of :mod:`studio.simulation.local`
and :mod:`studio.simulation.cluster` imports the other's way back.
"""

from __future__ import annotations

from studio.simulation.local import CancelFlag, Runner, local_runner


def runner(workers: int = 1, cluster: str | None = None, cancel: CancelFlag | None = None) -> Runner:
    """Where tasks run: ``workers`` local processes, or the Dask cluster at ``cluster``."""
    if cluster is not None:
        from studio.simulation.cluster import cluster_runner  # Dask: only when a cluster is asked for

        return cluster_runner(cluster, cancel)
    return local_runner(workers, cancel)
