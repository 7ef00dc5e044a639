"""The trace as a table model: one row per event, with highlighting and expected-vs-actual.

Columns are the CLI's (step, source, change, Points, Mult, money); a scenario
with an expected trace adds a column saying where each step differs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from studio.app import palette
from studio.engine.trace import Event, fmt

if TYPE_CHECKING:
    from studio.content.models.scenario import ExpectedEvent

COLUMNS = ("#", "step", "source", "change", "Points", "Mult", "money")
_NUMERIC = {0, 4, 5, 6}
Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


class TraceModel(QAbstractTableModel):
    """Events of one score result, read-only."""

    def __init__(self) -> None:
        super().__init__()
        self._events: tuple[Event, ...] = ()
        self._expected: list[ExpectedEvent] | None = None
        self._lit: set[int] = set()

    def set_events(self, events: Sequence[Event], expected: list[ExpectedEvent] | None = None) -> None:
        """Show a new trace (and, for a test scenario, the trace it expects)."""
        self.beginResetModel()
        self._events = tuple(events)
        self._expected = expected
        self._lit = set()
        self.endResetModel()

    def events(self) -> tuple[Event, ...]:
        """Return the events shown."""
        return self._events

    def highlight(self, match: Callable[[Event], bool] | None) -> list[int]:
        """Highlight the rows whose event matches (``None`` clears); return their numbers."""
        self._lit = {i for i, e in enumerate(self._events) if match is not None and match(e)}
        if self._events:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._events) - 1, self.columnCount() - 1))
        return sorted(self._lit)

    def lit(self) -> list[int]:
        """Return the highlighted rows."""
        return sorted(self._lit)

    def mismatches(self) -> list[int]:
        """Return the rows that differ from the expected trace (empty without one)."""
        if self._expected is None:
            return []
        n = max(len(self._events), len(self._expected))
        return [i for i in range(n) if not self._same(i)]

    def _same(self, i: int) -> bool:
        if self._expected is None:
            return True
        if i >= len(self._events) or i >= len(self._expected):
            return False
        g, w = self._events[i], self._expected[i]
        return (g.step, g.source, g.points, g.mult) == (w.step, w.source, w.points, w.mult)

    def rowCount(self, parent: Index = _ROOT) -> int:
        if parent.isValid():
            return 0
        if self._expected is not None:
            return max(len(self._events), len(self._expected))
        return len(self._events)

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(COLUMNS) + (1 if self._expected is not None else 0)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section] if section < len(COLUMNS) else "expected"
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        row, col = index.row(), index.column()
        theme = palette.current()
        event = self._events[row] if row < len(self._events) else None
        if role == Qt.ItemDataRole.DisplayRole:
            if col == len(COLUMNS):
                return self._expected_text(row)
            if event is None:
                return "-" if col else str(row + 1)
            values = (
                row + 1,
                event.step,
                event.source,
                event.change,
                event.points,
                fmt(event.mult),
                f"${event.money}",
            )
            return str(values[col])
        if role == Qt.ItemDataRole.TextAlignmentRole and col in _NUMERIC:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            if row in self._lit:
                return QBrush(QColor(theme.highlight_row))
            if self._expected is not None and not self._same(row):
                return QBrush(
                    QColor(theme.error).lighter(170) if theme.name == "light" else QColor("#5a2323")
                )
        if role == Qt.ItemDataRole.ForegroundRole:
            if row in self._lit and theme.name == "light":
                return QBrush(QColor(theme.text))
            if col == 4:
                return QBrush(QColor(theme.points))
            if col == 5:
                return QBrush(QColor(theme.mult))
        if role == Qt.ItemDataRole.FontRole and col in (4, 5):
            font = QFont()
            font.setBold(True)
            return font
        return None

    def _expected_text(self, row: int) -> str:
        if self._expected is None:
            return ""
        if self._same(row):
            return "✓"
        if row >= len(self._expected):
            return "not expected"
        w = self._expected[row]
        return f"! {w.step} {w.source} -> {w.points} x {fmt(w.mult)}"
