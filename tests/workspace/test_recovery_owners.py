"""Each editor keeps its own record of a file: two editing one file never write over each other's work,
and each drops only its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ws_support import ref_of

from studio.workspace import Workspace
from studio.workspace.recovery import record_name

FIRST = "1" * 32
SECOND = "2" * 32


def test_two_editors_with_unsaved_text_of_one_file_each_keep_their_record(
    base_copy: Path, tmp_path: Path
) -> None:
    """Named by the file's path alone, the record of one editor's autosave replaced the other's: the
    work of whichever died first could be gone."""
    folder = tmp_path / "recovery"
    first, second = Workspace.open([], base=base_copy), Workspace.open([], base=base_copy)
    mine, theirs = ref_of(first, "charm", "plain_mult"), ref_of(second, "charm", "plain_mult")
    first.history.set_field(mine.path, ("cost",), 3)
    second.history.set_field(theirs.path, ("cost",), 4)
    first.autosave(folder, owner=FIRST)
    second.autosave(folder, owner=SECOND)
    first.autosave(folder, owner=FIRST)  # the next tick of the first: the second's record stays
    texts = {i.owner: i.text for i in Workspace.recoverable(folder)}
    assert texts == {FIRST: first.text(mine), SECOND: second.text(theirs)}
    assert (folder / record_name(mine.path, FIRST)).is_file()

    first.history.undo()  # back to the saved text: the first's record goes, the second's stays
    first.autosave(folder, owner=FIRST)
    assert [(i.owner, i.text) for i in Workspace.recoverable(folder)] == [(SECOND, second.text(theirs))]
    second.history.undo()
    second.autosave(folder, owner=SECOND)
    assert Workspace.recoverable(folder) == []


def test_an_owners_record_is_dropped_by_its_name_unread(ws: Workspace, tmp_path: Path) -> None:
    """Dropping read each record of every clean file to learn its owner; a record of its own name is
    dropped as it is, even one that no longer reads."""
    folder = tmp_path / "recovery"
    ref = ref_of(ws, "charm", "plain_mult")
    ws.history.set_field(ref.path, ("cost",), 3)
    ws.autosave(folder, owner=FIRST)
    record = folder / record_name(ref.path, FIRST)
    record.write_text("{cut short", encoding="utf-8")
    ws.history.undo()
    ws.autosave(folder, owner=FIRST)
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("owner", ["", SECOND], ids=["no owner", "another editor"])
def test_a_record_named_by_the_path_alone_is_read_and_not_dropped_by_another_owner(
    ws: Workspace, tmp_path: Path, owner: str
) -> None:
    """Records written before records were named by owner too still come back."""
    folder = tmp_path / "recovery"
    ref = ref_of(ws, "charm", "plain_mult")
    ws.history.set_field(ref.path, ("cost",), 3)
    ws.autosave(folder, owner=owner)
    old_style = folder / record_name(ref.path)
    if owner:
        (folder / record_name(ref.path, owner)).rename(old_style)
    assert [p.name for p in folder.iterdir()] == [old_style.name]
    assert json.loads(old_style.read_text(encoding="utf-8"))["owner"] == owner
    [item] = Workspace.recoverable(folder)
    assert item.record == old_style and item.text == ws.text(ref)
    ws.history.undo()
    ws.autosave(folder, owner=FIRST)  # another editor's clean file: not its record to drop
    assert old_style.is_file()


def test_an_owner_that_is_no_plain_name_names_no_record(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="owner"):
        record_name(tmp_path / "a.yaml", "../elsewhere")


def test_of_several_records_of_one_file_the_newest_is_kept_and_the_older_set_aside(
    base_copy: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "recovery"
    first, second = Workspace.open([], base=base_copy), Workspace.open([], base=base_copy)
    older, newer = ref_of(first, "charm", "plain_mult"), ref_of(second, "charm", "plain_mult")
    other = ref_of(first, "charm", "money_mult")
    first.history.set_field(older.path, ("cost",), 3)
    first.history.set_field(other.path, ("cost",), 9)
    first.autosave(folder, owner=FIRST)
    second.history.set_field(newer.path, ("cost",), 4)
    second.autosave(folder, owner=SECOND)
    (folder / "older").mkdir()
    taken = folder / "older" / record_name(older.path, FIRST)
    taken.write_text("kept from before", encoding="utf-8")  # a name already taken there

    items = Workspace.recoverable(folder)
    kept, lines = Workspace.set_aside_older(items)
    assert [(i.path, i.text) for i in kept] == [
        (other.path, first.text(other)),
        (newer.path, second.text(newer)),
    ]
    moved = (
        folder / "older" / f"{record_name(older.path, FIRST).removesuffix('.recovery.json')}-1.recovery.json"
    )
    assert json.loads(moved.read_text(encoding="utf-8"))["text"] == first.text(older)
    assert taken.read_text(encoding="utf-8") == "kept from before"
    [line] = lines
    assert str(older.path) in line and str(moved) in line
    assert Workspace.recoverable(folder) == kept  # the older one is never offered again


def test_a_single_record_of_each_file_is_kept_where_it_is(ws: Workspace, tmp_path: Path) -> None:
    ref = ref_of(ws, "charm", "plain_mult")
    ws.history.set_field(ref.path, ("cost",), 3)
    ws.autosave(tmp_path, owner=FIRST)
    items = Workspace.recoverable(tmp_path)
    assert Workspace.set_aside_older(items) == (items, [])
    assert not (tmp_path / "older").exists()
