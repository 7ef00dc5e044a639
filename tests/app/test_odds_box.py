"""The hand type editor's odds box: exact chances of the best type of 8 dealt cards, off the GUI thread."""

from __future__ import annotations

import time
from math import comb

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QTimer

from studio.app.main_window import MainWindow
from studio.app.odds_box import OddsBox

#: `studio odds --deal 8 --exact --json`: flushes of the standard deck under the base rules.
EIGHT_CARD_FLUSHES = 50_850_320


def _odds(window: MainWindow) -> OddsBox:
    window.tree.select("hand_type", "flush")
    assert window.editor is not None
    return window.editor.odds


def _column(odds: OddsBox, col: int) -> dict[str, str]:
    table = odds.table
    return {table.item(r, 0).text(): table.item(r, col).text() for r in range(table.rowCount())}  # type: ignore[union-attr]


def test_the_box_shows_the_exact_chance_of_each_type_in_eight_dealt_cards(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    odds = _odds(window)
    qtbot.waitUntil(lambda: odds.dealt is not None, timeout=60_000)
    assert odds.dealt is not None
    assert sum(odds.dealt.values()) == comb(52, 8)
    assert odds.dealt["flush"] == EIGHT_CARD_FLUSHES
    assert list(odds.dealt) == list(odds.counts or {})  # the evaluation order
    shown = _column(odds, 3)
    assert shown["flush"] == f"{100 * EIGHT_CARD_FLUSHES / comb(52, 8):.4f}%"
    assert odds.progress.isHidden()
    odds.table.horizontalHeader().setStretchLastSection(False)  # measure the text, not the stretch
    odds.table.resizeColumnsToContents()
    for col in range(4):
        assert odds.table.columnWidth(col) >= odds.table.horizontalHeader().sectionSizeHint(col) - 1


def test_charms_that_change_hand_rules_change_the_odds(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    odds = _odds(window)
    odds.set_deck("abandoned")  # 40 cards: counted in a fraction of the standard deck's time
    qtbot.waitUntil(lambda: odds.dealt is not None, timeout=60_000)
    assert odds.dealt is not None
    plain = odds.dealt["flush"]
    window.preview.add_charm("smeared")
    assert odds.dealt is None  # the old numbers are gone at once
    qtbot.waitUntil(lambda: odds.dealt is not None, timeout=60_000)
    assert odds.dealt["flush"] > plain  # two suit colours: flushes come twice as easily and more
    assert "smeared" in odds.title.text()
    window.preview.add_charm('four_fingers@2#{"rounds":1}')  # a grown charm of the row
    assert odds.charms[-2:] == ["smeared", "four_fingers"]


def test_another_deck_cancels_the_count_and_counts_its_cards(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    odds = _odds(window)
    qtbot.waitUntil(lambda: odds.deal_job is not None and odds.deal_job.is_running(), timeout=10_000)
    first = odds.deal_job
    assert first is not None and not odds.progress.isHidden()
    odds.set_deck("abandoned")
    qtbot.waitUntil(lambda: odds.dealt is not None, timeout=60_000)
    assert odds.deal_job is not first
    assert sum(odds.dealt.values()) == comb(40, 8)
    assert "Abandoned Deck (40 cards)" in odds.title.text()


def test_the_window_keeps_answering_while_the_deals_are_counted(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    odds = _odds(window)
    qtbot.waitUntil(lambda: odds.deal_job is not None and odds.deal_job.is_running(), timeout=10_000)
    fired: list[float] = []
    start = time.perf_counter()
    QTimer.singleShot(20, lambda: fired.append(time.perf_counter() - start))
    qtbot.waitUntil(lambda: bool(fired), timeout=2_000)
    assert odds.dealt is None or fired[0] < 1.0
    odds.set_deck("abandoned")  # the rest of the count is not needed: a 40-card deck's ends it sooner
    qtbot.waitUntil(lambda: odds.dealt is not None, timeout=60_000)


def test_the_box_renders_readably(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    odds = _odds(window)
    odds.set_deck("abandoned")  # its 8-card deals are counted in a fraction of the standard deck's time
    qtbot.waitUntil(lambda: odds.dealt is not None, timeout=60_000)
    image = odds.grab()
    assert odds.width() >= odds.minimumSizeHint().width()
    assert odds.table.horizontalScrollBar().isHidden() or not odds.table.horizontalScrollBar().isVisible()
    assert not image.isNull()


def test_another_hand_type_of_the_same_content_shows_its_counts_at_once(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    # The preview's deck of 40 cards: its deals are counted in a fraction of the standard deck's time,
    # and the counts are remembered with the content the same way whatever the deck.
    window.preview.situation.deck.setCurrentText("Abandoned Deck")
    odds = _odds(window)
    qtbot.waitUntil(lambda: odds.dealt is not None, timeout=60_000)
    counted = dict(odds.dealt or {})
    assert sum(counted.values()) == comb(40, 8)
    window.tree.select("hand_type", "pair")
    assert window.editor is not None
    other = window.editor.odds
    qtbot.waitUntil(lambda: other.dealt is not None, timeout=2_000)  # no 77 million deals again
    assert other.dealt == counted and other.deal_job is None and other.progress.isHidden()
    window.editor.field_at(("strength",)).box.setValue(30)  # an edit makes other content: counted anew
    qtbot.waitUntil(
        lambda: window.editor is not None and window.editor.odds.deal_job is not None, timeout=5_000
    )


def test_the_last_counts_are_greyed_while_another_deck_is_counted(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.preview.situation.deck.setCurrentText("Abandoned Deck")
    odds = _odds(window)
    qtbot.waitUntil(lambda: odds.dealt is not None, timeout=60_000)
    assert odds.table.isEnabled()
    odds.set_deck("standard")
    assert not odds.table.isEnabled()  # the abandoned deck's numbers, under a title that says counting
    assert "counting" in odds.title.text() and "greyed" in odds.title.text()
    qtbot.waitUntil(odds.table.isEnabled, timeout=60_000)  # the standard deck's hands are in
    assert _column(odds, 1)["flush"] == f"{5_108:,}" and _column(odds, 3)["flush"] == "…"
