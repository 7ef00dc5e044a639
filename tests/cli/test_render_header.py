"""The trace table's header names the rules in play: the boss rule and the deck."""

from __future__ import annotations

import json


def test_the_header_names_the_boss_rule_and_the_deck(studio) -> None:  # type: ignore[no-untyped-def]
    run = studio("score", "KC KD 5S", "--boss", "club_debuff", "--deck", "red")
    assert run.code == 0
    assert "Rules:  boss club_debuff, deck red" in run.out.splitlines()
    assert "Rules:  no boss, deck standard" in studio("score", "AS").out.splitlines()


def test_json_names_them_too(studio) -> None:  # type: ignore[no-untyped-def]
    out = json.loads(studio("score", "AS", "--boss", "flint", "--json").out)
    assert (out["boss"], out["deck"]) == ("flint", "standard")
    assert out["events"][0]["source_kind"] == "hand_type"
