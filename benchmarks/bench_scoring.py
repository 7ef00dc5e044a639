"""Time the scorer: hands per second with five charms and the trace on.

Run: ``python benchmarks/bench_scoring.py [--hands N]``. The hands are random
(seeded) 1-5 card hands from the standard deck with up to three held cards and
five random base charms each, parsed before timing. Prints a markdown table.
"""

from __future__ import annotations

import argparse
import random
import time

from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.scoring import Situation, score
from studio.plugins.loading import load_base

APPENDIX = (
    "KH 10H:glass 6H 4H 2H",
    "5D:steel",
    ("even_mult", "money_mult", "plain_mult", "splash", "pair_mult"),
)


def random_situations(catalog: Catalog, n: int, charms: int, seed: int = 1) -> list[Situation]:
    """Return ``n`` seeded random situations with ``charms`` charms each."""
    rnd = random.Random(seed)
    deck = list(catalog.deck("standard").cards)
    ids = sorted(catalog.charms)
    out = []
    for _ in range(n):
        cards = rnd.sample(deck, rnd.randint(1, 5) + 3)
        played, held = cards[:-3], cards[-3:]
        row = tuple(CharmSlot(rnd.choice(ids)) for _ in range(charms))
        out.append(
            Situation(tuple(played), tuple(held), row, money=rnd.randint(0, 30), hands_left=rnd.randint(0, 3))
        )
    return out


def rate(catalog: Catalog, situations: list[Situation], repeat: int = 3) -> tuple[float, float]:
    """Return (best hands per second, mean events per hand)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for s in situations:
            score(s, catalog)
        best = min(best, time.perf_counter() - start)
    events = sum(len(score(s, catalog).events) for s in situations) / len(situations)
    return len(situations) / best, events


def main() -> None:
    parser = argparse.ArgumentParser(description="Scoring throughput.")
    parser.add_argument("--hands", type=int, default=20_000, help="random hands per case")
    args = parser.parse_args()
    catalog = load_base().catalog
    assert catalog is not None
    played, held, charms = APPENDIX
    appendix = [
        Situation(catalog.cards(played), catalog.cards(held), tuple(map(CharmSlot, charms)), money=17)
    ]
    print("| scoring, trace on | hands/s | events/hand |")
    print("|---|---:|---:|")
    for name, situations in (
        ("random hands, no charms", random_situations(catalog, args.hands, 0)),
        ("random hands, five random charms", random_situations(catalog, args.hands, 5)),
        ("appendix flush, five charms", appendix * args.hands),
    ):
        hands_per_second, events = rate(catalog, situations)
        print(f"| {name} | {hands_per_second:,.0f} | {events:.1f} |")


if __name__ == "__main__":
    main()
