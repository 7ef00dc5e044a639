"""A charm whose code never returns: the window stays responsive, names the charm, Stop ends it, and the
edit that set it off is already in the recovery folder."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import multiprocessing
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from looping_packs import looping_pack
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QMessageBox

from studio.app import hook_banner
from studio.app.balance_panel import BalancePanel
from studio.app.main_window import MainWindow
from studio.app.playtest_panel import PlaytestPanel
from studio.app.playtest_session import Playtest
from studio.app.workers import wait_all
from studio.engine import hook_runs
from studio.engine.run.actions import Play, SelectBlind
from studio.workspace import Workspace
from studio.workspace.recovery import record_name
from tests.app.conftest import crash
from tests.app.test_changes_on_disk import AMOUNT, set_field
from tests.engine.test_hook_runs import stopped_after


def trusted_window(qtbot, tmp_path: Path, content: Path, pack: Path, recover: bool = False) -> MainWindow:  # type: ignore[no-untyped-def]
    """The main window on the base game and ``pack``, its code trusted; closing discards edits."""
    window = MainWindow(
        recovery_dir=tmp_path / "recovery",
        settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat),
    )
    window.ask_save = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    window.ask_save_run = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    window.safety.ask_recover = lambda _text: recover
    qtbot.addWidget(window)
    window.set_workspace(Workspace.open([pack], base=content, trust=True))
    window.show()
    return window


def hooks_running() -> list[hook_runs.Running]:
    return [r for ident in sys._current_frames() if (r := hook_runs.running(ident)) is not None]


@pytest.fixture(autouse=True)
def no_hook_outlives_the_test(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Short budgets; afterwards every looping hook is stopped and every worker has ended (a leaked loop
    would burn a core for the rest of the suite)."""
    monkeypatch.setattr(hook_banner, "BUDGET_S", 0.2)
    yield
    deadline = time.monotonic() + 10
    while hooks_running() and time.monotonic() < deadline:
        for record in hooks_running():
            hook_runs.stop(record.thread)
        time.sleep(0.02)
    wait_all()
    assert not hooks_running()


def test_the_window_stays_responsive_and_stop_reports_the_charm_as_failed(
    qtbot,
    tmp_path: Path,
    content: Path,  # type: ignore[no-untyped-def]
) -> None:
    window = trusted_window(qtbot, tmp_path, content, looping_pack(tmp_path))
    preview = window.preview
    preview.set_state({"played": "AS AH", "charms": ["looper"]})
    qtbot.waitUntil(preview.banner.isVisible, timeout=10_000)
    assert "charm <b>looper</b>'s code is still running (hand hook" in preview.banner.label.text()
    preview.grab().save(str(tmp_path / "hook.png"))

    fired: list[bool] = []  # the GUI thread still runs its event loop
    QTimer.singleShot(10, lambda: fired.append(True))
    qtbot.waitUntil(lambda: bool(fired), timeout=5000)
    motion = window.reduce_motion.isChecked()  # and a menu action still runs
    window.reduce_motion.trigger()
    assert window.reduce_motion.isChecked() is not motion

    running = preview.background.job
    preview.played_input.setText("AS AH AD")  # edits wait for the running score: one thread, latest wins
    preview.played_input.setText("AS AH AD AC")
    assert preview.background.job is running and preview.background.busy()

    qtbot.mouseClick(preview.banner.stop_button, Qt.MouseButton.LeftButton)  # the stale score ends...
    qtbot.waitUntil(lambda: preview.background.job is not running, timeout=10_000)
    qtbot.waitUntil(preview.banner.isVisible, timeout=10_000)  # ...and the latest one loops in its turn
    qtbot.mouseClick(preview.banner.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "stopped after" in preview.error_label.text(), timeout=10_000)
    assert (
        "charm 'looper'" in preview.error_label.text() and "plugins/looper.py:" in preview.error_label.text()
    )
    qtbot.waitUntil(lambda: not preview.banner.isVisible(), timeout=5000)
    messages = [window.problems.topLevelItem(i).text(2) for i in range(window.problems.count())]
    assert any("looper" in m and "stopped after" in m for m in messages)

    preview.set_state({"played": "AS AH AD AC", "charms": ["pair_mult"]})  # the window goes on
    assert preview.total_label.text() != "—"
    assert not hooks_running()


