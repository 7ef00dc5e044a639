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


def test_json_values_are_typed_and_keys_are_snake_case(studio) -> None:
    hands = json.loads(studio("list", "hands", "--json").out)
    pair = next(h for h in hands if h["id"] == "pair")
    assert (pair["strength"], pair["points"], pair["mult"], pair["level_points"]) == (200, 10, 2, 15)
    charms = json.loads(studio("list", "charms", "--json").out)
    assert all(isinstance(c["cost"], int) for c in charms)
    bosses = json.loads(studio("list", "bosses", "--json").out)
    assert all(isinstance(b["min_ante"], int) for b in bosses)
    for kind in ("charms", "hands", "bosses", "decks", "difficulties", "upgrades", "editions", "seals"):
        for record in json.loads(studio("list", kind, "--json").out):
            assert all(key.islower() and " " not in key for key in record), (kind, record)


def test_card_modifiers_are_listed_with_what_they_do(studio) -> None:
    upgrades = {u["id"]: u for u in json.loads(studio("list", "upgrades", "--json").out)}
    assert upgrades["glass"]["effect"] == "when scored: X2 Mult; breaks after scoring (1 in 4 chance)"
    assert upgrades["steel"]["effect"] == "while held: X1.5 Mult"
    editions = {e["id"]: e["effect"] for e in json.loads(studio("list", "editions", "--json").out)}
    assert editions == {
        "foil": "+50 Points",
        "holographic": "+10 Mult",
        "negative": "+1 charm slot (on a charm)",
        "polychrome": "X1.5 Mult",
    }
    seals = studio("list", "seals")
    assert seals.code == 0 and "red_seal" in seals.out and "retriggers 1 time(s)" in seals.out
