"""The same simulation on a real Dask cluster (two local worker processes) gives the same report."""

from __future__ import annotations

import pytest

from studio.simulation.local import simulate
from studio.simulation.spec import SimulationSpec

pytest.importorskip("distributed")


def test_a_local_cluster_reports_what_this_process_does() -> None:
    from studio.simulation.cluster import simulate_on_cluster

    spec = SimulationSpec(runs=4, seed=11)
    seen: list[int] = []
    report = simulate_on_cluster(spec, "local", progress=lambda done, _total: seen.append(done))
    assert report == simulate(spec)
    assert report.runs == 4 and seen[-1] == 4
