"""Creating, duplicating, deleting and renaming entries; who refers to whom."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from ws_support import changed_lines, ref_of

from studio.workspace import Workspace, WorkspaceError
from studio.workspace.lifecycle import TEMPLATES


def test_references_come_from_entries_and_scenarios(ws: Workspace) -> None:
    found = {(r.kind, r.id, parts) for r, parts in ws.references(ref_of(ws, "hand_type", "flush"))}
    assert ("charm", "flush_x2", ("abilities", 0, "when", "contains")) in found
    assert ("scenario", "appendix", ("expect", "hand_type")) in found
    plain = {(r.kind, r.id, parts) for r, parts in ws.references(ref_of(ws, "charm", "plain_mult"))}
    assert ("scenario", "appendix", ("charms", 2)) in plain
    assert ("scenario", "charms_hand", (0, "charms", 0)) in plain  # a file holding a list of scenarios


def test_rename_updates_every_reference_and_moves_the_file_on_save(ws: Workspace) -> None:
    old = ref_of(ws, "charm", "plain_mult")
    referring = {r.path: ws.text(r) for r, _ in ws.references(old)}
    assert referring
    change = ws.rename(old, "steady_mult")
    assert ws.problems() == []
    new = ref_of(ws, "charm", "steady_mult")
    assert new.path == old.path.with_name("steady_mult.yaml") and new in change.entries
    assert (
        ws.catalog is not None
        and "steady_mult" in ws.catalog.charms
        and "plain_mult" not in ws.catalog.charms
    )
    assert ws.references(new) and not [r for r in ws.entries("charm") if r.id == "plain_mult"]
    for path, before in referring.items():
        after = ws.text(ws.ref(path))
        lines = changed_lines(before, after)
        assert lines and all("plain_mult" in line for line in lines if line.startswith("-"))
        assert all("steady_mult" in line for line in lines if line.startswith("+"))
    assert changed_lines(old.path.read_text(encoding="utf-8"), ws.text(new)) == [
        "-id: plain_mult",
        "+id: steady_mult",
    ]
    ws.save_all()
    assert not old.path.exists() and new.path.is_file()
    assert ws.dirty() == [] and ws.check_disk() == []
    assert Workspace.open([], base=old.path.parents[1]).problems() == []


def test_rename_back_before_saving_leaves_nothing_to_save(ws: Workspace) -> None:
    ws.rename(ref_of(ws, "charm", "even_mult"), "odd_mult_2")
    assert ws.data(ref_of(ws, "scenario", "appendix"))["charms"][0] == "odd_mult_2"
    assert len(ws.dirty()) > 2
    ws.rename(ref_of(ws, "charm", "odd_mult_2"), "even_mult")
    assert ws.dirty() == [] and ws.problems() == []


def test_rename_back_keeps_an_unsaved_edit_of_a_file_that_names_it(ws: Workspace) -> None:
    appendix = ref_of(ws, "scenario", "appendix")
    noted = ws.text(appendix) + "# checked by hand\n"
    ws.replace_text(appendix, noted)
    ws.rename(ref_of(ws, "charm", "even_mult"), "odd_mult_2")
    ws.rename(ref_of(ws, "charm", "odd_mult_2"), "even_mult")
    assert ws.text(appendix) == noted and ws.dirty() == [appendix]


def test_rename_refuses_a_taken_or_malformed_id(ws: Workspace) -> None:
    ref = ref_of(ws, "charm", "plain_mult")
    with pytest.raises(WorkspaceError, match="a charm 'even_mult' already exists"):
        ws.rename(ref, "even_mult")
    with pytest.raises(WorkspaceError, match="'Plain' is not an id"):
        ws.rename(ref, "Plain")


def test_delete_after_listing_references_leaves_them_as_problems(ws: Workspace) -> None:
    ref = ref_of(ws, "charm", "flush_x2")
    hand = ref_of(ws, "hand_type", "flush")
    users = ws.references(hand)
    assert any(r.id == "flush_x2" for r, _ in users)
    text = hand.path.read_text(encoding="utf-8")
    ws.delete(hand)
    assert not hand.path.exists()
    trashed = Path(os.environ["XDG_DATA_HOME"]) / "Trash" / "files"  # the tests' trash (tests/conftest.py)
    assert text in [p.read_text(encoding="utf-8") for p in trashed.glob("flush*.yaml")]
    messages = [(p.entry, p.json_path, p.message) for p in ws.problems()]
    assert (
        ref,
        ("abilities", 0, "when", "contains"),
        "unknown hand type 'flush' (did you mean 'flush_five'?)",
    ) in [(e, j, m) for e, j, m in messages if e == ref]


def test_create_and_duplicate_live_in_memory_until_saved(ws: Workspace) -> None:
    change = ws.create("charm", "lucky_star", "base")
    [new] = change.entries
    assert ws.problems() == [] and ws.is_dirty(new) and not new.path.exists()
    assert ws.text(new).startswith(
        "# yaml-language-server: $schema=../../schemas/charm.schema.json\nid: lucky_star\n"
    )
    assert ws.catalog is not None and ws.catalog.charms["lucky_star"].description == "+1 Mult"
    ws.save(new)
    assert new.path.read_text(encoding="utf-8") == ws.text(new)
    source = ref_of(ws, "charm", "money_mult")
    [copy] = ws.duplicate(source, "money_mult_2").entries
    assert changed_lines(ws.text(source), ws.text(copy)) == ["-id: money_mult", "+id: money_mult_2"]
    assert ws.catalog.charms["money_mult_2"].description == ws.catalog.charms["money_mult"].description
    with pytest.raises(WorkspaceError, match="already exists"):
        ws.create("charm", "money_mult_2", "base")


@pytest.mark.parametrize("kind", [*TEMPLATES, "scenario"])
def test_a_new_entry_of_each_kind_is_valid(ws: Workspace, kind: str) -> None:
    assert len(ws.create(kind, "fresh_one", "base").entries) == 1
    assert [str(p) for p in ws.problems()] == []


def test_new_hand_types_take_patterns_and_strengths_the_loaded_ones_leave_free(ws: Workspace) -> None:
    """The twelve of the base game are taken: a flush with a pair goes just above the flush it
    beats, with its values; the next new ones find other free patterns and places."""
    [first] = ws.create("hand_type", "flush_pair", "base").entries
    assert ws.text(first).split("name: Flush pair\n")[1] == (
        "strength: 650\ngroups: [2]\nneeds_flush: true\npoints: 35\nmult: 4\nlevel_points: 15\nlevel_mult: 2\n"
    )
    ws.create("hand_type", "flush_two_pair", "base")
    ws.create("hand_type", "flush_three", "base")
    assert ws.problems() == []
    hands = {h.id: h for h in ws.catalog.hand_types} if ws.catalog else {}
    assert (hands["flush_two_pair"].groups, hands["flush_three"].groups) == ((2, 2), (3,))


def test_rename_refuses_an_entry_that_replaces_an_earlier_packs(base_copy, tmp_path) -> None:  # type: ignore[no-untyped-def]
    mod = tmp_path / "mod"
    (mod / "charms").mkdir(parents=True)
    (mod / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 1.0.0\nreplaces: [charm/plain_mult]\n", encoding="utf-8"
    )
    plain = (base_copy / "charms" / "plain_mult.yaml").read_text(encoding="utf-8")
    (mod / "charms" / "plain_mult.yaml").write_text(plain.replace("amount: 4", "amount: 5"), encoding="utf-8")
    ws = Workspace.open([mod], base=base_copy)
    both = [r for r in ws.entries("charm") if r.id == "plain_mult"]
    assert {r.pack_id for r in both} == {"base", "mod"}
    for ref in both:  # neither the replaced entry nor its replacement
        with pytest.raises(
            WorkspaceError, match=r"'charm/plain_mult' is listed under replaces: in .*mod/pack\.yaml"
        ):
            ws.rename(ref, "plain_five")
    assert not ws.dirty()


def test_a_new_entry_of_a_kind_a_pack_has_none_of_names_its_schema_as_the_packs_files_do(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``studio pack new`` ships every kind's schema and names it on line 1; a new boss does too."""
    from studio.services.packs import new_pack

    new_pack("neon", tmp_path)
    ws = Workspace.open([tmp_path / "neon"])
    [boss] = ws.create("boss", "spade_ban", "neon").entries
    assert (
        ws.text(boss).splitlines()[0] == "# yaml-language-server: $schema=../.studio/schemas/boss.schema.json"
    )
    [hand] = ws.create("hand_type", "flush_pair", "neon").entries
    assert ws.text(hand).startswith(
        "# yaml-language-server: $schema=../.studio/schemas/hand_type.schema.json\n"
    )
