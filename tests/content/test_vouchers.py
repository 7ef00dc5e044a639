"""Vouchers: values changed for the run, and the voucher each needs first (known, never in a loop)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError
from run_item_packs import demo_pack

from studio.content.models import VoucherModel
from studio.engine.catalog import Catalog

MODIFY = "modify:\n  - {value: charm_offers, add: 1}\n"


def test_a_voucher_is_its_modifiers_and_the_one_it_requires() -> None:
    model = VoucherModel.model_validate(
        {
            "id": "big_shelf",
            "name": "Big Shelf",
            "requires": "shelf",
            "modify": [{"value": "charm_offers", "add": 1}],
        }
    )
    made = model.to_engine()
    assert (made.requires, made.cost, made.description) == ("shelf", 10, "+1 charm for sale")
    assert made.modifiers[0].source == ("big_shelf", "voucher", -1)


def test_a_voucher_needs_a_modifier_and_cannot_require_itself() -> None:
    with pytest.raises(ValidationError, match="at least 1 item"):
        VoucherModel.model_validate({"id": "empty", "name": "Empty", "modify": []})
    with pytest.raises(ValidationError, match="requires itself"):
        VoucherModel.model_validate(
            {"id": "loop", "name": "Loop", "requires": "loop", "modify": [{"value": "hands", "add": 1}]}
        )


def test_an_unknown_required_voucher_is_named_with_a_suggestion(studio, tmp_path: Path) -> None:
    demo = demo_pack(
        tmp_path,
        {"vouchers/demo_shelf.yaml": f"id: demo_shelf\nname: Shelf\nrequires: extra_shelve\n{MODIFY}"},
    )
    run = studio("validate", str(demo))
    assert run.code == 1
    assert run.out == (
        f"{demo}/vouchers/demo_shelf.yaml:3:11: $.requires: unknown voucher 'extra_shelve' "
        "(did you mean 'extra_shelf'?)\n1 problem(s) in 1 file(s)\n"
    )


def test_vouchers_that_require_each_other_in_a_loop_are_each_named(studio, tmp_path: Path) -> None:
    demo = demo_pack(
        tmp_path,
        {
            "vouchers/demo_a.yaml": f"id: demo_a\nname: A\nrequires: demo_b\n{MODIFY}",
            "vouchers/demo_b.yaml": f"id: demo_b\nname: B\nrequires: demo_a\n{MODIFY}",
            "vouchers/demo_c.yaml": f"id: demo_c\nname: C\nrequires: demo_a\n{MODIFY}",  # after the loop: not on it
        },
    )
    run = studio("validate", str(demo))
    assert run.code == 1
    assert run.out.splitlines() == [
        f"{demo}/vouchers/demo_a.yaml:3:11: $.requires: vouchers require each other in a loop "
        "(demo_a -> demo_b -> demo_a): none is sold",
        f"{demo}/vouchers/demo_b.yaml:3:11: $.requires: vouchers require each other in a loop "
        "(demo_b -> demo_a -> demo_b): none is sold",
        "2 problem(s) in 2 file(s)",
    ]


def test_the_base_game_has_vouchers_for_the_shop_the_economy_and_the_round(catalog: Catalog) -> None:
    vouchers = catalog.vouchers
    assert len(vouchers) >= 8
    required = [v for v in vouchers.values() if v.requires is not None]
    assert len(required) >= 3 and all(v.requires in vouchers for v in required)
    changed = {m.value for v in vouchers.values() for m in v.modifiers}
    assert {"charm_offers", "reroll_cost", "interest_cap", "hands", "consumable_slots"} <= changed
    assert catalog.run is not None and catalog.run.shop.voucher_offers == 1
