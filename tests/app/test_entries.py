"""Whole entries from the window: new, duplicate, rename (references follow), delete (references listed)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from studio.app.main_window import MainWindow
from tests.app.conftest import history, open_window


def test_a_new_charm_opens_in_the_editor_and_can_go_in_the_preview(window: MainWindow, content: Path) -> None:
    window.entries.ask = lambda *_: "lucky_thirteen"
    ref = window.entries.new("charm")
    assert ref is not None and window.editor is not None and window.editor.file == ref.path
    window.preview.add_charm("lucky_thirteen")
    assert window.preview.result is not None
    window.save_action.trigger()
    assert (content / "charms" / "lucky_thirteen.yaml").is_file()


def test_renaming_a_charm_updates_the_preview_scenarios_and_tree(window: MainWindow, content: Path) -> None:
    ref = window.tree.select("charm", "money_mult")
    assert ref is not None
    window.entries.ask = lambda *_: "fat_wallet"
    renamed = window.entries.rename(ref)
    assert renamed is not None and renamed.id == "fat_wallet"
    assert window.session is not None
    ws = window.session.ws
    assert "fat_wallet" in ws.ids("charm") and "money_mult" not in ws.ids("charm")
    assert any("fat_wallet" in ws.text(r) for r in ws.entries("scenario"))
    assert len(history(window)) == 0
    assert window.editor is not None and window.editor.ref == renamed
    assert window.preview.charm_row.tokens()[1] == "fat_wallet"
    assert window.preview.total_label.text() == "3,082"


def test_deleting_lists_the_references_first_and_can_be_declined(window: MainWindow, content: Path) -> None:
    ref = window.tree.select("charm", "money_mult")
    assert ref is not None
    asked: list[str] = []
    window.entries.confirm = lambda text: bool(asked.append(text))  # says no
    assert not window.entries.delete(ref)
    assert "Still referred to by" in asked[0] and "scenario" in asked[0]
    assert (content / "charms" / "money_mult.yaml").is_file()
    window.entries.confirm = lambda _text: True
    assert window.entries.delete(ref)
    assert not (content / "charms" / "money_mult.yaml").exists()
    assert window.editor is not None and window.editor.file is None
    assert window.problems.count() > 0  # the scenarios and preview that used it now name it unknown


def test_a_deleted_charm_in_the_preview_row_is_marked_and_the_rest_still_scores(window: MainWindow) -> None:
    ref = window.tree.select("charm", "plain_mult")
    assert ref is not None
    window.entries.confirm = lambda _text: True
    assert window.entries.delete(ref)
    preview = window.preview
    assert preview.charm_row.tokens() == ["even_mult", "money_mult", "plain_mult", "splash"]
    assert preview.total_label.text() == "2,814"  # 67 x 42: the appendix hand without plain_mult's +4
    assert "unknown charm 'plain_mult'" in preview.error_label.text()
    assert "scored without it" in preview.error_label.text()


def test_the_start_up_hand_names_only_charms_and_modifiers_the_content_has() -> None:
    from studio.app.preview.panel import SAMPLE, sample_for
    from studio.plugins.loading import load_base

    catalog = load_base().catalog
    assert sample_for(catalog) == SAMPLE
    bare = type(catalog)(catalog.hand_types, {k: v for k, v in catalog.charms.items() if k != "splash"})
    assert sample_for(bare) == {
        **SAMPLE,
        "played": "KH 10H 6H 4H 2H",
        "held": "5D",
        "charms": SAMPLE["charms"][:3],
    }


def test_the_charm_picker_follows_a_rename_and_forgets_a_deleted_charm(window: MainWindow) -> None:
    picker = window.preview.charms.pick
    ref = window.tree.select("charm", "money_mult")
    assert ref is not None and picker.currentText() == "money_mult"  # opening a charm offers it
    window.entries.ask = lambda *_: "fat_wallet"
    renamed = window.entries.rename(ref)
    assert renamed is not None and picker.currentText() == "fat_wallet"
    window.entries.confirm = lambda _text: True
    assert window.entries.delete(renamed)
    assert picker.currentText() == "" and picker.findText("fat_wallet") == -1


def test_a_new_entry_shows_and_opens_even_under_a_filter_that_would_hide_it(window: MainWindow) -> None:
    window.tree.filter.setText("fibonacci")
    window.entries.ask = lambda *_: "lucky_thirteen"
    ref = window.entries.new("charm")
    assert ref is not None and ref.id == "lucky_thirteen"
    assert window.tree.filter.text() == ""  # cleared: the filter would have hidden it
    assert window.editor is not None and window.editor.file == ref.path


def test_a_saved_scenario_shows_in_the_tree_at_once_selected_and_open(
    window: MainWindow, content: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QFileDialog

    target = content / "tests" / "my_flush.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    window.save_scenario_dialog()  # File > Save preview as scenario (Ctrl+Shift+E)
    assert target.is_file() and "expect:" in target.read_text(encoding="utf-8")
    assert window.session is not None and "my_flush" in [r.id for r in window.session.ws.entries("scenario")]
    assert window.editor is not None and window.editor.file == target
    assert not window.session.ws.dirty()


def test_a_scenario_saved_into_a_packs_tests_names_the_packs_own_schema(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, content: Path, monkeypatch
) -> None:
    """The base game's ``../../schemas`` line leads nowhere from a pack's tests/: the saved scenario
    starts with the line the pack's other scenarios use, so an editor still checks it."""
    from PySide6.QtWidgets import QFileDialog

    from studio.content.packs.skeleton import write_skeleton

    pack = tmp_path / "mypack"
    write_skeleton(pack, "mypack")
    window = open_window(qtbot, tmp_path, content, packs=(pack,))
    target = pack / "tests" / "glow.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    window.save_scenario_dialog()
    first = target.read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../.studio/schemas/scenario.schema.json"