def test_stop_ends_a_hook_that_sleeps_in_small_steps_in_the_best_play_search(
    qtbot,
    tmp_path: Path,
    content: Path,  # type: ignore[no-untyped-def]
) -> None:
    window = trusted_window(qtbot, tmp_path, content, looping_pack(tmp_path, "time.sleep(0.01)"))
    preview = window.preview
    preview.set_state({"played": "AS AH", "charms": ["looper"]})
    qtbot.waitUntil(preview.banner.isVisible, timeout=10_000)
    qtbot.mouseClick(preview.banner.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "stopped after" in preview.error_label.text(), timeout=10_000)
    # The line shown next is the search's, not the stopped score's.
    qtbot.waitUntil(lambda: not preview.banner.isVisible(), timeout=5000)
    job = preview.start_best_play()
    assert job is not None
    qtbot.waitUntil(preview.banner.isVisible, timeout=10_000)
    with qtbot.waitSignal(job.failed, timeout=10_000) as failed:
        qtbot.mouseClick(preview.banner.stop_button, Qt.MouseButton.LeftButton)
    assert "stopped after" in failed.args[0]
    qtbot.waitUntil(lambda: preview.best.button.isEnabled(), timeout=5000)


def test_an_edit_is_in_the_recovery_folder_before_the_code_it_sets_off_runs(
    qtbot,
    tmp_path: Path,
    content: Path,  # type: ignore[no-untyped-def]
) -> None:
    pack = looping_pack(tmp_path)
    first = trusted_window(qtbot, tmp_path, content, pack)
    preview = first.preview
    preview.set_state({"played": "AS AH", "charms": ["looper"]})
    qtbot.waitUntil(preview.banner.isVisible, timeout=10_000)
    qtbot.mouseClick(preview.banner.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not preview.background.busy(), timeout=10_000)

    record = tmp_path / "recovery" / record_name(content / "charms" / "plain_mult.yaml", first.safety.owner)
    assert not record.exists()
    set_field(first, "charm", "plain_mult", AMOUNT, 5)  # the edit re-scores the preview: the looper runs
    assert record.exists()
    qtbot.waitUntil(lambda: preview.background.job is not None and preview.background.job.hook() is not None)
    assert "amount: 5" in record.read_text(encoding="utf-8")
    qtbot.waitUntil(preview.banner.isVisible, timeout=10_000)
    qtbot.mouseClick(preview.banner.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "stopped after" in preview.error_label.text(), timeout=10_000)
    set_field(first, "charm", "plain_mult", AMOUNT, 6)  # the window is usable
    crash(first)  # the window dies without its clean exit

    second = trusted_window(qtbot, tmp_path, content, pack, recover=True)
    assert second.session is not None
    ws = second.session.ws
    assert "amount: 6" in ws.text(ws.ref(content / "charms" / "plain_mult.yaml"))
    second.preview.set_state({"played": "AS AH"})


