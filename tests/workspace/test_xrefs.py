"""The schemas' x-ref marks: where references are, read from the schemas alone."""

from __future__ import annotations

import pytest

from studio.content.check.xrefs import ITEM, KEY, ref_patterns, references
from studio.content.schemas import schema_for

MODIFIERS = ("upgrade", "edition", "seal")


def _card_tests(*where: str) -> dict[tuple[str, ...], str]:
    """The modifier references of card tests (a card condition, a card filter) at ``where``."""
    return {(*where, f"{kind}s"): kind for kind in MODIFIERS}


def _conditions(*where: str) -> dict[tuple[str, ...], str]:
    """The references of conditions at ``where``: card tests, hand types, and the card filters in them."""
    return {
        **_card_tests(*where),
        (*where, "contains"): "hand_type",
        (*where, "hand_types"): "hand_type",
        (*where, "blind"): "blind",  # a blind of the run table
        **_card_tests(*where, "compare", ITEM, "filter"),
        **_card_tests(*where, "all_held"),
    }


def _abilities() -> dict[tuple[str, ...], str]:
    """The references of abilities: their conditions and effects (a scaling's filter, a card change)."""
    effects = ("abilities", ITEM, "effects", ITEM)
    return {
        **_conditions("abilities", ITEM, "when"),
        **_card_tests(*effects, "filter"),
        (*effects, "hand_type"): "hand_type",
        **{(*effects, kind): kind for kind in MODIFIERS},
        **{(*effects, kind): kind for kind in ("charm", "consumable", "tag")},  # charms and items made
    }


def test_the_charm_schema_marks_hand_types_modifiers_and_behaviours() -> None:
    assert dict(ref_patterns("charm")) == {**_abilities(), ("behaviour",): "behaviour"}
    props = schema_for("charm")["$defs"]["ConditionsModel"]["properties"]
    assert props["contains"]["x-ref"] == "hand_type" and props["hand_types"]["x-ref"] == "hand_type"


def test_a_scenario_refers_to_charms_editions_stickers_hand_types_boss_deck_and_vouchers() -> None:
    assert dict(ref_patterns("scenario")) == {
        ("charms",): "charm",
        ("charms", ITEM, "id"): "charm",
        ("charms", ITEM, "edition"): "edition",
        ("charms", ITEM, "stickers"): "sticker",
        ("levels", KEY): "hand_type",
        ("boss",): "boss",
        ("deck",): "deck",
        ("blind",): "blind",
        ("hand_types_played",): "hand_type",
        ("times_played", KEY): "hand_type",
        ("vouchers",): "voucher",
        ("expect", "hand_type"): "hand_type",
    }


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("deck", {("cards", ITEM, "modifiers"): "modifier"}),
        ("hand_type", {}),
        (  # a boss's rule records speak the charms' vocabulary, hand types and modifiers included
            "boss",
            {
                **_abilities(),
                **{("debuff", kind + "s"): kind for kind in MODIFIERS},  # a card filter
                **_conditions("refuse", ITEM, "when"),
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
