"""The ranking of charms as a table: best first, the charm being edited highlighted.

Entries come in one by one while a ranking runs (each put in its place in the
order so far), then the finished ranking replaces them with its flags. The
highlight is drawn from the theme at paint time, so it follows a theme switch.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Mapping

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from studio.app import palette
from studio.app.choices import named
from studio.simulation.paired import RankEntry, Ranking

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()

#: (header, tooltip) of each column.
COLUMNS = (
    ("#", "Place in the ranking, best first (so far, while the ranking runs)"),
    ("Charm", "The charm every run of its row starts with, locked in the row"),
    (
        "Antes cleared",
        "Mean difference in antes cleared, run by run on the same seeds, ± its 95% margin",
    ),
    ("Win rate", "Difference in the share of runs won, in points, ± its 95% margin"),
    ("In the row", "Share of the rounds played in which the charm was in the row"),
    ("Flag", "Beyond luck from the median charm's difference: above or below the rest"),
)
_NUMERIC = {0, 2, 3, 4}
#: The roles :meth:`RankingModel.data` answers; it returns None at once for any other.
_ANSWERED = frozenset(
    {
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.UserRole,
        Qt.ItemDataRole.TextAlignmentRole,
        Qt.ItemDataRole.BackgroundRole,
        Qt.ItemDataRole.ForegroundRole,
        Qt.ItemDataRole.FontRole,
    }
)


def cells(entry: RankEntry, names: Mapping[str, str]) -> tuple[str, ...]:
    """The texts of an entry's columns after the place; the charm as the content tree writes an entry,
    its id then its name (from ``names``)."""
    p = entry.paired
    name = names.get(entry.charm)
    return (
        f"{entry.charm} — {name}" if name else entry.charm,
        f"{p.antes_difference:+.2f} ± {p.antes_margin:.2f}",
        f"{100 * p.win_rate_difference:+.1f} ± {100 * p.win_rate_margin:.1f}",
        f"{entry.in_row_share:.0%}",
        entry.flag,
    )


class RankingModel(QAbstractTableModel):
    """Rank entries, best first, read-only; ``chosen`` is the charm drawn bold on the highlight colour."""

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[RankEntry] = []
        self.chosen: str | None = None
        self.names: Mapping[str, str] = {}

    def clear(self) -> None:
        """Empty the table (a new ranking starts)."""
        self.beginResetModel()
        self.entries = []
        self.endResetModel()

    def add(self, entry: RankEntry) -> int:
        """Put one charm's entry in its place among those so far; return its row."""
        row = bisect([e.order for e in self.entries], entry.order)
        self.beginInsertRows(_ROOT, row, row)
        self.entries.insert(row, entry)
        self.endInsertRows()
        return row

    def set_ranking(self, ranking: Ranking) -> None:
        """Show the finished ranking (its order and flags)."""
        self.beginResetModel()
        self.entries = list(ranking.entries)
        self.endResetModel()

    def set_chosen(self, charm: str | None) -> None:
        """Highlight ``charm``'s row (``None``: none)."""
        self.chosen = charm
        if self.entries:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.entries) - 1, len(COLUMNS) - 1))

    def row_of(self, charm: str | None) -> int:
        """The row of ``charm``, or -1."""
        return next((i for i, e in enumerate(self.entries) if e.charm == charm), -1)

    def rowCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.entries)

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section][0]
        if role == Qt.ItemDataRole.ToolTipRole:
            return COLUMNS[section][1]
        if role == Qt.ItemDataRole.TextAlignmentRole and section in _NUMERIC:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """A cell's text, charm and look. A view asks for every role of every cell at each repaint (its
        columns fitted to their contents, at each change too): a role never answered returns at once."""
        if role not in _ANSWERED:
            return None
        row, col = index.row(), index.column()
        entry = self.entries[row]
        lit = entry.charm == self.chosen
        if role == Qt.ItemDataRole.DisplayRole:
            return str(row + 1) if col == 0 else cells(entry, self.names)[col - 1]
        if role == Qt.ItemDataRole.ToolTipRole and col == 1:
            return named(entry.charm, self.names.get(entry.charm, ""))
        if role == Qt.ItemDataRole.UserRole:
            return entry.charm
        if role == Qt.ItemDataRole.TextAlignmentRole and col in _NUMERIC:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole and lit:
            return QBrush(QColor(palette.current().highlight_row))
        if role == Qt.ItemDataRole.ForegroundRole and lit:
            return QBrush(QColor(palette.current().text))
        if role == Qt.ItemDataRole.FontRole and lit:
            font = QFont()
            font.setBold(True)
            return font
        return None


class RankingTable(QTableView):
    """The ranking's table view; ``chosen`` is emitted with the charm of a double-clicked row."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rankingTable")
        self.ranking = RankingModel()
        self.setModel(self.ranking)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)  # the flags, often empty, take the room left: figures stay close
        self.doubleClicked.connect(self._double_clicked)

    def highlight(self, charm: str | None) -> None:
        """Draw ``charm``'s row highlighted and scroll it to the middle of the view."""
        self.ranking.set_chosen(charm)
        self.scroll_to_chosen()

    def scroll_to_chosen(self) -> None:
        """Scroll the highlighted row into view (the rows are laid out first: a reset lays them out later)."""
        row = self.ranking.row_of(self.ranking.chosen)
        if row >= 0:
            self.doItemsLayout()
            self.scrollTo(self.ranking.index(row, 1), QAbstractItemView.ScrollHint.PositionAtCenter)

    def showEvent(self, event: QShowEvent) -> None:
        """Shown again (its tab chosen), the table shows the highlighted row."""
        super().showEvent(event)
        self.scroll_to_chosen()

    def _double_clicked(self, index: QModelIndex) -> None:
        if index.isValid():
            self.chosen.emit(self.ranking.entries[index.row()].charm)
