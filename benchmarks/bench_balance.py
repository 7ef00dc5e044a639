"""The base game's balance as the strong bot plays it: wins and antes cleared at every difficulty level.

Run: ``python benchmarks/bench_balance.py [--runs N] [--seed S] [--bot strong|fast] [--workers W]``.
The target (docs/simulation.md, "Tuning the base game"): 20-60% wins at difficulty 0 over 200 runs of
seed 1, fewer at every level above. Prints a markdown table. Figures only, no assertions.
"""

from __future__ import annotations

import argparse

from studio.simulation.catalogs import catalog_for
from studio.simulation.local import simulate
from studio.simulation.spec import SimulationSpec


def run(runs: int, seed: int, bot: str, workers: int) -> list[tuple[int, float, float, tuple[float, float]]]:
    """Return (difficulty, win rate, mean antes cleared, win rate's 95% interval) for every level."""
    levels = [
        0,
        *sorted(d.level for d in catalog_for(SimulationSpec(runs=0, seed=seed)).difficulties.values()),
    ]
    rows = []
    for level in levels:
        report = simulate(SimulationSpec(runs=runs, seed=seed, difficulty=level, bot=bot), workers)  # type: ignore[arg-type]
        rows.append((level, report.win_rate, report.mean_antes_cleared, report.win_rate_interval()))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description="Wins and antes cleared at every difficulty level.")
    parser.add_argument("--runs", type=int, default=200, help="runs per level")
    parser.add_argument("--seed", type=int, default=1, help="seed of the simulations")
    parser.add_argument("--bot", default="strong", choices=("fast", "strong"), help="the bot")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    args = parser.parse_args()
    title = f"difficulty ({args.runs} runs, seed {args.seed}, bot {args.bot})"
    print(f"| {title} | wins | 95% interval | mean antes cleared |")
    print("|---|---:|---|---:|")
    for level, wins, antes, (low, high) in run(args.runs, args.seed, args.bot, args.workers):
        print(f"| {level} | {wins:.1%} | {low:.1%} to {high:.1%} | {antes:.2f} |")


if __name__ == "__main__":
    main()