def test_a_kind_header_and_the_entry_menu_make_the_first_entry_of_any_kind(
    window: MainWindow, content: Path
) -> None:
    window.entries.ask = lambda *_: "zz_hand"
    tree = window.tree.tree
    headers = [tree.model().index(row, 0) for row in range(tree.model().rowCount())]
    header = next(index for index in headers if index.data() == "Hand types")
    menu = window.entries.menu_at(tree.visualRect(header).center())
    assert [a.text() for a in menu.actions()] == ["New hand type…"]  # was empty
    menu.actions()[0].trigger()  # what New hand type… on a hand type does
    assert window.editor is not None and window.editor.ref is not None
    assert (window.editor.ref.kind, window.editor.ref.id) == ("hand_type", "zz_hand")
    # The Entry menu makes one of every kind, not only charms (Ctrl+N still makes a charm).
    entry = next(a.menu() for a in window.menuBar().actions() if a.text() == "E&ntry")
    assert next(a for a in entry.actions() if a.text() == "&New charm…").shortcut().toString() == "Ctrl+N"
    new = next(a.menu() for a in entry.actions() if a.text() == "New &entry")
    kinds = [a.text() for a in new.actions()]
    assert "Hand type…" in kinds and "Scenario…" in kinds
    window.entries.ask = lambda *_: "zz_voucher"
    next(a for a in new.actions() if a.text() == "Voucher…").trigger()
    assert (window.editor.ref.kind, window.editor.ref.id) == ("voucher", "zz_voucher")


def _id_box(window: MainWindow, kind: str, entry_id: str):  # type: ignore[no-untyped-def]
    assert window.tree.select(kind, entry_id) is not None and window.editor is not None
    field = window.editor.field_at(("id",))
    assert field is not None
    return field.box


