"""The Balance panel ranks every charm of its content, the charm being edited highlighted."""

from __future__ import annotations

import dataclasses

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pyqtgraph")

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QPushButton, QTableView

from studio.app import palette
from studio.app.balance_panel import BalancePanel
from studio.engine.catalog import Catalog
from studio.simulation.paired import Paired, RankEntry, rank, ranking
from studio.simulation.report import Report
from studio.simulation.runners import runner
from studio.simulation.spec import SimulationSpec

THREE = ("even_mult", "pair_mult", "plain_mult")


def small(catalog: Catalog, qtbot, charms: tuple[str, ...] = THREE) -> BalancePanel:  # type: ignore[no-untyped-def]
    """A panel on the content with only ``charms`` (the simulation plays the content from disk)."""
    panel = BalancePanel(dataclasses.replace(catalog, charms={c: catalog.charms[c] for c in charms}))
    qtbot.addWidget(panel)
    panel.resize(1100, 420)
    panel.workers.setValue(1)
    panel.show()
    return panel


def texts(table: QTableView, column: int) -> list[str]:
    model = table.model()
    return [model.index(row, column).data() for row in range(model.rowCount())]


def ids(table: QTableView) -> list[str]:
    """The charm of each row (the Charm column reads ``id — Name``)."""
    return [text.split(" — ")[0] for text in texts(table, 1)]


def lit_rows(table: QTableView) -> list[int]:
    """Rows drawn bold on the theme's highlight colour."""
    model, colour = table.model(), QColor(palette.current().highlight_row)
    rows = []
    for row in range(model.rowCount()):
        index = model.index(row, 1)
        background, font = index.data(Qt.ItemDataRole.BackgroundRole), index.data(Qt.ItemDataRole.FontRole)
        if background is not None and background.color() == colour and font is not None and font.bold():
            rows.append(row)
    return rows


def test_the_ranking_fills_the_table_as_charms_come_in_the_chosen_one_highlighted(
    qtbot, catalog: Catalog
) -> None:  # type: ignore[no-untyped-def]
    panel = small(catalog, qtbot)
    panel.charm.setCurrentIndex(panel.charm.findData("plain_mult"))
    panel.bot.setCurrentIndex(panel.bot.findData("fast"))  # passed to the ranking's runs
    panel.runs.setValue(3)
    panel.seed.setValue(9)
    table = panel.findChild(QTableView, "rankingTable")
    assert table is not None
    seen: list[int] = []  # rows in the table as each charm's entry arrives: filled while it runs
    table.model().rowsInserted.connect(lambda *_: seen.append(table.model().rowCount()))
    with qtbot.waitSignal(panel.finished, timeout=60_000):
        panel.findChild(QPushButton, "rankButton").click()
        assert not panel.start_button.isEnabled() and panel.cancel_button.isEnabled()
    assert seen == [1, 2, 3]
    expected = rank(SimulationSpec(runs=3, seed=9, bot="fast"), THREE, runner(1))
    assert panel.ranking == expected
    names = {c: catalog.charms[c].name for c in THREE}
    assert texts(table, 1) == [f"{e.charm} — {names[e.charm]}" for e in expected.entries]  # best first
    assert texts(table, 0) == ["1", "2", "3"]
    best = expected.entries[0]
    p = best.paired
    assert texts(table, 2)[0] == f"{p.antes_difference:+.2f} ± {p.antes_margin:.2f}"
    assert texts(table, 3)[0] == f"{100 * p.win_rate_difference:+.1f} ± {100 * p.win_rate_margin:.1f}"
    assert texts(table, 4)[0] == f"{best.report.locked_rounds[best.charm] / best.report.rounds:.0%}"
    flags = {"high": "above the rest", "low": "below the rest", "": ""}
    assert texts(table, 5) == [flags[e.outlier] for e in expected.entries]
    assert lit_rows(table) == [ids(table).index("plain_mult")]
    assert panel.views.currentWidget() is table
    assert panel.progress.value() == panel.progress.maximum() == 3 * 4  # the baseline, then each charm
    text = panel.status.text()
    assert "Ranked 3 charms against the same 3 runs" in text
    assert f"Old Faithful (plain_mult) is {ids(table).index('plain_mult') + 1} of 3" in text
    assert panel.start_button.isEnabled() and panel.rank_button.isEnabled()

    # Double-clicking a row makes its charm the one compared, and the highlight follows.
    other = ids(table).index("pair_mult")
    rect = table.visualRect(table.model().index(other, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # as a person does
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.charm.currentData() == "pair_mult"
    assert lit_rows(table) == [other]


def test_the_chosen_charm_is_scrolled_into_view(qtbot, catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    panel = small(catalog, qtbot, tuple(sorted(catalog.charms)))
    entries = [  # made-up differences: what matters is where the chosen charm lands
        RankEntry(c, Report(runs=2), Paired(2, -i, i * i, 0, 0)) for i, c in enumerate(sorted(catalog.charms))
    ]
    last = entries[-1].charm
    panel.charm.setCurrentIndex(panel.charm.findData(last))
    table = panel.table
    panel.show_ranking(ranking(Report(runs=2), entries))  # the plots' tab in front
    row = table.model().rowCount() - 1
    assert ids(table)[row] == last and lit_rows(table) == [row]
    panel.views.setCurrentWidget(table)  # the ranking's tab chosen: the chosen charm is in view
    assert table.viewport().rect().contains(table.visualRect(table.model().index(row, 1)))
    panel.charm.setCurrentIndex(panel.charm.findData(entries[0].charm))  # choosing scrolls back up
    assert lit_rows(table) == [0]
    assert table.viewport().rect().contains(table.visualRect(table.model().index(0, 1)))


def test_a_ranking_can_be_cancelled(qtbot, catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    panel = small(catalog, qtbot)
    panel.runs.setValue(100_000)
    panel.bot.setCurrentIndex(panel.bot.findData("fast"))
    with qtbot.waitSignal(panel.finished, timeout=60_000):
        panel.rank_button.click()
        assert panel.cancel_button.isEnabled()
        panel.cancel_button.click()
    assert panel.status.text().startswith("Cancelled")
    assert panel.ranking is None and panel.job is None
    assert panel.progress.value() < panel.progress.maximum()
    assert panel.rank_button.isEnabled() and panel.start_button.isEnabled()
    assert not panel.cancel_button.isEnabled()


def test_the_findings_say_the_place_of_the_charm_chosen_after_the_ranking(qtbot, catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    panel = small(catalog, qtbot)
    entries = [RankEntry(c, Report(runs=2), Paired(2, -i, 0, 0, 0)) for i, c in enumerate(THREE)]
    panel.charm.setCurrentIndex(panel.charm.findData("plain_mult"))
    panel.show_ranking(ranking(Report(runs=2), entries))
    assert "Old Faithful (plain_mult) is 3 of 3" in panel.status.text()
    panel.charm.setCurrentIndex(panel.charm.findData("even_mult"))  # as opening it in the editor does
    assert lit_rows(panel.table) == [0]
    assert (
        "Even Keel (even_mult) is 1 of 3" in panel.status.text()
    )  # the highlighted row's place, not the last one's
    assert "plain_mult is" not in panel.status.text()
