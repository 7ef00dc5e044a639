"""Tests are problems: an edit that breaks a scenario's expectation shows in the problems panel and the tree."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidgetItem

from studio.app.content_tree import REF
from studio.app.main_window import MainWindow
from studio.app.problems_panel import TEST
from studio.content.scenarios import read_scenarios

AMOUNT = ("abilities", 0, "effects", 0, "amount")
WAIT_MS = 10_000


def _settled(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Wait for the tests' run after the last edit to be shown."""
    qtbot.waitUntil(lambda: not window.tests.watch.pending and window.tests.job is None, timeout=WAIT_MS)


def _test_rows(window: MainWindow) -> list[QTreeWidgetItem]:
    rows = [window.problems.topLevelItem(i) for i in range(window.problems.count())]
    return [r for r in rows if r is not None and r.data(0, TEST) is not None]


def _tree_label(window: MainWindow, file: str) -> str:
    model = window.tree.model
    for row in range(model.rowCount()):
        top = model.item(row)
        for child in range(top.rowCount()):
            item = top.child(child)
            if item.toolTip().split(" ")[0] == file:
                return item.text()
    raise AssertionError(f"{file} is not in the tree")


def _naming(charm: str, tests: Path) -> set[tuple[str, int]]:
    """The scenarios on disk with ``charm`` in their row: (file name, place in the file)."""
    found = set()
    for path in sorted(tests.glob("*.yaml")):
        scenarios, _ = read_scenarios(path)
        for s in scenarios:
            if s.model.expect is not None and charm in (slot.id for slot in s.model.slots()):
                found.add((path.name, s.doc.prefix[0] if s.doc.prefix else 0))
    return found


def _set_amount(window: MainWindow, charm: str, value: int) -> None:
    assert window.tree.select("charm", charm) is not None
    assert window.editor is not None
    field = window.editor.field_at(AMOUNT)
    assert field is not None
    field.box.setValue(value)  # the real spin box signal, as typing would send


