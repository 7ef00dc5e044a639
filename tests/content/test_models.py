"""The content models are fit to generate editor forms: every field has a title, a description, bounds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from studio.content.check.validation import validate_document
from studio.content.io.documents import Document, read_document
from studio.content.models import KINDS, CharmModel
from studio.content.schemas import DIALECT, schema_for
from studio.engine.describe import describe_charm
from studio.engine.effects import Chance, Scaling


def _properties(schema: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    found = [(schema.get("title", "?") + "." + k, v) for k, v in schema.get("properties", {}).items()]
    for name, definition in schema.get("$defs", {}).items():
        found += [
            (f"{definition.get('title', name)}.{k}", v) for k, v in definition.get("properties", {}).items()
        ]
    return found


def _title(schema: dict[str, Any], prop: dict[str, Any]) -> str:
    """A field's title, or that of the model it refers to (pydantic leaves out an equal one)."""
    ref = prop.get("$ref", "")
    return str(prop.get("title") or schema["$defs"].get(ref.rsplit("/", 1)[-1], {}).get("title", ""))


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_field_has_a_title_and_a_description(kind: str) -> None:
    schema = schema_for(kind)
    missing = [
        name for name, prop in _properties(schema) if not (_title(schema, prop) and prop.get("description"))
    ]
    assert missing == []


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_number_field_has_bounds(kind: str) -> None:
    def bounded(prop: dict[str, Any]) -> bool:
        options = prop.get("anyOf", [prop])
        numbers = [o for o in options if o.get("type") in ("integer", "number")]
        return all(
            ("minimum" in o or "exclusiveMinimum" in o) and ("maximum" in o or "exclusiveMaximum" in o)
            for o in numbers
        )

    loose = [
        name
        for name, prop in _properties(schema_for(kind))
        if not bounded(prop) and not name.startswith(("Expected event.", "Expect."))  # results, not inputs
    ]
    assert loose == []


@pytest.mark.parametrize("kind", list(KINDS))
def test_schemas_are_draft_2020_12_and_forbid_unknown_fields(kind: str) -> None:
    schema = schema_for(kind)
    assert schema["$schema"] == DIALECT
    assert schema["additionalProperties"] is False


# -- every accepted field is honoured: what the engine would ignore is rejected -------------------

_REJECTED = [
    (
        "charms",
        "abilities: [{trigger: hand, effects: [{kind: mult, amount: 2, hand_type: pair}]}]",
        "$.abilities[0].effects[0].hand_type: unknown field 'hand_type'",
    ),
    (
        "charms",
        "abilities: [{trigger: hand, effects: [{kind: mult, amount: 2, every: 5}]}]",
        "'every' only counts with 'per': add 'per' or drop 'every'",
    ),
    (
        "charms",
        "abilities: [{trigger: hand, effects: [{kind: mlt, amount: 2}]}]",
        "$.abilities[0].effects[0].kind: 'mlt' is not one of add_card, add_discards, add_hands, add_sell_value, add_var, "
        "copy_card, copy_charm, create_charm, create_consumable, create_tag, destroy_card, destroy_charm, "
        "destroy_self, disable_boss, edit_card, grow, level_up, modify, money, mult, points, prevent_loss, "
        "reset, retrigger, set_var, xmult (did you mean 'mult'?)",
    ),
    (
        "charms",
        "abilities: [{trigger: hand, effects: [{kind: reset, amount: 2}]}]",
        "$.abilities[0].effects[0].amount: unknown field 'amount'",
    ),
    (  # one misspelling, one problem: not also "'amount' is required but missing"
        "charms",
        "abilities: [{trigger: hand, effects: [{kind: mult, amout: 4}]}]",
        "$.abilities[0].effects[0].amout: unknown field 'amout' (did you mean 'amount'?)",
    ),
    (  # the row decides a copy, never a draw or a condition: both would be ignored
        "charms",
        "abilities: [{trigger: hand, effects: [{kind: copy_charm, chance: {in: 4}}]}]",
        "$.abilities[0].effects[0].chance: unknown field 'chance'",
    ),
    (
        "charms",
        "abilities: [{trigger: hand, when: {hand_types: [pair]}, effects: [{kind: copy_charm}]}]",
        "$.abilities[0]: copy_charm always copies (the row decides it): give its ability no 'when'",
    ),
    (
        "charms",
        "abilities: [{trigger: before, effects: [{kind: points, amount: 20}]}]",
        "before scoring there are no Points or Mult yet (the base sets them), so 'points' would change nothing",
    ),
    (
        "charms",
        "abilities: [{trigger: discard, effects: [{kind: xmult, amount: 2}]}]",
        "a discard scores nothing, so 'xmult' would change nothing",
    ),
    (
        "charms",
        "abilities: [{trigger: held_card, when: {first_face: true}, effects: [{kind: mult, amount: 2}]}]",
        "'first_face' asks about scoring cards: it needs the trigger scored_card",
    ),
    (
        "charms",
        "abilities: [{trigger: scored_card, effects: [{kind: edit_card}]}]",
        "edit_card takes at least one of extra_points, upgrade, edition, seal, suit, rank or remove",
    ),
    (
        "charms",
        "abilities: [{trigger: scored_card, effects: [{kind: edit_card, seal: red_seal, remove: seal}]}]",
        "edit_card sets the seal it removes: keep 'seal' or 'remove'",
    ),
    (
        "upgrades",
        "scored: [{kind: retrigger, amount: 1}]",
        "$.scored[0].kind: 'retrigger' is not one of money, mult, points, xmult",
    ),
    (
        "seals",
        "end_of_round: [{kind: points, amount: 5}]",
        "$.end_of_round[0].kind: 'points' is not allowed here: the only choice is 'money'",
    ),
    (
        "upgrades",
        "held: [{kind: mult, amount: 1, per: counter}]",
        "$.held: 'per: counter' reads a charm's counter; an upgrade has none",
    ),
    (
        "upgrades",
        "stone_points: 20",
        "'stone_points' only counts for a stone upgrade: add 'stone: true' or drop it",
    ),
    (
        "editions",
        "effects: [{kind: grow, amount: 1}]",
        "$.effects[0].kind: 'grow' is not one of money, mult, points, xmult",
    ),
]


