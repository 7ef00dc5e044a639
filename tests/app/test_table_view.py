"""The table view in the real window: columns from the schema, sort, filter, edits through the undo history."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QComboBox, QDoubleSpinBox, QTableView

from studio.app import palette
from studio.app.main_window import MainWindow
from studio.app.table_view import TablePanel
from studio.workspace import EntryRef
from tests.app.conftest import history

AMOUNT = ("abilities", 0, "effects", 0, "amount")


def _table(window: MainWindow, kind: str = "charm") -> TablePanel:
    window.table_dock.toggleViewAction().trigger()  # View > Table
    table = window.table
    assert table.isVisible() and window.findChild(QTableView, "tableView") is table.view
    table.kinds.setCurrentIndex(table.kinds.findData(kind))
    return table


def _column(table: TablePanel, path: tuple[Any, ...]) -> int:
    return next(i for i, c in enumerate(table.model.columns) if c.path == path)


def _cell(table: TablePanel, entry_id: str, path: tuple[Any, ...]) -> QModelIndex:
    """The view's index of one entry's cell."""
    row = next(i for i, r in enumerate(table.model.rows) if r.ref.id == entry_id)
    return table.proxy.mapFromSource(table.model.index(row, _column(table, path)))


def _ref(window: MainWindow, kind: str, entry_id: str) -> EntryRef:
    assert window.session is not None
    return next(r for r in window.session.ws.entries(kind) if r.id == entry_id)


def _select(table: TablePanel, ids: list[str], path: tuple[Any, ...]) -> None:
    """Select the rows of ``ids`` and put the current cell in the column of ``path`` on the first."""
    chosen = table.view.selectionModel()
    chosen.clearSelection()
    for entry_id in ids:
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        chosen.select(_cell(table, entry_id, path), flags)
    chosen.setCurrentIndex(_cell(table, ids[0], path), QItemSelectionModel.SelectionFlag.NoUpdate)


def _shown(table: TablePanel, column: int) -> list[str]:
    return [table.proxy.index(r, column).data() for r in range(table.proxy.rowCount())]


def test_the_columns_come_from_the_schema_with_the_first_effects_amount(window: MainWindow) -> None:
    table = _table(window)
    assert window.session is not None
    assert table.model.rowCount() == len(window.session.ws.entries("charm"))
    titles = [c.title for c in table.model.columns]
    assert titles[:4] == ["Id", "Name", "Rarity", "Cost"]
    assert {"Abilities › Trigger", "Effects › Kind", "Effects › Amount"} <= set(titles)
    assert not any(c.path[0] == "modify" for c in table.model.columns)  # few charms fill it
    assert table.count.text() == f"{table.model.rowCount()} charms"
    assert _cell(table, "money_mult", AMOUNT).data() == "2"
    table.kinds.setCurrentIndex(table.kinds.findData("hand_type"))
    assert [c.title for c in table.model.columns][:3] == ["Id", "Name", "Strength"]
    needs_flush = _cell(table, "flush", ("needs_flush",))
    assert needs_flush.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked


def test_sorting_by_cost_orders_numbers_by_size(window: MainWindow) -> None:
    table = _table(window)
    cost = _column(table, ("cost",))
    table.view.sortByColumn(cost, Qt.SortOrder.DescendingOrder)
    costs = [int(text) for text in _shown(table, cost)]
    assert costs == sorted(costs, reverse=True) and costs[0] > 9  # 12 before 9: by size, not as text
    table.view.sortByColumn(cost, Qt.SortOrder.AscendingOrder)
    assert [int(text) for text in _shown(table, cost)] == sorted(costs)


def test_the_filter_keeps_rows_with_a_matching_cell(window: MainWindow) -> None:
    table = _table(window)
    table.filter.setText("LEGENDARY")
    rarity = _column(table, ("rarity",))
    assert 0 < table.proxy.rowCount() < table.model.rowCount()
    assert set(_shown(table, rarity)) == {"legendary"}
    assert table.count.text() == f"{table.proxy.rowCount()} of {table.model.rowCount()} charms"


def test_editing_a_cell_is_an_undo_step_that_reaches_the_workspace_and_preview(
    window: MainWindow,
    qtbot,  # type: ignore[no-untyped-def]
) -> None:
    table = _table(window)
    assert window.session is not None
    ws, ref = window.session.ws, _ref(window, "charm", "money_mult")
    index = _cell(table, "money_mult", AMOUNT)
    table.view.setCurrentIndex(index)
    table.view.edit(index)
    spin = table.view.findChild(QDoubleSpinBox)  # Mult is a number: a number box within its bounds
    assert spin is not None and spin.value() == 2 and spin.maximum() == 1_000_000
    spin.setValue(3)
    qtbot.keyClick(spin, Qt.Key.Key_Return)  # the delegate commits a moment later, as Qt queues it
    qtbot.waitUntil(lambda: ws.data(ref)["abilities"][0]["effects"][0]["amount"] == 3)
    assert ws.is_dirty(ref) and table.view.state() != QAbstractItemView.State.EditingState
    assert window.preview.total_label.text() == "3,283"  # the preview scores the edited charm
    assert _cell(table, "money_mult", AMOUNT).data() == "3" and len(history(window)) == 1
    assert history(window).undo_label == "Set Effects › Amount of money_mult"  # as the Edit menu says
    window.history.undo()
    assert ws.data(ref)["abilities"][0]["effects"][0]["amount"] == 2 and not ws.is_dirty(ref)
    assert window.preview.total_label.text() == "3,082"
    assert _cell(table, "money_mult", AMOUNT).data() == "2"


def test_a_cost_edit_follows_into_the_open_form(window: MainWindow) -> None:
    table = _table(window)
    window.tree.select("charm", "money_mult")
    assert window.editor is not None
    cost = _cell(table, "money_mult", ("cost",))
    assert table.proxy.setData(cost, 9, Qt.ItemDataRole.EditRole)  # what the cell's editor commits
    field = window.editor.field_at(("cost",))
    assert field is not None and field.box.value() == 9  # type: ignore[attr-defined]
    assert window.windowTitle().endswith("unsaved changes")
    window.history.undo()
    assert field.box.value() == 6  # type: ignore[attr-defined]


def test_setting_rarity_on_three_selected_charms_is_one_undo_step(window: MainWindow) -> None:
    table = _table(window)
    assert window.session is not None
    ws = window.session.ws
    ids = ["even_mult", "plain_mult", "splash"]
    before = {i: ws.text(_ref(window, "charm", i)) for i in ids}
    _select(table, ids, ("rarity",))
    assert table.set_button.isEnabled() and table.set_button.text() == "Set Rarity on 3 selected…"
    asked: list[tuple[str, int]] = []

    def ask(_parent: object, column: Any, field: Any, _value: Any, count: int) -> tuple[bool, Any]:
        asked.append((column.title, count))
        assert field.choices == ["common", "uncommon", "rare", "legendary"]
        return True, "rare"

    table.ask = ask
    assert table.set_on_selected() == 3 and asked == [("Rarity", 3)]
    assert {ws.data(_ref(window, "charm", i))["rarity"] for i in ids} == {"rare"}
    assert len(history(window)) == 1 and "3 charms" in history(window).undo_label
    assert len(table.selected_rows()) == 3  # the edits kept the selection
    window.history.undo()
    assert {i: ws.text(_ref(window, "charm", i)) for i in ids} == before
    window.history.redo()
    assert {ws.data(_ref(window, "charm", i))["rarity"] for i in ids} == {"rare"}


def test_setting_a_field_on_selected_rows_keeps_the_earlier_steps_of_their_entries(
    window: MainWindow,
) -> None:
    table = _table(window)
    assert window.session is not None
    ws = window.session.ws
    ids = ["even_mult", "plain_mult", "splash"]
    before = {i: ws.text(_ref(window, "charm", i)) for i in ids}
    assert table.proxy.setData(_cell(table, "plain_mult", ("cost",)), 9, Qt.ItemDataRole.EditRole)
    _select(table, ids, ("cost",))
    assert table.proxy.setData(_cell(table, "plain_mult", ("cost",)), 11, Qt.ItemDataRole.EditRole)
    assert len(history(window)) == 2  # the cost of plain_mult, then the cost of three
    window.history.undo()
    window.history.undo()
    assert {i: ws.text(_ref(window, "charm", i)) for i in ids} == before and not ws.dirty()


def test_editing_one_cell_of_a_multi_selection_sets_every_selected_row(window: MainWindow) -> None:
    table = _table(window)
    assert window.session is not None
    ws = window.session.ws
    ids = ["even_mult", "plain_mult", "splash"]
    _select(table, ids, ("cost",))
    assert table.proxy.setData(_cell(table, "plain_mult", ("cost",)), 11, Qt.ItemDataRole.EditRole)
    assert [ws.data(_ref(window, "charm", i))["cost"] for i in ids] == [11, 11, 11]
    assert len(history(window)) == 1
    window.history.undo()
    assert not ws.dirty()


def test_the_table_follows_changes_keeping_selection_and_sort(window: MainWindow) -> None:
    table = _table(window)
    cost = _column(table, ("cost",))
    table.view.sortByColumn(cost, Qt.SortOrder.DescendingOrder)
    _select(table, ["splash"], ("cost",))
    window.tree.select("charm", "even_mult")
    assert window.editor is not None
    field = window.editor.field_at(("cost",))
    assert field is not None
    field.box.setValue(50)  # type: ignore[attr-defined]  # an edit in the form
    assert _shown(table, cost)[0] == "50" and table.proxy.index(0, 0).data() == "even_mult"
    assert [table.model.rows[r].ref.id for r in table.selected_rows()] == ["splash"]
    window.entries.ask = lambda *_: "odd_mult"  # a rename reloads the rows
    window.entries.rename(_ref(window, "charm", "even_mult"))
    assert table.proxy.index(0, 0).data() == "odd_mult"
    assert [table.model.rows[r].ref.id for r in table.selected_rows()] == ["splash"]
    assert table.view.horizontalHeader().sortIndicatorSection() == cost


def test_double_clicking_an_id_opens_the_entry_in_the_form(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    table = _table(window)
    index = _cell(table, "bus_rider", ("id",))
    table.view.scrollTo(index)
    centre = table.view.visualRect(index).center()
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseDClick(table.view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert window.editor is not None and window.editor.ref is not None
    assert window.editor.ref.id == "bus_rider"
    assert table.view.state() != QAbstractItemView.State.EditingState  # an id is renamed, not typed over


def test_f2_edits_the_cell_rather_than_renaming_the_entry(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    table = _table(window)
    window.tree.select("charm", "money_mult")
    asked: list[str] = []
    window.entries.ask = lambda *args: asked.append(str(args)) or None  # type: ignore[func-returns-value]
    window.activateWindow()
    table.view.setFocus()
    table.view.setCurrentIndex(_cell(table, "splash", ("rarity",)))
    qtbot.keyClick(table.view, Qt.Key.Key_F2)
    assert table.view.state() == QAbstractItemView.State.EditingState and not asked
    assert table.view.findChild(QComboBox) is not None


def test_a_problem_shows_in_the_problems_panel_and_marks_the_row(window: MainWindow) -> None:
    table = _table(window)
    name = _cell(table, "splash", ("name",))
    assert table.proxy.setData(name, "", Qt.ItemDataRole.EditRole)
    assert window.problems.count() > 0
    error = palette.current().error
    mark = _cell(table, "splash", ("id",)).data(Qt.ItemDataRole.ForegroundRole)
    assert mark is not None and mark.color().name() == error
    assert "⚠" in _cell(table, "splash", ("name",)).data(Qt.ItemDataRole.ToolTipRole)
    window.history.undo()
    assert _cell(table, "splash", ("id",)).data(Qt.ItemDataRole.ForegroundRole) is None


def test_ticking_a_yes_no_cell_and_editing_a_scenario_of_a_file_of_many(window: MainWindow) -> None:
    table = _table(window, "hand_type")
    assert window.session is not None
    ws = window.session.ws
    pair = _cell(table, "pair", ("needs_flush",))
    assert table.proxy.setData(pair, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert ws.data(_ref(window, "hand_type", "pair"))["needs_flush"] is True
    window.history.undo()
    table.kinds.setCurrentIndex(table.kinds.findData("scenario"))
    row = next(i for i, r in enumerate(table.model.rows) if r.prefix == (2,) and r.ref.id == "bosses")
    money = table.proxy.mapFromSource(table.model.index(row, _column(table, ("money",))))
    assert table.proxy.setData(money, 42, Qt.ItemDataRole.EditRole)
    assert ws.data(_ref(window, "scenario", "bosses"))[2]["money"] == 42
    assert QApplication.instance() is not None
