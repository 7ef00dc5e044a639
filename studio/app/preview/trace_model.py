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
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_FONT = int(Qt.ItemDataRole.FontRole)
_BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)
#: The roles :meth:`TraceModel.data` answers (the foreground too); it returns None at once for any other.
_ANSWERED = frozenset({_DISPLAY, _ALIGNMENT, _FONT, _BACKGROUND, int(Qt.ItemDataRole.ForegroundRole)})
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class TraceModel(QAbstractTableModel):
    """Events of one score result, read-only."""

    def __init__(self) -> None:
        super().__init__()
        self._events: tuple[Event, ...] = ()
        self._texts: list[tuple[str, ...]] = []
        self._expected: list[ExpectedEvent] | None = None
        self._lit: set[int] = set()

    def set_events(self, events: Sequence[Event], expected: list[ExpectedEvent] | None = None) -> None:
        """Show a new trace (and, for a test scenario, the trace it expects)."""
        self.beginResetModel()
        self._events = tuple(events)
        self._texts = [
            tuple(map(str, (i + 1, e.step, e.source, e.change, e.points, fmt(e.mult), f"${e.money}")))
            for i, e in enumerate(self._events)
        ]
        self._expected = expected
        self._lit = set()
        self.endResetModel()

    def events(self) -> tuple[Event, ...]:
        """Return the events shown."""
        return self._events

    def highlight(self, match: Callable[[Event], bool] | None) -> list[int]:
        """Highlight the rows whose event matches (``None`` clears); return their numbers."""
        lit = {i for i, e in enumerate(self._events) if match is not None and match(e)}
        changed, self._lit = lit != self._lit, lit
        if changed:  # the same rows again (none, as after every new trace) change no cell
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
        """A cell's text, alignment, colours and font.

        A view asks for every role of every cell at each repaint and, its columns fitted to their
        contents, at each change: a role never answered returns at once, and the texts are made once
        per trace (:meth:`set_events`)."""
        if role not in _ANSWERED:
            return None
        row, col = index.row(), index.column()
        if role == _DISPLAY:
            if col == len(COLUMNS):
                return self._expected_text(row)
            if row >= len(self._texts):
                return "-" if col else str(row + 1)
            return self._texts[row][col]
        if role == _ALIGNMENT:
            return _RIGHT if col in _NUMERIC else None
        if role == _FONT:
            if col not in (4, 5):
                return None
            font = QFont()
            font.setBold(True)
            return font
        theme = palette.current()
        if role == _BACKGROUND:
            if row in self._lit:
                return QBrush(QColor(theme.highlight_row))
            if self._expected is not None and not self._same(row):
                return QBrush(
                    QColor(theme.error).lighter(170) if theme.name == "light" else QColor("#5a2323")
                )
            return None
        if row in self._lit and theme.name == "light":
            return QBrush(QColor(theme.text))
        if col == 4:
            return QBrush(QColor(theme.points))
        if col == 5:
            return QBrush(QColor(theme.mult))
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