def test_every_test_runs_after_loading_and_marks_its_file(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    _settled(window, qtbot)
    assert _tree_label(window, "charms_hand").startswith("✓ charms_hand")
    assert _tree_label(window, "appendix").startswith("✓ appendix")
    assert len(window.tests.watch.last_run) > 200  # the first run runs them all
    assert window.docks[2].windowTitle() == "Problems — none"


def test_an_edit_that_breaks_a_test_is_a_problem_until_undone(
    window: MainWindow, qtbot, content: Path
) -> None:  # type: ignore[no-untyped-def]
    _settled(window, qtbot)
    _set_amount(window, "plain_mult", 5)
    # The preview follows at once; the tests run a moment later, off the GUI thread.
    assert window.preview.total_label.text() == "3,149"
    assert _tree_label(window, "charms_hand").startswith("✓ ")
    qtbot.waitUntil(lambda: bool(_test_rows(window)), timeout=WAIT_MS)
    messages = [r.text(2) for r in _test_rows(window)]
    first = next(m for m in messages if "plain_mult adds +4 Mult in the whole-hand step" in m)
    assert "total: expected 80, got 96" in first
    assert "the trace differs from step 3: hand plain_mult +5 Mult -> 16 x 6, expected" in first
    assert window.docks[2].windowTitle() == f"Problems — {len(messages)} failing tests"
    assert _tree_label(window, "charms_hand").startswith("✗ charms_hand")
    window.tree.filter.setText("fail")  # the tooltips count the tests: the filter finds the failing files
    proxy = window.tree.proxy
    assert proxy.rowCount() == 1
    shown = [proxy.index(i, 0, proxy.index(0, 0)).data() for i in range(proxy.rowCount(proxy.index(0, 0)))]
    assert "✗ charms_hand" in shown and all(text.startswith("✗ ") for text in shown)
    window.tree.filter.clear()
    # Only the scenarios naming the edited charm ran.
    ran = {(o.file.path.name, o.index) for o in window.tests.watch.last_run}
    assert ran == _naming("plain_mult", content / "tests")

    window.history.undo()
    qtbot.waitUntil(lambda: not _test_rows(window), timeout=WAIT_MS)
    assert window.docks[2].windowTitle() == "Problems — none"
    assert _tree_label(window, "charms_hand").startswith("✓ charms_hand")


def test_double_clicking_a_failing_test_opens_it_with_the_per_step_diff(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    _settled(window, qtbot)
    _set_amount(window, "plain_mult", 5)
    qtbot.waitUntil(lambda: bool(_test_rows(window)), timeout=WAIT_MS)
    row = next(r for r in _test_rows(window) if "the whole-hand step" in r.text(2))
    panel = window.problems
    panel.scrollToItem(row)
    centre = panel.visualItemRect(row).center()
    qtbot.mouseClick(panel.viewport(), Qt.MouseButton.LeftButton, pos=centre)  # a double-click's first press
    qtbot.mouseDClick(panel.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert window.editor is not None and window.editor.ref is not None
    assert window.editor.ref.path.name == "charms_hand.yaml"
    preview = window.preview
    assert preview.played_input.text() == "AS"
    assert preview.total_label.text() == "96"
    assert "✗" in preview.error_label.text() and "total: expected 80, got 96" in preview.error_label.text()
    assert preview.trace_model.mismatches() == [2]  # the step of plain_mult, against its expected values


def test_a_failing_test_opened_from_problems_is_unfolded_in_sight_and_chosen_in_the_tree(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    window.resize(1280, 800)
    _settled(window, qtbot)
    _set_amount(window, "plain_mult", 5)
    qtbot.waitUntil(lambda: bool(_test_rows(window)), timeout=WAIT_MS)
    row = next(r for r in _test_rows(window) if "the whole-hand step" in r.text(2))
    window.problems.setCurrentItem(row)
    window.problems.itemActivated.emit(row, 0)
    editor = window.editor
    assert editor is not None and editor.ref is not None and editor.ref.path.name == "charms_hand.yaml"
    names = [s.model.name for s in read_scenarios(editor.ref.path)[0]]
    index = next(i for i, name in enumerate(names) if name and "the whole-hand step" in name)
    item, area = editor.field_at((index,)), editor.form_area
    assert item is not None and item.isVisible()

    def seen() -> bool:
        top = item.mapTo(area.viewport(), item.rect().topLeft()).y()
        return 0 <= top < area.viewport().height()

    qtbot.waitUntil(seen)
    assert window.tree.tree.currentIndex().data(REF) == editor.ref  # the tree names the file edited


def test_an_edit_that_changes_no_problem_leaves_the_chosen_row_chosen(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    _settled(window, qtbot)
    _set_amount(window, "plain_mult", 5)
    qtbot.waitUntil(lambda: bool(_test_rows(window)), timeout=WAIT_MS)
    _settled(window, qtbot)
    panel = window.problems
    chosen = next(r for r in _test_rows(window) if "the whole-hand step" in r.text(2))
    panel.setCurrentItem(chosen)
    assert window.editor is not None
    cost = window.editor.field_at(("cost",))
    assert cost is not None
    cost.box.setValue(cost.box.value() + 1)  # the price: no problem comes or goes
    assert panel.currentItem() is chosen
    with qtbot.waitSignal(window.tests.shown, timeout=WAIT_MS):  # its tests run again, failing as before
        pass
    assert panel.currentItem() is chosen


def test_an_edit_to_another_charm_runs_only_the_scenarios_naming_it(
    window: MainWindow, qtbot, content: Path
) -> None:  # type: ignore[no-untyped-def]
    _settled(window, qtbot)
    assert window.tree.select("charm", "money_mult") is not None
    assert window.editor is not None
    cost = window.editor.field_at(("cost",))
    assert cost is not None
    with qtbot.waitSignal(window.tests.shown, timeout=WAIT_MS):
        cost.box.setValue(cost.box.value() + 1)  # the price: no hand's score changes
    ran = {(o.file.path.name, o.index) for o in window.tests.watch.last_run if o.passed}
    assert ran == _naming("money_mult", content / "tests")
    assert not _test_rows(window)


def test_an_unsaved_scenario_edit_reruns_its_file_and_keeps_the_unsaved_marker(
    window: MainWindow, qtbot, content: Path
) -> None:  # type: ignore[no-untyped-def]
    _settled(window, qtbot)
    path = content / "tests" / "appendix.yaml"
    text = path.read_text(encoding="utf-8")
    assert window.tree.select("scenario", "appendix") is not None
    assert window.editor is not None
    window.editor.tabs.setCurrentIndex(1)  # typed in the YAML tab
    window.editor.yaml.edit.setPlainText(text.replace("total: 3082", "total: 3083"))
    window.editor.yaml.flush()
    qtbot.waitUntil(lambda: _tree_label(window, "appendix").startswith("● ✗ appendix"), timeout=WAIT_MS)
    assert [o.file.path for o in window.tests.watch.last_run] == [path]
    (row,) = _test_rows(window)
    assert "total: expected 3083, got 3082" in row.text(2)
    assert row.text(0) == "tests/appendix.yaml:13"
