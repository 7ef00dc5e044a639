"""A hand type's live odds: exhaustive counts over the chosen deck and the evaluation order.

Counting every five-card hand of the deck (2,598,960 for the standard 52
cards), then the exact chance of each type being the best a dealt hand of 8
can play (752,538,150 deals), runs in worker threads after each edit of a hand
type, and again when another deck or other charms are chosen in the preview
(charms that change hand rules, such as four-card flushes, change the odds); a
newer edit cancels the older counts. Counts are remembered with the content
they were made from, so opening another hand type shows them at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QProgressBar, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from studio.app.preview.charm_box import CharmBox
from studio.app.preview.charm_tokens import id_of
from studio.app.workers import Job, Work
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


def rules_of(catalog: Catalog, charm_ids: list[str], deck: DeckDef | None = None) -> frozenset[str]:
    """The hand rules the deck and the loaded ones of these charms switch on (unknown ids are left
    out)."""
    from studio.engine.odds import rules_in_play  # only once a hand type is open

    return rules_in_play(catalog, [c for c in charm_ids if c in catalog.charms], deck)


def count(
    catalog: Catalog,
    deck_id: str = STANDARD,
    rules: frozenset[str] = frozenset(),
    cancelled: Callable[[], bool] | None = None,
) -> dict[str, int]:
    """Count the hand types of every 5-card hand of a deck's cards (remembered with the content); a
    count ``cancelled()`` stops raises ``Cancelled`` and is not remembered."""
    from studio.engine.odds import count_exhaustive  # only once a hand type is open

    key = ("odds", deck_id, 5, rules)
    found = catalog.memo.get(key)
    if found is None:
        cards = deck_of(catalog, deck_id).cards
        found = catalog.memo[key] = count_exhaustive(cards, 5, catalog, rules, cancelled)
    return found  # type: ignore[return-value]


Progress = Callable[[int, int], None]

COUNT_AFTER_MS = 300
TITLE = "Evaluation order and odds"
#: Cards dealt for the exact chances (the base game's hand size).
DEALT = 8


class OddsBox(QWidget):
    """The evaluation order with each type's count and chances; the edited type is in bold."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("oddsBox")
        self.title = QLabel(f"<b>{TITLE}</b> (every 5-card hand of the deck, and every {DEALT}-card deal)")
        self.title.setWordWrap(True)
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("oddsTable")
        self.table.setAccessibleName("Hand type odds")
        self.table.setHorizontalHeaderLabels(["hand type", "hands", "chance", f"best of {DEALT} dealt"])
        header = self.table.horizontalHeaderItem(3)
        if header is not None:
            header.setToolTip(
                f"The exact chance that this is the best type a dealt hand of {DEALT} cards can play"
            )
        self.table.verticalHeader().setDefaultSectionSize(20)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().hide()
        self.progress = QProgressBar()
        self.progress.setObjectName("oddsProgress")
        self.progress.setAccessibleName(f"Counting every {DEALT}-card deal")
        self.progress.setFormat(f"counting every {DEALT}-card deal… %p%")
        self.progress.hide()
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 8, 0, 0)
        v.addWidget(self.title)
        v.addWidget(self.table)
        v.addWidget(self.progress)
        self.job: Job | None = None
        #: The job counting the dealt hands, started once the 5-card counts are in.
        self.deal_job: Job | None = None
        self.counts: dict[str, int] | None = None
        #: The exact counts of the best type of every dealt hand, once known.
        self.dealt: dict[str, int] | None = None
        #: The deck whose cards are counted (the one chosen in the preview).
        self.deck = STANDARD
        #: The charms of the preview's row: their hand rules apply.
        self.charms: list[str] = []
        self._current = ""
        self._catalog: Catalog | None = None
        #: Which deck and rules the numbers shown are of, for the title.
        self._counted = ""
        #: Typing in a hand type's form recounts once, after a pause, not once per key.
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(COUNT_AFTER_MS)
        self._timer.timeout.connect(self._count)
        self._charm_box: CharmBox | None = None

    def update_for(self, catalog: Catalog | None, type_id: str) -> None:
        """Recount for ``catalog`` a moment after the last edit, marking ``type_id``."""
        self._current = type_id
        self._catalog = catalog
        if catalog is None:
            self.clear("fix the problems to count")
            return
        self._cancel()
        # The last numbers stay (no flicker while typing) but greyed: they may be another deck's or rules'.
        self.table.setEnabled(False)
        self.title.setText(f"<b>{TITLE}</b>: counting… (the greyed numbers are the last count's)")
        self._timer.start()

    def set_deck(self, deck_id: str) -> None:
        """Count the cards of another deck (recounting at once if a hand type is shown)."""
        if not deck_id or deck_id == self.deck:
            return
        self.deck = deck_id
        self._recount()

    def watch_charms(self, box: CharmBox) -> None:
        """Apply the hand rules of the charms in ``box``, now and whenever they change."""
        self._charm_box = box
        box.changed.connect(self._charms_changed)
        self._charms_changed()

    def _charms_changed(self) -> None:
        box = self._charm_box
        ids = [id_of(token) for token in box.tokens()] if box else []
        if ids != self.charms:
            self.charms = ids
            self._recount()

    def _recount(self) -> None:
        if not self.isHidden() and self._catalog is not None and self._current:
            self.update_for(self._catalog, self._current)

    def clear(self, why: str) -> None:
        """Show no numbers, saying why (counts of another version of the content would mislead)."""
        self._timer.stop()
        self._cancel()
        self.counts = None
        self.table.setRowCount(0)
        self.table.hide()
        self.title.setText(f"<b>{TITLE}</b>: {why}")

    def _cancel(self) -> None:
        for job in (self.job, self.deal_job):
            if job is not None:
                job.cancel()
        self.dealt = None
        self.progress.hide()

    def _start(self, work: Work, done: Callable[[Any], None]) -> Job:
        def failed(message: str) -> None:
            self.progress.hide()
            self.title.setText(f"<b>{TITLE}</b>: {message}")

        job = Job(work, self)
        job.done.connect(done)
        job.failed.connect(failed)
        return job.start()

    def _count(self) -> None:
        catalog = self._catalog
        if catalog is None:
            return
        try:
            deck = deck_of(catalog, self.deck)
        except ValueError as exc:
            self.clear(str(exc))
            return
        rules = rules_of(catalog, self.charms, deck)
        shown = ", ".join(sorted(rules - {"splash"}))
        self._counted = f"{deck.name or deck.id} ({len(deck.cards)} cards), the preview's deck" + (
            f", with the rules {shown}" if shown else ""
        )
        for old in (self.job, self.deal_job):  # done with them once they have ended
            if old is not None:
                if old.is_running():
                    old.finished.connect(old.deleteLater)
                else:
                    old.deleteLater()
        job = self.job = self._start(
            lambda _p, cancelled: count(catalog, deck.id, rules, cancelled), self._show
        )
        self.deal_job = None

        # The counts are those of this content (the catalog, made anew by any edit): another hand type
        # opened, or a deck or charm chosen again, shows them at once.
        key = ("odds", deck.id, DEALT, rules)
        known = catalog.memo.get(key)
        if known is not None:
            self._show_dealt(known)  # type: ignore[arg-type]
            return

        def deal(progress: Progress, cancelled: Callable[[], bool]) -> dict[str, int]:
            from studio.engine.odds.deal import count_dealt  # only once a hand type is open

            counts = count_dealt(deck.cards, min(DEALT, len(deck.cards)), catalog, rules, progress, cancelled)
            catalog.memo[key] = counts
            return counts

        def count_deals(_counts: object) -> None:
            # Once the 5-card counts are in: both counts at once would share the interpreter, and the
            # quick 5-card numbers would wait for the long count of the deals.
            if self.job is not job:  # a newer count took its place
                return
            self.progress.setValue(0)
            self.progress.show()
            self.deal_job = self._start(deal, self._show_dealt)
            self.deal_job.progress.connect(self._progressed)

        job.done.connect(count_deals)

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setValue(round(100 * done / total) if total else 0)

    def _show(self, counts: dict[str, int]) -> None:
        self.counts = counts
        self.table.setEnabled(True)
        self.table.show()
        total = sum(counts.values()) or 1
        self.table.setRowCount(len(counts))
        for row, (type_id, n) in enumerate(counts.items()):
            cells = (type_id, f"{n:,}", f"{100 * n / total:.4f}%", self._dealt_text(type_id))
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
        columns = sum(self.table.columnWidth(c) for c in range(self.table.columnCount()))
        self.table.setMinimumWidth(columns + 2 * self.table.frameWidth() + 4)  # no scroll bar over a row
        deals = f"; best of {DEALT} dealt over all {sum(self.dealt.values()):,} deals" if self.dealt else ""
        self.title.setText(f"<b>{TITLE}</b> over {total:,} hands of the {self._counted}{deals}")

    def _dealt_text(self, type_id: str) -> str:
        if self.dealt is None:
            return "…"
        total = sum(self.dealt.values()) or 1
        return f"{100 * self.dealt.get(type_id, 0) / total:.4f}%"

    def _show_dealt(self, dealt: dict[str, int]) -> None:
        self.dealt = dealt
        self.progress.hide()
        if self.counts is not None:
            self._show(self.counts)

    def shutdown(self) -> None:
        """Stop counting (before the window closes)."""
        self._timer.stop()
        for job in (self.job, self.deal_job):
            if job is not None:
                job.cancel()  # also one that has ended: its result, still on its way, starts nothing
                if job.is_running():
                    job.wait()
