"""Keyboard: Tab reads the window tree → form → preview, tables let Tab go, Enter in the filter opens.
Theme: switching while running paints every panel as a fresh start in that theme does."""

from __future__ import annotations

import gc
import itertools
import shutil
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDockWidget,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QWidget,
)

from studio.app import palette
from studio.app.tab_order import chain, folded
from tests.app.conftest import open_window


def _press_tab(times: int, backwards: bool = False) -> list[QWidget]:
    seen = []
    for _ in range(times):
        focus = QApplication.focusWidget()
        assert focus is not None
        key = Qt.Key.Key_Backtab if backwards else Qt.Key.Key_Tab
        QTest.keyClick(focus, key)
        seen.append(QApplication.focusWidget())
    return seen


def _region(window, widget: QWidget) -> str:  # type: ignore[no-untyped-def]
    for name, panel in (
        ("tree", window.tree),
        ("editor", window.editor),
        ("preview", window.preview),
        ("problems", window.problems),
    ):
        if panel is widget or panel.isAncestorOf(widget):
            return name
    return "other"


def test_tab_goes_from_the_tree_through_the_form_in_visual_order_to_the_preview(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.resize(1400, 900)
    window.tree.select("charm", "plain_mult")
    qtbot.wait(50)
    window.tree.tree.setFocus()
    seen = _press_tab(80)
    regions = [_region(window, w) for w in seen]
    first_preview = regions.index("preview")
    assert regions[0] == "editor" and set(regions[:first_preview]) == {"editor"}
    form = seen[:first_preview]
    ys = [w.mapTo(window, w.rect().topLeft()).y() for w in form]
    assert all(b >= a - 4 for a, b in itertools.pairwise(ys)), "the form's fields in visual order"
    assert window.preview.played_input in seen
    assert "problems" in regions  # the trace table let Tab go on
    # Shift+Tab walks back the same way.
    window.preview.played_input.setFocus()
    back = _press_tab(len(form) + 1, backwards=True)
    assert back[: len(form)] == form[::-1]


def test_tabbing_through_the_window_leaves_every_panel_alive(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """The window collects garbage every second while it is open: a collection between Tab presses
    deleted the Preview (asking Qt for a viewport's focus proxy filed its scroll area under the
    viewport, and the pair was collected)."""
    window.tree.select("charm", "plain_mult")
    qtbot.wait(50)
    before = window.preview.total_label.text()
    window.tree.tree.setFocus()
    _press_tab(40)
    gc.collect()  # as the window does every second: the chain's wrappers are garbage by now
    assert shiboken6.isValid(window.preview) and shiboken6.isValid(window.preview_area)
    window.preview.played_input.setText("2S")  # and it still scores
    qtbot.waitUntil(lambda: window.preview.total_label.text() not in (before, "—"))


def test_the_tab_chain_changes_no_widgets_owner(qtbot) -> None:  # type: ignore[no-untyped-def]
    dock = QDockWidget()
    qtbot.addWidget(dock)
    dock.setWidget(QScrollArea())  # made here, held by no Python name: only by the dock
    dock.show()
    assert chain([dock.widget()], dock) == []  # a bare scroll area and its viewport take no Tab
    gc.collect()
    assert dock.widget() is not None


def test_the_trace_table_does_not_trap_tab_or_ctrl_tab(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    table = window.preview.trace_table
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is not table
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert _region(window, QApplication.focusWidget()) == "problems"  # the next panel
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert _region(window, QApplication.focusWidget()) == "tree"  # and round again


def test_enter_in_the_filter_opens_the_first_match(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.tree.filter.setFocus()
    QTest.keyClicks(window.tree.filter, "plain_m")
    QTest.keyClick(window.tree.filter, Qt.Key.Key_Return)
    assert window.editor.ref is not None and window.editor.ref.id == "plain_mult"


def test_every_action_and_control_is_reachable_from_the_keyboard(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.tree.select("charm", "plain_mult")
    for menu_action in window.menuBar().actions():
        assert "&" in menu_action.text(), f"menu {menu_action.text()} has no Alt key"
        for action in menu_action.menu().actions():
            assert action.isSeparator() or action.text(), "every menu item is named"
    reachable = set(chain(window._panels(), window))
    for panel in window._panels():
        controls = [
            c for kind in (QAbstractButton, QLineEdit, QComboBox, QSpinBox) for c in panel.findChildren(kind)
        ]
        for control in controls:
            shown = control.isVisible() and control.isEnabled() and not folded(control, panel)
            inner = isinstance(control.parentWidget(), (QComboBox, QSpinBox))  # a box's own line edit
            if shown and not inner and control.focusProxy() is None:
                assert control in reachable, f"{control} cannot be reached with Tab"


def _grabs(window) -> dict[str, QImage]:  # type: ignore[no-untyped-def]
    QApplication.processEvents()
    return {
        name: widget.grab().toImage()
        for name, widget in (
            ("editor", window.editor),
            ("preview", window.preview),
            ("balance", window.balance),
            ("problems", window.problems),
        )
    }


def _dressed(qtbot, tmp_path: Path, content: Path, dark: bool, switch: bool | None):  # type: ignore[no-untyped-def]
    """A window with an inline problem, a folded list, the Balance plots and their legends."""
    from studio.simulation.report import Report

    palette.apply(QApplication.instance(), dark)
    window = open_window(qtbot, tmp_path, content)
    window.resize(1400, 900)
    window.docks[3].toggleViewAction().trigger()
    qtbot.waitUntil(lambda: window.balance is not None)
    report = Report()
    window.balance.charm.setCurrentIndex(window.balance.charm.findData("plain_mult"))
    window.balance.show_reports(report, report)
    window.tree.select("scenario", "effects")  # 24 scenarios: each item folded
    qtbot.wait(50)
    window.tree.select("charm", "plain_mult")
    window.session.set_field(window.editor.file, ("cost",), -5)  # an inline problem, in red
    window.docks[2].raise_()
    if switch is not None:
        window.set_theme(switch)
    window.preview.setFocus()
    return window


@pytest.mark.parametrize("start", [False, True])
def test_switching_the_theme_paints_what_a_fresh_start_paints(
    qtbot, tmp_path: Path, content: Path, start: bool
) -> None:  # type: ignore[no-untyped-def]
    QApplication.setCursorFlashTime(0)
    target = not start
    other = tmp_path / "other"
    shutil.copytree(content, other)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    try:
        fresh = _grabs(_dressed(qtbot, tmp_path / "a", content, target, None))
        switched = _grabs(_dressed(qtbot, tmp_path / "b", other, start, target))
    finally:
        palette.apply(QApplication.instance(), False)
    for name, image in fresh.items():
        assert image.size() == switched[name].size(), name
        differing = sum(
            image.pixel(x, y) != switched[name].pixel(x, y)
            for y in range(0, image.height(), 2)
            for x in range(0, image.width(), 2)
        )
        assert differing == 0, f"{name}: {differing} pixels differ from a fresh start in that theme"


def test_tab_indents_the_yaml_text_and_shift_tab_leaves_it(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.tree.select("charm", "plain_mult")
    window.editor.tabs.setCurrentIndex(1)
    text = window.editor.yaml.edit
    text.setFocus()
    text.moveCursor(text.textCursor().MoveOperation.Start)
    QTest.keyClick(text, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is text
    assert text.toPlainText().startswith("  #") and "\t" not in text.toPlainText()
    QTest.keyClick(text, Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is not text
    window.editor.yaml.flush()  # the edit reaches the workspace, and what it sets off ends, before closing
    qtbot.wait(400)


def test_quitting_right_after_typing_in_the_yaml_tab_still_asks_to_save(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QMessageBox

    asked = []
    window.ask_save = lambda: asked.append(True) or QMessageBox.StandardButton.Discard
    window.tree.select("charm", "plain_mult")
    window.editor.tabs.setCurrentIndex(1)
    text = window.editor.yaml.edit
    text.setFocus()
    QTest.keyClicks(text, "# note")
    window.close()  # before the text was taken by the workspace
    assert asked == [True]


def test_ctrl_z_and_ctrl_shift_z_from_the_tree_undo_and_redo_the_last_edit(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.tree.select("charm", "money_mult")
    window.editor.field_at(("abilities", 0, "effects", 0, "amount")).box.setValue(3)
    assert window.preview.total_label.text() == "3,283"
    window.tree.tree.setFocus()  # no text field to take the key for its own undo
    QTest.keyClick(window.tree.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.preview.total_label.text() == "3,082"
    shift_ctrl = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    QTest.keyClick(window.tree.tree, Qt.Key.Key_Z, shift_ctrl)
    assert window.preview.total_label.text() == "3,283"


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_text_on_chosen_items_and_progress_bars_reads_in_both_themes(qtbot, dark: bool) -> None:  # type: ignore[no-untyped-def]
    """White text on the dark theme's light blue (a Balance run's "40 / 40 runs") was 2.5:1."""
    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    was_dark = palette.current() is palette.DARK
    try:
        palette.apply(app, dark)
        pal = app.palette()

        def luminance(colour: QColor) -> float:
            parts = [
                c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in colour.getRgbF()[:3]
            ]
            return 0.2126 * parts[0] + 0.7152 * parts[1] + 0.0722 * parts[2]

        light, deep = sorted(
            (
                luminance(pal.color(QPalette.ColorRole.HighlightedText)),
                luminance(pal.color(QPalette.ColorRole.Highlight)),
            ),
            reverse=True,
        )
        assert (light + 0.05) / (deep + 0.05) >= 4.5
    finally:
        palette.apply(app, was_dark)
