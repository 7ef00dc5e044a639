"""Every field a charm file may hold is honoured: changing it changes some score, or it is cosmetic.

A charm is built from independent slots (trigger, effect kind, amount, scale,
chances, one condition, passive rules, and the cosmetic fields). Hypothesis
draws a charm the model accepts, changes one slot to another accepted value,
and scores both charms over a fixed set of probe situations (every kind of
hand, in twenty rounds whose money, counters, hands and held cards differ).
The change must show in some probe's total, money, counter, levels or trace, and in
the charm's generated text; a change of a cosmetic field must show in neither.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from studio.content.models import CharmModel
from studio.engine.charms import CharmDef, CharmSlot
from studio.engine.describe import describe_charm
from studio.engine.rng import RngState
from studio.engine.scoring import Situation, score
from studio.plugins.loading import load_base

#: Fields that change what players read or pay, never a score: the shop and the player's eyes use them.
COSMETIC_FIELDS = ("name", "rarity", "cost")

CATALOG = load_base().catalog
assert CATALOG is not None
#: Base charms after the generated one, so passive rules show (face_points reads faces, diamond_mult suits).
HELPERS = (CharmSlot("face_points"), CharmSlot("diamond_mult"))

HANDS = [
    *("AS", "KH", "7D", "2C", "QD", "5H", "JC"),
    *("AS AH", "KC KD", "7S 7D", "2H 2C", "3S 3D", "AS AH 7C", "KH KS QD"),
    *("QS QH 3C 3D", "9S 9H 9D", "4S 4H 4C 4D", "JS JH JC 8D 8S"),
    *("AH 9H 6H 4H 2H", "KD 10D 7D 5D 3D", "QS JS 8S 4S 3S", "9S 8H 7C 6D 5S", "AS 2H 3C 4D 5S"),
    *("AC 9C 6C 3C KD", "8S 7H 6C 5D KS", "10S 8H 6C 4D 2S", "KS 2D 5H"),
]
_RANKS = "23456789TJQKA"


def _rounds(n: int) -> list[dict[str, Any]]:
    """``n`` rounds whose values run through their ranges at different paces, so that no two move
    together. Held: one card of each of three ranks, and 0-3 steel cards of a fourth."""
    out = []
    for i in range(n):
        held = [_RANKS[(i + 4 * k) % 13] + "SHCD"[(i + k) % 4] for k in range(3)]
        steel = (i // 3) % 4
        held += [f"{_RANKS[(7 * i + 2) % 13]}{s}:steel" for s in ("SHCD" * 2)[i % 4 : i % 4 + steel]]
        out.append(
            {
                "held": CATALOG.cards(" ".join(held)),
                "money": i % 13,
                "hands_left": i % 8,
                "discards_left": (3 * i + 5) % 8,
                "hand_types_played": () if (i // 2) % 2 else ("pair",),
                "counter": (4 * i + 2 + i // 13) % 13,
            }
        )
    return out


PROBES = [
    (CATALOG.cards(hand), r, 1000 * i + h) for h, hand in enumerate(HANDS) for i, r in enumerate(_rounds(20))
]

#: Each slot's accepted values; ``None`` leaves the field out.
SLOTS: dict[str, list[Any]] = {
    "trigger": ["scored_card", "held_card", "hand", "before"],
    "kind": ["points", "mult", "xmult", "money", "retrigger", "grow", "reset", "level_up"],
    "amount": [0, 1, 2],
    "per": [None, "money", "hands_left", "discards_left", "counter", "held_cards", "played_cards"],
    "every": [None, 2, 3],
    "chance": [None, {"n": 1, "in": 2}, {"n": 1, "in": 3}, {"n": 2, "in": 3}],
    "hand_type": [None, "pair", "flush"],
    "when": [
        None,
        {"suits": ["H"]},
        {"suits": ["H", "D"]},
        {"suits": ["S"]},
        {"ranks": ["A"]},
        {"ranks": [2, 3]},
        {"ranks": ["K", "Q"]},
        {"face": True},
        {"face": False},
        {"first_face": True},
        {"first_face": False},
        {"contains": "pair"},
        {"contains": "flush"},
        {"contains": "straight"},
        {"hand_types": ["pair"]},
        {"hand_types": ["pair", "flush"]},
        {"hand_types": ["high_card"]},
        {"compare": [{"value": "money", "op": ">=", "n": 5}]},
        {"compare": [{"value": "money", "op": "<", "n": 5}]},
        {"compare": [{"value": "money", "op": ">=", "n": 6}]},
        {"compare": [{"value": "hands_left", "op": "==", "n": 0}]},
        {"compare": [{"value": "discards_left", "op": "<=", "n": 2}]},
        {"compare": [{"value": "played_cards", "op": "<=", "n": 3}]},
        {"compare": [{"value": "counter", "op": ">", "n": 3}]},
        {"compare": [{"value": "held_cards", "op": ">=", "n": 5}]},
        {"first_hand": True},
        {"first_hand": False},
        {"final_hand": True},
        {"final_hand": False},
        {"chance": {"n": 1, "in": 2}},
        {"chance": {"n": 1, "in": 3}},
    ],
    "passive": [[], ["four_fingers"], ["shortcut"], ["splash"], ["pareidolia"], ["smeared"]],
    "name": ["Echo", "Mirror"],
    "rarity": ["common", "rare"],
    "cost": [4, 7],
}
_AMOUNTS = {
    "points": [5, 10, 30],
    "mult": [1, 2, 4],
    "xmult": [1.5, 2, 3],
    "money": [1, 3, 5],
    "retrigger": [1, 2, 3],
    "grow": [1, 2, 3],
    "level_up": [1, 2, 3],
}


def _charm_data(slots: dict[str, Any]) -> dict[str, Any]:
    """Build a charm file's data from slot values."""
    kind = slots["kind"]
    effect: dict[str, Any] = {"kind": kind}
    if kind in _AMOUNTS:
        effect["amount"] = _AMOUNTS[kind][slots["amount"]]
    for field in ("per", "every", "chance"):
        if slots[field] is not None:
            effect[field] = slots[field]
    if kind == "level_up" and slots["hand_type"] is not None:
        effect["hand_type"] = slots["hand_type"]
    ability: dict[str, Any] = {"trigger": slots["trigger"], "effects": [effect]}
    if slots["when"] is not None:
        ability["when"] = slots["when"]
    data = {"id": "probe", "name": slots["name"], "rarity": slots["rarity"], "cost": slots["cost"]}
    return {**data, "abilities": [ability], "passive": slots["passive"]}


