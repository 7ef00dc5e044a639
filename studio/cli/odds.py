"""``studio odds``: how often each hand type comes up, counted exhaustively, exactly per deal or sampled."""

from __future__ import annotations

import argparse

from studio.cli.errors import OK, UsageError, warn
from studio.cli.jsonout import dump_json
from studio.cli.loading import add_pack_options, catalog_of
from studio.cli.render import table
from studio.cli.seeds import seed
from studio.content.io.limits import MAX_EXACT_DEAL, MAX_ODDS_SAMPLES
from studio.content.plain_scenarios import known
from studio.engine.intervals import wilson
from studio.engine.odds import count_exhaustive, count_sampled, rules_in_play
from studio.engine.odds.deal import count_dealt
from studio.engine.rng import Rng


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    p.add_argument(
        "--charm", action="append", default=[], metavar="ID", help="a charm whose rules apply (repeatable)"
    )
    p.add_argument("--deck", default="standard", help="the deck (default: standard)")
    p.add_argument("--hand-size", type=int, help="cards per hand, with --exhaustive")
    p.add_argument("--exhaustive", action="store_true", help="count every combination")
    p.add_argument("--deal", type=int, help="cards dealt per sample")
    p.add_argument("--samples", type=int, help="how many deals to sample")
    p.add_argument("--exact", action="store_true", help="with --deal: count every deal exactly")
    p.add_argument("--seed", type=seed, help="seed of the sampled deals (default: 0)")
    p.add_argument("--json", action="store_true", help="print JSON")
    add_pack_options(p)
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    ways = [
        w
        for w, on in (
            ("--exhaustive", args.exhaustive),
            ("--exact", args.exact),
            ("--samples", args.samples is not None),
        )
        if on
    ]
    if len(ways) > 1:
        raise UsageError(f"{' and '.join(ways)}: give one way to count")
    if args.hand_size is not None and not args.exhaustive:
        raise UsageError("--hand-size goes with --exhaustive (a dealt hand's size is --deal)")
    if args.deal is not None and args.exhaustive:
        raise UsageError(
            "--deal goes with --exact or --samples (an exhaustive count's hand size is --hand-size)"
        )
    if args.seed is not None and args.samples is None:
        raise UsageError("--seed goes with --samples: the other counts draw nothing")
    cat = catalog_of(args)
    named = [("--deck", "deck", args.deck), *(("--charm", "charm", c) for c in args.charm)]
    for option, kind, value in named:
        try:  # an unknown id named with the option that wrote it, as `studio score` names it
            known(cat, kind, value)
        except ValueError as exc:
            raise UsageError(f"{option} {value}: {exc}") from None
    deck = cat.deck(args.deck)
    flags = rules_in_play(cat, args.charm, deck)
    for charm_id in dict.fromkeys(args.charm):
        if not rules_in_play(cat, [charm_id]):
            warn(f"{charm_id} changes no hand rule: the counts are those without it")
    if args.exhaustive:
        if args.hand_size is None or not 1 <= args.hand_size <= len(deck.cards):
            raise UsageError(f"--exhaustive needs --hand-size between 1 and {len(deck.cards)}")
        counts = count_exhaustive(deck.cards, args.hand_size, cat, flags)
    elif args.exact:
        most = min(MAX_EXACT_DEAL, len(deck.cards))
        if args.deal is None or not 1 <= args.deal <= most:
            too_many = args.deal is not None and args.deal > most and most == MAX_EXACT_DEAL
            later = "; more cards take too long to count every deal: use --samples N" if too_many else ""
            raise UsageError(f"--exact needs --deal between 1 and {most}{later}")
        counts = count_dealt(deck.cards, args.deal, cat, flags)
    elif args.deal is not None and args.samples is not None:
        if not 1 <= args.deal <= len(deck.cards) or not 1 <= args.samples <= MAX_ODDS_SAMPLES:
            raise UsageError(
                f"--deal needs 1 to {len(deck.cards)} cards and --samples 1 to {MAX_ODDS_SAMPLES:,}"
                " (--exact counts every deal)"
            )
        counts = count_sampled(deck.cards, args.deal, args.samples, cat, flags, Rng(args.seed or 0))
    else:
        raise UsageError("give --exhaustive --hand-size N, --deal N --exact, or --deal N --samples N")
    total = sum(counts.values())
    if args.json:
        print(dump_json({"total": total, "counts": counts}))
        return OK
    if args.samples is None:  # counted: each share is exact
        rows = [[t, str(n), f"{n / total:.6%}"] for t, n in counts.items()]
        print(table(["hand type", "count", "probability"], rows, right=(1, 2)))
    else:  # sampled: each share is an estimate, given with its 95% interval
        rows = [[t, str(n), f"{n / total:.2%}", _interval(n, total)] for t, n in counts.items()]
        print(table(["hand type", "count", "estimate", "95% interval"], rows, right=(1, 2, 3)))
    print(f"total: {total}")
    return OK


def _interval(hits: int, draws: int) -> str:
    """The 95% (Wilson) interval of a sampled share, in percent."""
    low, high = wilson(hits, draws)
    return f"{low:.2%} to {high:.2%}"
