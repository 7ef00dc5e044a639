"""Playtest on screen: each hand played plays back on its cards and the charm row, step for step with its trace,
and the run's charms show their art."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, QRect

from studio.app.main_window import MainWindow
from studio.engine.trace import fmt
from tests.app.test_playtest import click, click_tile, game, open_panel


def test_a_play_plays_back_and_every_step_shows_its_events_running_values(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    panel = open_panel(qtbot, window)
    click(qtbot, panel.blind.select_button)
    for i in (0, 1, 2):
        click_tile(qtbot, panel.round.hand, i)
    click(qtbot, panel.round.play_button)
    played = game(panel).history[-1].score
    assert played is not None
    assert panel.playback.is_playing()  # the hand just played starts playing back by itself
    panel.playback_bar.play_button.click()  # pause, then step through it by hand
    panel.playback.stop()
    counter = panel.playback_bar.counter
    for i, event in enumerate(played.events):
        panel.playback_bar.forward_button.click()
        qtbot.waitUntil(lambda: not counter.is_counting())
        assert counter.texts() == (str(event.points), fmt(event.mult)), i
        rows = panel.play.table.selectionModel().selectedRows()
        assert [r.row() for r in rows] == [i]
    assert panel.playback.index == len(played.events) - 1


def test_reduce_motion_reaches_the_playtest(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    panel = open_panel(qtbot, window)
    assert not window.reduce_motion.isChecked()
    window.reduce_motion.trigger()  # View > Reduce motion
    assert panel.playback.reduced_motion
    window.reduce_motion.trigger()
    assert not panel.playback.reduced_motion


def test_the_run_charm_row_shows_each_charms_art_or_face(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QPixmap

    from studio.app.preview.hand_row import ART

    panel = open_panel(qtbot, window)
    tiles = [panel.items.charms.item(i) for i in range(panel.items.charms.count())]
    assert len(tiles) == 2
    for tile in tiles:
        art = tile.data(ART)
        assert isinstance(art, QPixmap) and not art.isNull()


def test_a_playtest_save_names_the_content_on_screen_and_resumes_only_on_it(
    qtbot, window: MainWindow, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    import json

    panel = open_panel(qtbot, window)
    click(qtbot, panel.blind.select_button)
    saved = tmp_path / "run.json"
    panel.save_to(saved)
    packs = json.loads(saved.read_text(encoding="utf-8"))["run"]["packs"]
    assert [p["id"] for p in packs] == ["base"]
    ws = window.session.ws
    ref = next(r for r in ws.entries("charm") if r.id == "plain_mult")
    # unsaved: the content differs now
    window.session.perform("edit", lambda: ws.set_field(ref, ("cost",), 9))
    panel.resume_from(saved)
    assert "made with other packs" in panel.status.text() and "base" in panel.status.text()


def test_a_pop_up_stays_on_its_charm_when_the_row_moves(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    panel = open_panel(qtbot, window)
    click(qtbot, panel.blind.select_button)
    for i in (0, 2):
        click_tile(qtbot, panel.round.hand, i)
    click(qtbot, panel.round.play_button)
    panel.playback.pause()
    cues = panel.playback.cues
    step = next(i for i, cue in enumerate(cues) if cue.anchor == "charm")
    panel.playback.jump(step)
    layer, charms = panel.playback.stage.layer, panel.items.charms

    def gap() -> int:
        """How far the pop-up's middle is from the bottom edge of its charm, where it hangs."""
        [label] = layer.labels()
        tile = charms.tile_area(cues[step].slot)
        assert tile is not None
        return label.geometry().center().y() - layer.host.mapFromGlobal(tile.bottomLeft()).y()

    qtbot.waitUntil(lambda: abs(gap()) <= 1)  # risen into place
    top = charms.mapTo(panel, charms.rect().topLeft()).y()
    panel.say("a message long enough to take a second line above the charm row " * 6)
    qtbot.waitUntil(lambda: charms.mapTo(panel, charms.rect().topLeft()).y() > top)
    assert abs(gap()) <= 1


def test_a_pop_up_on_the_first_or_last_card_stays_inside_the_cards(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """The first card's pop-up, centred on it, reached past the row's left edge over the round beside it."""
    panel = open_panel(qtbot, window)
    click(qtbot, panel.blind.select_button)
    click(qtbot, panel.controls.hint)  # four kings: each card scores, the first and the last too
    click(qtbot, panel.round.play_button)
    panel.playback.pause()
    window.reduce_motion.trigger()  # each pop-up at its place at once
    cues = panel.playback.cues
    row = panel.play.cards
    area = QRect(row.mapTo(panel, QPoint(0, 0)), row.size())
    ends = {0, max(c.position for c in cues if c.anchor == "card")}
    steps = [i for i, c in enumerate(cues) if c.anchor == "card" and c.position in ends]
    assert {cues[i].position for i in steps} == ends
    for step in steps:
        panel.playback.jump(step)
        [label] = panel.playback.stage.layer.labels()
        assert area.left() <= label.x() and label.geometry().right() <= area.right(), (step, cues[step].text)
    assert panel.grab().save("/tmp/h2pt_shot.png")