def test_a_test_whose_charm_never_returns_fails_as_stopped_and_the_others_run(
    qtbot,
    tmp_path: Path,
    content: Path,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setattr(hook_runs, "UNWATCHED_S", 0.3)
    window = trusted_window(qtbot, tmp_path, content, looping_pack(tmp_path, tests=True))
    window.preview.set_state({"played": "AS AH"})
    qtbot.waitUntil(lambda: window.tests.watch.last_run != (), timeout=20_000)
    (failed,) = window.tests.watch.failures()
    assert failed.label == "the looper scores" and stopped_after(failed.problem.message) >= 0.3


def test_a_playtest_hook_that_never_returns_is_stopped_and_the_play_refused(
    tmp_path: Path, content: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hook_runs, "UNWATCHED_S", 0.2)
    catalog = Workspace.open([looping_pack(tmp_path)], base=content, trust=True).catalog
    assert catalog is not None
    run = Playtest.new(catalog, 5, charms=["looper"])
    assert run.perform(SelectBlind()) is None
    why = run.perform(Play((0,)))
    assert why is not None and "charm 'looper'" in why and stopped_after(why) >= 0.2
    assert run.actions == [SelectBlind()]


def looping_balance(qtbot, tmp_path: Path, content: Path) -> BalancePanel:  # type: ignore[no-untyped-def]
    """The Balance panel of a window at 1400x900, set to play one run with the looping charm with one
    worker (in a process of its own that names the hook it runs)."""
    window = trusted_window(qtbot, tmp_path, content, looping_pack(tmp_path))
    window.resize(1400, 900)
    window.docks[3].toggleViewAction().trigger()  # View > Balance
    qtbot.waitUntil(lambda: window.balance is not None)
    panel = window.balance
    panel.charm.setCurrentIndex(panel.charm.findData("looper"))
    panel.runs.setValue(1)
    panel.workers.setValue(1)
    return panel


def test_balance_with_one_worker_stops_a_hook_past_the_limit_and_fails_naming_it(
    qtbot,
    tmp_path: Path,
    content: Path,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setattr(hook_runs, "UNWATCHED_S", 0.3)
    panel = looping_balance(qtbot, tmp_path, content)
    with qtbot.waitSignal(panel.finished, timeout=60_000):
        panel.start_button.click()
    status = panel.status.text()
    assert status.startswith("Simulation failed") and "looper" in status and "stopped after" in status, status
    assert panel.start_button.isEnabled()


def test_balance_names_a_hook_that_does_not_return_and_stop_fails_the_simulation_naming_it(
    qtbot,
    tmp_path: Path,
    content: Path,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setattr(hook_runs, "UNWATCHED_S", 60.0)  # only Stop can end it within the test
    panel = looping_balance(qtbot, tmp_path, content)
    panel.start_button.click()
    qtbot.waitUntil(panel.banner.isVisible, timeout=20_000)
    assert "charm <b>looper</b>'s code is still running" in panel.banner.label.text()
    assert "the simulation waits for it" in panel.banner.label.text()
    qtbot.wait(100)  # the layout takes the shown line in
    panel.grab().save(str(tmp_path / "balance_hook.png"))
    with qtbot.waitSignal(panel.finished, timeout=20_000):
        qtbot.mouseClick(panel.banner.stop_button, Qt.MouseButton.LeftButton)
    status = panel.status.text()
    assert status.startswith("Simulation failed") and "looper" in status, status
    assert stopped_after(status) < hook_runs.UNWATCHED_S  # by Stop, not by the limit
    qtbot.waitUntil(lambda: not panel.banner.isVisible(), timeout=5000)
    assert panel.start_button.isEnabled()


def test_cancel_ends_a_one_worker_simulation_whose_hook_does_not_return_at_once(
    qtbot,
    tmp_path: Path,
    content: Path,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    """Cancel ends the process playing the runs, the hook with it: a cancel, not the charm's failure."""
    monkeypatch.setattr(hook_runs, "UNWATCHED_S", 60.0)
    panel = looping_balance(qtbot, tmp_path, content)
    panel.start_button.click()
    qtbot.waitUntil(panel.banner.isVisible, timeout=20_000)
    start = time.monotonic()
    with qtbot.waitSignal(panel.finished, timeout=20_000):
        qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    assert time.monotonic() - start < 5
    assert panel.status.text().startswith("Cancelled"), panel.status.text()
    assert not multiprocessing.active_children()
    qtbot.waitUntil(lambda: not panel.banner.isVisible(), timeout=5000)


def looping_playtest(qtbot, tmp_path: Path, content: Path) -> tuple[MainWindow, PlaytestPanel]:  # type: ignore[no-untyped-def]
    """A window whose playtest run has the looping charm and its small blind selected."""
    window = trusted_window(qtbot, tmp_path, content, looping_pack(tmp_path))
    panel = window.playtest.open()
    panel.start(5, charms=["looper"])
    assert panel.perform(SelectBlind())
    return window, panel


def when_named(panel: PlaytestPanel, then: Callable[[], None]) -> None:
    """Call ``then`` once the playtest's Stop line shows (while a play waits, the event loop goes on)."""
    if panel.banner.isVisible():
        then()
    else:
        QTimer.singleShot(20, lambda: when_named(panel, then))


def test_a_playtest_play_waits_in_a_worker_names_the_charm_and_stop_refuses_the_play(
    qtbot,
    tmp_path: Path,
    content: Path,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setattr(hook_runs, "UNWATCHED_S", 60.0)  # only Stop can end it within the test
    window, panel = looping_playtest(qtbot, tmp_path, content)
    seen: list[str] = []

    def stop() -> None:
        seen.append(panel.banner.label.text())
        window.grab().save(str(tmp_path / "playtest_hook.png"))
        qtbot.mouseClick(panel.controls.undo, Qt.MouseButton.LeftButton)  # waits: does nothing
        qtbot.mouseClick(panel.banner.stop_button, Qt.MouseButton.LeftButton)

    when_named(panel, stop)
    assert panel.perform(Play((0,))) is False
    assert "charm <b>looper</b>'s code is still running" in seen[0] and "the run waits for it" in seen[0]
    status = panel.status.text()
    assert "looper" in status and stopped_after(status) < hook_runs.UNWATCHED_S, status
    # Neither the play nor the Undo clicked while it waited changed the run.
    assert panel.run is not None and panel.run.actions == [SelectBlind()] and not panel.busy


def test_closing_the_window_while_a_playtest_play_waits_stops_the_charms_code(
    qtbot,
    tmp_path: Path,
    content: Path,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setattr(hook_runs, "UNWATCHED_S", 60.0)
    window, panel = looping_playtest(qtbot, tmp_path, content)
    closed: list[bool] = []
    when_named(panel, lambda: closed.append(window.close()))
    assert panel.perform(Play((0,))) is False
    status = panel.status.text()
    assert closed == [True] and stopped_after(status) < hook_runs.UNWATCHED_S, status  # stopped by the close
