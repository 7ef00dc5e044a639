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
