"""Where an entry is used (with lines), and reverting: the whole file, or one field put back as saved."""

from __future__ import annotations

import pytest
from ws_support import changed_lines, ref_of

from studio.workspace import Workspace, WorkspaceError


def test_usages_give_the_line_of_each_reference(ws: Workspace) -> None:
    pair = ref_of(ws, "hand_type", "pair")
    found = ws.usages(pair)
    assert len(found) == len(ws.references(pair))
    cupid = next(u for u in found if u.entry.id == "cupid")
    assert cupid.json_path == ("abilities", 0, "effects", 0, "hand_type")
    line = ws.text(cupid.entry).splitlines()[cupid.line - 1]
    assert line[cupid.col - 1 :].startswith("pair}")  # at the value: the id a rename rewrites
    level = next(u for u in found if u.entry.id == "bosses" and u.json_path[-2:] == ("levels", "pair"))
    assert ws.text(level.entry).splitlines()[level.line - 1][level.col - 1 :] == "pair: 2}"  # at the key
    in_bosses = [u.line for u in found if u.entry.id == "bosses"]
    assert in_bosses == sorted(in_bosses)  # in line order, not by the text of the path ([11] before [2])
    assert str(cupid).endswith(f"cupid.yaml:{cupid.line}:{cupid.col}: $.abilities[0].effects[0].hand_type")


def test_usages_of_an_entry_nobody_names_are_empty(ws: Workspace) -> None:
    assert ws.usages(ref_of(ws, "charm", "all_in")) == []


def test_one_field_goes_back_alone_and_the_last_one_leaves_the_file_clean(ws: Workspace) -> None:
    ref = ref_of(ws, "charm", "even_mult")
    saved = ws.text(ref)
    ws.set_field(ref, ("cost",), 9)
    ws.set_field(ref, ("rarity",), "rare")
    ws.replace_text(ref, ws.reverted_text(ref, ("cost",)))
    assert changed_lines(saved, ws.text(ref)) == ["-rarity: common", "+rarity: rare"]
    ws.replace_text(ref, ws.reverted_text(ref, ("rarity",)))
    assert ws.text(ref) == saved and not ws.is_dirty(ref)  # the last field back: the file is clean


def test_a_field_added_since_the_save_is_taken_out_and_a_removed_one_comes_back(ws: Workspace) -> None:
    ref = ref_of(ws, "charm", "even_mult")
    saved = ws.text(ref)
    data = ws.data(ref)
    data["abilities"][0]["effects"].append({"kind": "points", "amount": 5})
    del data["abilities"][0]["when"]
    ws.replace(ref, data)
    assert "when" not in ws.data(ref)["abilities"][0]
    ws.replace_text(ref, ws.reverted_text(ref, ("abilities", 0, "effects", 1, "amount")))
    assert len(ws.data(ref)["abilities"][0]["effects"]) == 1
    ws.replace_text(ref, ws.reverted_text(ref, ("abilities", 0, "when", "ranks")))
    assert ws.text(ref) == saved


def test_new_renamed_and_broken_files_say_why_they_cannot_go_back(ws: Workspace) -> None:
    ws.create("charm", "fresh", "base")
    with pytest.raises(WorkspaceError, match="never saved"):
        ws.reverted_text(ref_of(ws, "charm", "fresh"))
    ws.rename(ref_of(ws, "charm", "even_mult"), "odd_mult")
    with pytest.raises(WorkspaceError, match="rename it back first"):
        ws.reverted_text(ref_of(ws, "charm", "odd_mult"), ("cost",))
    ref = ref_of(ws, "charm", "plain_mult")
    saved = ws.text(ref)
    ws.replace_text(ref, "id: [unclosed\n")
    with pytest.raises(WorkspaceError, match="revert the whole entry"):
        ws.reverted_text(ref, ("cost",))
    assert ws.reverted_text(ref) == saved  # the whole entry goes back from any text
