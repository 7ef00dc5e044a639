"""Time the exhaustive hand-type count of 5-card hands under each rule switch, and the exact
count of the best type of dealt hands (5, 7 and 8 cards).

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
from studio.engine.odds.deal import count_dealt
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


DEALT = (
    ("standard", 5, frozenset()),
    ("standard", 7, frozenset()),
    ("standard", 8, frozenset()),
    ("standard", 8, frozenset({"shortcut"})),
    ("standard", 8, frozenset({"smeared"})),
    ("standard", 8, frozenset({"four_fingers"})),
    ("standard", 8, frozenset({"four_fingers", "shortcut"})),
    ("standard", 8, frozenset({"four_fingers", "smeared"})),
    ("standard", 8, frozenset({"four_fingers", "shortcut", "smeared"})),
    ("checkered", 8, frozenset()),
    ("abandoned", 8, frozenset()),
)


def run_dealt(repeat: int = 1) -> list[tuple[str, float, float]]:
    """Return (case, best seconds, deals per second) of the exact count of dealt hands."""
    catalog = load_base().catalog
    assert catalog is not None
    rows = []
    for deck_id, deal, flags in DEALT:
        cards = catalog.deck(deck_id).cards
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            count_dealt(cards, deal, catalog, flags)
            best = min(best, time.perf_counter() - start)
        name = f"{deck_id}, {deal} dealt, {'+'.join(sorted(flags)) or 'no rules'}"
        rows.append((name, best, comb(len(cards), deal) / best))
    return rows


def command_seconds(repeat: int = 3, *argv: str) -> float:
    """Best wall time of the whole ``studio odds ARGV --json`` command."""
    exe = str(Path(sys.executable).with_name("studio"))
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([exe, "odds", *argv, "--json"], check=True, capture_output=True)
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
    five = command_seconds(args.repeat, "--exhaustive", "--hand-size", "5")
    print(f"| whole command `studio odds --exhaustive --hand-size 5` | {five:.3f} | |")
    print()
    print("| exact count of dealt hands | seconds | deals/s |")
    print("|---|---:|---:|")
    for name, seconds, rate in run_dealt(1):
        print(f"| {name} | {seconds:.3f} | {rate:,.0f} |")
    eight = command_seconds(1, "--deal", "8", "--exact")
    print(f"| whole command `studio odds --deal 8 --exact` | {eight:.3f} | |")


if __name__ == "__main__":
    main()
