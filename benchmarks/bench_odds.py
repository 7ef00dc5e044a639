"""Time the exhaustive hand-type count of 5-card hands under each rule switch.

Run: ``python benchmarks/bench_odds.py [--repeat N]``. Prints a markdown table
(best of N runs per case). No timed assertions: figures only.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from math import comb
from pathlib import Path

from studio.engine.odds import count_exhaustive
from studio.plugins.loading import load_base

RULES = (
    frozenset(),
    frozenset({"four_fingers"}),
    frozenset({"shortcut"}),
    frozenset({"smeared"}),
    frozenset({"four_fingers", "shortcut", "smeared"}),
    frozenset({"splash"}),
)


def run(repeat: int = 3, hand_size: int = 5) -> list[tuple[str, float, float]]:
    """Return (case, best seconds, hands per second) for every deck and rule switch."""
    catalog = load_base().catalog
    assert catalog is not None
    cases = [("standard", flags) for flags in RULES] + [
        ("checkered", frozenset()),
        ("abandoned", frozenset()),
    ]
    rows = []
    for deck_id, flags in cases:
        cards = catalog.deck(deck_id).cards
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            count_exhaustive(cards, hand_size, catalog, flags)
            best = min(best, time.perf_counter() - start)
        name = f"{deck_id}, {'+'.join(sorted(flags)) or 'no rules'}"
        rows.append((name, best, comb(len(cards), hand_size) / best))
    return rows


def command_seconds(repeat: int = 3) -> float:
    """Best wall time of the whole ``studio odds --exhaustive --hand-size 5 --json`` command."""
    exe = str(Path(sys.executable).with_name("studio"))
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(
            [exe, "odds", "--exhaustive", "--hand-size", "5", "--json"], check=True, capture_output=True
        )
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description="Exhaustive odds timings.")
    parser.add_argument("--repeat", type=int, default=3, help="runs per case; the best counts")
    args = parser.parse_args()
    print("| exhaustive 5-card count | seconds | hands/s |")
    print("|---|---:|---:|")
    for name, seconds, rate in run(args.repeat):
        print(f"| {name} | {seconds:.3f} | {rate:,.0f} |")
    print(
        f"| whole command `studio odds --exhaustive --hand-size 5` | {command_seconds(args.repeat):.3f} | |"
    )


if __name__ == "__main__":
    main()
