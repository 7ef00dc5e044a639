"""Editing one entry: its problems and the catalog follow at once; saving keeps every other line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from folder_packs import folder_pack
from ws_support import changed_lines, ref_of

from studio.content.models import ScenarioModel
from studio.engine.scoring import score
from studio.workspace import Workspace, WorkspaceError


def test_the_base_game_opens_without_problems(ws: Workspace) -> None:
    assert ws.problems() == []
    assert ws.catalog is not None
    assert {r.id for r in ws.entries("charm")} >= {"plain_mult", "even_mult"}
    assert ws.ids("hand_type")[:3] == ["five_of_a_kind", "flush", "flush_five"]
    assert "kind" in ws.schema("charm")["$defs"]["MultEffect"]["properties"]


def test_a_form_edit_changes_the_catalog_and_the_score(ws: Workspace) -> None:
    ref = ref_of(ws, "charm", "plain_mult")
    scenario = ScenarioModel.model_validate({"played": "AS", "charms": ["plain_mult"]})
    assert ws.catalog is not None
    before = score(scenario.to_situation(ws.catalog), ws.catalog).total
    data = ws.data(ref)
    data["abilities"][0]["effects"][0]["amount"] = 10
    change = ws.replace(ref, data)
    assert change.catalog_changed and ref in change.entries
    assert ws.catalog.charms["plain_mult"].description == "+10 Mult"
    after = score(scenario.to_situation(ws.catalog), ws.catalog).total
    assert (before, after) == (16 * 5, 16 * 11)
    assert ws.is_dirty(ref)


def test_a_bad_value_is_a_problem_at_its_field(ws: Workspace) -> None:
    ref = ref_of(ws, "charm", "plain_mult")
    ws.set_field(ref, ("abilities", 0, "effects", 0, "kind"), "mul")
    [problem] = ws.problems()
    assert problem.json_path == ("abilities", 0, "effects", 0, "kind")
    assert problem.entry == ref and problem.line == 9
    assert "'mul' is not one of" in problem.message and "did you mean 'mult'" in problem.message
    ws.set_field(ref, ("abilities", 0, "effects", 0, "kind"), "mult")
    assert ws.problems() == []


def test_an_unknown_reference_is_found_and_fixed_without_reloading(ws: Workspace) -> None:
    ref = ref_of(ws, "charm", "pair_mult")
    ws.set_field(ref, ("abilities", 0, "when", "contains"), "pairr")
    [problem] = ws.problems()
    assert problem.message == "unknown hand type 'pairr' (did you mean 'pair'?)"
    assert problem.json_path == ("abilities", 0, "when", "contains")
    ws.set_field(ref, ("abilities", 0, "when", "contains"), "pair")
    assert ws.problems() == []


def test_saving_changes_only_the_edited_line_and_keeps_comments(ws: Workspace) -> None:
    ref = ref_of(ws, "charm", "money_mult")
    before = ref.path.read_text(encoding="utf-8")
    ws.set_field(ref, ("abilities", 0, "effects", 0, "amount"), 3)
    ws.save(ref)
    after = ref.path.read_text(encoding="utf-8")
    assert changed_lines(before, after) == [
        "-      - {kind: mult, amount: 2, per: money, every: 5}  # +2 Mult per whole $5",
        "+      - {kind: mult, amount: 3, per: money, every: 5}  # +2 Mult per whole $5",
    ]
    assert after.startswith("# yaml-language-server: $schema=../../schemas/charm.schema.json\n")
    assert not ws.is_dirty(ref)
    assert not list(ref.path.parent.glob(".*.tmp"))


def test_adding_a_field_adds_only_its_lines(ws: Workspace) -> None:
    ref = ref_of(ws, "charm", "plain_mult")
    before = ws.text(ref)
    data = ws.data(ref)
    data["abilities"][0]["when"] = {"first_hand": True}
    ws.replace(ref, data)
    assert changed_lines(before, ws.text(ref)) == ["+    when:", "+      first_hand: true"]
    assert ws.catalog is not None and ws.catalog.charms["plain_mult"].description.startswith("+4 Mult")


def test_broken_text_is_kept_is_a_problem_and_is_never_saved(ws: Workspace) -> None:
    ref = ref_of(ws, "charm", "plain_mult")
    on_disk = ref.path.read_text(encoding="utf-8")
    broken = ws.text(ref).replace("trigger: hand", "trigger: [hand")
    ws.replace_text(ref, broken)
    assert ws.text(ref) == broken
    [problem] = ws.problems()
    assert problem.line == 7 and problem.message.startswith("malformed YAML")  # where the [ opens
    assert ws.catalog is not None and "plain_mult" in ws.catalog.charms  # its last good version
    with pytest.raises(WorkspaceError, match="not saved: the text does not parse"):
        ws.save(ref)
    with pytest.raises(WorkspaceError, match="fix it in the text first"):
        ws.set_field(ref, ("cost",), 3)
    assert ref.path.read_text(encoding="utf-8") == on_disk
    ws.replace_text(ref, on_disk)
    assert ws.problems() == [] and not ws.is_dirty(ref)


def test_a_file_changed_on_disk_is_noticed_and_not_overwritten(ws: Workspace) -> None:
    ref = ref_of(ws, "charm", "plain_mult")
    assert ws.check_disk() == []
    outside = ref.path.read_text(encoding="utf-8").replace("cost: 2", "cost: 3")
    ref.path.write_text(outside, encoding="utf-8")
    assert ws.check_disk() == [ref]
    ws.set_field(ref, ("name",), "Older Faithful")
    with pytest.raises(WorkspaceError, match="changed on disk by another program"):
        ws.save(ref)
    assert ref.path.read_text(encoding="utf-8") == outside
    ws.reload(ref)
    assert ws.data(ref)["cost"] == 3 and ws.data(ref)["name"] == "Old Faithful"
    assert ws.check_disk() == [] and not ws.is_dirty(ref)


def test_a_pack_opens_with_the_base_game(ws: Workspace, base_copy: Path, tmp_path: Path) -> None:
    big = (
        "id: big\nname: Big\nabilities:\n  - trigger: hand\n    when: {contains: flush}\n"
        "    effects: [{kind: mult, amount: 3}]\n"
    )
    pack = folder_pack(tmp_path, "extra", {"charms/big.yaml": big})
    both = Workspace.open([pack], base=base_copy)
    assert both.problems() == []
    big = ref_of(both, "charm", "big")
    assert big.pack_id == "extra"
    assert both.catalog is not None and "big" in both.catalog.charms and "plain_mult" in both.catalog.charms


def test_edits_checked_one_at_a_time_agree_with_checking_everything(ws: Workspace, base_copy: Path) -> None:
    edits = [
        ("charm", "pair_mult", ("abilities", 0, "when", "contains"), "tripple"),
        ("charm", "cupid", ("abilities", 0, "effects", 0, "hand_type"), "pairs"),
        ("hand_type", "pair", ("strength",), 300),
        ("difficulty", "casual", ("level",), 5),
    ]
    for kind, entry_id, path, value in edits:
        ws.set_field(ref_of(ws, kind, entry_id), path, value)
    ws.save_all()
    fresh = Workspace.open([], base=base_copy)
    assert [str(p) for p in ws.problems()] == [str(p) for p in fresh.problems()]
    assert len(ws.problems()) >= len(edits)
    assert ws.catalog is not None and fresh.catalog is not None
    assert ws.catalog.hand_types == fresh.catalog.hand_types  # pair moved up the order
    charms = {k: (c.abilities, c.description) for k, c in ws.catalog.charms.items()}
    assert charms == {k: (c.abilities, c.description) for k, c in fresh.catalog.charms.items()}


def test_content_the_game_cannot_be_built_from_keeps_the_last_catalog(ws: Workspace) -> None:
    before = ws.catalog
    ws.set_field(ref_of(ws, "deck", "checkered"), ("cards", 0, "modifiers"), ["glas"])
    messages = [p.message for p in ws.problems()]
    assert any("unknown modifier 'glas' (did you mean 'glass'?)" in m for m in messages)
    assert any(m.startswith("the game cannot be built from this content") for m in messages)
    assert ws.catalog is before


def test_a_hand_type_edit_reaches_the_scorer_and_a_new_name_the_charms_text(ws: Workspace) -> None:
    pair = ref_of(ws, "hand_type", "pair")
    ws.set_field(pair, ("points",), 12)
    assert ws.catalog is not None
    scenario = ScenarioModel.model_validate({"played": "AS AH"})
    assert score(scenario.to_situation(ws.catalog), ws.catalog).points == 12 + 11 + 11
    ws.set_field(pair, ("name",), "Duo")
    assert ws.catalog.charms["pair_mult"].description == "+8 Mult if the played hand contains a Duo"


def test_the_second_of_two_editors_saving_one_file_is_told_it_changed(base_copy: Path) -> None:
    """Even when both saves land in one clock tick with texts of the same size."""
    first, second = Workspace.open([], base=base_copy), Workspace.open([], base=base_copy)
    ref = ref_of(first, "charm", "plain_mult")
    before = ref.path.stat()
    first.set_field(ref, ("name",), "Old Faithfux")  # as long as "Old Faithful"
    first.save(ref)
    os.utime(ref.path, ns=(before.st_atime_ns, before.st_mtime_ns))  # the same tick, as far as stat tells
    second.set_field(ref_of(second, "charm", "plain_mult"), ("name",), "Older Faithful")
    assert ref.path.stat().st_size == before.st_size
    with pytest.raises(WorkspaceError, match="changed on disk by another program"):
        second.save(ref_of(second, "charm", "plain_mult"))
    assert "Old Faithfux" in ref.path.read_text(encoding="utf-8")
