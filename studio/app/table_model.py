"""The table view's model: one row per entry of a kind (per scenario in a file of many), one column per field.

Rows hold only a file and the path of their document in it; the data is read
from the workspace. An edit is not made here: ``edit`` is handed the row, the
column and the value, and the panel turns it into undo commands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from studio.app import palette
from studio.app.entry_art import entry_pixmap
from studio.app.forms.base import FormContext
from studio.app.table_columns import Column, Field, columns, field_at, shown, sort_key
from studio.workspace import Change, EntryRef, JsonPath, Workspace, WorkspaceError
from studio.workspace.model import value_at

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
#: The :class:`Field` a cell edits (None: the cell is read-only).
FIELD = Qt.ItemDataRole.UserRole + 1
#: The roles :meth:`EntryTableModel.data` answers; it returns None at once for any other.
_ANSWERED = frozenset(
    {
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.EditRole,
        Qt.ItemDataRole.CheckStateRole,
        Qt.ItemDataRole.TextAlignmentRole,
        Qt.ItemDataRole.DecorationRole,
        Qt.ItemDataRole.ForegroundRole,
        Qt.ItemDataRole.FontRole,
        Qt.ItemDataRole.ToolTipRole,
        FIELD,
    }
)


@dataclass
class Row:
    """One entry: its file, its document's path in the file (``(3,)`` in a file of scenarios), its data."""

    ref: EntryRef
    prefix: JsonPath
    data: Any

    @property
    def key(self) -> tuple[Path, JsonPath]:
        """What names the row across reloads (for keeping the selection)."""
        return self.ref.path, self.prefix

    @property
    def label(self) -> str:
        """The row as a person names it: the entry's id, or the scenario's name."""
        if self.prefix and isinstance(self.data, dict) and isinstance(self.data.get("name"), str):
            return str(self.data["name"])
        return self.ref.id


def documents(ref: EntryRef, data: Any) -> list[Row]:
    """The rows of one file: the file, or each item of a file holding a list (of scenarios)."""
    if isinstance(data, list):
        return [Row(ref, (i,), item) for i, item in enumerate(data)]
    return [Row(ref, (), data)]


