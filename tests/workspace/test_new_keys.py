"""A key added to a block mapping lands in that mapping, on one new line, whatever follows it."""

from __future__ import annotations

import pytest
from ruamel.yaml import YAML
from ws_support import changed_lines, ref_of

from studio.workspace import Workspace

# charms_card.yaml is a list of scenarios with a blank line and a comment before every item
# but the first; no item has `money`, and each ends with its nested `expect` mapping.
ITEMS = [0, 1, 30]


def load(text: str) -> object:
    return YAML(typ="safe").load(text)


@pytest.mark.parametrize("item", ITEMS, ids=["first", "middle", "last"])
def test_a_new_key_of_a_list_item_is_that_items_key(ws: Workspace, item: int) -> None:
    ref = ref_of(ws, "scenario", "charms_card")
    before = ws.text(ref)
    old = ws.data(ref)
    assert "money" not in old[item] and len(old) - 1 == ITEMS[-1]

    ws.set_field(ref, (item, "money"), 5)

    after = ws.text(ref)
    data = load(after)
    assert isinstance(data, list)
    assert data[item]["money"] == 5 and "money" not in data[item]["expect"]
    assert data[:item] + data[item + 1 :] == old[:item] + old[item + 1 :]
    assert changed_lines(before, after) == ["+  money: 5"]
    # the new line closes its item: the next item's blank line and comment still come right before it
    lines = after.splitlines()
    at = lines.index("  money: 5")
    assert lines[at - 1] == before.splitlines()[at - 1] and lines[at - 1].startswith("    ")
    if item < len(old) - 1:
        assert lines[at + 1] == "" and lines[at + 2].startswith("# ")

    ws.save(ref)
    assert ref.path.read_text(encoding="utf-8") == after
    reopened = Workspace.open([], base=ref.path.parents[1])
    assert reopened.data(ref_of(reopened, "scenario", "charms_card")) == data
    assert not ws.is_dirty(ref)


def test_a_new_nested_key_of_the_first_item_keeps_every_other_line(ws: Workspace) -> None:
    ref = ref_of(ws, "scenario", "charms_card")
    before = ws.text(ref)
    data = ws.data(ref)
    data[0]["hand"] = ["KS", "QS"]
    ws.replace(ref, data)
    after = ws.text(ref)
    assert load(after) == data
    assert changed_lines(before, after) == ["+  hand:", "+    - KS", "+    - QS"]
    assert "# flush 35 x 4" in after


def test_a_new_key_after_a_nested_mapping_of_a_plain_file(ws: Workspace) -> None:
    ref = ref_of(ws, "difficulty", "tight_purse")
    before = ws.text(ref)
    assert before.endswith("blind_rewards:\n  small: 0\n")
    ws.set_field(ref, ("score_scale",), 1.5)
    data = ws.data(ref)
    data["text"] = "Tighter still"
    ws.replace(ref, data)
    after = ws.text(ref)
    assert changed_lines(before, after) == [
        "-text: The Small Blind pays no reward",
        "+text: Tighter still",
        "+score_scale: 1.5",
    ]
    assert load(after) == data and data["blind_rewards"] == {"small": 0}
    assert ws.problems() == []
    ws.save(ref)
    assert ref.path.read_text(encoding="utf-8") == after
    assert after.startswith("# yaml-language-server: $schema=")


def test_a_key_swapped_and_an_item_appended_in_a_list_file_change_only_their_lines(ws: Workspace) -> None:
    # these go through the ruamel round trip, which must lay the list out as the file does
    ref = ref_of(ws, "scenario", "charms_card")
    before = ws.text(ref)
    data = ws.data(ref)
    del data[0]["charms"]
    data[0]["money"] = 5
    data.append({"name": "a lone ace", "played": "AS", "expect": {"total": 16}})
    ws.replace(ref, data)
    after = ws.text(ref)
    assert load(after) == data
    assert changed_lines(before, after) == [
        "-  charms: [diamond_mult]",
        "+  money: 5",
        "+- name: a lone ace",
        "+  played: AS",
        "+  expect:",
        "+    total: 16",
    ]
