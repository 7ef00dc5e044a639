"""The Balance panel simulates in the background, cancels, and plots exactly the reports' figures."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pyqtgraph")

from studio.app.balance_panel import BalancePanel
from studio.engine.catalog import Catalog
from studio.simulation.local import simulate
from studio.simulation.paired import compare
from studio.simulation.runners import runner
from studio.simulation.spec import SimulationSpec


def heights(bars: object) -> list[float]:
    return [float(h) for h in bars.opts["height"]]  # type: ignore[attr-defined]


def test_it_compares_the_runs_with_and_without_the_charm_paired(
    qtbot, catalog: Catalog, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    panel = BalancePanel(catalog)
    qtbot.addWidget(panel)
    panel.resize(1100, 520)
    assert panel.bot.currentData() == "strong"  # the default: it plays better
    panel.charm.setCurrentIndex(panel.charm.findData("pair_mult"))
    panel.runs.setValue(4)
    panel.seed.setValue(9)
    panel.workers.setValue(1)
    with qtbot.waitSignal(panel.finished, timeout=120_000):
        panel.start_button.click()
    expected = SimulationSpec(runs=4, seed=9, charms=("pair_mult",), bot="strong")
    comparison = compare(expected, runner(1))
    assert (panel.baseline, panel.with_charm, panel.paired) == (
        comparison.without,
        comparison.with_,
        comparison.paired,
    )
    assert panel.with_charm == simulate(expected)  # pairing changes nothing in either simulation
    assert panel.progress.value() == panel.progress.maximum() == 8
    base, charm = panel.ante_bars
    assert heights(base) == [100 * x for x in panel.baseline.cleared_by_ante()]
    assert heights(charm) == [100 * x for x in panel.with_charm.cleared_by_ante()]
    hands = panel.with_charm.hands - panel.with_charm.infinite_hands
    shares = [100 * panel.with_charm.score_buckets.get(str(b), 0) / hands for b in panel.score_buckets]
    assert heights(panel.score_bars[1]) == shares
    assert sum(shares) == pytest.approx(100)
    text = panel.status.text()
    assert "With Double Trouble (pair_mult): won" in text and "Without a charm: won" in text
    p = comparison.paired
    assert p.runs == 4
    verdict = "more than the seeds' luck" if p.beyond_luck else "within the seeds' luck"
    assert (
        f"Double Trouble (pair_mult), run by run on the same seeds: {p.antes_difference:+.2f} antes cleared"
        f" (± {p.antes_margin:.2f} at 95%), {100 * p.win_rate_difference:+.1f} points of win rate"
        f" (± {100 * p.win_rate_margin:.1f}); {verdict}" in text
    )
    rounds = comparison.with_.rounds
    assert rounds > 0
    assert (
        f"Double Trouble (pair_mult) was in the row in {comparison.with_.locked_rounds['pair_mult']:,}"
        f" of {rounds:,} rounds" in text
    )
    assert (
        f"its effects added {comparison.with_.charms['pair_mult'].per_hand:,.0f} to a hand's total on average"
        in text
    )
    assert panel.start_button.isEnabled() and panel.rank_button.isEnabled()
    assert not panel.cancel_button.isEnabled()
    assert panel.grab().save(str(tmp_path / "balance.png"))


def test_the_bot_chosen_is_the_bot_that_plays(qtbot, catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    panel = BalancePanel(catalog)
    qtbot.addWidget(panel)
    from PySide6.QtWidgets import QComboBox

    bot = panel.findChild(QComboBox, "balanceBot")
    assert bot is panel.bot
    assert [bot.itemData(i) for i in range(bot.count())] == ["strong", "fast"]
    assert panel.spec().bot == "strong"
    bot.setCurrentIndex(bot.findData("fast"))
    assert panel.spec().bot == "fast"


def test_a_simulation_can_be_cancelled(qtbot, catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    panel = BalancePanel(catalog)
    qtbot.addWidget(panel)
    panel.runs.setValue(100_000)
    with qtbot.waitSignal(panel.finished, timeout=60_000):
        panel.start_button.click()
        assert panel.cancel_button.isEnabled()
        panel.cancel_button.click()
    assert panel.status.text().startswith("Cancelled")
    assert panel.baseline is None  # nothing half-done is plotted
    assert panel.start_button.isEnabled()


def test_garbage_is_collected_on_the_gui_thread_only_while_a_job_runs(qtbot, catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    # Python's collector may run in whatever thread allocates; freeing a Qt object in the simulation's
    # thread crashes the process. The panel (shown here without the main window) guards its jobs.
    import gc

    panel = BalancePanel(catalog)
    qtbot.addWidget(panel)
    panel.runs.setValue(2)
    panel.workers.setValue(1)
    assert gc.isenabled()
    with qtbot.waitSignal(panel.finished, timeout=60_000):
        panel.start_button.click()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_without_a_charm_it_plots_the_baseline_alone(qtbot, catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    panel = BalancePanel(catalog)
    qtbot.addWidget(panel)
    panel.runs.setValue(2)
    panel.workers.setValue(1)
    with qtbot.waitSignal(panel.finished, timeout=60_000):
        panel.start_button.click()
    assert panel.with_charm is None and panel.baseline is not None
    assert len(panel.ante_bars) == len(panel.score_bars) == 1
    assert heights(panel.ante_bars[0]) == [100 * x for x in panel.baseline.cleared_by_ante()]
    assert panel.progress.maximum() == 2


def test_closing_the_panel_stops_its_simulation(qtbot, catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    panel = BalancePanel(catalog)
    qtbot.addWidget(panel)
    panel.runs.setValue(100_000)
    panel.workers.setValue(1)
    panel.start_button.click()
    job = panel.job
    assert job is not None and job.isRunning()
    panel.close()
    assert job.isFinished()


def test_the_main_window_docks_the_balance_panel_on_its_content(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dock = window.findChild(type(window.docks[0]), "balanceDock")
    assert dock is not None and window.balance is None  # made when first opened
    dock.toggleViewAction().trigger()  # View > Balance
    qtbot.waitUntil(lambda: window.balance is not None)
    assert dock.isVisible() and dock.widget() is window.balance
    assert dock.toggleViewAction() in window.menuBar().actions()[3].menu().actions()
    assert window.balance.catalog is window.session.ws.catalog
    assert window.balance.charm.findData("pair_mult") > 0


def test_the_editor_starts_without_the_plotting_library_until_balance_opens(tmp_path: Path) -> None:
    """pyqtgraph costs a quarter of a second to import: only the Balance panel needs it."""
    code = """
import sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from studio.app.main_window import MainWindow
app = QApplication([])
w = MainWindow(recovery_dir=__import__('pathlib').Path(sys.argv[1]) / 'r',
               settings=QSettings(sys.argv[1] + '/s.ini', QSettings.Format.IniFormat))

def loaded():
    print('pyqtgraph' in sys.modules, w.balance is None)
    w.docks[3].toggleViewAction().trigger()
    app.processEvents()
    print('pyqtgraph' in sys.modules, w.balance is not None and w.docks[3].widget() is w.balance)
    app.quit()

w.show(); w.loaded.connect(loaded); w.open_packs([]); app.exec()
"""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["False", "True", "True", "True"]


def test_the_plots_follow_the_theme(qtbot, catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication

    from studio.app import palette

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    style, colours, theme = app.style().name(), app.palette(), palette.current()
    try:
        palette.apply(app, True)
        panel = BalancePanel(catalog)
        qtbot.addWidget(panel)
        assert panel.ante_plot.backgroundBrush().color().name() == palette.DARK.base.lower()
        palette.apply(app, False)
        panel.apply_theme()
        assert panel.score_plot.backgroundBrush().color().name() == palette.LIGHT.base.lower()
    finally:  # as the other tests found the application
        palette.apply(app, theme is palette.DARK)
        app.setStyle(style)
        app.setPalette(colours)


def test_the_key_to_the_colours_hides_no_bar(qtbot, catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    """A key inside a plot covered the bars that reached its corner; the key sits under both plots."""
    panel = BalancePanel(catalog)
    qtbot.addWidget(panel)
    panel.resize(880, 300)
    panel.show()
    qtbot.waitExposed(panel)
    comparison = compare(SimulationSpec(runs=2, seed=1, charms=("pair_x2",), bot="fast"), runner(1))
    panel.show_reports(comparison.without, comparison.with_, "pair_x2", comparison.paired)
    qtbot.wait(50)
    for plot in (panel.ante_plot, panel.score_plot):
        item = plot.getPlotItem()
        legend = item.legend
        assert legend is None or not legend.sceneBoundingRect().intersects(item.vb.sceneBoundingRect())
    key = panel.key
    assert key.isVisible() and "without" in key.text() and "with pair_x2" in key.text()
    shown = key.geometry().translated(key.parentWidget().mapTo(panel, key.parentWidget().rect().topLeft()))
    for plot in (panel.ante_plot, panel.score_plot):
        area = plot.geometry().translated(
            plot.parentWidget().mapTo(panel, plot.parentWidget().rect().topLeft())
        )
        assert not shown.intersects(area)


def test_the_panel_offers_no_more_worker_processes_than_the_command_accepts(
    qtbot, catalog: Catalog, studio
) -> None:  # type: ignore[no-untyped-def]
    """Each worker process loads the content: the command caps them per core, and so does the panel."""
    panel = BalancePanel(catalog)
    qtbot.addWidget(panel)
    top = panel.workers.maximum()
    assert 1 <= panel.workers.value() <= top
    refused = studio("simulate", "--runs", "2", "--seed", "1", "--workers", str(top + 1))
    assert refused.code == 2 and f"--workers {top + 1}: at most {top} here" in refused.err


def test_before_any_run_the_totals_axis_names_totals(qtbot, catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    """The empty plot labels its axis with totals (0, 2, 8, ... 32k), not pyqtgraph's 0.2 ... 0.8."""
    panel = BalancePanel(catalog)
    qtbot.addWidget(panel)
    major = panel.score_plot.getAxis("bottom")._tickLevels[0]  # the ticks set on it (no public getter)
    assert [text for _, text in major] == ["0", "2", "8", "32", "128", "512", "2k", "8k", "32k"]


