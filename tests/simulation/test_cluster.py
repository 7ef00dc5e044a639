"""The same simulation on a real Dask cluster (two local worker processes) gives the same report."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from spec_data import Run

pytest.importorskip("distributed")


def test_a_local_cluster_reports_what_one_process_does(studio: Callable[..., Run]) -> None:
    argv = ("simulate", "--runs", "4", "--seed", "11", "--charm", "plain_mult", "--json")
    cluster = studio(*argv, "--cluster", "local")
    assert cluster.code == 0, cluster.err
    local = studio(*argv, "--workers", "1")
    assert local.code == 0, local.err
    assert cluster.out == local.out
    assert '"runs": 4' in cluster.out


def test_an_unreachable_scheduler_is_one_line_after_the_connect_timeout(
    studio: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    from studio.simulation import cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "1s")  # 10 s in use; the path is the same
    run = studio("simulate", "--runs", "2", "--seed", "1", "--cluster", "tcp://127.0.0.1:1")
    assert run.code == 2
    (line,) = run.err.splitlines()
    assert line.startswith("studio simulate: error: cannot reach the Dask scheduler at tcp://127.0.0.1:1")


def test_an_address_that_is_not_one_says_what_to_give(studio: Callable[..., Run]) -> None:
    run = studio("simulate", "--runs", "2", "--seed", "1", "--cluster", "nonsense")
    assert run.code == 2
    (line,) = run.err.splitlines()
    assert "--cluster nonsense:" in line and "tcp://HOST:8786" in line and "'local'" in line
