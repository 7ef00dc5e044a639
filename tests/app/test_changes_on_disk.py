"""Files changed by another program while the window is open: clean ones reload quietly, edited ones ask.

The other program is a plain write to the file; the window's disk check runs
as its timer would run it.
"""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import os
from pathlib import Path

from studio.app.disk_conflict import DiskConflict
from studio.app.main_window import MainWindow
from tests.app.conftest import history

AMOUNT = ("abilities", 0, "effects", 0, "amount")


def written_elsewhere(path: Path, text: str) -> None:
    """Write ``path`` as another program would, its time a second later than before (however coarse
    the file system's clock, the change shows)."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before + 1_000_000_000, before + 1_000_000_000))


def set_field(
    window: MainWindow, kind: str, entry_id: str, json_path: tuple[str | int, ...], value: int
) -> None:
    assert window.tree.select(kind, entry_id) is not None and window.editor is not None
    field = window.editor.field_at(json_path)
    assert field is not None
    field.box.setValue(value)


def shown_conflict(window: MainWindow) -> DiskConflict:
    return next(w for w in window.findChildren(DiskConflict) if w.isVisible())


def test_a_clean_file_changed_on_disk_reloads_quietly_where_the_editor_stood(
    window: MainWindow, content: Path
) -> None:
    set_field(window, "charm", "plain_mult", AMOUNT, 5)  # another file's undo history
    scenarios = content / "tests" / "charms_hand.yaml"
    ref = window.tree.select("scenario", "charms_hand")
    editor = window.editor
    assert ref is not None and editor is not None and editor.form is not None
    form, selected = editor.form, window.tree.tree.currentIndex().data()
    editor.tabs.setCurrentIndex(1)
    bar = editor.yaml.edit.verticalScrollBar()
    bar.setValue(200)
    text = scenarios.read_text(encoding="utf-8")
    written_elsewhere(scenarios, text.replace("    total: 320\n", "    total: 330\n"))

    window.safety.check_disk()

    assert window.session is not None
    ws = window.session.ws
    assert not [w for w in window.findChildren(DiskConflict) if w.isVisible()]  # nothing asked
    assert "total: 330" in ws.text(ref) and not ws.is_dirty(ref)
    assert "total: 330" in editor.yaml.edit.toPlainText()
    assert editor.file == scenarios and editor.form is form  # same entry, same form
    assert editor.tabs.currentIndex() == 1 and bar.value() == 200  # same place in the text
    assert window.tree.tree.currentIndex().data() == selected
    assert window.statusBar().currentMessage() == "Reloaded charms_hand.yaml, changed on disk"
    assert len(history(window)) == 1
    window.history.undo()
    plain = ws.ref(content / "charms" / "plain_mult.yaml")
    assert "amount: 4" in ws.text(plain) and not ws.is_dirty(plain)


def test_reloading_a_file_drops_its_undo_history_only(window: MainWindow, content: Path) -> None:
    set_field(window, "charm", "plain_mult", AMOUNT, 5)
    set_field(window, "charm", "money_mult", ("cost",), 8)
    path = content / "charms" / "money_mult.yaml"
    on_disk = path.read_text(encoding="utf-8").replace("cost: 6", "cost: 7")
    written_elsewhere(path, on_disk)
    window.safety.check_disk()
    shown_conflict(window).reload_button.click()
    assert window.session is not None
    ws = window.session.ws
    assert ws.text(ws.ref(path)) == on_disk and not ws.is_dirty(ws.ref(path))
    assert len(history(window)) == 1  # plain_mult's edit; money_mult's spoke of the text replaced
    window.history.undo()
    assert "amount: 4" in ws.text(ws.ref(content / "charms" / "plain_mult.yaml"))
    assert ws.text(ws.ref(path)) == on_disk


def _cost_changed_on_both_sides(window: MainWindow, content: Path) -> Path:
    """money_mult's cost edited here (8, unsaved) and by another program on disk (7); its file."""
    set_field(window, "charm", "money_mult", ("cost",), 8)
    path = content / "charms" / "money_mult.yaml"
    written_elsewhere(path, path.read_text(encoding="utf-8").replace("cost: 6", "cost: 7"))
    return path


def test_keep_mine_shows_the_other_change_first_and_the_next_save_overwrites_it(
    window: MainWindow, content: Path
) -> None:
    path = _cost_changed_on_both_sides(window, content)
    window.safety.check_disk()
    dialog = shown_conflict(window)
    left, right = dialog.diff.left.toPlainText().splitlines(), dialog.diff.right.toPlainText().splitlines()
    row = next(i for i, r in enumerate(dialog.diff.rows) if r.changed)
    assert left[row].endswith("cost: 7") and right[row].endswith("cost: 8")  # face to face, marked
    assert len(dialog.diff.left.extraSelections()) == 1
    window.safety.check_disk()  # asked once, however often the timer fires
    assert len([w for w in window.findChildren(DiskConflict) if w.isVisible()]) == 1
    dialog.keep_button.click()
    assert window.session is not None
    ws = window.session.ws
    assert "cost: 8" in ws.text(ws.ref(path)) and ws.is_dirty(ws.ref(path))
    window.safety.check_disk()
    assert not [w for w in window.findChildren(DiskConflict) if w.isVisible()]
    assert len(history(window)) == 1  # kept text, kept history
    window.save_action.trigger()
    assert "cost: 8" in path.read_text(encoding="utf-8") and not ws.is_dirty(ws.ref(path))


