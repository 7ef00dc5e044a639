"""Consumables: targets and effects of the charms' vocabulary, checked as data, and the base game's."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError
from run_item_packs import demo_pack

from studio.content.models import ConsumableModel
from studio.engine.catalog import Catalog


def consumable(**fields: object) -> ConsumableModel:
    return ConsumableModel.model_validate({"id": "demo", "name": "Demo", "family": "changer", **fields})


def test_targets_and_effects_become_the_engine_definition() -> None:
    model = consumable(
        targets={"kind": "cards", "min": 1, "max": 2}, effects=[{"kind": "edit_card", "upgrade": "glass"}]
    )
    made = model.to_engine({})
    assert (made.targets, made.effects[0].kind, made.effects[0].arg("upgrade")) == (
        ("cards", 1, 2),
        "edit_card",
        "glass",
    )
    assert made.description == "Choose 1 to 2 cards in hand: make the card glass for good"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"effects": [{"kind": "destroy_card"}]},
            "'destroy_card' acts on a card: give 'targets: {kind: cards}'",
        ),
        ({"effects": [{"kind": "level_up"}]}, "must name its 'hand_type'"),
        (
            {"targets": {"kind": "hand_types"}, "effects": [{"kind": "level_up", "hand_type": "pair"}]},
            "with every hand type as targets, 'level_up' must act on a hand type it leaves unnamed",
        ),
        (
            {"targets": {"kind": "hand_types"}, "effects": [{"kind": "money", "amount": 3}]},
            "'money' must act on a hand type",
        ),
        (
            {"targets": {"kind": "cards", "min": 3, "max": 2}, "effects": [{"kind": "destroy_card"}]},
            "'min' (3)",
        ),
        ({"effects": [{"kind": "modify", "value": "hands", "add": 1}]}, "use 'for: round'"),
        ({"effects": [{"kind": "money", "amount": 1, "per": "played_cards"}]}, "no hand is played here"),
        ({"effects": [{"kind": "mult", "amount": 4}]}, "'mult'"),
    ],
)
def test_what_cannot_work_outside_a_hand_is_refused(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValidationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        consumable(**fields)


def test_an_unknown_upgrade_and_an_unknown_family_are_named_with_a_suggestion(studio, tmp_path: Path) -> None:
    demo = demo_pack(
        tmp_path,
        {
            "consumables/demo_stamp.yaml": (
                "id: demo_stamp\nname: Stamp\nfamily: changer\ntargets: {kind: cards, max: 2}\n"
                "effects:\n  - {kind: edit_card, upgrade: glas}\n"
            ),
            "patches/weights.yaml": "target: run/run\nset:\n  shop:\n    family_weights: {chnager: 4}\n",
            "consumables/demo_gazer.yaml": (
                "id: demo_gazer\nname: Gazer\nfamily: rare\neffects:\n  - {kind: create_consumable, family: levle}\n"
            ),
            "charms/demo_seer.yaml": (  # a charm's effect names a family as a consumable's does
                "id: demo_seer\nname: Seer\nabilities:\n  - trigger: end_of_round\n"
                "    effects:\n      - {kind: create_consumable, family: rear}\n"
            ),
            "charms/demo_mixup.yaml": (  # a seal named as an upgrade, aces and kings by their numbers
                "id: demo_mixup\nname: Mixup\nabilities:\n  - trigger: scored_card\n"
                "    when: {ranks: [1, 13]}\n    effects:\n      - {kind: edit_card, upgrade: gold_seal}\n"
            ),
            "charms/demo_counter.yaml": (  # a condition asks about a family the same way
                "id: demo_counter\nname: Counter\nabilities:\n  - trigger: consumable_used\n"
                "    when: {family: [level, lvel]}\n    effects:\n      - {kind: grow}\n"
            ),
        },
    )
    run = studio("validate", str(demo))
    assert run.code == 1
    assert (
        f"{demo}/consumables/demo_stamp.yaml:6:32: $.effects[0].upgrade: unknown upgrade 'glas' "
        "(did you mean 'glass'?)"
    ) in run.out
    assert (
        f"{demo}/patches/weights.yaml:4:22: $.set.shop.family_weights.chnager: no consumable is of the family "
        "'chnager' (did you mean 'changer'?)"
    ) in run.out
    assert (
        f"{demo}/consumables/demo_gazer.yaml:5:39: $.effects[0].family: no consumable is of the family 'levle' "
        "(did you mean 'level'?)"
    ) in run.out
    assert (
        f"{demo}/charms/demo_seer.yaml:6:43: $.abilities[0].effects[0].family: no consumable is of the family "
        "'rear' (did you mean 'rare'?)"
    ) in run.out
    assert (
        f"{demo}/charms/demo_mixup.yaml:7:36: $.abilities[0].effects[0].upgrade: 'gold_seal' is a seal, "
        "not an upgrade: name it where seals go"
    ) in run.out
    faces = "face cards and aces are written J, Q, K, A"
    assert (
        f"$.abilities[0].when.ranks[0]: 1 is not one of 2, 3, 4, 5, 6, 7, 8, 9, 10, T, J, Q, K, A (did you mean 'A'? {faces})"
        in run.out
    )
    assert (
        f"$.abilities[0].when.ranks[1]: 13 is not one of 2, 3, 4, 5, 6, 7, 8, 9, 10, T, J, Q, K, A (did you mean 'K'? {faces})"
        in run.out
    )
    assert (
        f"{demo}/charms/demo_counter.yaml:5:28: $.abilities[0].when.family[1]: no consumable is of the family "
        "'lvel' (did you mean 'level'?)"
    ) in run.out


def test_an_effect_that_scores_a_hand_is_refused_in_a_consumable_saying_why(studio, tmp_path: Path) -> None:
    demo = demo_pack(
        tmp_path,
        {
            "consumables/demo_chip.yaml": "id: demo_chip\nname: Chip\nfamily: rare\neffects:\n  - {kind: points, amount: 5}\n"
        },
    )
    run = studio("validate", str(demo))
    assert run.code == 1
    assert "'points' is not one of add_card, add_discards, " in run.out
    assert ": points changes the score of a hand, and a consumable is used between hands" in run.out


def test_a_consumable_copies_a_random_charm_never_a_neighbour(studio, tmp_path: Path) -> None:
    copy = "id: demo_copy\nname: Copy\nfamily: rare\neffects:\n  - {{kind: create_charm, copy: {how}}}\n"
    demo = demo_pack(tmp_path, {"consumables/demo_copy.yaml": copy.format(how="left")})
    run = studio("validate", str(demo))
    assert run.code == 1
    assert "$.effects[0]: a consumable has no neighbours: copy a random charm (copy: random)" in run.out
    (demo / "consumables" / "demo_copy.yaml").write_text(copy.format(how="random"), encoding="utf-8")
    assert studio("validate", str(demo)).code == 0


def test_the_base_game_has_the_three_families_each_with_a_pack(catalog: Catalog) -> None:
    consumables = catalog.consumables.values()
    assert len(catalog.consumables) >= 12
    families = {c.family for c in consumables}
    assert families == {"changer", "level", "rare"}
    assert catalog.run is not None
    assert {p.family for p in catalog.run.shop.boosters if p.kind == "consumables"} == families
    changers = [c for c in consumables if c.family == "changer"]
    assert all(c.targets is not None and c.targets.kind == "cards" for c in changers)
    levels = {c.effects[0].arg("hand_type") for c in consumables if c.family == "level"}
    assert levels == {t.id for t in catalog.hand_types}  # a level-up for every hand type
    assert catalog.consumables["eclipse"].description == "+1 level to every hand type"
    assert all(c.description for c in consumables)
