"""Print every speed figure of the project as markdown tables (``make bench``)."""

from __future__ import annotations

import sys

import bench_app
import bench_balance
import bench_batch
import bench_big_pack
import bench_cli
import bench_hostile
import bench_odds
import bench_problems
import bench_rank
import bench_runs
import bench_scoring
import bench_validate
import bench_workspace

if __name__ == "__main__":
    del sys.argv[1:]  # each benchmark parses its own options; run them all with their defaults
    for bench in (
        bench_scoring,
        bench_odds,
        bench_validate,
        bench_runs,
        bench_rank,
        bench_balance,
        bench_cli,
        bench_batch,
        bench_problems,
        bench_hostile,
        bench_workspace,
        bench_app,
        bench_big_pack,
    ):
        bench.main()
        print()
