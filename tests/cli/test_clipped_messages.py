"""A value echoed back in an error (a huge argument, a long bad token) is clipped: the line stays short."""

from __future__ import annotations

import pytest

HUGE = "Z" * 5000


@pytest.mark.parametrize(
    "argv",
    [
        ("simulate", "--runs", HUGE),
        ("score", HUGE),
        ("list", HUGE),
        ("score", "AS", "--charm", HUGE),
        ("run", "--seed", "1", "--deck", HUGE),
    ],
    ids=["argparse value", "bad card", "argparse choice", "unknown charm", "unknown deck"],
)
def test_a_huge_value_in_an_error_is_clipped(studio_exe, argv):
    run = studio_exe(*argv)
    assert run.code == 2
    (line,) = run.err.splitlines()
    assert len(line) < 600 and "ZZZZZZZZZZ" in line and "…" in line
