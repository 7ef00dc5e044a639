"""A hand type's live odds: exhaustive counts over the chosen deck and the evaluation order.

Counting every five-card hand of the deck (2,598,960 for the standard 52
cards) runs in a worker thread after each edit of a hand type, and again when
another deck is chosen in the preview; a newer edit cancels the older count.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from studio.app.workers import Job
from studio.engine.catalog import Catalog
from studio.engine.runs import DeckDef

#: The deck counted until another is chosen.
STANDARD = "standard"


def deck_of(catalog: Catalog, deck_id: str) -> DeckDef:
    """The deck to count: the one asked for, else the standard deck, else the first loaded."""
    decks = catalog.decks
    deck = decks.get(deck_id) or decks.get(STANDARD) or next(iter(decks.values()), None)
    if deck is None:
        raise ValueError("no deck is loaded to count hands from")
    return deck


def count(catalog: Catalog, deck_id: str = STANDARD) -> dict[str, int]:
    """Count the hand types of every 5-card hand of a deck's cards."""
    from studio.engine.odds import count_exhaustive  # only once a hand type is open

    return count_exhaustive(deck_of(catalog, deck_id).cards, 5, catalog, frozenset())


COUNT_AFTER_MS = 300


class OddsBox(QWidget):
    """The evaluation order with each type's count and chance; the edited type is in bold."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("oddsBox")
        self.title = QLabel("<b>Evaluation order and odds</b> (every 5-card hand of the deck)")
        self.title.setWordWrap(True)
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
        #: The deck whose cards are counted (the one chosen in the preview).
        self.deck = STANDARD
        self._current = ""
        self._catalog: Catalog | None = None
        #: Which deck the numbers shown are of, for the title.
        self._counted = ""
        #: Typing in a hand type's form recounts once, after a pause, not once per key.
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(COUNT_AFTER_MS)
        self._timer.timeout.connect(self._count)

    def update_for(self, catalog: Catalog | None, type_id: str) -> None:
        """Recount for ``catalog`` a moment after the last edit, marking ``type_id``."""
        self._current = type_id
        self._catalog = catalog
        if catalog is None:
            self.clear("fix the problems to count")
            return
        if self.job is not None:
            self.job.cancel()
        self.title.setText("<b>Evaluation order and odds</b>: counting…")
        self._timer.start()

    def set_deck(self, deck_id: str) -> None:
        """Count the cards of another deck (recounting at once if a hand type is shown)."""
        if not deck_id or deck_id == self.deck:
            return
        self.deck = deck_id
        if not self.isHidden() and self._catalog is not None and self._current:
            self.update_for(self._catalog, self._current)

    def clear(self, why: str) -> None:
        """Show no numbers, saying why (counts of another version of the content would mislead)."""
        self._timer.stop()
        if self.job is not None:
            self.job.cancel()
        self.counts = None
        self.table.setRowCount(0)
        self.table.hide()
        self.title.setText(f"<b>Evaluation order and odds</b>: {why}")

    def _count(self) -> None:
        catalog = self._catalog
        if catalog is None:
            return
        try:
            deck = deck_of(catalog, self.deck)
        except ValueError as exc:
            self.clear(str(exc))
            return
        self._counted = f"{deck.name or deck.id} ({len(deck.cards)} cards), the preview's deck"
        old = self.job
        if old is not None:  # done with it once it has ended
            if old.is_running():
                old.finished.connect(old.deleteLater)
            else:
                old.deleteLater()

        def work(_progress: Any, _cancelled: Any) -> dict[str, int]:
            return count(catalog, deck.id)

        self.job = job = Job(work, self)
        job.done.connect(self._show)
        job.failed.connect(lambda m: self.title.setText(f"<b>Evaluation order and odds</b>: {m}"))
        job.start()

    def _show(self, counts: dict[str, int]) -> None:
        self.counts = counts
        self.table.show()
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
        self.title.setText(f"<b>Evaluation order and odds</b> over {total:,} hands of the {self._counted}")

    def shutdown(self) -> None:
        """Stop counting (before the window closes)."""
        self._timer.stop()
        if self.job is not None and self.job.is_running():
            self.job.cancel()
            self.job.wait()