class EntryTableModel(QAbstractTableModel):
    """The entries of one kind; edits go to ``edit(row, column, value)``."""

    def __init__(self) -> None:
        super().__init__()
        self.ws: Workspace | None = None
        self.kind = ""
        self.rows: list[Row] = []
        self.columns: list[Column] = []
        self.schema: dict[str, Any] = {}
        self.ctx = FormContext({})
        #: Error messages by file and field path, for marking cells.
        self.problems: dict[Path, list[tuple[JsonPath, str]]] = {}
        self.edit: Callable[[int, int, Any], None] = lambda _row, _column, _value: None

    # --- loading ------------------------------------------------------------------------------
    def load(self, ws: Workspace, kind: str) -> None:
        """Show every entry of ``kind``; columns come from its schema and the entries."""
        self.beginResetModel()
        self.ws, self.kind = ws, kind
        self.schema = ws.schema(kind)
        self.ctx = FormContext(self.schema, ws.ids)
        self.rows = [row for ref in ws.entries(kind) for row in documents(ref, ws.data(ref))]
        self.columns = columns(self.schema, self.ctx, [r.data for r in self.rows])
        self._read_problems()
        self.endResetModel()

    def refresh(self, change: Change) -> bool:
        """Re-read the rows a change touched; False if the set of rows changed (a reload is needed)."""
        ws = self.ws
        if ws is None:
            return True
        if [r.path for r in ws.entries(self.kind)] != list(dict.fromkeys(r.ref.path for r in self.rows)):
            return False
        touched = [i for i, r in enumerate(self.rows) if r.ref.path in change.files]
        for path in dict.fromkeys(self.rows[i].ref.path for i in touched):
            try:
                ref = ws.ref(path)
            except WorkspaceError:
                return False
            fresh = documents(ref, ws.data(ref))
            mine = [i for i in touched if self.rows[i].ref.path == path]
            if len(fresh) != len(mine):
                return False
            for i, row in zip(mine, fresh, strict=True):
                self.rows[i] = row
        if change.problems_changed:
            self._read_problems()
            touched = list(range(len(self.rows)))
        if touched:
            last = len(self.columns) - 1
            self.dataChanged.emit(self.index(min(touched), 0), self.index(max(touched), last))
        return True

    def _read_problems(self) -> None:
        self.problems = {}
        assert self.ws is not None
        paths = {r.ref.path for r in self.rows}
        for p in self.ws.problems():
            if p.severity == "error" and p.path in paths:
                self.problems.setdefault(p.path, []).append((p.json_path, p.message))

    # --- reading ------------------------------------------------------------------------------
    def value(self, row: int, column: int) -> tuple[Any, bool]:
        """A cell's value and whether it is the schema's default for a field left out."""
        r, c = self.rows[row], self.columns[column]
        found = value_at(r.data, c.path)
        if found is None and len(c.path) == 1 and c.field.node.get("default") is not None:
            return c.field.node["default"], True
        return found, False

    def field(self, row: int, column: int) -> Field | None:
        """What a cell edits, or None where it cannot be edited here."""
        c = self.columns[column]
        if c.read_only:
            return None
        return field_at(self.schema, self.ctx, self.rows[row].data, c.path)

    def messages(self, row: int, column: int | None = None) -> list[str]:
        """The errors at or under a cell (``column`` None: anywhere in the row's entry)."""
        r = self.rows[row]
        where = (*r.prefix, *(self.columns[column].path if column is not None else ()))
        return [m for path, m in self.problems.get(r.ref.path, []) if path[: len(where)] == where]

    def sort_value(self, row: int, column: int) -> tuple[int, float, str]:
        """How a cell sorts: numbers by size, then text, then empty cells."""
        return sort_key(self.value(row, column)[0])

    # --- the Qt model -------------------------------------------------------------------------
    def rowCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section].title
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.columns[section].tip
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        field = self.field(index.row(), index.column()) if index.isValid() else None
        if field is None:
            return base
        if field.kind == "boolean":
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base | Qt.ItemFlag.ItemIsEditable

    def data(self, index: Index, role: int = 0) -> Any:
        """A cell's value, text, look and field. A view asks for every role of every cell at each repaint:
        a role never answered returns at once, before the cell's value and problems are looked up."""
        if role not in _ANSWERED or not index.isValid():
            return None
        row, column = index.row(), index.column()
        c = self.columns[column]
        value, default = self.value(row, column)
        if role == Qt.ItemDataRole.DisplayRole:
            return shown(value)
        if role == Qt.ItemDataRole.EditRole:
            return value
        if role == Qt.ItemDataRole.CheckStateRole and c.field.kind == "boolean":
            return Qt.CheckState.Checked if value is True else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.TextAlignmentRole and c.field.kind in ("integer", "number"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == FIELD:
            return self.field(row, column)
        if role == Qt.ItemDataRole.DecorationRole and c.path == ("art",) and self.ws is not None:
            return entry_pixmap(self.ws, self.rows[row].ref, palette.ART_THUMB)  # the art, or its face
        return self._look(row, column, role, default)

    def _look(self, row: int, column: int, role: int, default: bool) -> Any:
        """Colours, marks and tooltips: defaults are muted, a cell with an error is red and says why."""
        first = column == 0
        errors = self.messages(row, None if first else column)
        if role == Qt.ItemDataRole.ForegroundRole:
            if errors:
                return QBrush(QColor(palette.current().error))
            return QBrush(QColor(palette.current().muted)) if default else None
        if role == Qt.ItemDataRole.DecorationRole and first and errors:
            return palette.icon("fa5s.times-circle", palette.current().error)
        if role == Qt.ItemDataRole.FontRole and default:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            r = self.rows[row]
            where = f"{r.ref.path.name}{''.join(f'[{p}]' for p in r.prefix)}"
            note = " (the default: not written in the file)" if default else ""
            return "\n".join([f"{r.label} — {where}{note}", *(f"⚠ {m}" for m in errors)])
        return None

    def setData(self, index: Index, value: Any, role: int = 0) -> bool:
        if not index.isValid() or self.field(index.row(), index.column()) is None:
            return False
        if role == Qt.ItemDataRole.CheckStateRole:
            value = value in (Qt.CheckState.Checked, Qt.CheckState.Checked.value)
        elif role != Qt.ItemDataRole.EditRole:
            return False
        self.edit(index.row(), index.column(), value)
        return True


class EntryProxy(QSortFilterProxyModel):
    """Sorts numbers by size and empty cells last; the filter matches any cell's text."""

    def __init__(self, source: EntryTableModel) -> None:
        super().__init__()
        self.setSourceModel(source)
        self.source = source
        self.setFilterKeyColumn(-1)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def lessThan(self, left: Index, right: Index) -> bool:
        return self.source.sort_value(left.row(), left.column()) < self.source.sort_value(
            right.row(), right.column()
        )
