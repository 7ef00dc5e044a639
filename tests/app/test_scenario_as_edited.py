"""Opening a scenario shows it as edited: the preview reads the workspace's text, not the saved file, and
follows that file's later edits (the form, the YAML tab, undo, another program) as ``studio test`` does."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from studio.app.forms.objects import NullableField
from studio.app.main_window import MainWindow
from tests.app.test_changes_on_disk import written_elsewhere
from tests.app.test_tests_as_problems import _settled, _test_rows

#: The third scenario of ``tests/charms_hand.yaml``, its expected total as the base game has it.
THIRD, THIRD_TOTAL = "pair_mult fires on Two Pair (the hand contains a Pair)", 500


def test_a_scenario_opens_in_the_preview_with_its_unsaved_edits(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.tree.select("scenario", "effects")
    ws = window.session.ws
    path = window.editor.file
    text = ws.text(ws.ref(path))
    first = "fuse adds +20 Mult and destroys itself on the final hand"
    window.session.replace_text(path, text.replace(first, "renamed but not saved", 1))
    window.tree.select("charm", "plain_mult")
    window.tree.select("scenario", "effects")
    assert window.preview._scenario is not None
    assert window.preview._scenario.name == "renamed but not saved"


def _verdict(window: MainWindow) -> str:
    """The preview's line on the open scenario, without its colour."""
    text = window.preview.error_label.text()
    return text[text.index(">") + 1 : text.rindex("<")] if text.startswith("<") else text


def _failing(window: MainWindow, qtbot) -> list[str]:  # type: ignore[no-untyped-def]
    """The failing tests the problems panel lists once the tests of the last edit have run."""
    qtbot.wait(1)  # an edit's run starts after a pause: let it be noted first
    _settled(window, qtbot)
    return [row.text(2) for row in _test_rows(window)]


def _open_third(window: MainWindow, qtbot) -> Path:  # type: ignore[no-untyped-def]
    _settled(window, qtbot)
    assert window.tree.select("scenario", "charms_hand") is not None and window.editor is not None
    window.editor.form.open_item(2)  # as unfolding its details does
    assert _verdict(window) == "✓ matches what the scenario expects"
    assert window.preview.played_input.text() == "KS KH 5D 5C 9S"
    assert window.editor.file is not None
    return window.editor.file


def test_an_expectation_changed_on_disk_is_the_preview_s_verdict(
    window: MainWindow, qtbot, content: Path
) -> None:  # type: ignore[no-untyped-def]
    path = _open_third(window, qtbot)
    assert path == content / "tests" / "charms_hand.yaml"
    text = path.read_text(encoding="utf-8")
    written_elsewhere(path, text.replace(f"    total: {THIRD_TOTAL}\n", "    total: 501\n", 1))
    window.safety.check_disk()
    assert _failing(window, qtbot) == [f"test '{THIRD}' fails: total: expected 501, got 500"]
    assert _verdict(window) == "✗ total: expected 501, got 500"
    window.tree.select("charm", "plain_mult")
    window.preview.set_state({"played": "AS"})
    window.problems.itemActivated.emit(_test_rows(window)[0], 0)  # a double-click opens the failing test
    assert _verdict(window) == "✗ total: expected 501, got 500"
    written_elsewhere(path, text)
    window.safety.check_disk()
    assert _failing(window, qtbot) == []
    assert _verdict(window) == "✓ matches what the scenario expects"


