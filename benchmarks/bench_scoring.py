"""Time the scorer: hands per second with five charms and the trace on.

Run: ``python benchmarks/bench_scoring.py [--hands N]``. The hands are random
(seeded) 1-5 card hands from the standard deck with up to three held cards and
five random base charms each, built before timing. With charms, two cases:
rows drawn from a pool of 1,000 (seen before: the compiled row is memoised)
and a new row for every hand (as in a batch of made-up rows: each row is
compiled, and the memo of rows stays bounded). Prints a markdown table.
"""

from __future__ import annotations

import argparse
import gc
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
#: Charm rows the "rows seen before" case draws from.
ROW_POOL = 1_000


def random_situations(catalog: Catalog, n: int, charms: int, seed: int = 1, pool: int = 0) -> list[Situation]:
    """Return ``n`` seeded random situations with ``charms`` charms each.

    With ``pool``, each hand's row is one of ``pool`` random rows; without, every hand draws its own.
    """
    rnd = random.Random(seed)
    deck = list(catalog.deck("standard").cards)
    ids = sorted(catalog.charms)
    rows = [tuple(CharmSlot(rnd.choice(ids)) for _ in range(charms)) for _ in range(pool)]
    out = []
    for _ in range(n):
        cards = rnd.sample(deck, rnd.randint(1, 5) + 3)
        played, held = cards[:-3], cards[-3:]
        row = rnd.choice(rows) if rows else tuple(CharmSlot(rnd.choice(ids)) for _ in range(charms))
        out.append(
            Situation(tuple(played), tuple(held), row, money=rnd.randint(0, 30), hands_left=rnd.randint(0, 3))
        )
    return out


def rate(catalog: Catalog, passes: list[list[Situation]]) -> tuple[float, float]:
    """Return (best hands per second over the timed passes, mean events per hand)."""
    best = float("inf")
    for situations in passes:
        start = time.perf_counter()
        for s in situations:
            score(s, catalog)
        best = min(best, (time.perf_counter() - start) / len(situations))
    hands = passes[-1]
    events = sum(len(score(s, catalog).events) for s in hands) / len(hands)
    return 1 / best, events


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
    n = args.hands
    cases = (
        ("random hands, no charms", [random_situations(catalog, n, 0)] * 3),
        (
            f"random hands, five random charms (rows from {ROW_POOL:,}, seen before)",
            [random_situations(catalog, n, 5, pool=ROW_POOL)] * 3,
        ),
        (
            "random hands, five random charms (a new row every hand)",
            [random_situations(catalog, n, 5, seed=seed) for seed in (1, 2, 3)],
        ),
        ("appendix flush, five charms", [appendix * n] * 3),
    )
    # The content and the hands live for the whole run, as in a batch: the collector need not walk
    # them each time, so it counts only what scoring makes (the memo of rows included).
    gc.freeze()
    for name, passes in cases:
        hands_per_second, events = rate(catalog, passes)
        print(f"| {name} | {hands_per_second:,.0f} | {events:.1f} |")


if __name__ == "__main__":
    main()
