"""Stickers on charms by difficulty level, and the difficulty levels that name them."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError
from run_item_packs import demo_pack

from studio.content.models import StickerModel
from studio.engine.catalog import Catalog
from studio.engine.runs import run_setup


def test_a_sticker_changes_its_charm() -> None:
    rental = StickerModel.model_validate(
        {
            "id": "rental",
            "name": "Rental",
            "chance": 0.3,
            "cost": 1,
            "abilities": [{"trigger": "end_of_round", "effects": [{"kind": "money", "amount": -3}]}],
        }
    ).to_engine()
    assert rental.describe({}) == "Costs $1 to buy. At end of round: -$3"
    with pytest.raises(ValidationError, match="a sticker needs something to change"):
        StickerModel.model_validate({"id": "blank", "name": "Blank", "chance": 0.5})
    with pytest.raises(ValidationError, match="cannot exclude itself"):
        StickerModel.model_validate(
            {"id": "odd", "name": "Odd", "chance": 0.5, "sellable": False, "excludes": ["odd"]}
        )


def test_a_difficulty_naming_an_unknown_sticker_is_told_the_closest(studio, tmp_path: Path) -> None:
    demo = demo_pack(
        tmp_path, {"difficulties/demo_hard.yaml": "id: demo_hard\nname: Hard\nlevel: 6\nstickers: [eternl]\n"}
    )
    run = studio("validate", str(demo))
    assert run.code == 1
    assert run.out == (
        f"{demo}/difficulties/demo_hard.yaml:4:12: $.stickers[0]: unknown sticker 'eternl' "
        "(did you mean 'eternal'?)\n1 problem(s) in 1 file(s)\n"
    )


def test_the_base_stickers_appear_from_a_difficulty_level_each(catalog: Catalog) -> None:
    stickers = catalog.stickers
    assert set(stickers) == {"eternal", "perishable", "rental"}
    eternal = stickers["eternal"]
    assert not eternal.sellable and not eternal.destructible and "perishable" in eternal.excludes
    assert stickers["perishable"].debuffed_after == 5
    assert stickers["rental"].abilities[0].trigger == "end_of_round"
    named = {s for d in catalog.difficulties.values() for s in d.stickers}
    assert named == set(stickers)


def test_every_difficulty_level_changes_something(catalog: Catalog) -> None:
    assert catalog.run is not None
    standard = catalog.deck("standard")
    for d in catalog.difficulties.values():
        alone = run_setup(catalog.run, standard, [d], d.level)
        changes = (alone.base_modifiers, d.stickers, d.score_scale != 1, alone.blinds != catalog.run.blinds)
        assert any(changes), d.id