def _never_acts(slots: dict[str, Any]) -> bool:
    """Return True for a charm that scales by the value its own condition pins to zero ("per hands
    left, on the final hand"): it never acts, so no change of it can show."""
    when, per = slots["when"] or {}, slots["per"]
    pinned = any(c["value"] == per for c in when.get("compare", []))
    return per is not None and (pinned or (per == "hands_left" and when.get("final_hand") is True))


def _smeared_suits(slots: dict[str, Any]) -> object:
    """With its own smeared, a charm asking for H asks for H and D: the two are the same charm."""
    suits = (slots["when"] or {}).get("suits")
    if suits is None or "smeared" not in slots["passive"]:
        return slots
    joined = {"H": "HD", "D": "HD", "S": "SC", "C": "SC"}
    return {**slots, "when": {"suits": sorted(set("".join(joined[x] for x in suits)))}}


def _model(data: dict[str, Any]) -> CharmModel | None:
    try:
        return CharmModel.model_validate(data)
    except ValidationError:
        return None


def _outcomes(charm: CharmDef) -> list[tuple[object, ...]]:
    """Score the charm over every probe; what each gives: total, money, counter, levels and what
    the trace says fired (money earned before scoring or after it is the same money, at another
    time; a counter reset by the first held card or by the first held heart, another card)."""
    cat = dataclasses.replace(CATALOG, charms={**CATALOG.charms, "probe": charm}, memo={})
    out = []
    for played, rnd, seed in PROBES:
        row = (CharmSlot("probe", counter=rnd["counter"]), *HELPERS)
        situation = Situation(
            played,
            rnd["held"],
            row,
            money=rnd["money"],
            hands_left=rnd["hands_left"],
            discards_left=rnd["discards_left"],
            hand_types_played=rnd["hand_types_played"],
            rng=RngState(seed),
        )
        r = score(situation, cat)
        out.append(
            (r.total, r.money, r.counters[0], r.levels, tuple((e.step, e.source, e.what) for e in r.events))
        )
    return out


slot_values = st.fixed_dictionaries({name: st.sampled_from(values) for name, values in SLOTS.items()})
#: Every accepted value of every slot is the new value of some test case.
CHANGES = [(slot, value) for slot, values in SLOTS.items() for value in values]


@pytest.mark.parametrize(("slot", "other"), CHANGES, ids=[f"{s}={v}" for s, v in CHANGES])
@settings(max_examples=2, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(slots=slot_values)
def test_changing_any_accepted_field_changes_some_score_or_is_cosmetic(
    slots: dict[str, Any], slot: str, other: Any
) -> None:
    changed = {**slots, slot: other}
    assume(not any(_never_acts(s) for s in (slots, changed)))
    assume(_smeared_suits(slots) != _smeared_suits(changed))
    before_data, after_data = _charm_data(slots), _charm_data(changed)
    assume(before_data != after_data)
    before, after = _model(before_data), _model(after_data)
    assume(before is not None and after is not None)
    assert before is not None and after is not None
    a, b = before.to_engine(), after.to_engine()
    if slot in COSMETIC_FIELDS:
        assert _outcomes(a) == _outcomes(b)
        assert describe_charm(a) == describe_charm(b)
    else:
        assert _outcomes(a) != _outcomes(b), (before_data, after_data)
        assert describe_charm(a) != describe_charm(b), (before_data, after_data)
