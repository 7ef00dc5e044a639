"""Time the exhaustive hand-type count of 5-card hands under each rule switch.

Run: ``python benchmarks/bench_odds.py [--repeat N]``. Prints a markdown table
(best of N runs per case). No timed assertions: figures only.
"""

from __future__ import annotations

import argparse
import time
from math import comb
from pathlib import Path

from ruamel.yaml import YAML

from studio.content.models.hand_type import HandTypeModel
from studio.engine.cards import SUITS, Card
from studio.engine.catalog import Catalog
from studio.engine.odds import count_exhaustive

HANDS_DIR = Path(__file__).resolve().parents[1] / "content" / "hands"
STANDARD = tuple(Card(r, s) for s in SUITS for r in range(2, 15))
CHECKERED = tuple(Card(r, s) for s in "SSHH" for r in range(2, 15))
CASES: tuple[tuple[str, tuple[Card, ...], frozenset[str]], ...] = (
    ("standard, no rules", STANDARD, frozenset()),
    ("standard, four_fingers", STANDARD, frozenset({"four_fingers"})),
    ("standard, shortcut", STANDARD, frozenset({"shortcut"})),
    ("standard, smeared", STANDARD, frozenset({"smeared"})),
    (
        "standard, four_fingers+shortcut+smeared",
        STANDARD,
        frozenset({"four_fingers", "shortcut", "smeared"}),
    ),
    ("standard, splash", STANDARD, frozenset({"splash"})),
    ("checkered, no rules", CHECKERED, frozenset()),
)


def base_catalog() -> Catalog:
    """Return a catalog of the base hand types, best first."""
    yaml = YAML(typ="safe")
    models = [HandTypeModel.model_validate(yaml.load(p)) for p in sorted(HANDS_DIR.glob("*.yaml"))]
    return Catalog(hand_types=tuple(m.to_engine() for m in sorted(models, key=lambda m: -m.strength)))


def run(repeat: int = 3, hand_size: int = 5) -> list[tuple[str, float, float]]:
    """Return (case, best seconds, hands per second) for every case."""
    catalog = base_catalog()
    rows = []
    for name, cards, flags in CASES:
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            count_exhaustive(cards, hand_size, catalog, flags)
            best = min(best, time.perf_counter() - start)
        rows.append((name, best, comb(len(cards), hand_size) / best))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=3, help="runs per case; the best counts")
    args = parser.parse_args()
    print("| case | seconds | hands/s |")
    print("|---|---:|---:|")
    for name, seconds, rate in run(args.repeat):
        print(f"| {name} | {seconds:.3f} | {rate:,.0f} |")


if __name__ == "__main__":
    main()
