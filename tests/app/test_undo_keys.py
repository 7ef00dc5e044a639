"""Ctrl+Z and the redo keys with the cursor in the entry editor take the Edit menu's steps: a box's own
undo walked a second history (it did nothing, or typed an old text back as a new edit)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from studio.app.main_window import MainWindow
from tests.app.conftest import history

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
AMOUNT = ("abilities", 0, "effects", 0, "amount")


def _money_mult(window: MainWindow, qtbot):  # type: ignore[no-untyped-def]
    assert window.tree.select("charm", "money_mult") is not None and window.editor is not None
    window.activateWindow()
    return window.editor


def test_ctrl_z_in_a_number_box_undoes_the_edit_and_ctrl_shift_z_makes_it_again(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    editor = _money_mult(window, qtbot)
    box = editor.field_at(AMOUNT).box  # type: ignore[union-attr]
    before = box.value()
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    QTest.keyClick(box, Qt.Key.Key_Up)
    QTest.keyClick(box, Qt.Key.Key_Up)
    assert box.value() == before + 2 and history(window).undo_label
    QTest.keyClick(box, Qt.Key.Key_Z, CTRL)
    assert box.value() == before and not history(window).undo_label  # the one step the menu named
    QTest.keyClick(box, Qt.Key.Key_Z, CTRL | SHIFT)
    assert box.value() == before + 2 and not history(window).redo_label


def test_ctrl_z_in_the_yaml_tab_takes_back_the_typing_as_the_menu_would(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    editor = _money_mult(window, qtbot)
    editor.tabs.setCurrentIndex(1)
    text = editor.yaml.edit
    original = text.toPlainText()
    text.setFocus()
    qtbot.waitUntil(text.hasFocus)
    text.moveCursor(text.textCursor().MoveOperation.End)
    QTest.keyClicks(text, "# a note")
    QTest.keyClick(text, Qt.Key.Key_Z, CTRL)  # the typing not yet taken becomes a step, then is undone
    assert text.toPlainText() == original
    assert not history(window).undo_label and history(window).redo_label  # undone, not typed back anew
    QTest.keyClick(text, Qt.Key.Key_Y, CTRL)
    assert text.toPlainText().endswith("# a note")


def test_an_id_being_typed_keeps_its_own_undo_until_it_is_entered(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    editor = _money_mult(window, qtbot)
    box = editor.field_at(("id",)).box  # type: ignore[union-attr]
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    QTest.keyClicks(box, "_x")
    QTest.keyClick(box, Qt.Key.Key_Z, CTRL)
    assert box.text() == "money_mult" and not history(window).undo_label  # no edit made, none undone
