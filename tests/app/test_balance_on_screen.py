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
