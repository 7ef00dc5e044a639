"""Saving writes only what must be written, and never over a file another program wrote meanwhile."""

from __future__ import annotations

from pathlib import Path

import pytest
from ws_support import ref_of

from studio.workspace import Change, Workspace, WorkspaceError

THEIRS = "# written by another program\nid: even_keel\nname: Theirs\n"


def test_a_renamed_entry_is_not_saved_over_a_file_written_at_its_new_name(
    ws: Workspace, base_copy: Path
) -> None:
    ws.rename(ref_of(ws, "charm", "even_mult"), "even_keel")
    target = base_copy / "charms" / "even_keel.yaml"
    target.write_text(THEIRS, encoding="utf-8")
    with pytest.raises(WorkspaceError, match=r"even_keel\.yaml: a file of that name already exists"):
        ws.save(ws.ref(target))
    assert target.read_text(encoding="utf-8") == THEIRS
    assert (base_copy / "charms" / "even_mult.yaml").exists()  # the old file stays until a save
    assert ws.is_dirty(ws.ref(target))


def test_force_saves_a_renamed_entry_over_that_file(ws: Workspace, base_copy: Path) -> None:
    ws.rename(ref_of(ws, "charm", "even_mult"), "even_keel")
    target = base_copy / "charms" / "even_keel.yaml"
    target.write_text(THEIRS, encoding="utf-8")
    ws.save(ws.ref(target), force=True)
    assert target.read_text(encoding="utf-8") == ws.text(ws.ref(target))
    assert not (base_copy / "charms" / "even_mult.yaml").exists()
    assert not ws.is_dirty(ws.ref(target))


def test_saving_a_file_without_edits_writes_nothing(ws: Workspace, base_copy: Path) -> None:
    path = base_copy / "charms" / "ace_bonus.yaml"
    before = path.stat()
    ref = ws.ref(path)
    assert not ws.is_dirty(ref)
    assert ws.save(ref) == Change()
    assert ws.save_all() == Change()
    after = path.stat()
    assert (after.st_mtime_ns, after.st_ino) == (before.st_mtime_ns, before.st_ino)


def test_a_file_edited_back_to_its_saved_text_writes_nothing(ws: Workspace, base_copy: Path) -> None:
    path = base_copy / "charms" / "ace_bonus.yaml"
    before = path.stat()
    ref = ws.ref(path)
    ws.set_field(ref, ("cost",), 9)
    ws.replace_text(ref, ws.reverted_text(ref))
    assert ws.save(ref) == Change()
    assert path.stat().st_ino == before.st_ino


def test_force_puts_back_a_clean_file_another_program_changed(ws: Workspace, base_copy: Path) -> None:
    path = base_copy / "charms" / "ace_bonus.yaml"
    ref = ws.ref(path)
    mine = ws.text(ref)
    path.write_text("id: ace_bonus\nname: Theirs\n", encoding="utf-8")
    assert ws.save(ref) == Change()  # nothing of the workspace's to write: the disk's text stays
    assert path.read_text(encoding="utf-8") != mine
    assert ws.save(ref, force=True).files == {path}
    assert path.read_text(encoding="utf-8") == mine


def test_a_file_that_cannot_be_written_is_named_and_keeps_its_edits(ws: Workspace, base_copy: Path) -> None:
    ws.create("charm", "blocked", "base")
    folder = base_copy / "charms"
    folder.rename(base_copy / "charms_moved")
    folder.write_text("a file where the folder was: nothing can be written in it\n", encoding="utf-8")
    path = folder / "blocked.yaml"
    with pytest.raises(
        WorkspaceError, match=r"blocked\.yaml: not saved: File exists \(.*charms\); your edits"
    ):
        ws.save(ws.ref(path))
    assert folder.is_file() and ws.is_dirty(ws.ref(path))
