"""Charm editions: an edition that changes values on a charm, and the chances of editions on charms for sale."""

from __future__ import annotations

from pathlib import Path

from run_item_packs import demo_pack

from studio.engine.catalog import Catalog


def test_the_negative_edition_gives_one_more_charm_slot_on_a_charm(studio) -> None:
    without = studio("score", "AS", "--charm", "plain_mult", "--charm", "minimalist")
    run = studio("score", "AS", "--charm", "plain_mult:negative", "--charm", "minimalist")
    assert without.out.rstrip().endswith("Total = 16 x 20 = 320")  # 3 empty slots of 5: x4
    assert run.out.rstrip().endswith("Total = 16 x 25 = 400")  # 4 empty slots of 6: x5


def test_the_shop_rolls_charm_editions_by_chance(catalog: Catalog) -> None:
    assert catalog.run is not None
    chances = dict(catalog.run.shop.charm_editions)
    assert set(chances) == set(catalog.editions) and sum(chances.values()) < 1
    assert chances["foil"] > chances["polychrome"]


def test_unknown_editions_and_chances_over_one_are_named(studio, tmp_path: Path) -> None:
    demo = demo_pack(
        tmp_path,
        {
            "patches/editions.yaml": (
                "target: run/run\nset:\n  shop:\n    charm_editions: {foil: 0.5, holographic: 0.6}\n"
            ),
            "editions/demo_empty.yaml": "id: demo_empty\nname: Empty\n",
        },
    )
    run = studio("validate", str(demo))
    assert run.code == 1
    lines = run.out.splitlines()
    assert lines == [
        f"{demo}/editions/demo_empty.yaml:1:1: an edition needs effects or modifiers",
        f"{demo}/patches/editions.yaml:4:21: $.set.shop.charm_editions: the charm editions' chances add up to 1.16, "
        "over 1",
        "2 problem(s) in 2 file(s)",
    ]
