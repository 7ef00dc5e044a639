"""``studio odds --deal N --exact``: the 5-card count, poker's 7-card figures, a seeded sample, errors."""

from __future__ import annotations

import json
import math
from math import comb

import pytest
from spec_data import FIVE_CARD_COUNTS, SEVEN_CARD_COUNTS

#: Two-sided 99.9% normal quantile.
Z = 3.2905


def odds_json(studio, *argv: str) -> dict:
    run = studio("odds", *argv, "--json")
    assert run.code == 0, run.err
    assert run.err == ""
    return json.loads(run.out)


def test_five_dealt_cards_are_the_exhaustive_five_card_count(studio):
    exact = odds_json(studio, "--deal", "5", "--exact")
    assert exact == odds_json(studio, "--exhaustive", "--hand-size", "5")
    assert exact == {"total": 2598960, "counts": FIVE_CARD_COUNTS}


@pytest.mark.parametrize("charm", ["four_fingers", "shortcut", "smeared"])
def test_five_dealt_cards_match_the_exhaustive_count_under_a_charm(studio, charm):
    argv = ("--charm", charm, "--deck", "abandoned")
    exact = odds_json(studio, "--deal", "5", "--exact", *argv)
    assert exact == odds_json(studio, "--exhaustive", "--hand-size", "5", *argv)


def test_seven_dealt_cards_are_the_published_poker_figures(studio, catalog):
    result = odds_json(studio, "--deal", "7", "--exact")
    assert list(result["counts"]) == [t.id for t in catalog.hand_types]
    assert result == {"total": 133_784_560, "counts": SEVEN_CARD_COUNTS}
    assert result["total"] == comb(52, 7) == sum(result["counts"].values())


def test_eight_dealt_cards_agree_with_a_seeded_sample(studio, catalog):
    exact = odds_json(studio, "--deal", "8", "--exact")
    assert exact["total"] == comb(52, 8) == sum(exact["counts"].values())
    assert list(exact["counts"]) == [t.id for t in catalog.hand_types]
    n = 8_000  # the exact count is checked deal by deal in tests/engine; this checks the command agrees
    sampled = odds_json(studio, "--deal", "8", "--samples", str(n), "--seed", "11")
    for type_id, count in exact["counts"].items():
        p = count / exact["total"]
        spread = Z * math.sqrt(p * (1 - p) / n) + 1 / n
        assert abs(sampled["counts"][type_id] / n - p) <= spread, type_id


def test_json_lists_every_type_in_evaluation_order_as_integers(studio, catalog):
    run = studio("odds", "--deal", "3", "--exact", "--deck", "checkered", "--json")
    assert run.code == 0, run.err
    assert run.out == studio("odds", "--deal", "3", "--exact", "--deck", "checkered", "--json").out
    result = json.loads(run.out)
    assert list(result) == ["total", "counts"]
    assert list(result["counts"]) == [t.id for t in catalog.hand_types]
    assert all(isinstance(n, int) for n in result["counts"].values())
    assert result["total"] == comb(52, 3)


def test_the_table_reads_like_the_other_counts(studio):
    run = studio("odds", "--deal", "2", "--exact", "--deck", "abandoned")
    assert run.code == 0, run.err
    assert run.out.splitlines()[-1] == f"total: {comb(40, 2)}"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("--exact",), "--exact needs --deal between 1 and 10"),
        (("--deal", "0", "--exact"), "--exact needs --deal between 1 and 10"),
        (
            ("--deal", "11", "--exact"),
            "between 1 and 10; more cards take too long to count every deal: use --samples N",
        ),
        (("--deal", "52", "--exact"), "between 1 and 10; more cards take too long"),
    ],
)
def test_exact_needs_a_deal_size_it_can_count(studio_cli, argv, said):
    run = studio_cli("odds", *argv)
    assert run.code == 2 and said in run.err and len(run.err.splitlines()) == 1


def test_exact_is_not_also_sampled(studio_cli):
    run = studio_cli("odds", "--deal", "8", "--exact", "--samples", "10")
    assert run.code == 2
    assert "--exact and --samples: give one way to count" in run.err


def test_ctrl_c_during_a_long_count_is_one_line_and_exit_130() -> None:
    """A Ctrl-C that lands while every deal of ten cards is counted (about 20 s)."""
    import os
    import signal
    import subprocess
    import sys

    # A real SIGINT, sent the moment the count starts: the process says so on a pipe of its own.
    program = """
import os, sys
import studio.cli.odds as odds
counting = odds.count_dealt
def count_dealt(*args, **kwargs):
    os.write(int(sys.argv[1]), b"counting")
    return counting(*args, **kwargs)
odds.count_dealt = count_dealt
from studio.cli.main import main
sys.exit(main(["odds", "--deal", "10", "--exact"]))
"""
    said, told = os.pipe()
    proc = subprocess.Popen(
        [sys.executable, "-c", program, str(told)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        pass_fds=(told,),
    )
    os.close(told)
    try:
        with os.fdopen(said, "rb") as started:
            assert started.read(8) == b"counting"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert err.decode() == "studio odds: interrupted\n" and out == b""


def test_ctrl_c_while_the_command_is_still_being_loaded_is_one_line_and_exit_130() -> None:
    """A Ctrl-C that lands while the subcommand's module is imported (its first tenths of a second)."""
    import subprocess
    import sys

    # A real SIGINT, sent by the process to itself the moment the simulate module starts importing.
    program = """
import importlib.abc, os, signal, sys
class Interrupt(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "studio.cli.simulate":
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Interrupt())
from studio.cli.main import main
sys.exit(main(["simulate", "--runs", "1"]))
"""
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, timeout=60)
    assert done.returncode == 130, done.stderr
    assert done.stderr.decode() == "studio simulate: interrupted\n" and done.stdout == b""
