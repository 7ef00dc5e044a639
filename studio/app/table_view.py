"""The table view: every entry of a kind as a row, its fields as columns; sort, filter and edit in place.

Each edit is a step of the workspace's undo history, as a form edit is, so
Ctrl+Z takes it back and the workspace checks it. With several rows selected,
an edit (or "Set field on selected") sets the field on all of them as one undo
step. The table follows every change of the session, keeping its selection and
sort, and is read only while it is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QItemSelection, QItemSelectionModel, QModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from studio.app import palette
from studio.app.content_tree import KIND_TITLES
from studio.app.session import Session
from studio.app.table_columns import Column, Field
from studio.app.table_editors import CellDelegate, ask_value
from studio.app.table_model import FIELD, EntryProxy, EntryTableModel
from studio.workspace import Change, JsonPath, Problem

#: The widest a column starts (a long text is cut; dragging the header shows more).
MAX_COLUMN = 260
#: A row across reloads: its file and its document's path in the file.
RowKey = tuple[Path, JsonPath]
Ask = Callable[[QWidget, Column, Field, Any, int], tuple[bool, Any]]


class EntryTableView(QTableView):
    """The table itself; F2 edits the current cell (the window's F2 renames the entry in the form)."""

    def event(self, e: QEvent) -> bool:
        if (
            e.type() == QEvent.Type.ShortcutOverride
            and isinstance(e, QKeyEvent)
            and e.key() == Qt.Key.Key_F2
            and self.state() != QAbstractItemView.State.EditingState
        ):
            e.accept()
            return True
        return super().event(e)


class TablePanel(QWidget):
    """A kind chooser and filter over the table; ``jump`` asks the window to open a row's field."""

    jump = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: Session | None = None
        #: Asks for the value "Set field on selected" sets (replaceable, for tests).
        self.ask: Ask = ask_value
        self._stale = True
        self.kinds = QComboBox()
        self.kinds.setObjectName("tableKind")
        self.kinds.setAccessibleName("Kind shown in the table")
        self.filter = QLineEdit()
        self.filter.setObjectName("tableFilter")
        self.filter.setPlaceholderText("Filter rows")
        self.filter.setClearButtonEnabled(True)
        self.filter.setAccessibleName("Filter the table")
        self.count = QLabel()
        self.count.setObjectName("tableCount")
        self.set_button = QPushButton(palette.icon("fa5s.edit"), "Set field on selected…")
        self.set_button.setObjectName("tableSetField")
        self.set_button.setEnabled(False)
        self.model = EntryTableModel()
        self.model.edit = self._edited
        self.proxy = EntryProxy(self.model)
        self.view = EntryTableView()
        self.view.setObjectName("tableView")
        self.view.setAccessibleName("Entries as a table")
        self.view.setModel(self.proxy)
        self.view.setItemDelegate(CellDelegate(self.view))
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._menu)
        self.view.doubleClicked.connect(self._double_clicked)
        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        self.view.selectionModel().currentChanged.connect(self._selection_changed)
        self.kinds.currentIndexChanged.connect(lambda _i: self.reload(keep=False))
        self.filter.textChanged.connect(self._filter)
        self.set_button.clicked.connect(self.set_on_selected)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Kind"))
        bar.addWidget(self.kinds)
        bar.addWidget(self.filter, 1)
        bar.addWidget(self.count)
        bar.addWidget(self.set_button)
        v = QVBoxLayout(self)
        v.setContentsMargins(4, 4, 4, 4)
        v.addLayout(bar)
        v.addWidget(self.view, 1)

    # --- following the session ----------------------------------------------------------------
    def set_session(self, session: Session) -> None:
        """Show a newly opened workspace; edits go into its undo history."""
        self.session = session
        session.changed.connect(self.on_change)
        ws = session.ws
        chosen = self.kinds.currentData() or "charm"
        self.kinds.blockSignals(True)
        self.kinds.clear()
        for kind in ws.kinds():
            if ws.entries(kind):
                self.kinds.addItem(KIND_TITLES.get(kind, kind), kind)
        self.kinds.setCurrentIndex(max(0, self.kinds.findData(chosen)))
        self.kinds.blockSignals(False)
        self._stale = True
        if self.isVisible():
            self.reload(keep=False)

    def showEvent(self, event: QShowEvent) -> None:
        """Read the entries only once the table is seen (and again after changes made while hidden)."""
        super().showEvent(event)
        if self._stale and self.session is not None:
            self.reload()

    def on_change(self, change: Change) -> None:
        """Re-read what a change touched; files added, renamed or removed reload the rows."""
        if not self.isVisible():
            self._stale = True
            return
        if not self.model.refresh(change):
            self.reload()
        self._counted()

    def reload(self, keep: bool = True) -> None:
        """Read every row again; ``keep`` keeps the selection and current cell (else a new kind starts)."""
        if self.session is None:
            return
        self._stale = False
        kind = str(self.kinds.currentData() or "charm")
        keys = [self.model.rows[r].key for r in self.selected_rows()] if keep else []
        current = self.proxy.mapToSource(self.view.currentIndex())
        column = current.column() if keep else 0
        here = self.model.rows[current.row()].key if keep and current.isValid() else None
        before = [c.path for c in self.model.columns]
        self.model.load(self.session.ws, kind)
        if not keep:
            self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        if not keep or before != [c.path for c in self.model.columns]:
            self._fit_columns()
        self._select(keys, here, column)
        self._counted()

    def _select(self, keys: list[RowKey], current: RowKey | None, column: int) -> None:
        rows = {row.key: i for i, row in enumerate(self.model.rows)}
        selection = QItemSelection()
        for key in keys:
            if key in rows:
                index = self.proxy.mapFromSource(self.model.index(rows[key], 0))
                selection.select(index, index)
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        self.view.selectionModel().select(selection, flags)
        if current in rows:
            column = min(column, len(self.model.columns) - 1)
            index = self.proxy.mapFromSource(self.model.index(rows[current], column))
            self.view.selectionModel().setCurrentIndex(index, QItemSelectionModel.SelectionFlag.NoUpdate)

    def _fit_columns(self) -> None:
        self.view.resizeColumnsToContents()
        for i in range(self.model.columnCount()):
            self.view.setColumnWidth(i, min(self.view.columnWidth(i) + 12, MAX_COLUMN))

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        self._counted()

    def _counted(self) -> None:
        total, shown = self.model.rowCount(), self.proxy.rowCount()
        what = self.kinds.currentText().lower() or "entries"
        self.count.setText(f"{total} {what}" if shown == total else f"{shown} of {total} {what}")
        self._selection_changed()

    # --- editing ------------------------------------------------------------------------------
    def selected_rows(self) -> list[int]:
        """The selected rows (rows of the model, in the order shown)."""
        picked = self.view.selectionModel().selectedRows()
        return [self.proxy.mapToSource(i).row() for i in sorted(picked, key=lambda i: i.row())]

    def _edited(self, row: int, column: int, value: Any) -> None:
        """A cell was edited: with several rows selected around it, the edit goes to all of them."""
        rows = self.selected_rows()
        self.apply(rows if row in rows and len(rows) > 1 else [row], column, value)

    def apply(self, rows: list[int], column: int, value: Any) -> int:
        """Set a column to ``value`` on rows of the model as one undo step; return how many rows changed.

        Rows that cannot hold the field, or hold that value already, are left alone.
        """
        if self.session is None:
            return 0
        session, model, title = self.session, self.model, self.model.columns[column].title
        targets = [
            (model.rows[r].ref, (*model.rows[r].prefix, *model.columns[column].path))
            for r in rows
            if model.field(r, column) is not None and model.value(r, column)[0] != value
        ]
        label = f"Set {title} on {len(targets)} {self.kinds.currentText().lower()}"
        with session.ws.history.group(label) if len(targets) > 1 else nullcontext():
            for ref, json_path in targets:
                session.set_field(ref.path, json_path, value, label=f"Set {title} of {ref.id}")
        return len(targets)

    def set_on_selected(self) -> int:
        """Ask for a value of the current column and set it on every selected row (one undo step)."""
        index = self.proxy.mapToSource(self.view.currentIndex())
        rows = self.selected_rows()
        if not index.isValid() or not rows:
            return 0
        column = self.model.columns[index.column()]
        field = self.model.field(index.row(), index.column()) or column.field
        if column.read_only:
            return 0
        ok, value = self.ask(self, column, field, self.model.value(index.row(), index.column())[0], len(rows))
        return self.apply(rows, index.column(), value) if ok else 0

    def _selection_changed(self, *_args: object) -> None:
        current = self.proxy.mapToSource(self.view.currentIndex())
        rows = self.selected_rows()
        column = self.model.columns[current.column()] if current.isValid() else None
        usable = column is not None and not column.read_only and bool(rows)
        self.set_button.setEnabled(usable)
        title = column.title if usable and column is not None else ""
        text = f"Set {title} on {len(rows)} selected…" if title else "Set field on selected…"
        self.set_button.setText(text)

    # --- opening ------------------------------------------------------------------------------
    def open_cell(self, index: QModelIndex) -> None:
        """Open the row's entry in the form, at the cell's field."""
        source = self.proxy.mapToSource(index)
        if not source.isValid() or self.session is None:
            return
        row, column = self.model.rows[source.row()], self.model.columns[source.column()]
        path = (*row.prefix, *column.path)
        line, col = self.session.ws.locate(row.ref, path)
        self.jump.emit(Problem(row.ref.path, line, col, path, "", row.ref))

    def _double_clicked(self, index: QModelIndex) -> None:
        if index.data(FIELD) is None:  # the id, or a cell this row cannot hold: edit it in the form
            self.open_cell(index)

    def _menu(self, pos: QPoint) -> None:
        index = self.view.indexAt(pos)
        if not index.isValid():
            return
        menu = QMenu(self)
        where = palette.icon("fa5s.external-link-alt")
        menu.addAction(where, "Open in the form", partial(self.open_cell, index))
        if self.set_button.isEnabled():
            menu.addAction(palette.icon("fa5s.edit"), self.set_button.text(), self.set_on_selected)
        menu.exec(self.view.viewport().mapToGlobal(pos))
