"""A designer's round trip in the real window: edit a charm, watch the preview, undo, save."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from folder_packs import folder_pack
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QTreeWidgetItem

from studio.app.main_window import MainWindow
from tests.app.conftest import crash, history, open_window

AMOUNT = ("abilities", 0, "effects", 0, "amount")


def _problem_rows(window: MainWindow) -> list[QTreeWidgetItem]:
    """The rows the Problems panel shows."""
    panel = window.problems
    return [row for i in range(panel.topLevelItemCount()) if (row := panel.topLevelItem(i)) is not None]


def _money_mult_typed(window: MainWindow, old: str, new: str) -> None:
    """In money_mult's YAML tab, the first ``old`` typed over with ``new``, taken as an edit at once."""
    _open_money_mult(window)
    assert window.editor is not None
    edit = window.editor.yaml.edit
    window.editor.tabs.setCurrentIndex(1)
    edit.setPlainText(edit.toPlainText().replace(old, new, 1))
    window.editor.yaml.flush()


def _open_money_mult(window: MainWindow):  # type: ignore[no-untyped-def]
    ref = window.tree.select("charm", "money_mult")
    assert ref is not None
    assert window.editor is not None
    field = window.editor.field_at(AMOUNT)
    assert field is not None
    return field


def test_changing_a_charms_amount_changes_the_preview_total_and_undo_brings_it_back(
    window: MainWindow,
) -> None:
    total = window.preview.total_label
    assert total.objectName() == "totalLabel"
    assert total.text() == "3,082"
    field = _open_money_mult(window)
    field.box.setValue(3)  # the real spin box signal, as typing would send
    assert window.preview.total_label.text() == "3,283"  # +9 Mult instead of +6 with $17
    assert "+3 Mult for every $5" in window.editor.text_line.text()
    assert window.windowTitle().endswith("unsaved changes")
    undo, redo = window.history.undo_action, window.history.redo_action  # the Edit menu's
    assert undo.text() == "&Undo Edit money_mult: Ability 1 › Effect 1 › Amount" and not redo.isEnabled()
    undo.trigger()
    assert window.preview.total_label.text() == "3,082"
    assert field.box.value() == 2
    assert not window.windowTitle().endswith("unsaved changes")
    assert redo.text() == "&Redo Edit money_mult: Ability 1 › Effect 1 › Amount" and not undo.isEnabled()
    redo.trigger()
    assert window.preview.total_label.text() == "3,283"


def test_typing_in_one_field_is_one_undo_step(window: MainWindow) -> None:
    field = _open_money_mult(window)
    for value in (3, 4, 5):
        field.box.setValue(value)
    assert len(history(window)) == 1
    window.history.undo()
    assert field.box.value() == 2


def test_saving_keeps_the_comments_and_changes_only_the_edited_line(
    window: MainWindow, content: Path
) -> None:
    path = content / "charms" / "money_mult.yaml"
    before = path.read_text(encoding="utf-8").splitlines()
    field = _open_money_mult(window)
    field.box.setValue(3)
    assert path.read_text(encoding="utf-8").splitlines() == before  # nothing written before Ctrl+S
    assert window.editor is not None
    window.editor.tabs.setCurrentIndex(1)  # the YAML tab shows the form's edit, comment and all
    assert "amount: 3, per: money, every: 5}  # +2 Mult per whole $5" in window.editor.yaml.edit.toPlainText()
    window.save_action.trigger()
    after = path.read_text(encoding="utf-8").splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert changed == [
        (
            "      - {kind: mult, amount: 2, per: money, every: 5}  # +2 Mult per whole $5",
            "      - {kind: mult, amount: 3, per: money, every: 5}  # +2 Mult per whole $5",
        )
    ]
    assert after[0].startswith("# yaml-language-server: $schema=")
    assert not window.windowTitle().endswith("unsaved changes")


