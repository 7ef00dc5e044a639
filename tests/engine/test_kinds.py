"""Rule kinds are registries: one definition per kind, asked by everything else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import studio
from studio.engine.kinds import CONDITIONS, EFFECTS, HANDS_LEFT, MONEY, TRIGGERS, VALUES
from studio.engine.kinds.registry import EffectKind
from studio.engine.names import UnknownIdError

ROOT = Path(studio.__file__).parent


@pytest.mark.parametrize("word", ["xmult", "retrigger", "level_up", "first_face", "final_hand"])
def test_a_kind_is_named_in_at_most_three_python_files(word: str) -> None:
    files = [p for p in ROOT.rglob("*.py") if re.search(rf"\b{word}\b", p.read_text(encoding="utf-8"))]
    assert len(files) <= 3, [str(p.relative_to(ROOT)) for p in files]


def test_no_python_file_names_a_base_boss() -> None:
    bosses = [p.stem for p in (ROOT.parent / "content" / "bosses").glob("*.yaml")]
    named = {
        (str(p.relative_to(ROOT)), boss)
        for p in ROOT.rglob("*.py")
        for boss in bosses
        if re.search(rf"[\"']{boss}[\"']", p.read_text(encoding="utf-8"))
    }
    assert named == set()


def test_the_bots_name_no_effect_kind_and_no_trigger() -> None:
    # What a bot counts an effect for beside its measured score is the kind's registry entry (worth),
    # and how often an ability at a run event acts is its trigger's (per_round, ahead).
    kinds = set(EFFECTS.names()) - {"mult"}  # "mult" is also a card upgrade the bots price
    kinds |= set(TRIGGERS.names())
    named = {
        (p.name, kind)
        for p in (ROOT / "engine" / "bot").glob("*.py")
        for kind in kinds
        if re.search(rf"[\"']{kind}[\"']", p.read_text(encoding="utf-8"))
    }
    assert named == set()


def test_an_ability_reads_what_its_values_and_its_conditions_read() -> None:
    from studio.engine.charms import Ability
    from studio.engine.conditions import Compare, Conditions
    from studio.engine.effects import Effect, Scaling

    per_money = (Effect("mult", 2, scaling=Scaling("money", 5)), Effect("points", 10))
    assert Ability("hand", per_money).reads() == {MONEY}
    few_hands = Conditions(compare=(Compare("hands_left", "<=", 1),))
    assert Ability("hand", (Effect("points", 10),), few_hands).reads() == {HANDS_LEFT}
    assert Ability("hand", (Effect("points", 10),), Conditions(final_hand=True)).reads() == {HANDS_LEFT}
    assert Ability("hand", (Effect("points", 10), Effect("money", 3))).reads() == set()  # gives $, reads none


def test_a_built_in_kind_cannot_be_replaced() -> None:
    with pytest.raises(ValueError, match="built in"):
        EFFECTS.add(EffectKind("mult", EFFECTS["mult"].apply, EFFECTS["mult"].text))


def test_an_unknown_kind_suggests_the_closest() -> None:
    with pytest.raises(UnknownIdError, match="did you mean 'xmult'"):
        EFFECTS["xmul"]


def test_every_registry_has_its_built_ins() -> None:
    assert {"before", "scored_card", "held_card", "hand", "discard", "end_of_round"} <= set(TRIGGERS.names())
    assert {"suits", "ranks", "contains", "compare", "chance"} <= set(CONDITIONS.names())
    assert {"money", "counter", "hand_size", "chances", "four_fingers"} <= set(VALUES.names())


def test_a_random_range_draws_whole_amounts_within_its_ends() -> None:
    from studio.engine.charms import Ability, CharmDef
    from studio.engine.effects import Effect
    from studio.engine.rng import RngState
    from studio.engine.scoring import score
    from studio.engine.situation import CharmSlot, Situation
    from studio.plugins.loading import load_base

    base = load_base().catalog
    charm = CharmDef("range", abilities=(Ability("hand", (Effect("mult", 2, up_to=5),)),))
    catalog = type(base)(
        base.hand_types, {**base.charms, "range": charm}, base.upgrades, base.editions, base.seals
    )
    drawn = set()
    for seed in range(60):
        r = score(Situation(catalog.cards("AS"), charms=(CharmSlot("range"),), rng=RngState(seed)), catalog)
        drawn.add(r.mult - 1)
    assert drawn == {2, 3, 4, 5}


def test_a_random_range_must_rise() -> None:
    from pydantic import ValidationError

    from studio.content.models.charm import CharmModel

    with pytest.raises(ValidationError, match="up_to"):
        CharmModel.model_validate(
            {
                "id": "x",
                "name": "X",
                "abilities": [{"trigger": "hand", "effects": [{"kind": "mult", "amount": 5, "up_to": 5}]}],
            }
        )


def test_an_ability_says_which_blinds_it_acts_in() -> None:
    from studio.engine.charms import Ability
    from studio.engine.conditions import Conditions
    from studio.engine.effects import Effect

    points = (Effect("points", 10),)
    assert Ability("round_start", points).blinds() is None  # any
    assert Ability("round_start", points, Conditions(blind=frozenset({"boss"}))).blinds() == {"boss"}