def test_typing_a_new_id_in_the_form_renames_the_entry_on_enter(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Typing changes nothing (no entry under a half-typed id, no problem per letter); Enter asks to
    rename with what was typed, and every reference follows."""
    from PySide6.QtCore import Qt

    assert window.session is not None
    ws = window.session.ws
    asked: list[tuple[str, ...]] = []
    window.entries.ask = lambda *args: asked.append(args) or args[2]  # type: ignore[func-returns-value]
    box = _id_box(window, "charm", "money_mult")
    box.selectAll()
    qtbot.keyClicks(box, "fat_wallet")
    assert "money_mult" in ws.ids("charm") and not ws.dirty() and ws.problems() == [] and asked == []
    field = window.editor.field_at(("id",)) if window.editor is not None else None
    assert field is not None and field.message().startswith("Enter renames 'money_mult' to 'fat_wallet'")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert [a[0] for a in asked] == ["Rename"] and asked[0][2] == "fat_wallet"
    assert "fat_wallet" in ws.ids("charm") and "money_mult" not in ws.ids("charm")
    assert any("fat_wallet" in ws.text(r) for r in ws.entries("scenario")) and ws.problems() == []
    assert (
        window.editor is not None and window.editor.ref is not None and window.editor.ref.id == "fat_wallet"
    )
    assert _id_box(window, "charm", "fat_wallet").text() == "fat_wallet"


def test_escape_or_a_declined_rename_puts_the_id_back(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    assert window.session is not None
    ws = window.session.ws
    window.entries.ask = lambda *_: None  # the rename is cancelled
    box = _id_box(window, "charm", "money_mult")
    qtbot.keyClicks(box, "_x")
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    assert box.text() == "money_mult" and not box.isModified()
    assert window.editor is not None and window.editor.field_at(("id",)).message() == ""  # type: ignore[union-attr]
    qtbot.keyClicks(box, "_y")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert box.text() == "money_mult"
    assert "money_mult" in ws.ids("charm") and not ws.dirty() and ws.problems() == []


def _typed_in_id(window: MainWindow, qtbot) -> list[tuple[str, ...]]:  # type: ignore[no-untyped-def]
    """Type at the end of money_mult's Id field, the box focused; return what the window asks from then."""
    asked: list[tuple[str, ...]] = []
    window.entries.ask = lambda *args: asked.append(args) or None  # type: ignore[func-returns-value]
    window.activateWindow()
    box = _id_box(window, "charm", "money_mult")
    box.setFocus()
    qtbot.keyClicks(box, "_x")
    return asked


def test_a_new_id_typed_then_another_entry_opened_asks_nothing_and_renames_nothing(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """Leaving the box by opening another entry puts the id back: only Enter asks to rename."""
    assert window.session is not None
    asked = _typed_in_id(window, qtbot)
    assert window.tree.select("charm", "plain_mult") is not None
    assert asked == []
    ws = window.session.ws
    assert {"money_mult", "plain_mult"} <= set(ws.ids("charm")) and not ws.dirty()


def test_a_new_id_typed_then_the_window_closed_asks_nothing(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    asked = _typed_in_id(window, qtbot)
    window.close()
    assert asked == []


def test_a_value_typed_in_a_search_box_then_another_entry_opened_goes_to_its_own_entry(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """What was typed goes to the entry it was typed in, never to the one opened next."""
    from studio.app.forms.objects import NullableField

    assert window.session is not None and window.editor is not None
    ws = window.session.ws
    window.activateWindow()
    assert window.tree.select("charm", "pair_mult") is not None
    field = window.editor.field_at(("abilities", 0, "when", "contains"))
    box = (field.inner if isinstance(field, NullableField) else field).box.lineEdit()  # type: ignore[union-attr]
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, "flush")
    box.completer().popup().hide()
    box.setFocus()
    assert box.hasFocus()
    assert window.tree.select("charm", "plain_mult") is not None
    assert [r.id for r in ws.dirty()] == ["pair_mult"]
    assert ws.data(ws.dirty()[0])["abilities"][0]["when"]["contains"] == "flush"


def test_a_new_id_that_is_no_id_or_taken_is_asked_again_with_why_and_the_id_meant(window: MainWindow) -> None:
    """The dialog closed on a bad id, the text typed lost, and an error stayed in Problems."""
    asked: list[tuple[str, str]] = []
    answers = ["Lucky Nine", "as filled in", "money_mult", "cancel"]

    def ask(_title: str, label: str, text: str) -> str | None:
        asked.append((label, text))
        answer = answers.pop(0)
        return {"as filled in": text, "cancel": None}.get(answer, answer)

    window.entries.ask = ask
    made = window.entries.new("charm")
    assert made is not None and made.id == "lucky_nine"
    assert "'Lucky Nine' is not an id" in asked[1][0] and asked[1][1] == "lucky_nine"
    assert window.entries.new("charm") is None
    assert "a charm 'money_mult' already exists" in asked[3][0]
    assert window.problems.topLevelItemCount() == 0 or all(
        "money_mult" not in window.problems.topLevelItem(i).text(2)
        for i in range(window.problems.topLevelItemCount())
    )


def test_enter_in_the_charm_picker_adds_the_charm_as_add_does(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    charms = window.preview.charms
    before = charms.tokens()
    charms.pick.setCurrentText("plain_mult")
    QTest.keyClick(charms.pick, Qt.Key.Key_Return)  # as typing there sends it
    assert charms.tokens() == [*before, "plain_mult"]