def test_a_broken_file_shows_its_error_at_the_line_and_keeps_the_text(
    window: MainWindow, content: Path
) -> None:
    _open_money_mult(window)
    assert window.editor is not None
    path = content / "charms" / "money_mult.yaml"
    on_disk = path.read_text(encoding="utf-8")
    broken = on_disk.replace("cost: 6", "cost: [6")
    window.editor.tabs.setCurrentIndex(1)
    window.editor.yaml.edit.setPlainText(broken)
    window.editor.yaml.flush()
    assert window.editor.yaml.edit.toPlainText() == broken
    assert window.session is not None
    assert window.session.ws.text(window.session.ws.ref(path)) == broken
    assert any(r.text(0).startswith("charms/money_mult.yaml:") for r in _problem_rows(window))
    assert "line " in window.editor.yaml.error.text()
    assert not window.editor.form.isEnabled()  # the form waits for text that parses
    window.save_action.trigger()  # refused, never half-written
    assert path.read_text(encoding="utf-8") == on_disk
    assert any("not saved" in row.text(2) for row in _problem_rows(window))
    window.editor.yaml.edit.setPlainText(on_disk)
    window.editor.yaml.flush()
    assert window.editor.form.isEnabled()


def test_autosaved_work_is_offered_back_after_a_crash(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    first = open_window(qtbot, tmp_path, content)
    _open_money_mult(first).box.setValue(7)
    first.safety.autosave()
    crash(first)  # the window dies without its clean exit
    second = open_window(qtbot, tmp_path, content, recover=True)
    assert second.session is not None
    ws = second.session.ws
    ref = ws.ref(content / "charms" / "money_mult.yaml")
    assert ws.is_dirty(ref)
    assert "amount: 7" in ws.text(ref)
    assert second.preview.total_label.text() != "3,082"


def test_double_clicking_a_problem_focuses_its_field(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    field = _open_money_mult(window)
    assert window.editor is not None
    name = window.editor.field_at(("name",))
    assert name is not None
    name.box.setText("")
    name.box.textEdited.emit("")
    hit = next(r for r in _problem_rows(window) if r.toolTip(1) == "$.name" and r.text(1) == "Name")
    window.editor.tabs.setCurrentIndex(1)
    window.problems.itemActivated.emit(hit, 0)
    assert window.editor.tabs.currentIndex() == 0
    assert name.message()
    assert field.message() == ""


def test_selecting_a_charm_highlights_its_rows_in_the_trace(window: MainWindow) -> None:
    row = window.preview.charm_row
    assert row.objectName() == "charmRow"
    row.item(0).setSelected(True)  # even_mult
    lit = window.preview.select_events_text()
    assert lit == ["10H even_mult", "6H even_mult", "4H even_mult", "2H even_mult"]


def test_reordering_the_charm_row_rescores(window: MainWindow) -> None:
    preview = window.preview
    preview.set_state({"played": "AS AH", "charms": ["pair_mult", "plain_mult"]})
    first = [e.source for e in preview.trace_model.events()]
    preview.charm_row.move_tile(1, 0)
    assert preview.charm_row.tokens() == ["plain_mult", "pair_mult"]
    assert [e.source for e in preview.trace_model.events()] != first


def test_the_card_picker_adds_cards_to_the_played_input(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    preview = window.preview
    preview.played_input.setText("AS")
    preview.show_picker(preview.played_input, preview.played_input)
    qtbot.mouseClick(preview.picker, Qt.MouseButton.LeftButton, pos=preview.picker.point_of("KH"))
    assert preview.played_input.text() == "AS KH"
    assert preview.played_row.tokens() == ["AS", "KH"]


def test_a_bad_card_is_named_and_the_text_is_kept(window: MainWindow) -> None:
    window.preview.played_input.setText("AS ZZ")
    assert "bad card 'ZZ'" in window.preview.error_label.text()
    assert window.preview.played_input.text() == "AS ZZ"
    assert window.preview.total_label.text() == "—"


def test_an_unknown_hand_type_in_the_levels_names_the_levels_box(window: MainWindow) -> None:
    """ "unknown hand type 'quads'" alone left the designer looking for it among the cards and charms."""
    window.preview.situation.levels.setText("quads=3")
    assert "⚠ levels: unknown hand type 'quads'<" in window.preview.error_label.text()
    window.preview.situation.levels.setText("pari=3")
    assert "⚠ levels: unknown hand type 'pari' (did you mean 'pair'?)" in window.preview.error_label.text()
    assert window.preview.total_label.text() == "—"


def test_a_file_changed_on_disk_is_offered_for_reload(window: MainWindow, content: Path, qtbot) -> None:  # type: ignore[no-untyped-def]
    from studio.app.disk_conflict import DiskConflict

    field = _open_money_mult(window)
    field.box.setValue(3)
    path = content / "charms" / "money_mult.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("cost: 6", "cost: 7"), encoding="utf-8")
    window.safety.check_disk()
    dialog = next(w for w in window.findChildren(DiskConflict) if w.isVisible())
    assert dialog.path == path
    dialog.reload_button.click()
    assert window.session is not None
    ws = window.session.ws
    assert "cost: 7" in ws.text(ws.ref(path))
    assert not ws.is_dirty(ws.ref(path))
    qtbot.waitUntil(lambda: window.editor is not None and window.editor.field_at(("cost",)).box.value() == 7)


def test_delete_removes_the_selected_charm_from_the_row(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    row = window.preview.charm_row
    row.setFocus()
    row.item(2).setSelected(True)  # plain_mult: +4 Mult
    qtbot.keyClick(row, Qt.Key.Key_Delete)
    assert row.tokens() == ["even_mult", "money_mult", "splash"]
    assert window.preview.total_label.text() == "2,814"  # 67 x 42


def test_the_layout_is_remembered(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    first = open_window(qtbot, tmp_path, content)
    problems_dock = next(d for d in first.docks if d.objectName() == "problemsDock")
    problems_dock.hide()
    first.close()
    second = open_window(qtbot, tmp_path, content)
    again = next(d for d in second.docks if d.objectName() == "problemsDock")
    assert again.isHidden()
    assert next(d for d in second.docks if d.objectName() == "previewDock").isVisible()


def test_a_charm_with_an_edition_is_painted_and_scored(window: MainWindow) -> None:
    preview = window.preview
    preview.set_state({"played": "AS AH", "charms": ["pair_mult"]})
    plain = preview.result
    preview.add_charm("plain_mult:polychrome")
    assert preview.charm_row.tokens() == ["pair_mult", "plain_mult:polychrome"]
    assert preview.result is not None and plain is not None
    assert any(e.source == "plain_mult polychrome" for e in preview.result.events)
    assert preview.result.total > plain.total


def test_the_problems_dock_counts_them(window: MainWindow) -> None:
    dock = window.docks[2]
    assert dock.windowTitle() == "Problems — none"
    _open_money_mult(window)
    assert window.editor is not None
    name = window.editor.field_at(("name",))
    name.box.setText("")  # type: ignore[union-attr]
    name.box.textEdited.emit("")  # type: ignore[union-attr]
    assert dock.windowTitle() == "Problems — 1 error"


def test_content_loads_in_the_background_and_a_failure_is_shown(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QSettings

    window = MainWindow(
        recovery_dir=tmp_path / "r", settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    )
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.loaded, timeout=30_000):
        window.open_packs([], base=content)
    assert window.preview.total_label.text() == "3,082"
    broken = MainWindow(
        recovery_dir=tmp_path / "r2", settings=QSettings(str(tmp_path / "s2.ini"), QSettings.Format.IniFormat)
    )
    qtbot.addWidget(broken)
    job = broken.open_packs([], base=tmp_path / "no_such_folder")
    with qtbot.waitSignal(job.failed, timeout=30_000):
        pass
    assert "could not be loaded" in broken.loading.text()
    assert broken.problems.count() == 1


def test_the_keyboard_reorders_the_charm_row(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    row = window.preview.charm_row
    row.setFocus()
    row.setCurrentRow(0)
    qtbot.keyClick(row, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert row.tokens() == ["money_mult", "even_mult", "plain_mult", "splash"]
    assert row.currentRow() == 1
    assert window.preview.result is not None


def test_undo_puts_back_the_very_text_even_for_a_field_that_was_absent(
    window: MainWindow, content: Path
) -> None:
    from studio.app.forms.objects import NullableField

    _open_money_mult(window)
    assert window.editor is not None and window.session is not None
    ws = window.session.ws
    ref = ws.ref(content / "charms" / "money_mult.yaml")
    original = ws.text(ref)
    face = window.editor.field_at(("abilities", 0, "when", "face"))
    assert isinstance(face, NullableField)
    face.tick.setChecked(True)  # give the condition: a new "when" mapping appears
    assert ws.data(ref)["abilities"][0]["when"] == {"face": False}
    window.history.undo()
    assert ws.text(ref) == original
    assert not ws.is_dirty(ref)
    window.history.redo()
    assert ws.data(ref)["abilities"][0]["when"] == {"face": False}


def test_text_typed_in_the_yaml_tab_reaches_the_form_and_undoes_as_one_step(window: MainWindow) -> None:
    _open_money_mult(window)
    assert window.editor is not None
    editor = window.editor
    editor.tabs.setCurrentIndex(1)
    text = editor.yaml.edit.toPlainText()
    for cost in ("7", "8"):  # two bursts of typing in one file merge
        editor.yaml.edit.setPlainText(text.replace("cost: 6", f"cost: {cost}"))
        editor.yaml.flush()
    editor.tabs.setCurrentIndex(0)
    assert editor.field_at(("cost",)).box.value() == 8  # type: ignore[union-attr]
    assert len(history(window)) == 1
    window.history.undo()
    assert editor.field_at(("cost",)).box.value() == 6  # type: ignore[union-attr]
    editor.tabs.setCurrentIndex(1)
    assert editor.yaml.edit.toPlainText() == text


def test_garbage_is_collected_on_the_gui_thread_while_a_window_is_open(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    import gc

    window = open_window(qtbot, tmp_path, content)
    assert not gc.isenabled()  # a worker thread must never free a Qt object
    window.collector.collect()
    window.close()
    assert gc.isenabled()


def test_two_equal_cards_are_told_apart_in_the_trace(window: MainWindow) -> None:
    preview = window.preview
    preview.set_state({"played": "AS AS:glass KD", "charms": []})
    preview.played_row.item(0).setSelected(True)
    lit = preview.select_events_text()
    assert lit and all(source.split()[0] == "AS" for source in lit)
    assert "AS glass" not in lit  # the glass ace is the other AS


def test_the_first_start_gives_the_preview_room_and_says_how_to_begin(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QSettings

    # As `studio edit` does: the window is up first, the content arrives afterwards.
    window = MainWindow(
        recovery_dir=tmp_path / "recovery",
        settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat),
    )
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.loaded, timeout=60_000):
        window.open_packs([])
    tree, preview, problems, editor = *window.docks[:3], window.editor
    assert editor is not None
    qtbot.waitUntil(lambda: editor.isVisible() and preview.width() >= window.width() * 2 // 5 - 20)
    assert tree.width() <= window.width() // 5 and editor.width() > tree.width()
    assert problems.height() <= window.height() // 8
    assert editor.empty.isVisible() and not editor.tabs.isVisible()
    window.tree.select("charm", "money_mult")
    assert editor.tabs.isVisible() and not editor.empty.isVisible()


def test_a_long_entry_title_wraps_and_leaves_the_tree_its_width(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    tree = window.docks[0]
    qtbot.wait(50)  # the start-up layout is arranged first
    before = tree.width()
    window.tree.select("scenario", "appendix")  # its title is a long scenario name
    qtbot.wait(50)
    assert tree.width() >= before - 5


def test_opening_a_charm_makes_it_the_one_the_preview_adds(window: MainWindow) -> None:
    window.tree.select("charm", "pair_mult")
    charms = window.preview.charms
    assert charms.pick.currentText() == "pair_mult"
    before = window.preview.charm_row.tokens()
    next(b for b in charms.findChildren(QPushButton) if b.text() == "Add").click()
    assert window.preview.charm_row.tokens() == [*before, "pair_mult"]


def test_save_all_saves_text_typed_a_moment_ago(window: MainWindow, content: Path) -> None:
    path = content / "charms" / "money_mult.yaml"
    _open_money_mult(window)
    assert window.editor is not None
    edit = window.editor.yaml.edit
    window.editor.tabs.setCurrentIndex(1)
    edit.setPlainText(edit.toPlainText().replace("cost: 6", "cost: 42"))  # taken a quarter second later
    window.save_all()
    assert "cost: 42" in path.read_text(encoding="utf-8")
    assert window.session is not None and not window.session.ws.dirty()


def test_save_all_with_a_file_it_cannot_write_shows_the_files_it_saved(window: MainWindow) -> None:
    """With a file Save all could not write, the files it saved lost their unsaved mark only at the next
    change."""
    from tests.app.test_changes_on_disk import set_field

    assert window.session is not None
    ws = window.session.ws
    set_field(window, "charm", "plain_mult", ("abilities", 0, "effects", 0, "amount"), 9)
    set_field(window, "hand_type", "pair", ("points",), 11)
    first, last = ws.dirty()
    folder = last.path.parent
    folder.rename(folder.with_name(folder.name + "_moved"))
    folder.write_text("a file where the folder was: nothing can be written in it\n", encoding="utf-8")
    window.save_all()
    assert not ws.is_dirty(ws.ref(first.path)) and ws.is_dirty(ws.ref(last.path))
    assert not window.tree._items[str(first.path)].text().startswith("● ")
    assert window.tree._items[str(last.path)].text().startswith("● ")


def test_save_all_tries_every_file_and_names_each_it_cannot_write(window: MainWindow) -> None:
    """A file that cannot be written no longer stops Save all: the files after it are saved, and every
    file not saved keeps its mark and its recovery record and is named in Problems with its reason."""
    from studio.workspace import Workspace, WorkspaceError
    from tests.app.test_changes_on_disk import set_field

    assert window.session is not None
    ws = window.session.ws
    set_field(window, "charm", "plain_mult", ("abilities", 0, "effects", 0, "amount"), 9)
    set_field(window, "hand_type", "pair", ("points",), 11)
    set_field(window, "edition", "foil", ("effects", 0, "amount"), 60)
    window.safety.autosave()
    blocked_first, saved, blocked_last = ws.dirty()
    for ref in (blocked_first, blocked_last):
        folder = ref.path.parent
        folder.rename(folder.with_name(folder.name + "_moved"))
        folder.write_text("a file where the folder was: nothing can be written in it\n", encoding="utf-8")
    window.save_all()
    assert ws.dirty() == [blocked_first, blocked_last]
    assert saved.path.read_text(encoding="utf-8") == ws.text(saved)
    assert not window.tree._items[str(saved.path)].text().startswith("● ")
    messages = window.problems.extra
    for ref in (blocked_first, blocked_last):
        assert window.tree._items[str(ref.path)].text().startswith("● ")
        with pytest.raises(WorkspaceError) as why:  # the reason the workspace gives for this file
            ws.save(ref)
        assert [m for m in messages if str(ref.path) in m] == [f"save: {why.value}"]
    assert window.statusBar().currentMessage() == (
        f"Not saved: {blocked_first.path.name}, {blocked_last.path.name} (see Problems)"
    )
    assert sorted(i.path for i in Workspace.recoverable(window.safety.folder)) == sorted(
        [blocked_first.path, blocked_last.path]
    )


def test_saving_a_file_that_still_has_errors_says_so(window: MainWindow, content: Path) -> None:
    """Saving keeps the author's text, problems and all: the status bar said only "Saved"."""
    _open_money_mult(window)
    assert window.editor is not None
    edit = window.editor.yaml.edit
    window.editor.tabs.setCurrentIndex(1)
    edit.setPlainText(edit.toPlainText().replace("cost: 6", "cots: 6"))
    window.save()
    assert "cots: 6" in (content / "charms" / "money_mult.yaml").read_text(encoding="utf-8")
    assert window.statusBar().currentMessage() == "Saved money_mult.yaml with 1 error: see Problems"
    edit.setPlainText(edit.toPlainText().replace("cots: 6", "cost: 6"))
    window.save()
    assert window.statusBar().currentMessage() == "Saved money_mult.yaml"


def test_a_problems_field_is_named_as_the_form_names_it(window: MainWindow) -> None:
    """The field column showed $.abilities[0].effects[0].amount where the form says Ability 1."""
    _money_mult_typed(window, "amount: 2", "amount: lots")
    named = [(row.text(1), row.toolTip(1)) for row in _problem_rows(window) if "lots" in row.text(2)]
    assert named == [("Ability 1 › Effect 1 › Amount", "$.abilities[0].effects[0].amount")]


def test_a_problem_in_a_file_of_scenarios_names_its_scenario_and_opens_its_field(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """Problems of a file of many scenarios lost the scenario's place: the field column said "Boss" (of
    which scenario?) and its path $.boss led nowhere in the list."""
    assert window.session is not None
    ws = window.session.ws
    ref = ws.ref(ws.packs[0].origin / "tests" / "bosses.yaml")
    window.session.set_field(ref.path, (1, "boss"), "flintt")
    [row] = [row for row in _problem_rows(window) if "flintt" in row.text(2)]
    assert (row.text(1), row.toolTip(1)) == ("Scenario 2 › Boss", "$[1].boss")
    window.problems.itemActivated.emit(row, 0)  # a double-click
    assert window.editor is not None and window.editor.file == ref.path
    field = window.editor.field_at((1, "boss"))
    assert field is not None and "flintt" in field.message()
    qtbot.waitUntil(field.isVisible)  # its scenario unfolded


def test_a_problem_in_what_a_patch_sets_is_named_as_its_targets_form_names_it(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    """It read "Set › abilities › Item 1 › Item 1 › amount": the patch's set has no fields of its own."""
    patch = (
        "target: charm/plain_mult\nset:\n  cost: lots\n"
        "  abilities: [{trigger: hand, effects: [{kind: mult, amount: lots}]}]\n"
    )
    mod = folder_pack(tmp_path, "mod", {"patches/bad.yaml": patch})
    window = open_window(qtbot, tmp_path, content, packs=(mod,))
    named = sorted((row.text(1), row.toolTip(1)) for row in _problem_rows(window) if "lots" in row.text(2))
    assert named == [
        ("Set › Ability 1 › Effect 1 › Amount", "$.set.abilities[0].effects[0].amount"),
        ("Set › Cost", "$.set.cost"),
    ]


def test_a_problem_of_the_whole_file_names_no_field(window: MainWindow) -> None:
    """A file whose text does not parse showed "$" as its field."""
    _money_mult_typed(window, "amount: 2", "amount: [2")
    [row] = [row for row in _problem_rows(window) if "money_mult.yaml" in row.text(0)]
    assert (row.text(1), row.toolTip(1)) == ("", "the file as a whole")
