"""Trace playback in the preview, with real widgets offscreen: what it shows is the trace's, step by step."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QAbstractAnimation, QSettings, Qt
from PySide6.QtWidgets import QApplication

from studio.app.main_window import MainWindow
from studio.app.preview.hand_row import MARK, SHIFT
from studio.app.preview.motion import ENV, desktop_asks_reduced_motion, platform_prefers_reduced_motion
from studio.app.preview.panel import SAMPLE, PreviewPanel
from studio.app.preview.playback_model import Cue
from studio.engine.catalog import Catalog
from studio.engine.trace import fmt
from tests.app.conftest import open_window


@pytest.fixture
def preview(qtbot, catalog: Catalog) -> PreviewPanel:  # type: ignore[no-untyped-def]
    """The preview on the base game with the sample hand (14 events), shown."""
    panel = PreviewPanel()
    qtbot.addWidget(panel)
    panel.resize(640, 900)
    panel.set_catalog(catalog)
    panel.set_state(SAMPLE)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def _settled(qtbot, panel: PreviewPanel) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not panel.playback_bar.counter.is_counting())


def _shown(panel: PreviewPanel) -> tuple[str, str]:
    return panel.playback_bar.counter.texts()


def _selected_row(panel: PreviewPanel) -> int | None:
    rows = panel.trace_table.selectionModel().selectedRows()
    return rows[0].row() if len(rows) == 1 else None


def _running(panel: PreviewPanel) -> list[QAbstractAnimation]:
    return [
        a for a in panel.findChildren(QAbstractAnimation) if a.state() == QAbstractAnimation.State.Running
    ]


def _values(cue: Cue) -> tuple[str, str]:
    return str(cue.points), fmt(cue.mult)


def test_stepping_through_the_trace_shows_each_events_running_points_and_mult(
    qtbot, preview: PreviewPanel
) -> None:  # type: ignore[no-untyped-def]
    events = preview.trace_model.events()
    assert len(events) == 14
    preview.playback_bar.speed.setCurrentText("4×")  # with motion, counting up a quarter as long
    for i, event in enumerate(events):
        preview.playback_bar.forward_button.click()
        _settled(qtbot, preview)
        assert _shown(preview) == (str(event.points), fmt(event.mult)), i
        assert _selected_row(preview) == i
        (popup,) = preview.playback.stage.layer.labels()
        assert popup.text == preview.playback.cues[i].text
    assert preview.playback_bar.counter.total_text() == "= 3,082"
    assert preview.playback_bar.step_label.text() == "14 / 14"
    assert not preview.playback_bar.forward_button.isEnabled()


def test_a_step_marks_its_source_and_the_card_a_charm_acts_on(preview: PreviewPanel) -> None:
    preview.playback.jump(4)  # 10H even_mult: the charm in slot 0 acting on the card at position 1
    assert preview.charm_row.item(0).data(MARK) == "source"
    assert preview.played_row.item(1).data(MARK) == "target"
    assert preview.played_row.item(0).data(MARK) is None
    preview.playback.jump(11)  # 5D steel, held
    assert preview.held_row.item(0).data(MARK) == "source"
    assert preview.charm_row.item(0).data(MARK) is None and preview.played_row.item(1).data(MARK) is None


def test_step_back_shows_the_step_before_and_then_nothing(qtbot, preview: PreviewPanel) -> None:  # type: ignore[no-untyped-def]
    bar = preview.playback_bar
    for _ in range(3):
        bar.forward_button.click()
    bar.back_button.click()
    _settled(qtbot, preview)
    assert preview.playback.index == 1
    assert _shown(preview) == _values(preview.playback.cues[1]) == ("45", "4")
    assert _selected_row(preview) == 1
    bar.back_button.click()
    bar.back_button.click()
    assert preview.playback.index == -1
    assert _shown(preview) == ("—", "—")
    assert _selected_row(preview) is None
    assert not bar.back_button.isEnabled()


def test_clicking_a_trace_row_jumps_to_its_event(qtbot, preview: PreviewPanel) -> None:  # type: ignore[no-untyped-def]
    table = preview.trace_table
    where = table.visualRect(preview.trace_model.index(7, 2)).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=where)
    _settled(qtbot, preview)
    assert preview.playback.index == 7
    assert _shown(preview) == _values(preview.playback.cues[7]) == ("65", "16")
    assert preview.played_row.item(3).data(MARK) == "source"


def test_the_selected_trace_row_follows_while_playing(qtbot, preview: PreviewPanel) -> None:  # type: ignore[no-untyped-def]
    seen: list[tuple[int, int | None]] = []
    preview.playback.stepped.connect(lambda i: seen.append((i, _selected_row(preview))))
    preview.playback_bar.speed.setCurrentText("4×")
    preview.playback_bar.play_button.click()
    assert preview.playback.is_playing() and preview.playback_bar.play_button.text() == "Pause"
    qtbot.waitUntil(lambda: not preview.playback.is_playing(), timeout=10_000)
    assert [i for i, _ in seen] == list(range(14))
    assert all(i == row for i, row in seen)
    assert preview.playback_bar.play_button.text() == "Play"


def test_pause_keeps_the_step_and_stop_clears_it(preview: PreviewPanel) -> None:
    bar = preview.playback_bar
    bar.play_button.click()
    bar.play_button.click()  # pause
    assert not preview.playback.is_playing() and preview.playback.index == 0
    bar.stop_button.click()
    assert preview.playback.index == -1
    assert preview.playback.stage.layer.labels() == []
    assert all(preview.played_row.item(i).data(MARK) is None for i in range(preview.played_row.count()))
    assert _selected_row(preview) is None


def test_instant_speed_reaches_the_previews_total(preview: PreviewPanel) -> None:
    result = preview.result
    assert result is not None
    preview.playback_bar.speed.setCurrentText("instant")
    preview.playback_bar.play_button.click()
    assert not preview.playback.is_playing()
    assert preview.playback.index == len(result.events) - 1
    assert _shown(preview) == (str(result.points), fmt(result.mult))
    assert preview.playback_bar.counter.total_text() == f"= {result.total:,}"
    assert _selected_row(preview) == len(result.events) - 1
    assert _running(preview) == []


def test_reduced_motion_shows_every_step_without_animations(qtbot, preview: PreviewPanel) -> None:  # type: ignore[no-untyped-def]
    preview.playback.forward()
    assert _running(preview), "with motion a step moves (so the check below means something)"
    preview.playback.set_reduced_motion(True)
    assert _running(preview) == []
    preview.playback.stop()
    for cue in preview.playback.cues:
        preview.playback.forward()
        assert _running(preview) == [], cue
        assert _shown(preview) == _values(cue)
    preview.playback_bar.speed.setCurrentText("4×")
    idle: list[bool] = []
    preview.playback.stepped.connect(lambda _i: idle.append(not _running(preview)))
    preview.playback.play()
    qtbot.waitUntil(lambda: not preview.playback.is_playing(), timeout=10_000)
    assert idle and all(idle)


def test_a_debuffed_card_greys_and_shakes_only_with_motion(qtbot, preview: PreviewPanel) -> None:  # type: ignore[no-untyped-def]
    preview.set_state({"played": "KS:red_seal KH", "boss": "heart_debuff"})
    texts = [c.text for c in preview.playback.cues]
    debuffed, again = texts.index("Debuffed"), texts.index("Again!")
    preview.playback.jump(again)
    assert preview.playback.stage.layer.labels()[0].text == "Again!"
    preview.playback.jump(debuffed)
    assert preview.played_row.item(1).data(MARK) == "debuffed"
    assert _running(preview)
    qtbot.waitUntil(lambda: not preview.played_row.item(1).data(SHIFT))  # the shake ends where it began
    preview.playback.set_reduced_motion(True)
    preview.playback.jump(debuffed)
    assert preview.played_row.item(1).data(MARK) == "debuffed"
    assert not preview.played_row.item(1).data(SHIFT) and _running(preview) == []


def test_editing_the_hand_mid_playback_restarts_on_the_new_trace(qtbot, preview: PreviewPanel) -> None:  # type: ignore[no-untyped-def]
    preview.playback.play()
    preview.playback.forward()
    preview.playback.forward()  # paused on step 2
    preview.playback.play()
    preview.played_input.setText("AS AH")
    assert preview.result is not None
    assert len(preview.playback.cues) == len(preview.result.events)
    assert preview.playback.is_playing() and preview.playback.index == 0  # again from the first step
    assert len(preview.playback.stage.layer.labels()) == 1
    preview.playback.pause()
    preview.played_input.setText("AS AH AD")  # paused: the new trace shows no step
    assert preview.playback.index == -1 and _selected_row(preview) is None
    assert _shown(preview) == ("—", "—")


def test_an_unchanged_trace_keeps_the_step_shown(preview: PreviewPanel) -> None:
    preview.playback.jump(5)
    preview.refresh()  # an edit elsewhere in the content: the same trace
    assert preview.playback.index == 5 and _selected_row(preview) == 5
    assert preview.played_row.item(2).data(MARK) == "source"


def test_a_bad_hand_leaves_nothing_to_play(preview: PreviewPanel) -> None:
    preview.played_input.setText("ZZ")
    assert preview.playback.cues == ()
    assert not preview.playback_bar.play_button.isEnabled()
    preview.playback.play()
    assert not preview.playback.is_playing()


def test_reduce_motion_is_a_remembered_view_setting(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, tmp_path, content)
    assert not window.preview.playback.reduced_motion
    window.reduce_motion.trigger()
    assert window.preview.playback.reduced_motion
    window.settings.sync()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    again = MainWindow(recovery_dir=tmp_path / "recovery2", settings=settings)
    qtbot.addWidget(again)
    assert again.reduce_motion.isChecked() and again.preview.playback.reduced_motion
    QApplication.processEvents()


def test_the_platform_preference_falls_back_to_an_environment_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, "1")
    assert platform_prefers_reduced_motion()
    monkeypatch.setenv(ENV, "0")
    monkeypatch.setenv("PATH", str(tmp_path))  # no desktop settings command to ask
    desktop_asks_reduced_motion.cache_clear()
    assert platform_prefers_reduced_motion() is False or hasattr(
        QApplication.styleHints().accessibility(), "motionPreference"
    )


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the freedesktop setting")
@pytest.mark.parametrize(("printed", "reduced"), [("false", True), ("true", False)])
def test_the_desktops_animation_setting_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, printed: str, reduced: bool
) -> None:
    """GNOME-style desktops say it through gsettings (Qt before 6.12 does not report it)."""
    fake = tmp_path / "gsettings"
    fake.write_text(f'#!/bin/sh\n[ "$3" = enable-animations ] && echo {printed}\n', encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv(ENV, raising=False)
    desktop_asks_reduced_motion.cache_clear()
    try:
        assert desktop_asks_reduced_motion() is reduced
    finally:
        desktop_asks_reduced_motion.cache_clear()


def test_a_pop_up_stays_with_its_tile_when_the_tile_is_scrolled_out_of_view(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QPoint, QRect, QSize
    from PySide6.QtWidgets import QScrollArea, QWidget

    from studio.app.preview.playback_overlay import PopupLayer

    host = QWidget()
    host.resize(400, 1000)
    area = QScrollArea()
    qtbot.addWidget(area)
    area.setWidget(host)
    area.resize(300, 200)
    area.show()
    layer = PopupLayer(host)

    def tile_at(y: int) -> QRect:
        return QRect(host.mapToGlobal(QPoint(40, y)), QSize(60, 80))

    below = QRect(40, 800, 60, 80)  # far below what the area shows
    label = layer.pop("+10 Points", "points", tile_at(800), motion=False, ms=0)
    assert label.geometry().intersects(below)  # over its own tile, not pinned over another
    edge = layer.pop("+4 Mult", "mult", tile_at(0), motion=False, ms=0, level=-0.5)
    assert edge.geometry().top() >= 0  # a tile in view: its pop-up kept inside what is shown
