"""``studio simulate --rank``: charms compared with one baseline, paired run by run, on 1 or 2 local
workers and on a Dask local cluster.

Run: ``python benchmarks/bench_rank.py [--charms N] [--runs R] [--bot strong|fast]``. The defaults
(12 charms, 50 runs each) keep ``make bench`` short; ``--charms 60 --runs 200`` is the full figure
docs/simulation.md quotes. The charms are the base game's first N by id. Prints a markdown table;
wall times include starting the workers. No timed assertions: figures only.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from studio.simulation.catalogs import catalog_for
from studio.simulation.paired import Ranking, rank
from studio.simulation.runners import runner
from studio.simulation.spec import SimulationSpec


def timed(play: Callable[[], Ranking]) -> tuple[float, Ranking]:
    """Seconds one call takes, and its ranking."""
    start = time.perf_counter()
    ranking = play()
    return time.perf_counter() - start, ranking


def run(charms: int, runs: int, bot: str, cluster: bool = True) -> list[tuple[str, float, float, str]]:
    """Return (how, seconds, runs per second, same ranking as one worker?) for each way of playing."""
    spec = SimulationSpec(runs=runs, seed=1, bot=bot)  # type: ignore[arg-type]
    ids = sorted(catalog_for(spec).charms)[:charms]
    total = runs * (1 + len(ids))
    seconds, one = timed(lambda: rank(spec, ids, runner(1)))
    rows = [("1 local worker", seconds, total / seconds, "reference")]
    seconds, two = timed(lambda: rank(spec, ids, runner(2)))
    rows.append(("2 local workers (`--workers 2`)", seconds, total / seconds, "yes" if two == one else "NO"))
    if cluster:
        seconds, dask = timed(lambda: rank(spec, ids, runner(cluster="local")))
        rows.append(
            ("`--cluster local` (2 Dask workers)", seconds, total / seconds, "yes" if dask == one else "NO")
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description="A ranking of charms, paired run by run.")
    parser.add_argument("--charms", type=int, default=12, help="charms ranked")
    parser.add_argument("--runs", type=int, default=50, help="paired runs per charm")
    parser.add_argument("--bot", default="strong", choices=("fast", "strong"), help="the bot")
    parser.add_argument("--no-cluster", action="store_true", help="leave out the Dask local cluster")
    args = parser.parse_args()
    runs = args.runs * (1 + args.charms)
    print(
        f"| `--rank`, {args.charms} charms x {args.runs} runs + baseline ({runs:,} runs, bot {args.bot}) "
        "| seconds | runs/s | same ranking |"
    )
    print("|---|---:|---:|---|")
    for how, seconds, rate, same in run(args.charms, args.runs, args.bot, not args.no_cluster):
        print(f"| {how} | {seconds:.1f} | {rate:,.1f} | {same} |")


if __name__ == "__main__":
    main()
