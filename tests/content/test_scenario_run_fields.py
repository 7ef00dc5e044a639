"""A scenario names the vouchers bought, the consumables held and the stickers its charms carry;
each reaches the situation scored, and an unknown id is a clear error with a suggestion."""

from __future__ import annotations

import re
from typing import Any

import pytest
from pydantic import ValidationError

from studio.content.check.xrefs import references
from studio.content.io.documents import Document
from studio.content.models import ScenarioModel
from studio.content.plain_scenarios import plain_scenario, plain_situation
from studio.content.scenarios import scenario_problems, scenarios_in
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot


def test_vouchers_consumables_and_stickers_reach_the_situation(catalog: Catalog) -> None:
    data: dict[str, Any] = {
        "played": "AS AH",
        "vouchers": ["spare_hand", "waste_bin"],
        "consumables": 2,
        "charms": [{"id": "coupon_book", "stickers": ["eternal"]}, "travel_light"],
    }
    situation = ScenarioModel.model_validate(data).to_situation(catalog)
    assert (situation.vouchers, situation.consumables) == (("spare_hand", "waste_bin"), 2)
    assert situation.charms == (CharmSlot("coupon_book", stickers=("eternal",)), CharmSlot("travel_light"))


def test_the_plain_reader_builds_the_same_situation(catalog: Catalog) -> None:
    data = {"played": "AS AH", "vouchers": ["spare_hand"], "consumables": 3, "charms": ["coupon_book"]}
    assert plain_scenario(data) is not None
    assert plain_situation(data, catalog) == ScenarioModel.model_validate(data).to_situation(catalog)


def test_every_field_of_a_full_scenario_reaches_the_situation_by_either_reader(catalog: Catalog) -> None:
    data: dict[str, Any] = {
        "played": "AS AH",
        "held": "KD",
        "charms": ["pair_mult:foil"],
        "levels": {"pair": 3},
        "boss": "flint",
        "money": 12,
        "hands_left": 2,
        "discards_left": 1,
        "hand_types_played": ["pair"],
        "times_played": {"pair": 4},
        "seed": 7,
        "ante": 3,
        "blind": "big",
        "hand_size": 7,
        "charm_slots": 4,
        "full_deck": "AS AH KD 2C",
        "draw_pile": 1,
        "hands_played": 1,
        "vouchers": ["spare_hand"],
        "consumables": 1,
    }
    model = ScenarioModel.model_validate(data).to_situation(catalog)
    assert model == plain_situation(data, catalog)
    assert (model.rng.seed, model.ante, model.blind, model.boss) == (7, 3, "big", "flint")
    assert (model.hand_size, model.charm_slots, model.draw_pile, model.hands_played) == (7, 4, 1, 1)
    assert [str(c) for c in model.full_deck] == ["AS", "AH", "KD", "2C"]


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("held", "KD ZZ", "held: bad card 'ZZ'"),
        ("full_deck", "AS 1X", "full_deck: bad card '1X'"),
        ("vouchers", ["spare_hnd"], "vouchers: unknown voucher 'spare_hnd' (did you mean 'spare_hand'?)"),
    ],
)
def test_a_bad_card_or_id_is_an_error_naming_its_field(
    catalog: Catalog, field: str, value: object, said: str
) -> None:
    data = {"played": "AS", field: value}
    for build in (
        lambda: plain_situation(data, catalog),
        lambda: ScenarioModel(**data).to_situation(catalog),
    ):
        with pytest.raises(ValueError, match=re.escape(said)):
            build()


def test_by_default_no_voucher_is_bought_and_no_consumable_held(catalog: Catalog) -> None:
    situation = ScenarioModel.model_validate({"played": "AS"}).to_situation(catalog)
    assert (situation.vouchers, situation.consumables) == ((), 0)
    assert plain_situation({"played": "AS"}, catalog) == situation


@pytest.mark.parametrize(
    ("key", "value"),
    [("consumables", -1), ("consumables", 101), ("vouchers", ["Spare Hand"]), ("vouchers", "spare_hand")],
)
def test_a_bad_voucher_list_or_consumable_count_goes_to_the_model(key: str, value: object) -> None:
    data = {"played": "AS", key: value}
    assert plain_scenario(data) is None
    with pytest.raises(ValidationError):
        ScenarioModel.model_validate(data)


def test_an_unknown_voucher_is_an_error_with_a_suggestion(catalog: Catalog) -> None:
    data = {"played": "AS", "vouchers": ["spare_hnd"]}
    expected = re.escape("unknown voucher 'spare_hnd' (did you mean 'spare_hand'?)")
    with pytest.raises(ValueError, match=expected):
        ScenarioModel.model_validate(data).to_situation(catalog)
    with pytest.raises(ValueError, match="unknown voucher 'spare_hnd'"):
        plain_situation(data, catalog)


def test_an_unknown_sticker_is_an_error_with_a_suggestion(catalog: Catalog) -> None:
    data = {"played": "AS", "charms": [{"id": "coupon_book", "stickers": ["eternl"]}]}
    with pytest.raises(ValueError, match=re.escape("unknown sticker 'eternl' (did you mean 'eternal'?)")):
        ScenarioModel.model_validate(data).to_situation(catalog)


def test_a_scenario_files_unknown_voucher_and_sticker_are_problems_where_they_are_written(
    catalog: Catalog,
) -> None:
    text = (
        "name: bought\n"
        "played: AS\n"
        "charms:\n"
        "  - {id: coupon_book, stickers: [eternal, rentl]}\n"
        "vouchers: [spare_hand, wast_bin]\n"
    )
    (scenario,), problems = scenarios_in(Document.parse("tests/bought.yaml", text))
    assert problems == []
    found = {(p.line, p.path, p.message) for p in scenario_problems(scenario, catalog)}
    assert found == {
        (4, "$.charms[0].stickers[1]", "unknown sticker 'rentl' (did you mean 'rental'?)"),
        (5, "$.vouchers[1]", "unknown voucher 'wast_bin' (did you mean 'waste_bin'?)"),
    }
    # An entry whose own file is broken is not a second problem here.
    assert len(scenario_problems(scenario, catalog, broken={"voucher/wast_bin", "sticker/rentl"})) == 0


def test_the_new_fields_refer_to_vouchers_and_stickers() -> None:
    data = {
        "played": "AS",
        "vouchers": ["spare_hand"],
        "charms": [{"id": "coupon_book", "stickers": ["rental"]}],
    }
    refs = {(kind, ref) for kind, ref, _ in references("scenario", data)}
    assert {("voucher", "spare_hand"), ("sticker", "rental"), ("charm", "coupon_book")} <= refs
