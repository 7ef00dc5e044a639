"""``studio list``: loaded content by kind, with generated charm text."""

from __future__ import annotations

import json


def test_charms_are_listed_with_their_generated_text(studio) -> None:
    run = studio("list", "charms", "--json")
    assert run.code == 0
    charms = {c["id"]: c for c in json.loads(run.out)}
    assert charms["diamond_mult"]["description"] == "+3 Mult for each scored ♦ card"
    assert charms["money_mult"]["description"] == "+2 Mult for every $5 held"
    assert charms["bus_rider"]["description"] == (
        "Before scoring: +1 to its counter if no scoring card is a face card. "
        "Before scoring: reset its counter if a scoring card is a face card. +1 Mult per counter"
    )
    assert charms["five_alive"]["description"] == "X1.75 Mult when five cards score"


def test_hand_types_are_listed_strongest_first(studio) -> None:
    run = studio("list", "hands")
    lines = run.out.splitlines()
    assert lines[2].startswith("flush_five") and lines[-1].startswith("high_card")


def test_an_unknown_kind_is_bad_usage(studio_cli) -> None:
    run = studio_cli("list", "jokers")
    assert run.code == 2 and "invalid choice" in run.err
