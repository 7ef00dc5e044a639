"""Whole bot runs per second: each bot in one process, then with two worker processes and on a local
Dask cluster.

Run: ``python benchmarks/bench_runs.py [--runs N] [--seed S]``. Prints a
markdown table; the wall time includes starting the workers and loading the
content in each. No timed assertions: figures only.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from studio.engine.bot import play_run
from studio.engine.run.actions import Action
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.simulation.catalogs import catalog_for
from studio.simulation.local import simulate
from studio.simulation.report import Report
from studio.simulation.spec import SimulationSpec, run_seed


def timed(play: Callable[[], Report]) -> tuple[float, Report]:
    """Seconds one call takes, and its report."""
    start = time.perf_counter()
    report = play()
    return time.perf_counter() - start, report


def engine_alone(spec: SimulationSpec) -> float:
    """CPU seconds the engine alone takes for the fast bot's runs: each run's actions, as the bot chose
    them, replayed without the bot (the ceiling any bot's speed works under)."""
    catalog = catalog_for(spec)
    plays: list[tuple[RunSetup, list[Action]]] = []
    for i in range(spec.runs):
        seed = run_seed(spec.seed, i)  # set up as a simulated run is (simulation.play.run_one)
        setup = RunSetup.from_catalog(catalog, spec.deck, spec.difficulty, seed, spec.charms, locked=True)
        plays.append((setup, [h.action for h in play_run(catalog, setup).history]))
    cpu = time.process_time()
    for setup, actions in plays:
        game = Game.start(setup)
        for action in actions:
            game.apply(action)
    return time.process_time() - cpu


def run(runs: int = 200, seed: int = 1) -> list[tuple[str, float, float, str]]:
    """Return (how, seconds, runs per second, same report as one process?) for each way of playing."""
    strong = SimulationSpec(runs=runs, seed=seed, bot="strong")
    catalog_for(strong)  # one process: the content is loaded before timing, as a long simulation amortises it
    cpu = time.process_time()
    simulate(strong)
    cpu = time.process_time() - cpu
    rows = [("`--bot strong`, one process, CPU time", cpu, runs / cpu, "")]
    spec = SimulationSpec(runs=runs, seed=seed, bot="fast")
    cpu = time.process_time()
    seconds, one = timed(lambda: simulate(spec))
    cpu = time.process_time() - cpu
    rows += [
        ("`--bot fast`, one process (one core), wall time", seconds, runs / seconds, "reference"),
        ("`--bot fast`, one process, CPU time (other load does not change it)", cpu, runs / cpu, "reference"),
    ]
    cpu = engine_alone(spec)
    rows.append(
        ("the engine alone: the fast bot's actions replayed without the bot, CPU time", cpu, runs / cpu, "")
    )
    seconds, two = timed(lambda: simulate(spec, workers=2))
    rows.append(("`--bot fast --workers 2`", seconds, runs / seconds, "yes" if two == one else "NO"))
    try:
        from studio.simulation.cluster import simulate_on_cluster
    except ImportError:  # pragma: no cover - the cluster extra is installed by make
        return rows
    seconds, cluster = timed(lambda: simulate_on_cluster(spec, "local"))
    rows.append(
        (
            "`--bot fast --cluster local` (2 worker processes)",
            seconds,
            runs / seconds,
            "yes" if cluster == one else "NO",
        )
    )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description="Whole bot runs per second.")
    parser.add_argument("--runs", type=int, default=200, help="runs per case")
    parser.add_argument("--seed", type=int, default=1, help="seed of the simulation")
    args = parser.parse_args()
    print(f"| whole bot runs ({args.runs} runs, seed {args.seed}) | seconds | runs/s | same report |")
    print("|---|---:|---:|---|")
    for how, seconds, rate, same in run(args.runs, args.seed):
        print(f"| {how} | {seconds:.2f} | {rate:,.1f} | {same} |")


if __name__ == "__main__":
    main()
