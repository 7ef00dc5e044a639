"""A hand type's live odds: exhaustive counts over the standard deck and the evaluation order.

Counting all 2,598,960 five-card hands runs in a worker thread after each
edit of a hand type; a newer edit cancels the older count.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from studio.app.workers import Job
from studio.engine.catalog import Catalog
from studio.engine.odds import count_exhaustive


def count(catalog: Catalog) -> dict[str, int]:
    """Count the hand types of every 5-card hand of the standard deck (or the first deck)."""
    deck = catalog.decks.get("standard") or next(iter(catalog.decks.values()), None)
    if deck is None:
        raise ValueError("no deck is loaded to count hands from")
    return count_exhaustive(deck.cards, 5, catalog, frozenset())


COUNT_AFTER_MS = 300


class OddsBox(QWidget):
    """The evaluation order with each type's count and chance; the edited type is in bold."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("oddsBox")
        self.title = QLabel("<b>Evaluation order and odds</b> (every 5-card hand of the deck)")
        self.table = QTableWidget(0, 3)
        self.table.setObjectName("oddsTable")
        self.table.setAccessibleName("Hand type odds")
        self.table.setHorizontalHeaderLabels(["hand type", "hands", "chance"])
        self.table.verticalHeader().setDefaultSectionSize(20)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().hide()
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 8, 0, 0)
        v.addWidget(self.title)
        v.addWidget(self.table)
        self.job: Job | None = None
        self.counts: dict[str, int] | None = None
        self._current = ""
        self._catalog: Catalog | None = None
        #: Typing in a hand type's form recounts once, after a pause, not once per key.
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(COUNT_AFTER_MS)
        self._timer.timeout.connect(self._count)

    def update_for(self, catalog: Catalog | None, type_id: str) -> None:
        """Recount for ``catalog`` a moment after the last edit, marking ``type_id``."""
        self._current = type_id
        self._catalog = catalog
        if self.job is not None:
            self.job.cancel()
        if catalog is None:
            self.title.setText("<b>Evaluation order and odds</b>: fix the problems to count")
            return
        self.title.setText("<b>Evaluation order and odds</b>: counting…")
        self._timer.start()

    def _count(self) -> None:
        catalog = self._catalog
        if catalog is None:
            return
        old = self.job
        if old is not None:  # done with it once it has ended
            if old.is_running():
                old.finished.connect(old.deleteLater)
            else:
                old.deleteLater()

        def work(_progress: Any, _cancelled: Any) -> dict[str, int]:
            return count(catalog)

        self.job = job = Job(work, self)
        job.done.connect(self._show)
        job.failed.connect(lambda m: self.title.setText(f"<b>Evaluation order and odds</b>: {m}"))
        job.start()

    def _show(self, counts: dict[str, int]) -> None:
        self.counts = counts
        total = sum(counts.values()) or 1
        self.table.setRowCount(len(counts))
        for row, (type_id, n) in enumerate(counts.items()):
            cells = (type_id, f"{n:,}", f"{100 * n / total:.4f}%")
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if type_id == self._current:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()
        rows = self.table.verticalHeader().defaultSectionSize() * len(counts)
        self.table.setMinimumHeight(rows + self.table.horizontalHeader().height() + 4)
        self.title.setText(f"<b>Evaluation order and odds</b> over {total:,} hands")

    def shutdown(self) -> None:
        """Stop counting (before the window closes)."""
        self._timer.stop()
        if self.job is not None and self.job.is_running():
            self.job.cancel()
            self.job.wait()
