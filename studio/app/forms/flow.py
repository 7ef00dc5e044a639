"""A layout that lines its widgets up left to right and wraps them onto more lines when narrow."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QApplication, QLayout, QLayoutItem, QStyle, QWidget

#: The least width a flow keeps, rounded down to whole cells.
MIN_LINE = 160


class FlowLayout(QLayout):
    """Widgets in reading order in cells of one width (so they line up in columns), wrapped to the width
    given, so a row of many ticks (13 ranks) never makes a form wider than its panel."""

    def __init__(self, parent: QWidget | None = None) -> None:
        #: The height wrapped to each width asked since the items last changed: Qt asks again and again
        #: in each layout pass (thousands of times over a playtest run's shops). Set first: Qt invalidates
        #: the layout as it is made.
        self._heights: dict[int, int] = {}
        super().__init__(parent)
        self.setContentsMargins(0, 0, 0, 0)
        self._items: list[QLayoutItem] = []

    def addItem(self, item: QLayoutItem) -> None:
        """Take ``item`` as the last of the flow."""
        self._items.append(item)
        self.invalidate()

    def invalidate(self) -> None:
        """Forget the heights worked out: an item came or went, or one's size hint changed (Qt calls
        this then, as for its own layouts)."""
        self._heights.clear()
        super().invalidate()

    def count(self) -> int:
        """How many items the flow holds."""
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        """The item at ``index``, or None past the end."""
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        """Remove and return the item at ``index`` (None past the end)."""
        if not 0 <= index < len(self._items):
            return None
        item = self._items.pop(index)
        self.invalidate()
        return item

    def expandingDirections(self) -> Qt.Orientation:
        """The flow takes the width it is given and asks for no more."""
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        """A narrower flow wraps onto more lines, so its height depends on its width."""
        return True

    def heightForWidth(self, width: int) -> int:
        """The height the items take when wrapped to ``width``."""
        if width not in self._heights:
            self._heights[width] = self._place(QRect(0, 0, width, 0), move=False)
        return self._heights[width]

    def setGeometry(self, rect: QRect) -> None:
        """Place the items, wrapped to ``rect``'s width."""
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:
        """Every item on one line."""
        cell = self._cell()
        count = len(self._items)
        return QSize(cell.width() * count + self._gap() * max(count - 1, 0), cell.height())

    def minimumSize(self) -> QSize:
        """As many cells as :data:`MIN_LINE` holds (one at least): a form narrower than that puts the
        flow under its label, where it has the form's width, rather than in a column of one."""
        cell, gap = self._cell(), self._gap()
        columns = max(1, min(len(self._items), (MIN_LINE + gap) // (cell.width() + gap)))
        return QSize(columns * (cell.width() + gap) - gap, cell.height())

    def _cell(self) -> QSize:
        """The size of every cell: the largest item's."""
        size = QSize(0, 0)
        for item in self._items:
            size = size.expandedTo(item.sizeHint())
        return size

    def _gap(self) -> int:
        """The space between two cells: the style's between two widgets side by side."""
        return max(0, QApplication.style().pixelMetric(QStyle.PixelMetric.PM_LayoutHorizontalSpacing))

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the items out in ``rect`` (only measure unless ``move``); return the height they take."""
        if not self._items:
            return 0
        gap, cell = self._gap(), self._cell()
        columns = max(1, (rect.width() + gap) // (cell.width() + gap))
        if move:
            for i, item in enumerate(self._items):
                row, column = divmod(i, columns)
                at = QPoint(rect.x() + column * (cell.width() + gap), rect.y() + row * (cell.height() + gap))
                item.setGeometry(QRect(at, cell))
        rows = -(-len(self._items) // columns)
        return rows * cell.height() + (rows - 1) * gap
