"""``studio list consumables|vouchers|tags|stickers``: records with typed values and generated text."""

from __future__ import annotations

import json

import pytest

KEYS = {
    "consumables": ["id", "name", "family", "cost", "targets", "description"],
    "vouchers": ["id", "name", "cost", "requires", "effect"],
    "tags": ["id", "name", "min_ante", "weight", "reward"],
    "stickers": ["id", "name", "from_level", "chance", "effect"],
}


@pytest.mark.parametrize("kind", list(KEYS))
def test_each_kind_lists_records_of_the_same_keys_as_json(studio, kind: str) -> None:
    run = studio("list", kind, "--json")
    assert run.code == 0
    records = json.loads(run.out)
    assert records and all(list(r) == KEYS[kind] for r in records)
    table = studio("list", kind)
    assert table.out.splitlines()[0].split() == " ".join(KEYS[kind]).replace("_", " ").split()
    assert all(r["id"] in table.out for r in records)


def test_consumables_come_by_family_with_what_they_act_on(studio) -> None:
    records = json.loads(studio("list", "consumables", "--json").out)
    assert [r["family"] for r in records] == sorted(r["family"] for r in records)
    by_id = {r["id"]: r for r in records}
    assert by_id["bonus_stamp"] == {
        "id": "bonus_stamp",
        "name": "Bonus Stamp",
        "family": "changer",
        "cost": 3,
        "targets": "1-2 cards",
        "description": "Choose 1 to 2 cards in hand: make the card bonus for good",
    }
    assert by_id["eclipse"]["targets"] == "every hand type"
    assert by_id["star_pair"]["targets"] == "" and by_id["star_pair"]["description"] == "+1 level to Pair"


def test_vouchers_tags_and_stickers_say_what_they_do(studio) -> None:
    vouchers = {r["id"]: r for r in json.loads(studio("list", "vouchers", "--json").out)}
    assert vouchers["wide_counter"] == {
        "id": "wide_counter",
        "name": "Wide Counter",
        "cost": 10,
        "requires": "extra_shelf",
        "effect": "+1 charm for sale",
    }
    assert vouchers["extra_shelf"]["requires"] is None
    tags = json.loads(studio("list", "tags", "--json").out)
    assert [t["min_ante"] for t in tags] == sorted(t["min_ante"] for t in tags)
    assert {t["id"]: t["reward"] for t in tags}["rare_tag"] == "A free rare charm in the next shop"
    stickers = json.loads(studio("list", "stickers", "--json").out)
    assert [(s["id"], s["from_level"], s["chance"]) for s in stickers] == [
        ("eternal", 3, 0.3),
        ("perishable", 4, 0.3),
        ("rental", 5, 0.3),
    ]
