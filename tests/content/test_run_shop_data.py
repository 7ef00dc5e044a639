"""The shop's data in run.yaml: defaults when left out, and clear errors when wrong."""

from __future__ import annotations

from pathlib import Path

from studio.content.models.run import RunModel
from studio.engine.catalog import Catalog
from studio.engine.runs import ShopTable

RUN = {
    "requirements": [300, 800],
    "blinds": [{"id": "small", "score_mult": 1, "reward": 3}],
    "start": {"money": 4, "hand_size": 8, "hands": 4, "discards": 3, "charm_slots": 5},
}


def test_a_run_table_without_a_shop_gets_the_default_shop() -> None:
    table = RunModel.model_validate(RUN).to_engine()
    assert table.shop == ShopTable()
    assert (table.hand_reward, table.skip_reward) == (1, 2)


def test_the_base_game_spells_out_its_shop(catalog: Catalog) -> None:
    assert catalog.run is not None
    shop = catalog.run.shop
    assert (shop.charm_offers, shop.booster_offers, shop.reroll_cost) == (3, 2, 5)
    assert {p.kind for p in shop.boosters} == {"cards", "charms", "levels", "consumables"}
    assert dict(shop.rarity_weights)["common"] > dict(shop.rarity_weights)["rare"]


def test_an_unknown_rarity_is_named_with_a_suggestion(studio, tmp_path: Path) -> None:
    assert studio("pack", "new", "demo", "--dir", str(tmp_path)).code == 0
    pack = tmp_path / "demo"
    (pack / "run.yaml").write_text(
        "requirements: [300, 800]\n"
        "blinds:\n"
        "  - {id: small, score_mult: 1, reward: 3}\n"
        "start: {money: 4, hand_size: 8, hands: 4, discards: 3, charm_slots: 5}\n"
        "shop:\n"
        "  rarity_weights: {comon: 70}\n",
        encoding="utf-8",
    )
    run = studio("validate", str(pack))
    assert run.code == 1
    assert "run.yaml:5:1: $.shop: unknown rarity 'comon' (did you mean 'common'?)" in run.out + run.err
