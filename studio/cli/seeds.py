"""The ``--seed`` option's type, one for every command: a whole number from 0 to 2**63 - 1, as a
scenario's and a save's seed is, so a seed any command takes is one every other command takes too."""

from __future__ import annotations

import argparse

#: The largest seed (a scenario's and a run save's bound).
MAX_SEED = 2**63 - 1


def seed(text: str) -> int:
    """Parse a seed, or say what is wanted."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"want a whole number from 0 to {MAX_SEED}, not {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"want a whole number from 0 to {MAX_SEED}, not {value}")
    return value
