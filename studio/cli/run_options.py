"""The options that set up a run, shared by ``studio run`` and ``studio play``, and the bot that plays,
shared by ``studio run`` and ``studio simulate``."""

from __future__ import annotations

import argparse

from studio.cli.seeds import seed


def add_setup_options(p: argparse.ArgumentParser, seed_help: str) -> None:
    """Add ``--seed``, ``--deck``, ``--difficulty`` and ``--charm`` (repeatable)."""
    p.add_argument("--seed", type=seed, metavar="S", help=seed_help)
    p.add_argument("--deck", metavar="ID", help="the deck (default: standard)")
    p.add_argument("--difficulty", type=int, metavar="N", help="difficulty level (default: 0)")
    p.add_argument(
        "--charm",
        action="append",
        default=[],
        metavar="ID[:EDITION]",
        help="a charm the run starts with (repeatable)",
    )


def add_bot_option(p: argparse.ArgumentParser) -> None:
    """Add ``--bot fast|strong`` (default strong: the bot balance is judged with)."""
    p.add_argument(
        "--bot",
        choices=("fast", "strong"),
        default="strong",
        help="the bot that plays: strong (the default: weighs each choice in the run's context) or fast",
    )
