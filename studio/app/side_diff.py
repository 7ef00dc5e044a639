"""Two texts side by side, line against line, with the lines that differ marked.

The lines are aligned with difflib: where one side has more lines, the other
shows blank rows, so equal lines always face each other. The two views scroll
together.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from PySide6.QtGui import QColor, QFontDatabase, QTextCharFormat, QTextCursor, QTextFormat
from PySide6.QtWidgets import QGridLayout, QLabel, QPlainTextEdit, QTextEdit, QWidget

from studio.app import palette


@dataclass(frozen=True)
class Row:
    """One row of the side-by-side view: a 1-based line of each text (None: a blank row)."""

    left: int | None
    right: int | None
    changed: bool


def aligned(left: list[str], right: list[str]) -> list[Row]:
    """The rows that put equal lines of ``left`` and ``right`` side by side."""
    rows: list[Row] = []
    matcher = difflib.SequenceMatcher(None, left, right, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            rows += [Row(i + 1, j + 1, False) for i, j in zip(range(i1, i2), range(j1, j2), strict=True)]
            continue
        for k in range(max(i2 - i1, j2 - j1)):
            rows.append(Row(i1 + k + 1 if k < i2 - i1 else None, j1 + k + 1 if k < j2 - j1 else None, True))
    return rows


class SideBySide(QWidget):
    """A read-only view of two texts, titled, their differing lines marked."""

    def __init__(self, left_title: str, right_title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[Row] = []
        self.left, self.right = self._view("diffLeft", left_title), self._view("diffRight", right_title)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(palette.SPACING)
        for column, (title, view) in enumerate(((left_title, self.left), (right_title, self.right))):
            label = QLabel(f"<b>{title}</b>")
            label.setBuddy(view)
            grid.addWidget(label, 0, column)
            grid.addWidget(view, 1, column)
        for a, b in ((self.left, self.right), (self.right, self.left)):
            a.verticalScrollBar().valueChanged.connect(b.verticalScrollBar().setValue)
            a.horizontalScrollBar().valueChanged.connect(b.horizontalScrollBar().setValue)

    @staticmethod
    def _view(name: str, title: str) -> QPlainTextEdit:
        view = QPlainTextEdit()
        view.setObjectName(name)
        view.setAccessibleName(title)
        view.setReadOnly(True)
        view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        return view

    def set_texts(self, left: str, right: str) -> None:
        """Show two texts, aligned, and scroll to the first difference."""
        a, b = left.splitlines(), right.splitlines()
        self.rows = aligned(a, b)
        width = len(str(max(len(a), len(b), 1)))
        for view, lines, side in ((self.left, a, "left"), (self.right, b, "right")):
            numbers = [getattr(row, side) for row in self.rows]
            view.setPlainText(
                "\n".join(f"{n:>{width}}  {lines[n - 1]}" if n is not None else "" for n in numbers)
            )
            self._mark(view, [n is None for n in numbers])
        first = next((i for i, row in enumerate(self.rows) if row.changed), 0)
        self.show_row(first)

    def _mark(self, view: QPlainTextEdit, blanks: list[bool]) -> None:
        theme = palette.current()
        changed = QColor(theme.highlight_row)
        gap = QColor(theme.alt_base if theme.name == "light" else theme.window)
        selections = []
        for i, (row, blank) in enumerate(zip(self.rows, blanks, strict=True)):
            if not row.changed:
                continue
            sel = QTextEdit.ExtraSelection()
            sel.cursor = QTextCursor(view.document().findBlockByNumber(i))
            fmt = QTextCharFormat()
            fmt.setBackground(gap if blank else changed)
            fmt.setProperty(QTextFormat.Property.FullWidthSelection, True)
            sel.format = fmt
            selections.append(sel)
        view.setExtraSelections(selections)

    def show_row(self, row: int) -> None:
        """Scroll both sides so that ``row`` is near the top."""
        self.left.verticalScrollBar().setValue(max(0, row - 2))

    def show_line(self, left: int | None, right: int | None) -> None:
        """Scroll to the row of a line of the left text (else of the right one)."""
        for i, r in enumerate(self.rows):
            if (r.left == left) if left is not None else (right is not None and r.right == right):
                self.show_row(i)
                return
