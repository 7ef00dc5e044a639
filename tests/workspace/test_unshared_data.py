"""Data handed out by the workspace has no node shared between two paths, even where YAML aliases share
one in the text, and an edit never changes a field it did not name."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.workspace import EntryRef, Workspace

ALIASED = """id: zz_alias
name: Alias
abilities:
  - trigger: hand
    effects:
      - &eff {kind: mult, amount: 4}
      - *eff
"""


@pytest.fixture
def aliased(base_copy: Path) -> tuple[Workspace, EntryRef]:
    """A charm whose second effect is a YAML alias of its first."""
    path = base_copy / "charms" / "zz_alias.yaml"
    path.write_text(ALIASED, encoding="utf-8")
    ws = Workspace.open([], base=base_copy)
    return ws, ws.ref(path)


def test_data_gives_each_aliased_item_its_own_node(aliased: tuple[Workspace, EntryRef]) -> None:
    ws, ref = aliased
    effects = ws.data(ref)["abilities"][0]["effects"]
    assert effects[0] is not effects[1]
    effects[1]["amount"] = 6
    assert effects == [{"kind": "mult", "amount": 4}, {"kind": "mult", "amount": 6}]


@pytest.mark.parametrize("item", [0, 1])
def test_an_edit_of_one_aliased_item_never_changes_the_other(
    aliased: tuple[Workspace, EntryRef], item: int
) -> None:
    ws, ref = aliased
    ws.history.set_field(ref.path, ("abilities", 0, "effects", item, "amount"), 6)
    amounts = [e["amount"] for e in ws.data(ref)["abilities"][0]["effects"]]
    assert amounts == [6 if i == item else 4 for i in range(2)]  # written for that item alone


def test_a_field_away_from_the_alias_is_set_as_usual(aliased: tuple[Workspace, EntryRef]) -> None:
    ws, ref = aliased
    ws.set_field(ref, ("cost",), 5)
    assert ws.data(ref)["cost"] == 5
    assert "&eff" in ws.text(ref) and "*eff" in ws.text(ref)
