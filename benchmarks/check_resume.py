"""The long version of the resume check: stop bot runs at a random action, save, resume, finish, compare.

Run: ``python benchmarks/check_resume.py [--seeds N] [--first S]``. For each
seed (every deck and difficulty in turn) the bot plays the whole run, then the
same run is stopped after a random number of actions, saved, loaded and
finished; its final state, actions and score traces must equal the
uninterrupted run's. Prints a markdown table; exits 1 on any mismatch. The
suite runs the same check on 200 seeds (tests/engine/test_run_reliability.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from studio.engine.bot import Bot, play_on, play_run
from studio.engine.catalog import Catalog
from studio.engine.run import save
from studio.engine.run.setup import RunSetup
from studio.plugins.loading import load_base


def check(catalog: Catalog, seed: int, bot: Bot) -> tuple[bool, int]:
    """Return (resumed run equals the whole run, actions in the run) for one seed."""
    decks = sorted(catalog.decks)
    setup = RunSetup.from_catalog(catalog, deck=decks[seed % len(decks)], difficulty=seed % 6, seed=seed)
    whole = play_run(catalog, setup, bot)
    stop = random.Random(seed).randint(0, len(whole.history))
    resumed = save.loads(save.dumps(play_run(catalog, setup, bot, stop_after=stop)), catalog)
    play_on(resumed, bot)
    same = (
        resumed.state.to_json() == whole.state.to_json()
        and [h.action for h in resumed.history] == [h.action for h in whole.history]
        and [h.score for h in resumed.history] == [h.score for h in whole.history]
    )
    return same, len(whole.history)


def main() -> int:
    parser = argparse.ArgumentParser(description="Stop, save, resume and finish bot runs; compare.")
    parser.add_argument("--seeds", type=int, default=2000, help="how many seeds")
    parser.add_argument("--first", type=int, default=10_000, help="the first seed (the suite uses 0-199)")
    args = parser.parse_args()
    catalog = load_base().catalog
    assert catalog is not None
    bot = Bot(catalog)
    start = time.perf_counter()
    bad: list[int] = []
    actions = 0
    for seed in range(args.first, args.first + args.seeds):
        same, n = check(catalog, seed, bot)
        actions += n
        if not same:
            bad.append(seed)
    seconds = time.perf_counter() - start
    print("| seeds | actions | mismatches | seconds |")
    print("|---|---|---|---|")
    print(f"| {args.seeds} | {actions} | {len(bad)} | {seconds:.1f} |")
    if bad:
        print(f"mismatching seeds: {', '.join(map(str, bad[:20]))}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
