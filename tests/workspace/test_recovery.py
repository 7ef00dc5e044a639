"""Autosaved work survives a crash: a new workspace finds it and takes it back as unsaved edits."""

from __future__ import annotations

import json
import os
from pathlib import Path

from ws_support import ref_of

from studio.workspace import Workspace
from studio.workspace.recovery import UNDO_KEPT, UndoStep, record_name


def test_unsaved_edits_come_back_after_a_crash(ws: Workspace, base_copy: Path, tmp_path: Path) -> None:
    folder = tmp_path / "recovery"
    ref = ref_of(ws, "charm", "plain_mult")
    ws.set_field(ref, ("abilities", 0, "effects", 0, "amount"), 7)
    ws.create("charm", "night_owl", "base")
    assert ws.autosave(folder) == 2
    edited = ws.text(ref)

    after_crash = Workspace.open([], base=base_copy)
    items = Workspace.recoverable(folder)
    assert sorted(i.path.name for i in items) == ["night_owl.yaml", "plain_mult.yaml"]
    assert not any(i.disk_changed for i in items if i.path.name == "plain_mult.yaml")
    for item in items:
        after_crash.recover(item)
        Workspace.discard(item)
    assert Workspace.recoverable(folder) == []
    assert after_crash.text(ref) == edited and after_crash.is_dirty(ref)
    assert after_crash.catalog is not None
    assert after_crash.catalog.charms["plain_mult"].description == "+7 Mult"
    assert "night_owl" in after_crash.catalog.charms and after_crash.problems() == []


def test_saving_drops_the_record_and_a_changed_disk_is_told(ws: Workspace, tmp_path: Path) -> None:
    folder = tmp_path / "recovery"
    ref = ref_of(ws, "charm", "plain_mult")
    ws.set_field(ref, ("cost",), 3)
    ws.autosave(folder)
    [item] = Workspace.recoverable(folder)
    ref.path.write_text(ref.path.read_text(encoding="utf-8") + "# edited elsewhere\n", encoding="utf-8")
    assert item.disk_changed
    ws.save(ref, force=True)
    assert ws.autosave(folder) == 0 and Workspace.recoverable(folder) == []


def test_a_broken_record_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "0123.recovery.json").write_text("{not json", encoding="utf-8")
    assert Workspace.recoverable(tmp_path) == []
    assert Workspace.recoverable(tmp_path / "missing") == []


def test_autosave_rewrites_only_records_whose_text_changed(ws: Workspace, tmp_path: Path) -> None:
    folder = tmp_path / "recovery"
    cheap, dear = ref_of(ws, "charm", "plain_mult"), ref_of(ws, "charm", "money_mult")
    ws.set_field(cheap, ("cost",), 1)
    ws.set_field(dear, ("cost",), 9)
    ws.autosave(folder)
    for record in folder.iterdir():
        os.utime(record, ns=(1, 1))  # as if written long ago
    ws.set_field(dear, ("cost",), 10)
    assert ws.autosave(folder) == 2
    assert sorted(p.stat().st_mtime_ns > 1 for p in folder.iterdir()) == [False, True]
    by_text = {i.path: i.text for i in Workspace.recoverable(folder)}
    assert by_text == {cheap.path: ws.text(cheap), dear.path: ws.text(dear)}


def test_a_renamed_entry_comes_back_renamed_and_saving_removes_the_old_file(
    ws: Workspace, base_copy: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "recovery"
    ref = ref_of(ws, "charm", "plain_mult")
    old_file = ref.path
    ws.rename(ref, "plain_four")
    ws.autosave(folder)

    after_crash = Workspace.open([], base=base_copy)
    items = Workspace.recoverable(folder)
    renamed = next(i for i in items if i.path.name == "plain_four.yaml")
    assert renamed.old_path == old_file and not renamed.disk_changed
    for item in items:
        after_crash.recover(item)
    charms = {r.id for r in after_crash.entries("charm")}
    assert "plain_four" in charms and "plain_mult" not in charms  # not both: it was renamed
    assert after_crash.problems() == []
    new_ref = ref_of(after_crash, "charm", "plain_four")
    assert after_crash.is_dirty(new_ref)
    after_crash.save(new_ref)
    assert new_ref.path.is_file() and not old_file.exists()


def test_a_record_keeps_the_undo_history_it_is_given(ws: Workspace, tmp_path: Path) -> None:
    folder = tmp_path / "recovery"
    ref = ref_of(ws, "charm", "plain_mult")
    saved = ws.text(ref)
    ws.set_field(ref, ("cost",), 3)
    middle = ws.text(ref)
    ws.set_field(ref, ("cost",), 4)
    steps = [UndoStep(0, "Edit plain_mult cost", saved), UndoStep(2, "Edit plain_mult cost", middle)]
    ws.autosave(folder, {ref.path: steps})
    record = json.loads(next(folder.iterdir()).read_text(encoding="utf-8"))
    assert record["version"] == 2
    [item] = Workspace.recoverable(folder)
    assert item.undo == tuple(steps) and item.text == ws.text(ref)


def test_a_record_without_undo_history_still_recovers(ws: Workspace, base_copy: Path, tmp_path: Path) -> None:
    folder = tmp_path / "recovery"
    ref = ref_of(ws, "charm", "plain_mult")
    ws.set_field(ref, ("cost",), 3)
    text = ws.text(ref)
    folder.mkdir()
    first_format = {  # as written before records had a version and an undo history
        "path": str(ref.path),
        "pack": "base",
        "rel": "charms/plain_mult.yaml",
        "text": text,
        "base_sha256": None,
        "old_path": None,
        "saved_at": 1.0,
    }
    (folder / record_name(ref.path)).write_text(json.dumps(first_format), encoding="utf-8")
    damaged = {**first_format, "path": str(ref.path.with_name("x.yaml")), "undo": [{"seq": "?"}]}
    (folder / record_name(ref.path.with_name("x.yaml"))).write_text(json.dumps(damaged), encoding="utf-8")
    items = Workspace.recoverable(folder)
    assert [i.undo for i in items] == [(), ()]
    after_crash = Workspace.open([], base=base_copy)
    after_crash.recover(next(i for i in items if i.path == ref.path))
    assert after_crash.text(ref) == text and after_crash.is_dirty(ref)


def test_a_record_keeps_only_the_latest_undo_steps(ws: Workspace, tmp_path: Path) -> None:
    ref = ref_of(ws, "charm", "plain_mult")
    ws.set_field(ref, ("cost",), 3)
    steps = [UndoStep(i, "Edit plain_mult cost", f"cost: {i}\n") for i in range(UNDO_KEPT + 5)]
    ws.autosave(tmp_path, {ref.path: steps})
    [item] = Workspace.recoverable(tmp_path)
    assert item.undo == tuple(steps[5:])