def test_an_expectation_edited_in_the_form_is_the_preview_s_verdict_through_undo_and_redo(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    _open_third(window, qtbot)
    assert window.editor is not None
    total = window.editor.field_at((2, "expect", "total"))
    assert isinstance(total, NullableField)
    total.inner.box.setValue(THIRD_TOTAL + 1)  # type: ignore[attr-defined]
    assert _verdict(window) == "✗ total: expected 501, got 500"
    assert _failing(window, qtbot) == [f"test '{THIRD}' fails: total: expected 501, got 500"]
    window.history.undo()
    assert _verdict(window) == "✓ matches what the scenario expects"
    assert _failing(window, qtbot) == []
    window.history.redo()
    assert _verdict(window) == "✗ total: expected 501, got 500"
    assert _failing(window, qtbot) == [f"test '{THIRD}' fails: total: expected 501, got 500"]


def test_the_preview_follows_the_scenario_edited_in_the_yaml_tab_and_only_that_one(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    path = _open_third(window, qtbot)
    assert window.editor is not None and window.session is not None
    window.preview.played_input.setText("KS KH")  # tried in the preview: another scenario's edit keeps it
    window.editor.tabs.setCurrentIndex(1)
    edit = window.editor.yaml.edit
    edit.setPlainText(edit.toPlainText().replace("    total: 80\n", "    total: 81\n", 1))  # the first's
    window.editor.yaml.flush()
    assert window.preview.played_input.text() == "KS KH"
    edit.setPlainText(edit.toPlainText().replace('played: "KS KH 5D 5C 9S"', 'played: "KS KH 5D 5C 9D"', 1))
    window.editor.yaml.flush()
    assert window.preview.played_input.text() == "KS KH 5D 5C 9D"  # its own edit shows it anew
    assert _verdict(window) == "✓ matches what the scenario expects"
    text = window.session.text(path)
    assert text is not None
    expecting = text.replace(f"    total: {THIRD_TOTAL}\n", "    total: 499\n", 1)
    edit.setPlainText(expecting)
    window.editor.yaml.flush()
    assert _verdict(window) == "✗ total: expected 499, got 500"
    edit.setPlainText(expecting.replace("- name: pair_mult fires on Two Pair", "- name: [unclosed", 1))
    window.editor.yaml.flush()
    assert _verdict(window) == ""  # it no longer reads: not judged by what it was
    assert "no longer reads" in window.statusBar().currentMessage()
    edit.setPlainText(expecting)
    window.editor.yaml.flush()
    assert _verdict(window) == "✗ total: expected 499, got 500"


def _cut_from(window: MainWindow, path: Path, first: str, last: str) -> None:
    """Edit the file at ``path``: take out the scenario named ``first``, up to (not with) the comment
    before the next, ``last``."""
    assert window.session is not None
    text = window.session.text(path)
    assert text is not None
    start = text.index(f"- name: {first}")
    window.session.replace_text(path, text[:start] + text[text.index(last, start) :])


def test_the_preview_follows_its_scenario_when_one_before_it_goes_and_comes_back(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    path = _open_third(window, qtbot)
    _cut_from(window, path, "plain_mult adds +4 Mult", "# pair 10 x 2")
    assert window.preview.scenario_file == (path, 1)  # the same scenario, one place up
    assert window.preview.played_input.text() == "KS KH 5D 5C 9S"
    assert _verdict(window) == "✓ matches what the scenario expects"
    window.history.undo()
    assert window.preview.scenario_file == (path, 2)
    assert _verdict(window) == "✓ matches what the scenario expects"


def test_a_scenario_deleted_from_its_file_leaves_no_verdict_until_it_is_back(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    path = _open_third(window, qtbot)
    _cut_from(window, path, "pair_mult fires on Two Pair", "# full_house")
    assert _verdict(window) == ""  # not the next scenario's verdict, now in its place
    assert window.preview.played_input.text() == "KS KH 5D 5C 9S"
    assert f"'{THIRD}' is no longer in charms_hand.yaml" in window.statusBar().currentMessage()
    window.session.set_field(path, (1, "name"), "renamed")  # another scenario's edit does not bring it back
    assert _verdict(window) == ""
    window.history.undo()
    window.history.undo()
    assert window.preview.scenario_file == (path, 2)
    assert _verdict(window) == "✓ matches what the scenario expects"


def test_the_preview_follows_its_scenario_renamed_in_the_form(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    path = _open_third(window, qtbot)
    assert window.session is not None
    window.session.set_field(path, (2, "name"), "two pairs hold a pair")
    assert window.preview._scenario is not None
    assert window.preview._scenario.name == "two pairs hold a pair"
    assert _verdict(window) == "✓ matches what the scenario expects"


def test_a_scenario_file_is_not_renamed_so_the_preview_keeps_following_its_path(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """A scenario file has no id: the window refuses to rename or move it, so the path the preview
    follows stays the file's (were renaming allowed, the preview would have to follow it)."""
    path = _open_third(window, qtbot)
    assert window.session is not None
    window.entries.ask = lambda *_a: "renamed_hand"
    assert window.entries.rename(window.session.ref(path)) is None
    assert "a scenario has no id to rename" in window.statusBar().currentMessage()
    assert window.session.text(path) is not None
    window.session.replace_text(
        path, (window.session.text(path) or "").replace("    total: 500\n", "    total: 499\n")
    )
    assert _verdict(window) == "✗ total: expected 499, got 500"


def test_ctrl_o_opens_a_scenario_of_the_packs_as_edited(window: MainWindow, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = _open_third(window, qtbot)
    assert window.session is not None
    window.session.replace_text(
        path, (window.session.text(path) or "").replace("    total: 80\n", "    total: 81\n")
    )
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a: (str(path), ""))
    window.ask_scenario = lambda _path, _names: 0
    window.open_scenario_dialog()
    assert _verdict(window) == "✗ total: expected 81, got 80"


def test_ctrl_o_on_a_file_of_many_shows_the_scenario_picked_by_name(
    window: MainWindow, qtbot, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """Ctrl+O showed the first scenario of a file of many, whichever the designer wanted."""
    path = _open_third(window, qtbot)
    asked: list[list[str]] = []

    def third(_path: Path, names: list[str]) -> int:
        asked.append(names)
        return 2

    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a: (str(path), ""))
    window.preview.set_state({"played": "AS"})
    window.ask_scenario = third
    window.open_scenario_dialog()
    assert len(asked) == 1 and len(asked[0]) > 3
    assert window.preview.scenario_file == (path, 2)
    assert window.preview.played_input.text() == "KS KH 5D 5C 9S"
    window.ask_scenario = lambda _path, _names: None  # Cancel: the preview stays as it was
    window.open_scenario_dialog()
    assert window.preview.scenario_file == (path, 2)


def test_a_scenario_from_outside_the_packs_follows_its_file_on_disk(
    window: MainWindow, qtbot, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    path = _open_third(window, qtbot)
    mine = tmp_path / "mine.yaml"
    text = path.read_text(encoding="utf-8")
    written_elsewhere(mine, text)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a: (str(mine), ""))
    window.ask_scenario = lambda _path, _names: 0
    window.open_scenario_dialog()
    assert window.preview.scenario_file == (mine, 0)
    assert _verdict(window) == "✓ matches what the scenario expects"
    written_elsewhere(mine, text.replace("    total: 80\n", "    total: 81\n", 1))
    window.safety.check_disk()
    assert _verdict(window) == "✗ total: expected 81, got 80"
    mine.unlink()
    window.safety.check_disk()
    assert _verdict(window) == ""
    assert "no longer reads" in window.statusBar().currentMessage()