def test_keep_mine_acknowledges_only_the_change_that_was_shown(window: MainWindow, content: Path) -> None:
    set_field(window, "charm", "money_mult", ("cost",), 8)
    path = content / "charms" / "money_mult.yaml"
    text = path.read_text(encoding="utf-8")
    written_elsewhere(path, text.replace("cost: 6", "cost: 7"))
    window.safety.check_disk()
    dialog = shown_conflict(window)
    written_elsewhere(path, text.replace("cost: 6", "cost: 9"))  # changed again behind the dialog
    dialog.keep_button.click()
    window.safety.check_disk()
    again = shown_conflict(window)
    assert again is not dialog and "cost: 9" in again.diff.left.toPlainText()
    window.save_action.trigger()  # refused until that change was seen too
    assert "cost: 9" in path.read_text(encoding="utf-8")


def test_merge_takes_each_entry_from_the_side_picked(window: MainWindow, content: Path) -> None:
    set_field(window, "charm", "money_mult", ("cost",), 8)
    set_field(window, "charm", "money_mult", AMOUNT, 3)
    path = content / "charms" / "money_mult.yaml"
    mine = window.session.ws.text(window.session.ws.ref(path)) if window.session else ""
    theirs = path.read_text(encoding="utf-8").replace("cost: 6", "cost: 7").replace("Fat Wallet", "Fatter")
    written_elsewhere(path, theirs)
    window.safety.check_disk()
    dialog = shown_conflict(window)
    changes = {p.key: p.change for p in dialog.merge.parts} if dialog.merge else {}
    assert changes == {
        "name": "changed on disk",
        "cost": "changed on both sides",
        "abilities": "changed by you",
    }
    assert dialog.taken() == {"name"}  # only the disk changed it
    dialog.take("cost", theirs=True)
    dialog.merge_button.click()
    assert window.session is not None
    ws = window.session.ws
    merged = ws.text(ws.ref(path))
    assert "name: Fatter" in merged and "cost: 7" in merged and "amount: 3" in merged
    assert "# +2 Mult per whole $5" in merged  # the workspace's lines, comments and all
    window.history.undo()  # the merge is one step
    assert ws.text(ws.ref(path)) == mine
    window.history.redo()
    window.save_action.trigger()  # the disk's change was seen: saving writes the merge
    assert path.read_text(encoding="utf-8") == merged


def test_a_clean_file_removed_on_disk_leaves_the_tree_and_the_editor(
    window: MainWindow, content: Path
) -> None:
    set_field(window, "charm", "plain_mult", AMOUNT, 5)
    assert window.tree.select("charm", "money_mult") is not None
    (content / "charms" / "money_mult.yaml").unlink()
    window.safety.check_disk()
    assert window.session is not None
    assert "money_mult" not in window.session.ws.ids("charm")
    assert window.tree.select("charm", "money_mult") is None
    assert window.editor is not None and window.editor.file is None
    assert window.statusBar().currentMessage() == "money_mult.yaml removed on disk"
    assert len(history(window)) == 1


def test_an_edited_file_removed_on_disk_can_be_kept_and_saved_again(
    window: MainWindow, content: Path
) -> None:
    set_field(window, "charm", "money_mult", ("cost",), 8)
    path = content / "charms" / "money_mult.yaml"
    path.unlink()
    window.safety.check_disk()
    dialog = shown_conflict(window)
    assert dialog.diff.left.toPlainText().strip() == "" and not dialog.merge_button.isEnabled()
    dialog.keep_button.click()
    window.safety.check_disk()
    assert not [w for w in window.findChildren(DiskConflict) if w.isVisible()]
    window.save_action.trigger()
    assert "cost: 8" in path.read_text(encoding="utf-8")


def test_a_clean_file_that_cannot_be_read_is_named_once(window: MainWindow, content: Path) -> None:
    path = content / "charms" / "plain_mult.yaml"
    path.write_bytes(path.read_bytes() + b"# \xff\n")  # not UTF-8
    for _ in range(3):
        window.safety.check_disk()
    assert [m for m in window.problems.extra if "plain_mult.yaml" in m] == [
        next(m for m in window.problems.extra if m.startswith("reload plain_mult.yaml: "))
    ]


def test_text_typed_a_moment_before_the_disk_changed_is_asked_about_not_reloaded_over(
    window: MainWindow, content: Path
) -> None:
    path = content / "charms" / "money_mult.yaml"
    assert window.tree.select("charm", "money_mult") is not None and window.editor is not None
    edit = window.editor.yaml.edit
    window.editor.tabs.setCurrentIndex(1)
    edit.setPlainText(edit.toPlainText().replace("cost: 6", "cost: 42"))  # not taken yet (a quarter second)
    written_elsewhere(path, path.read_text(encoding="utf-8").replace("Fat Wallet", "Fatter"))
    window.safety.check_disk()
    dialog = shown_conflict(window)
    assert "cost: 42" in dialog.diff.right.toPlainText() and "Fatter" in dialog.diff.left.toPlainText()
    dialog.keep_button.click()
    assert window.session is not None
    ws = window.session.ws
    assert "cost: 42" in ws.text(ws.ref(path)) and "cost: 42" in edit.toPlainText()


def test_a_save_refused_by_a_change_on_disk_asks_at_once_and_names_the_way(
    window: MainWindow, content: Path
) -> None:
    path = _cost_changed_on_both_sides(window, content)
    window.save_action.trigger()  # before the timer's disk check
    said = [window.problems.topLevelItem(i).text(2) for i in range(window.problems.topLevelItemCount())]
    refused = next(text for text in said if "changed on disk by another program" in text)
    assert "save anyway" not in refused  # no such action in the window
    assert all(way in refused for way in ("Reload", "Keep mine", "Merge"))
    dialog = shown_conflict(window)  # the way it names, open at once
    dialog.keep_button.click()
    window.save_action.trigger()
    assert "cost: 8" in path.read_text(encoding="utf-8")
