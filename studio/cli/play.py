"""``studio play``: open the editor straight into a playtest run (the app is imported only when it runs).

The run plays the content as the editor loads it: the base game plus the pack
folders given with ``--pack``; an unknown deck, difficulty or charm is named on
the panel's status line, as New run names it.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from studio.cli.edit import check_folders
from studio.cli.errors import UsageError
from studio.cli.run_options import add_setup_options

#: The largest seed drawn when none is given (any whole number is a seed).
SEED_MAX = 2_000_000_000


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    add_setup_options(p, "seed of the run (default: a random one)")
    p.add_argument(
        "--pack",
        action="append",
        default=[],
        type=Path,
        metavar="P",
        help="a pack folder to open in the editor and play (repeatable)",
    )
    p.add_argument("--trust", action="store_true", help="let the given packs' code run in this session")
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    check_folders(args.pack)
    if args.difficulty is not None and args.difficulty < 0:
        raise UsageError(f"--difficulty needs 0 or more, not {args.difficulty}")
    try:
        from studio.app.main import PlaytestStart, run
    except ImportError as exc:
        raise UsageError(f"the editor needs the app extra (pip install 'charm-studio[app]'): {exc}") from None
    seed = args.seed if args.seed is not None else random.randint(0, SEED_MAX)
    start = PlaytestStart(seed, args.deck, args.difficulty, tuple(args.charm))
    return run(list(args.pack), trust=args.trust, playtest=start)
