"""The ``--seed`` option's type, one for every command: a whole number from 0 to ``MAX_SEED``, as a
scenario's seed is, so a seed any command takes is one every other command takes too."""

from __future__ import annotations

import argparse

from studio.content.io.limits import MAX_SEED


def seed(text: str) -> int:
    """Parse a seed, or say what is wanted."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"want a whole number from 0 to {MAX_SEED}, not {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"want a whole number from 0 to {MAX_SEED}, not {value}")
    return value
