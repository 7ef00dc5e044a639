"""The schemas' x-ref marks: where references are, read from the schemas alone."""

from __future__ import annotations

import pytest

from studio.content.schemas import schema_for
from studio.content.xrefs import ITEM, KEY, ref_patterns, references


def test_the_charm_schema_marks_hand_types_and_behaviours() -> None:
    assert dict(ref_patterns("charm")) == {
        ("abilities", ITEM, "when", "contains"): "hand_type",
        ("abilities", ITEM, "when", "hand_types"): "hand_type",
        ("abilities", ITEM, "effects", ITEM, "hand_type"): "hand_type",
        ("behaviour",): "behaviour",
    }
    props = schema_for("charm")["$defs"]["ConditionsModel"]["properties"]
    assert props["contains"]["x-ref"] == "hand_type" and props["hand_types"]["x-ref"] == "hand_type"


def test_a_scenario_refers_to_charms_editions_hand_types_boss_and_deck() -> None:
    assert dict(ref_patterns("scenario")) == {
        ("charms",): "charm",
        ("charms", ITEM, "id"): "charm",
        ("charms", ITEM, "edition"): "edition",
        ("levels", KEY): "hand_type",
        ("boss",): "boss",
        ("deck",): "deck",
        ("hand_types_played",): "hand_type",
        ("expect", "hand_type"): "hand_type",
    }


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("deck", {("cards", ITEM, "modifiers"): "modifier"}),
        ("hand_type", {}),
        (  # a boss's rule records speak the charms' vocabulary, hand types included
            "boss",
            {
                ("abilities", ITEM, "effects", ITEM, "hand_type"): "hand_type",
                ("abilities", ITEM, "when", "contains"): "hand_type",
                ("abilities", ITEM, "when", "hand_types"): "hand_type",
                ("debuff", "contains"): "hand_type",
                ("debuff", "hand_types"): "hand_type",
                ("refuse", ITEM, "when", "contains"): "hand_type",
                ("refuse", ITEM, "when", "hand_types"): "hand_type",
            },
        ),
    ],
)
def test_other_kinds(kind: str, expected: dict[tuple[str, ...], str]) -> None:
    assert dict(ref_patterns(kind)) == expected


def test_references_are_found_in_data_with_their_paths() -> None:
    data = {
        "played": "AS",
        "charms": ["even_mult:foil", {"id": "splash", "edition": "holographic"}],
        "levels": {"pair": 2},
        "expect": {"hand_type": "pair"},
    }
    assert sorted(references("scenario", data)) == [
        ("charm", "even_mult", ("charms", 0)),
        ("charm", "splash", ("charms", 1, "id")),
        ("edition", "holographic", ("charms", 1, "edition")),
        ("hand_type", "pair", ("expect", "hand_type")),
        ("hand_type", "pair", ("levels", "pair")),
    ]