@pytest.mark.parametrize(("folder", "body", "message"), _REJECTED)
def test_a_field_the_engine_would_ignore_is_a_clear_problem(
    tmp_path: Path, folder: str, body: str, message: str
) -> None:
    path = tmp_path / folder / "x.yaml"
    path.parent.mkdir()
    path.write_text(f"id: x\nname: X\n{body}\n", encoding="utf-8")
    kind = {"charms": "charm", "upgrades": "upgrade", "seals": "seal", "editions": "edition"}[folder]
    model, problems = validate_document(kind, read_document(path))
    assert model is None
    assert len(problems) == 1
    assert message in str(problems[0]), problems[0]
    assert str(problems[0]).startswith(f"{path}:")


def test_a_retrigger_takes_a_chance_and_a_scale() -> None:
    model = CharmModel.model_validate(
        {
            "id": "x",
            "name": "X",
            "abilities": [
                {
                    "trigger": "scored_card",
                    "effects": [
                        {"kind": "retrigger", "per": "counter", "every": 2, "chance": {"n": 1, "in": 2}}
                    ],
                }
            ],
        }
    )
    (effect,) = model.to_engine().abilities[0].effects
    assert (effect.amount, effect.scaling, effect.chance) == (1, Scaling("counter", 2), Chance(1, 2))


WHOLE = (
    "id: x\nname: X\nabilities:\n  - trigger: hand\n    effects:\n      - {kind: mult, amount: 4}\n      - "
)


@pytest.mark.parametrize(
    ("effect", "field"),
    [
        ("{kind: points, amount: 1.5}", "amount"),
        ("{kind: money, amount: -0.5}", "amount"),
        ("{kind: points, amount: 1, up_to: 7.5}", "up_to"),
        ("{kind: grow, amount: 1, up_to: 2.5}", "up_to"),
        ("{kind: retrigger, amount: 1, up_to: 2.5}", "up_to"),
        ("{kind: level_up, amount: 1, up_to: 2.5}", "up_to"),
    ],
)
def test_points_and_money_are_refused_a_fraction_at_its_field(
    tmp_path: Path, effect: str, field: str
) -> None:
    """Points and money are whole in the rule book: a fraction is a problem at its line, never dropped."""
    path = tmp_path / "x.yaml"
    path.write_text(WHOLE + effect + "\n", encoding="utf-8")
    model, problems = validate_document("charm", read_document(path))
    assert model is None
    value = effect.split(f"{field}: ")[1].rstrip("}")
    col = 9 + effect.index(value)  # where the value is written
    assert [str(p) for p in problems] == [
        f"{path}:7:{col}: $.abilities[0].effects[1].{field}: {value} is not a whole number"
    ]


