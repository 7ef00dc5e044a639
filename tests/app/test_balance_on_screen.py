"""Balance simulates what is on screen: unsaved edits and new entries, on the charm being edited."""

from __future__ import annotations

import pytest

pytest.importorskip("pyqtgraph")

from studio.simulation.local import simulate
from studio.simulation.spec import SimulationSpec

AMOUNT = ("abilities", 0, "effects", 0, "amount")


def _open_balance(qtbot, window):  # type: ignore[no-untyped-def]
    window.docks[3].toggleViewAction().trigger()
    qtbot.waitUntil(lambda: window.balance is not None)
    return window.balance


def test_it_starts_on_the_charm_being_edited_and_follows_the_editor(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.tree.select("charm", "plain_mult")
    panel = _open_balance(qtbot, window)
    assert panel.charm.currentData() == "plain_mult"
    window.tree.select("charm", "even_mult")
    assert panel.charm.currentData() == "even_mult"


def test_a_new_unsaved_charm_is_listed_chosen_and_simulated(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = _open_balance(qtbot, window)
    assert panel.charm.findData("balance_probe") < 0
    window.entries.ask = lambda *_args: "balance_probe"
    window.entries.new("charm")
    ws = window.session.ws
    assert panel.charm.findData("balance_probe") > 0  # the list follows the loaded content
    assert panel.charm.currentData() == "balance_probe"  # opened in the editor, so chosen
    window.session.set_field(ws.ref(window.editor.file), ("cost",), 3)
    panel.runs.setValue(2)
    panel.seed.setValue(4)
    panel.workers.setValue(1)
    with qtbot.waitSignal(panel.finished, timeout=120_000):
        panel.start_button.click()
    assert "failed" not in panel.status.text(), panel.status.text()
    spec = SimulationSpec(runs=2, seed=4, charms=("balance_probe",), edits=ws.unsaved_edits(), bot="strong")
    assert panel.with_charm == simulate(spec)


def test_an_unsaved_edit_is_what_the_simulation_plays(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = _open_balance(qtbot, window)
    window.tree.select("charm", "plain_mult")
    field = window.editor.field_at(AMOUNT)
    field.box.setValue(60)
    spec = panel.spec()
    assert [rel for _, rel, _ in spec.edits] == ["charms/plain_mult.yaml"]
    assert "amount: 60" in spec.edits[0][2]
    window.history.undo()
    assert panel.spec().edits == ()  # back to the saved content: nothing to lay over it


def test_a_pack_opened_in_the_app_is_simulated_with_the_rest(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from studio.content.packs.skeleton import write_skeleton

    panel = _open_balance(qtbot, window)
    pack = tmp_path / "neon"
    write_skeleton(pack, "neon")
    assert window.pack_menu.open_folder(pack)
    assert window.balance.packs == (str(pack),)
    assert window.balance.charm.findData("neon_pair_bonus") > 0
    assert window.balance is not panel  # a new pack is new content to simulate


def test_both_plot_titles_fit_in_a_window_narrower_than_the_layout_targets(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.resize(880, 700)
    panel = _open_balance(qtbot, window)
    window.docks[3].raise_()
    for plot in (panel.ante_plot, panel.score_plot):
        qtbot.waitUntil(lambda plot=plot: plot.isVisible() and plot.width() > 0)
        text = plot.getPlotItem().titleLabel.item
        drawn = text.mapRectToScene(text.boundingRect())  # centred over the plot area, right of the axis
        assert drawn.left() >= 0 and drawn.right() <= plot.width()


def test_results_played_before_an_edit_say_so_until_it_is_undone(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from studio.app.balance_panel import STALE

    window.tree.select("charm", "plain_mult")
    panel = _open_balance(qtbot, window)
    panel.runs.setValue(2)
    panel.workers.setValue(1)
    with qtbot.waitSignal(panel.finished, timeout=120_000):
        panel.start_button.click()
    summary = panel.status.text()
    assert "Old Faithful (plain_mult)" in summary and STALE not in summary
    window.editor.field_at(AMOUNT).box.setValue(12)
    assert panel.status.text() == f"{STALE}\n\n{summary}"  # the plots are of the +4, not the +12
    window.history.undo()
    assert panel.status.text() == summary  # the content they were played with is back


def _ranked(qtbot, window, charms: tuple[str, ...]):  # type: ignore[no-untyped-def]
    """The Balance panel showing a made-up ranking of ``charms`` (best first) on its Ranking tab."""
    from studio.simulation.paired import Paired, RankEntry, ranking
    from studio.simulation.report import Report

    panel = _open_balance(qtbot, window)
    window.docks[3].raise_()
    entries = [RankEntry(c, Report(runs=2), Paired(2, -i, i * i, 0, 0)) for i, c in enumerate(charms)]
    panel.show_ranking(ranking(Report(runs=2), entries))
    panel.views.setCurrentWidget(panel.table)
    return panel


def _double_click(qtbot, panel, charm: str) -> None:  # type: ignore[no-untyped-def]
    """Double-click ``charm``'s row of the ranking as a person does."""
    from PySide6.QtCore import Qt

    table = panel.table
    rect = table.visualRect(table.model().index(table.ranking.row_of(charm), 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_double_clicking_a_charm_in_the_ranking_opens_it(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from studio.app.content_tree import REF

    window.tree.select("charm", "plain_mult")
    panel = _ranked(qtbot, window, ("even_mult", "pair_mult", "plain_mult"))
    _double_click(qtbot, panel, "pair_mult")
    assert window.editor.ref.id == "pair_mult"  # its form is open
    assert window.tree.tree.currentIndex().data(REF).id == "pair_mult"  # and the tree shows where
    assert panel.charm.currentData() == "pair_mult"  # and Balance compares it, as for any charm opened


def test_the_ranking_opens_the_charm_in_force_a_packs_replacement_over_the_original(
    qtbot, window, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    ws = window.session.ws
    original = next(r for r in ws.entries("charm") if r.id == "pair_mult")
    copy = ws.override_in_pack(original, tmp_path / "tweaks")
    window.tree.populate(ws)
    panel = _ranked(qtbot, window, ("even_mult", "pair_mult"))
    _double_click(qtbot, panel, "pair_mult")
    assert window.editor.file == copy.path