def test_in_a_laptop_sized_window_the_findings_get_seven_lines(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """At 1280x800 the settings stood one a row and left a comparison's finding four lines to scroll in."""
    from PySide6.QtWidgets import QScrollArea

    window.resize(1280, 800)
    window.findChild(type(window.docks[0]), "balanceDock").toggleViewAction().trigger()
    qtbot.waitUntil(lambda: window.balance is not None and window.balance.isVisible())
    findings = window.balance.findChild(QScrollArea, "balanceFindings")
    qtbot.waitUntil(lambda: findings.viewport().height() > 0)
    assert findings.viewport().height() >= 7 * findings.fontMetrics().lineSpacing()
    assert window.balance.runs.isVisible() and window.balance.workers.isVisible()


def test_the_findings_say_what_they_were_played_with_after_the_boxes_change(qtbot, catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    panel = BalancePanel(catalog)
    qtbot.addWidget(panel)
    panel.runs.setValue(2)
    panel.seed.setValue(7)
    panel.workers.setValue(1)
    panel.bot.setCurrentIndex(panel.bot.findData("fast"))
    with qtbot.waitSignal(panel.finished, timeout=60_000):
        panel.start_button.click()
    played = "Played with Standard Deck, difficulty 0 (none), the fast bot, seed 7."
    assert played in panel.status.text()
    panel.bot.setCurrentIndex(panel.bot.findData("strong"))
    panel.seed.setValue(8)
    assert played in panel.status.text()  # the results shown are still those runs'