@pytest.mark.parametrize(
    ("effect", "text"),
    [
        ("{kind: retrigger, amount: 1, up_to: 3}", "Retrigger each card scored 1 to 3 times"),
        ("{kind: level_up, amount: 1, up_to: 3}", "+1 to +3 levels to the played hand type"),
        ("{kind: modify, value: hand_size, add: 1, up_to: 3, for: round}", "+1 to 3 hand size this round"),
        (
            "{kind: create_consumable, family: level, chance: {n: 1, in: 4}}",
            "1 in 4 chance to create a random level consumable",
        ),
    ],
)
def test_a_random_range_is_in_the_text_of_every_kind_that_takes_one(effect: str, text: str) -> None:
    """What the charm does, read from its text: a count drawn from a range says so (the modify's range
    starts at its one op's number)."""
    trigger = "scored_card" if "retrigger" in effect else "hand"
    text_of = f"id: x\nname: X\nabilities:\n  - trigger: {trigger}\n    effects: [{effect}]\n"
    model, problems = validate_document("charm", Document.parse("x.yaml", text_of))
    assert problems == [] and isinstance(model, CharmModel)
    assert describe_charm(model.to_engine(), {}) == text


@pytest.mark.parametrize(
    "effect", ["{kind: mult, amount: 0.5}", "{kind: xmult, amount: 1.5}", "{kind: points, amount: 3.0}"]
)
def test_mult_takes_a_fraction_and_a_whole_amount_may_be_written_with_a_point(
    tmp_path: Path, effect: str
) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(WHOLE + effect + "\n", encoding="utf-8")
    model, problems = validate_document("charm", read_document(path))
    assert problems == []
    assert isinstance(model, CharmModel)
    assert model.abilities[0].effects[1].to_engine().amount == float(effect.split("amount: ")[1].rstrip("}"))


@pytest.mark.parametrize(
    ("kind", "text", "said"),
    [
        (
            "boss",
            "id: x\nname: X\nrefuse:\n  - when: {type_played: true}\n    reason: '{hand_typ} again'\n",
            "$.refuse[0].reason: '{hand_typ}' is filled in by nothing (did you mean 'hand_type'?)",
        ),
        (
            "charm",
            "id: x\nname: X\nabilities:\n  - trigger: sold\n    effects: [{kind: disable_boss}]\n",
            "$.abilities[0]: no boss rule is in play at sold (between rounds): disable_boss acts in a round",
        ),
        (
            "charm",
            "id: x\nname: X\npassive: [splash, splash]\n",
            "$.passive[1]: 'splash' is listed twice: a rule is on or off",
        ),
        (
            "charm",
            "id: x\nname: X\nmodify:\n  - {value: hand_size, add: 1, for: round}\n",
            "$.modify[0].for: 'round' is not allowed here: the only choice is 'active'; a listed modifier lasts"
            " while its source is in play; for this hand or round write an effect under a trigger:"
            " {kind: modify, value: ..., add: 1, for: round}",
        ),
    ],
)
def test_what_would_silently_do_nothing_or_something_else_is_refused(kind: str, text: str, said: str) -> None:
    """A misspelt reason field would show in braces, a boss disabled between rounds is never in play, and
    a listed modifier "for this round" lasted as long as its source."""
    model, problems = validate_document(kind, Document.parse(f"{kind}.yaml", text))
    assert model is None and [f"{p.path}: {p.message}" for p in problems] == [said]


@pytest.mark.parametrize(
    ("ability", "said"),
    [
        (
            "{trigger: scored_card, when: {rank_var: n}, effects: [{kind: mult, amount: 2}]}",
            "$.abilities[0].when.rank_var: 'n' holds a number; rank_var reads a rank",
        ),
        (
            "{trigger: hand, effects: [{kind: add_var, var: r, amount: 1}]}",
            "$.abilities[0].effects[0]: 'r' holds a rank: add_var adds to a number variable",
        ),
        (
            "{trigger: hand, effects: [{kind: set_var, var: s, value: Q}]}",
            "$.abilities[0].effects[0]: a suit variable holds S, H, C or D, not 'Q'",
        ),
        (
            "{trigger: hand, effects: [{kind: set_var, var: n, value: K}]}",
            "$.abilities[0].effects[0]: 'n' holds a number: set it with 'amount', not 'value'",
        ),
    ],
)
def test_a_variable_is_read_and_written_as_what_it_holds(ability: str, said: str) -> None:
    """A rank test reading a number, a rank counted up past K, a suit set to Q: refused where written."""
    text = (
        "id: x\nname: X\nvars:\n  n: {type: number}\n  r: {type: rank, start: K}\n  s: {type: suit, start: H}\n"
        f"abilities:\n  - {ability}\n"
    )
    model, problems = validate_document("charm", Document.parse("x.yaml", text))
    assert model is None and [f"{p.path}: {p.message}" for p in problems] == [said]
