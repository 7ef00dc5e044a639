"""The content side of the newer conditions and values: where they may be used, card filters,
and the scenario fields that set the run around a hand."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from studio.content.models import CharmModel, ScenarioModel
from studio.content.plain_scenarios import plain_scenario, plain_situation
from studio.engine.catalog import Catalog
from studio.engine.conditions import Compare, Conditions
from studio.engine.effects import Scaling


def charm(when: dict[str, Any] | None = None, trigger: str = "hand", **effect: Any) -> CharmModel:
    ability: dict[str, Any] = {"trigger": trigger, "effects": [{"kind": "mult", "amount": 2, **effect}]}
    if when is not None:
        ability["when"] = when
    return CharmModel.model_validate({"id": "x", "name": "X", "abilities": [ability]})


def problem(*args: Any, **kw: Any) -> str:
    with pytest.raises(ValidationError) as info:
        charm(*args, **kw)
    return str(info.value)


@pytest.mark.parametrize("test", [{"upgrades": ["glass"]}, {"editions": ["foil"]}, {"seals": ["red_seal"]}])
@pytest.mark.parametrize("trigger", ["hand", "before", "end_of_round"])
def test_a_card_condition_needs_a_trigger_with_a_card(test: dict[str, Any], trigger: str) -> None:
    effect = {"kind": "money", "amount": 1} if trigger == "end_of_round" else {}
    assert "card conditions need a card trigger" in problem(test, trigger, **effect)


def test_first_scoring_needs_the_scored_card_trigger() -> None:
    message = problem({"first_scoring": True}, "held_card")
    assert "'first_scoring' asks about scoring cards: it needs the trigger scored_card" in message
    assert (
        charm({"first_scoring": True}, "scored_card").to_engine().abilities[0].conditions.get("first_scoring")
    )


def test_suits_present_needs_a_hand_so_not_at_the_end_of_a_round() -> None:
    assert "there is no hand for 'suits_present'" in problem(
        {"suits_present": ["H"]}, "end_of_round", kind="money", amount=1
    )


def test_the_conditions_reach_the_engine_under_their_kind_names() -> None:
    when = {
        "upgrades": ["glass"],
        "editions": ["foil"],
        "seals": ["red_seal"],
        "blind": ["boss"],
        "suits_present": ["S", "D"],
        "all_held": {"suits": ["S"], "ranks": ["K"]},
    }
    c = charm(when, "scored_card").to_engine().abilities[0].conditions
    assert c == Conditions(
        upgrades=frozenset({"glass"}),
        editions=frozenset({"foil"}),
        seals=frozenset({"red_seal"}),
        blind=frozenset({"boss"}),
        suits_present=frozenset("SD"),
        all_held=Conditions(suits=frozenset("S"), ranks=frozenset({13})),
    )


def test_a_filter_goes_with_a_value_that_counts_cards_in_a_compare_and_a_per() -> None:
    compare = {"compare": [{"value": "deck_count", "op": ">=", "n": 4, "filter": {"ranks": [9]}}]}
    c = charm(compare).to_engine().abilities[0].conditions
    assert c.get("compare") == (Compare("deck_count", ">=", 4, Conditions(ranks=frozenset({9}))),)
    effect = (
        charm(per="deck_count", every=2, filter={"upgrades": ["stone"]}).to_engine().abilities[0].effects[0]
    )
    assert effect.scaling == Scaling("deck_count", 2, Conditions(upgrades=frozenset({"stone"})))
    assert effect.args == ()  # the filter is the value's, not the effect's


def test_a_filter_with_a_value_that_counts_no_cards_is_a_problem() -> None:
    wrong = "'filter' only goes with a value that counts cards (deck_count), not 'money'"
    assert wrong in problem({"compare": [{"value": "money", "op": ">=", "n": 4, "filter": {"ranks": [9]}}]})
    assert wrong in problem(per="money", filter={"ranks": [9]})
    assert "'filter' only counts with 'per': add 'per' (deck_count)" in problem(filter={"ranks": [9]})


def test_a_card_filter_needs_a_test() -> None:
    assert "a card filter needs at least one test" in problem({"all_held": {}})
    assert "a card filter needs at least one test" in problem(per="deck_count", filter={})


def test_the_scenario_fields_reach_the_situation_and_the_plain_reader_builds_the_same(
    catalog: Catalog,
) -> None:
    data = {
        "played": "AS AH",
        "ante": 3,
        "blind": "boss",
        "hand_size": 7,
        "charm_slots": 4,
        "full_deck": "9S 9H KD",
        "draw_pile": 12,
        "hands_played": 2,
        "times_played": {"pair": 3},
    }
    model = ScenarioModel.model_validate(data).to_situation(catalog)
    assert plain_scenario(data) is not None
    assert plain_situation(data, catalog) == model
    assert (model.ante, model.blind, model.hand_size, model.charm_slots) == (3, "boss", 7, 4)
    assert (model.full_deck, model.draw_pile, model.hands_played) == (catalog.cards("9S 9H KD"), 12, 2)
    assert model.times_played == {"pair": 3}


def test_a_scenarios_full_deck_defaults_to_its_decks_cards(catalog: Catalog) -> None:
    for data in ({"played": "AS"}, {"played": "AS", "deck": "abandoned"}):
        deck = catalog.deck(str(data.get("deck", "standard"))).cards
        assert ScenarioModel.model_validate(data).to_situation(catalog).full_deck == deck
        assert plain_situation(data, catalog).full_deck == deck


@pytest.mark.parametrize(
    ("key", "value"),
    [("hand_size", 0), ("charm_slots", 101), ("ante", 0), ("draw_pile", -1), ("times_played", {"pair": -1})],
)
def test_a_scenario_value_out_of_bounds_goes_to_the_model(key: str, value: object) -> None:
    data = {"played": "AS", key: value}
    assert plain_scenario(data) is None
    with pytest.raises(ValidationError):
        ScenarioModel.model_validate(data)


def test_an_unknown_hand_type_in_times_played_is_an_error(catalog: Catalog) -> None:
    data = {"played": "AS", "times_played": {"pairr": 1}}
    with pytest.raises(ValueError, match="pairr"):
        ScenarioModel.model_validate(data).to_situation(catalog)
    with pytest.raises(ValueError, match="pairr"):
        plain_situation(data, catalog)
