"""Playtest in the real window: a run played with the panel's own buttons and cards is the engine's run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractButton, QDockWidget, QLabel, QWidget

from studio.app.main import PlaytestStart, start_playtest
from studio.app.main_window import MainWindow, pack_stamps
from studio.app.playtest_blind import BlindView
from studio.app.playtest_items import HeldItems
from studio.app.playtest_panel import PlaytestPanel
from studio.app.playtest_shop import BUTTONS, ShopView
from studio.app.preview.hand_row import ART, PAYLOAD, TOKEN, TileRow, art_key
from studio.engine.bot import Bot, play_on
from studio.engine.catalog import Catalog
from studio.engine.run.actions import Play
from studio.engine.run.game import Game, replay
from studio.engine.run.save import dumps, loads
from studio.engine.run.setup import RunSetup

START = ("plain_mult", "even_mult")


def click(qtbot, button: QAbstractButton) -> None:  # type: ignore[no-untyped-def]
    assert button.isVisible() and button.isEnabled(), button.objectName()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def click_tile(qtbot, row: TileRow, index: int) -> None:  # type: ignore[no-untyped-def]
    rect = row.visualItemRect(row.item(index))
    qtbot.mouseClick(row.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def open_panel(qtbot, window: MainWindow, charms: tuple[str, ...] = START, seed: int = 5) -> PlaytestPanel:  # type: ignore[no-untyped-def]
    """View > Playtest, then ``seed`` with ``charms`` and New run, as a designer would."""
    dock = window.findChild(QDockWidget, "playtestDock")
    view = next(m for m in window.menuBar().actions() if m.text() == "&View").menu()
    assert dock.toggleViewAction() in view.actions()  # type: ignore[union-attr]
    dock.toggleViewAction().trigger()
    panel = window.findChild(QWidget, "playtestPanel")
    assert isinstance(panel, PlaytestPanel)
    panel.controls.seed.setValue(seed)
    panel.controls.charms.clear()
    qtbot.keyClicks(panel.controls.charms, " ".join(charms))
    click(qtbot, panel.controls.new_run)
    assert panel.run is not None
    return panel


def game(panel: PlaytestPanel) -> Game:
    assert panel.run is not None
    return panel.run.game


def play_round(qtbot, panel: PlaytestPanel) -> None:  # type: ignore[no-untyped-def]
    """Select the blind, play the first hand by clicking cards, then follow the hints to the round's end."""
    click(qtbot, panel.blind.select_button)
    for i in (0, 1, 2):
        click_tile(qtbot, panel.round.hand, i)
    assert panel.round.selected() == [0, 1, 2]
    click(qtbot, panel.round.play_button)
    while game(panel).state.phase == "round":
        click(qtbot, panel.controls.hint)
        said = panel.status.text()
        if "Hint: discard" in said:
            click(qtbot, panel.round.discard_button)
        else:  # a play (or a consumable to use: play the cards the hint chose instead)
            if not panel.round.selected():
                click_tile(qtbot, panel.round.hand, 0)
            click(qtbot, panel.round.play_button)


def shop(qtbot, panel: PlaytestPanel, open_pack: bool) -> None:  # type: ignore[no-untyped-def]
    """Buy the first charm offered if it can be bought, maybe open a pack and take its first option, leave."""
    s = game(panel).state
    assert s.shop is not None
    charm = next((i for i, o in enumerate(s.shop.offers) if o.kind == "charm"), None)
    if charm is not None:
        click(qtbot, panel.shop.tiles[charm].button)
    pack = next((i for i, o in enumerate(game(panel).state.shop.offers) if o.kind == "pack"), None)  # type: ignore[union-attr]
    if open_pack and pack is not None:
        click(qtbot, panel.shop.tiles[pack].button)
        if game(panel).state.phase == "pack":
            click(qtbot, panel.shop.tiles[0].button)
            if game(panel).state.phase == "pack":
                click(qtbot, panel.shop.skip_pack)
    click(qtbot, panel.shop.leave_button)


def test_a_run_played_with_the_panels_buttons_is_the_engines_run_and_studio_run_resumes_it(
    qtbot, window: MainWindow, tmp_path: Path, catalog: Catalog, studio
) -> None:  # type: ignore[no-untyped-def]
    panel = open_panel(qtbot, window)
    panel.items.charms.move_tile(0, 1)  # what dropping the first charm after the second does
    assert [c.id for c in game(panel).state.charms] == ["even_mult", "plain_mult"]
    for n in range(3):
        if game(panel).is_over:
            break
        play_round(qtbot, panel)
        if game(panel).state.phase == "shop":
            shop(qtbot, panel, open_pack=n == 1)
    assert panel.grab().save(str(tmp_path / "playtest.png"))
    names = [a.name for a in panel.run.actions]  # type: ignore[union-attr]
    assert {"reorder_charms", "select_blind", "play", "buy", "leave_shop"} <= set(names)
    ws = window.session.ws  # type: ignore[union-attr]
    setup = RunSetup.from_catalog(ws.catalog, "standard", 0, 5, START)  # type: ignore[arg-type]
    expected = replay(setup, panel.run.actions)  # type: ignore[union-attr]
    assert dumps(expected) == dumps(game(panel))  # the same log, state, money, ante, deck and charms
    saved = tmp_path / "run.json"
    panel.ask_save_path = lambda: saved  # type: ignore[method-assign]
    click(qtbot, panel.controls.save)
    assert saved.read_text(encoding="utf-8") == dumps(expected, pack_stamps(ws))  # naming its packs
    resumed = studio("run", "--resume", str(saved), "--json")
    assert resumed.code == 0 and "packs" not in resumed.err, resumed.err  # the same content as here
    out = json.loads(resumed.out)
    strong = Bot(catalog, "strong")  # studio run goes on with the strong bot unless told
    finished = play_on(loads(saved.read_text(encoding="utf-8"), catalog), strong)
    assert out["state"] == finished.state.to_json()
    assert out["summary"]["actions"] == len(finished.history) > len(names)


def test_a_refused_action_shows_the_engines_reason_and_changes_nothing(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    panel = open_panel(qtbot, window)
    click(qtbot, panel.blind.select_button)
    before = dumps(game(panel))
    click(qtbot, panel.round.play_button)
    assert "play 1 to 5 cards, not 0" in panel.status.text()
    for i in range(6):
        click_tile(qtbot, panel.round.hand, i)
    click(qtbot, panel.round.discard_button)
    assert "discard 1 to 5 cards, not 6" in panel.status.text()
    assert panel.round.selected() == list(range(6))  # kept, to fix the choice
    click(qtbot, panel.items.sell_charm)
    assert "Select the charm to sell first" in panel.status.text()
    panel.items.charms.item(0).setSelected(True)
    click(qtbot, panel.items.sell_charm)
    assert "charms are sold outside a round, not now (in a round)" in panel.status.text()
    assert dumps(game(panel)) == before


def test_a_consumable_that_chooses_no_cards_is_used_in_the_shop_whatever_the_last_hand_picked_up(
    qtbot, window: MainWindow
) -> None:  # type: ignore[no-untyped-def]
    panel = open_panel(qtbot, window)
    click(qtbot, panel.blind.select_button)
    while game(panel).state.phase == "round":
        for i in range(5):
            click_tile(qtbot, panel.round.hand, i)
        click(qtbot, panel.round.play_button)
    offers = game(panel).state.shop.offers  # type: ignore[union-attr]
    catalog = game(panel).setup.catalog
    star = next(
        i
        for i, o in enumerate(offers)
        if o.kind == "consumable" and catalog.consumables[o.item].targets is None
    )
    hand_type = catalog.consumables[offers[star].item].effects[0].arg("hand_type")
    click(qtbot, panel.shop.tiles[star].button)
    click(qtbot, panel.items.use_button)
    assert "Cannot" not in panel.status.text(), panel.status.text()
    assert not game(panel).state.consumables and game(panel).state.levels[hand_type] == 2


def test_a_resumed_run_shows_its_seed_deck_difficulty_and_charms_for_new_run(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    ws = window.session.ws  # type: ignore[union-attr]
    setup = RunSetup.from_catalog(ws.catalog, "blue", 2, 77, ("pair_x2", "plain_mult:foil"))  # type: ignore[arg-type]
    saved = tmp_path / "run.json"
    saved.write_text(dumps(Game.start(setup), pack_stamps(ws)), encoding="utf-8")
    panel = open_panel(qtbot, window)
    panel.ask_open_path = lambda: saved  # type: ignore[method-assign]
    click(qtbot, panel.controls.resume)
    assert "Resumed run.json" in panel.status.text()
    c = panel.controls
    assert (c.seed.value(), c.deck.currentData(), c.difficulty.currentData()) == (77, "blue", 2)
    click(qtbot, c.new_run)
    assert dumps(game(panel)) == dumps(Game.start(setup))


def test_skipping_a_blind_names_its_tag_and_gives_it(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    panel = open_panel(qtbot, window)
    tag = game(panel).state.skip_tag(0)
    name = game(panel).setup.catalog.tags[tag].name
    assert panel.blind.skip_button.text() == f"Skip for {name}"
    click(qtbot, panel.blind.skip_button)
    assert [a.name for a in panel.run.actions] == ["skip_blind"]  # type: ignore[union-attr]
    assert game(panel).state.blind == 1
    # Back at the ante's blinds, each one gone says how: they were drawn alike, as if both were played.
    click(qtbot, panel.blind.select_button)
    click(qtbot, panel.controls.finish)
    click(qtbot, panel.shop.leave_button)
    heads = {
        b: panel.blind.findChild(QWidget, f"playtestBlind_{b}").findChild(QLabel).text()
        for b in ("small", "big")
    }  # type: ignore[union-attr]
    assert heads == {"small": "<b>Small blind</b> · skipped", "big": "<b>Big blind</b> · beaten"}


def test_undo_puts_back_the_state_before_the_last_action(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    panel = open_panel(qtbot, window)
    click(qtbot, panel.blind.select_button)
    after_select = dumps(game(panel))
    click_tile(qtbot, panel.round.hand, 3)
    click(qtbot, panel.round.play_button)
    assert len(panel.run.actions) == 2  # type: ignore[union-attr]
    assert panel.play.model.rowCount() > 0  # the play's trace
    click(qtbot, panel.controls.undo)
    assert dumps(game(panel)) == after_select
    assert panel.play.model.rowCount() == 0 and panel.round.hand.count() == 8
    assert "Undid play" in panel.status.text()


def test_an_unsaved_edit_to_a_charm_plays_in_the_run(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    ws = window.session.ws  # type: ignore[union-attr]
    path = next(r.path for r in ws.entries("charm") if r.id == "plain_mult")
    text = ws.text(ws.ref(path))
    window.session.replace_text(path, text.replace("amount: 4", "amount: 40"))  # type: ignore[union-attr]
    assert "amount: 4}" in path.read_text(encoding="utf-8")  # not saved
    panel = open_panel(qtbot, window, ("plain_mult",))
    click(qtbot, panel.blind.select_button)
    click_tile(qtbot, panel.round.hand, 0)
    click(qtbot, panel.round.play_button)
    changes = [(e.source, e.change) for e in panel.play.model.events()]
    assert ("plain_mult", "+40 Mult") in changes
    # An edit during the run: the run keeps its content until it is replayed on the edited one.
    window.session.replace_text(path, text.replace("amount: 4", "amount: 7"))  # type: ignore[union-attr]
    assert panel.controls.rebase.isVisible()
    said = panel.status.text()  # the form says +7 and the run scores +40: the status line says why
    assert "still plays the content it started with" in said and "Replay with edits" in said
    click(qtbot, panel.controls.rebase)
    assert "Replayed all 2 actions" in panel.status.text()
    assert ("plain_mult", "+7 Mult") in [(e.source, e.change) for e in panel.play.model.events()]
    assert not panel.controls.rebase.isVisible()


def test_new_run_on_content_with_errors_says_it_plays_the_content_as_last_valid(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """It started on the last valid content without a word: the form showed the edit, the run played without it."""
    ws = window.session.ws  # type: ignore[union-attr]
    path = next(r.path for r in ws.entries("charm") if r.id == "plain_mult")
    text = ws.text(ws.ref(path))
    window.session.replace_text(path, text.replace("amount: 4", "amount: four"))  # type: ignore[union-attr]
    panel = open_panel(qtbot, window, ("plain_mult",))
    note = panel.findChild(QLabel, "playtestContentErrors")
    assert note is not None and note.isVisible()
    said = note.text()
    assert (
        "1 error" in said and "Problems" in said and "until it is fixed" in said and "last valid" in said
    ), said
    panel.resize(1500, 560)
    assert panel.grab().save(str(tmp_path / "content_errors.png"))
    click(qtbot, panel.blind.select_button)
    click_tile(qtbot, panel.round.hand, 0)
    click(qtbot, panel.round.play_button)
    assert ("plain_mult", "+4 Mult") in [(e.source, e.change) for e in panel.play.model.events()]
    window.session.replace_text(path, text)  # type: ignore[union-attr]
    assert not note.isVisible()


def test_a_run_saved_after_an_edit_it_was_not_replayed_on_names_the_content_it_was_played_on(
    qtbot, window: MainWindow, tmp_path: Path, studio
) -> None:  # type: ignore[no-untyped-def]
    panel = open_panel(qtbot, window, ("plain_mult",))
    click(qtbot, panel.blind.select_button)
    ws = window.session.ws  # type: ignore[union-attr]
    played_on = pack_stamps(ws)
    path = next(r.path for r in ws.entries("charm") if r.id == "plain_mult")
    window.session.replace_text(path, ws.text(ws.ref(path)).replace("amount: 4", "amount: 40"))  # type: ignore[union-attr]
    assert panel.controls.rebase.isVisible() and pack_stamps(ws) != played_on  # not replayed on it
    saved = tmp_path / "run.json"
    panel.ask_save_path = lambda: saved  # type: ignore[method-assign]
    click(qtbot, panel.controls.save)
    assert saved.read_text(encoding="utf-8") == dumps(game(panel), played_on)
    resumed = studio("run", "--resume", str(saved), "--stop-after", "0")
    assert resumed.code == 0, resumed.err  # the content on disk is the content the run was played on


def test_hint_selects_the_bots_play_and_finish_round_plays_it_out(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    panel = open_panel(qtbot, window)
    click(qtbot, panel.blind.select_button)
    click(qtbot, panel.controls.hint)
    bot = Bot(game(panel).setup.catalog, "strong")
    action = bot.choose(game(panel))
    assert panel.status.text().count("Hint: ") == 1
    assert panel.round.selected() == list(action.cards)  # type: ignore[union-attr]
    click(qtbot, panel.controls.finish)
    assert game(panel).state.phase in ("shop", "lost")
    assert "to the end of the round" in panel.status.text()
    assert panel.play.model.rowCount() > 0


def test_cards_are_played_in_the_order_picked_up_so_a_hints_play_scores_what_it_said(
    qtbot, window: MainWindow
) -> None:  # type: ignore[no-untyped-def]
    panel = open_panel(qtbot, window, ("first_face_x2", "even_mult", "fibonacci"), seed=3)
    click(qtbot, panel.blind.select_button)
    for i in (5, 0, 2):
        click_tile(qtbot, panel.round.hand, i)
    click_tile(qtbot, panel.round.hand, 0)  # let go: it leaves the order
    assert panel.round.selected() == [5, 2]
    bot = Bot(game(panel).setup.catalog, "strong")
    action, choice = bot.decide(game(panel))
    # The bot plays 8D 8H 8C QC QS, the eights first: the first face card's x2 then doubles their Mult.
    assert isinstance(action, Play) and list(action.cards) != sorted(action.cards) and choice is not None
    click(qtbot, panel.controls.hint)
    click(qtbot, panel.round.play_button)
    assert panel.run.actions[-1] == action  # type: ignore[union-attr]
    last = panel.run.last_play()  # type: ignore[union-attr]
    assert last is not None and last.resolved.score is not None
    assert last.resolved.score.total == choice.total == 6720  # in hand order it would score 4704


def test_counts_and_scores_read_as_a_player_writes_them(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    panel = open_panel(qtbot, window, ("first_face_x2", "even_mult", "fibonacci"), seed=3)
    click(qtbot, panel.blind.select_button)
    assert "· 1 action" in panel.header.text() and "1 actions" not in panel.header.text()
    click(qtbot, panel.controls.hint)
    click(qtbot, panel.round.play_button)
    assert "2 actions" in panel.header.text()
    assert panel.play.title.text().endswith("= <b>6,720</b>")  # as the hint's "about 6,720" and "300"


def test_the_last_hands_change_column_is_as_wide_as_a_long_source(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window.resize(1600, 1000)
    charms = ("discards_points:holographic", "spade_points:holographic", "plain_mult:polychrome")
    panel = open_panel(qtbot, window, charms)
    click(qtbot, panel.blind.select_button)
    click(qtbot, panel.controls.hint)
    click(qtbot, panel.round.play_button)
    qtbot.wait(50)
    header = panel.play.table.horizontalHeader()
    assert "discards_points holographic" in [e.source for e in panel.play.model.events()]
    # The change is what a step did: it gets no less room than the long source naming who did it.
    assert header.sectionSize(3) >= header.sectionSize(2) - 1  # (the two split the room, a pixel apart)


def test_the_hand_goes_to_the_preview_and_scores_there_as_in_the_run(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    panel = open_panel(qtbot, window)
    click(qtbot, panel.blind.select_button)
    for i in (1, 4):
        click_tile(qtbot, panel.round.hand, i)
    click(qtbot, panel.controls.to_preview)
    hand = game(panel).state.round.hand  # type: ignore[union-attr]
    assert window.preview.played_input.text() == f"{hand[1]} {hand[4]}"
    assert window.preview.charm_row.tokens() == list(START)
    sent = window.preview.result
    assert sent is not None
    click(qtbot, panel.round.play_button)
    last = panel.run.last_play()  # type: ignore[union-attr]
    assert last is not None and last.resolved.score is not None
    assert sent.total == last.resolved.score.total
    assert [e.change for e in sent.events] == [e.change for e in last.resolved.score.events]


def test_studio_play_opens_the_window_on_the_playtest_with_the_run_started(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_playtest(window, PlaytestStart(11, "standard", 0, ("plain_mult",)))
    window.loaded.emit()
    qtbot.waitUntil(lambda: window.playtest.panel is not None and window.playtest.panel.run is not None)
    run = window.playtest.panel.run  # type: ignore[union-attr]
    assert run is not None and run.game.setup.seed == 11 and run.game.setup.charms == ("plain_mult",)
    assert window.findChild(QDockWidget, "playtestDock").isVisible()  # type: ignore[union-attr]


def test_studio_play_help_works(studio_exe) -> None:  # type: ignore[no-untyped-def]
    run = studio_exe("play", "--help")
    assert run.code == 0
    assert "--seed S" in run.out and "--deck ID" in run.out and "--pack P" in run.out


def test_a_theme_switch_repaints_the_refusal_in_the_new_themes_colour(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    from studio.app import palette

    panel = open_panel(qtbot, window)
    click(qtbot, panel.blind.select_button)
    click(qtbot, panel.round.play_button)
    try:
        window.set_theme(True)
        qtbot.waitUntil(lambda: palette.DARK.error in panel.status.text())
        assert panel.status.text().endswith("⚠ Cannot play: play 1 to 5 cards, not 0</span>")
    finally:
        window.set_theme(False)


def test_a_lost_run_says_at_which_blind_and_by_how_much(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """The end page said only "Lost in ante 1": not which blind, nor the score that fell short."""
    panel = open_panel(qtbot, window, charms=())
    click(qtbot, panel.blind.select_button)
    while game(panel).state.phase == "round":  # one card a hand: the small blind's 300 is out of reach
        click_tile(qtbot, panel.round.hand, 0)
        click(qtbot, panel.round.play_button)
    r = game(panel).state.round
    assert game(panel).state.phase == "lost" and r is not None
    said = panel.over.text()
    assert f"Lost in ante 1, small blind: scored {r.score:,} of {r.requirement:,}" in said, said


def test_the_cards_a_boss_debuffs_are_drawn_faded_with_the_reason(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Before choosing a play, the player sees which cards the boss debuffs (the scorer's own verdict)."""
    from studio.engine.scoring import Situation, score

    panel = open_panel(qtbot, window, seed=4)
    g = game(panel)
    catalog = g.setup.catalog
    debuffing = {b.id for b in catalog.bosses.values() if b.debuff is not None}
    for _ in range(200):  # the bot plays on to the first blind whose boss debuffs a card in hand
        r = g.state.round
        if r is not None and r.boss in debuffing and panel.round._lifted.debuffed:
            break
        assert not g.is_over and panel.perform(panel.bot().choose(g))
        g = game(panel)
    r = g.state.round
    assert r is not None and r.boss is not None
    scored_debuffed = {
        i
        for i, c in enumerate(r.hand)
        if any(e.what == "debuffed" for e in score(Situation((c,), boss=r.boss), catalog).events)
    }
    assert panel.round._lifted.debuffed == scored_debuffed != set()
    boss = catalog.boss(r.boss)
    tips = [panel.round.hand.item(i).toolTip() for i in range(panel.round.hand.count())]
    assert tips == [
        f"Debuffed by {boss.name}: counts toward the hand type, gives nothing" if i in scored_debuffed else ""
        for i in range(len(r.hand))
    ]


def test_a_shop_tiles_price_and_edition_are_read_whole(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Seed 14's first shop sells a holographic charm: "charm · $6 holographic" was cut at both ends."""
    window.resize(1600, 1000)
    panel = open_panel(qtbot, window, (), seed=14)
    click(qtbot, panel.blind.select_button)
    click(qtbot, panel.controls.finish)
    assert game(panel).state.phase == "shop"
    qtbot.wait(50)
    captions = [tile.caption for tile in panel.shop.tiles]
    assert any("holographic" in c.text() for c in captions)
    for label in captions:
        room = label.contentsRect()
        wrap = Qt.TextFlag.TextWordWrap if label.wordWrap() else Qt.TextFlag(0)
        needed = label.fontMetrics().boundingRect(room, wrap | label.alignment(), label.text())
        assert needed.width() <= room.width() and needed.height() <= room.height(), label.text()
    # A caption of two lines takes no tile's button out of the row the others on its line are in.
    lines: dict[int, set[int]] = {}
    for tile in panel.shop.tiles:
        lines.setdefault(tile.y(), set()).add(tile.button.mapTo(panel, QPoint(0, 0)).y())
    assert all(len(ys) == 1 for ys in lines.values()), lines


def test_tab_reads_the_playtest_column_by_column_so_play_follows_the_hand(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Cards picked up with the keyboard, Tab goes to Play: it went to the consumables above the hand and
    the trace beside it first, and the controls on the left were mixed into the run's rows."""
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    window.resize(1600, 1000)
    panel = open_panel(qtbot, window)
    click(qtbot, panel.blind.select_button)
    hand = panel.round.hand
    hand.setFocus()
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Space, Qt.Key.Key_Right, Qt.Key.Key_Space):
        QTest.keyClick(hand, key)
    assert panel.round.selected() == [0, 1]
    QTest.keyClick(hand, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is panel.round.play_button
    QTest.keyClick(panel.round.play_button, Qt.Key.Key_Space)
    assert [a.name for a in panel.run.actions] == ["select_blind", "play"]  # type: ignore[union-attr]
    c = panel.controls
    panel.controls.resume.setFocus()  # the controls' last button: then the run's first
    QTest.keyClick(c.resume, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is panel.items.sell_charm


def test_a_refusal_is_scrolled_into_sight_at_1280_by_800(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """The dock scrolls there, and selecting the blind scrolled it down to the hand: Play with no card
    picked up did nothing anyone could see, its reason above the top of the dock."""
    window.resize(1280, 800)
    panel = open_panel(qtbot, window)
    click(qtbot, panel.blind.select_button)
    click(qtbot, panel.round.play_button)
    assert "play 1 to 5 cards, not 0" in panel.status.text()
    qtbot.waitUntil(lambda: not panel.status.visibleRegion().isEmpty())


def test_closing_the_window_asks_to_save_a_run_under_way_and_saves_it_with_save(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Closing the editor dropped a run in progress without a word: it asks, as for unsaved edits."""
    from PySide6.QtWidgets import QMessageBox

    asked: list[QMessageBox.StandardButton] = []
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save]
    window.ask_save_run = lambda: asked.append(answers.pop(0)) or asked[-1]  # type: ignore[method-assign]
    panel = open_panel(qtbot, window)
    click(qtbot, panel.blind.select_button)
    window.close()
    assert asked and window.isVisible()  # Cancel keeps the window and the run
    panel.ask_save_path = lambda: None  # type: ignore[method-assign]
    window.close()  # Save run…, then no file chosen: still open
    assert len(asked) == 2 and window.isVisible()
    saved = tmp_path / "closing.json"
    panel.ask_save_path = lambda: saved  # type: ignore[method-assign]
    panel.save_as()
    window.close()  # saved as it stands: nothing more to ask
    assert len(asked) == 2 and not window.isVisible()
    assert saved.read_text(encoding="utf-8") == dumps(game(panel), panel.played_on)


@pytest.mark.parametrize("lost", [False, True])
def test_closing_the_window_asks_nothing_of_a_run_with_no_action_or_over(
    qtbot, window: MainWindow, lost: bool
) -> None:  # type: ignore[no-untyped-def]
    """A fresh run, or a run that ended, loses nothing on closing: no question."""
    asked: list[bool] = []
    window.ask_save_run = lambda: asked.append(True)  # type: ignore[method-assign]
    panel = open_panel(qtbot, window, charms=())
    if lost:
        click(qtbot, panel.blind.select_button)
        while game(panel).state.phase == "round":  # one card a hand: the small blind is out of reach
            click_tile(qtbot, panel.round.hand, 0)
            click(qtbot, panel.round.play_button)
        assert game(panel).state.phase == "lost"
    window.close()
    assert not asked and not window.isVisible()


def test_the_status_line_and_header_name_entries_as_their_tiles_do(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """They said "Buy ace_bonus" and "tags rare_tag" beside a tile saying "Ace in the Hole"."""
    panel = open_panel(qtbot, window, seed=2)  # its small blind's tag is kept
    cat = game(panel).setup.catalog
    tag = cat.tags[game(panel).state.skip_tag(0)]
    click(qtbot, panel.blind.skip_button)
    assert panel.status.text().endswith(f" for {tag.name}") and tag.id not in panel.status.text()
    assert f"tags {tag.name}" in panel.header.text() and tag.id not in panel.header.text()
    click(qtbot, panel.blind.select_button)
    click(qtbot, panel.controls.finish)
    offers = game(panel).state.shop.offers  # type: ignore[union-attr]
    slot = next(i for i, o in enumerate(offers) if o.kind == "charm")
    charm = cat.charms[offers[slot].item]
    assert charm.name != charm.id
    click(qtbot, panel.controls.hint)  # whatever it names, by name
    assert not any(f" {o.item} " in panel.status.text() for o in offers), panel.status.text()
    click(qtbot, panel.shop.tiles[slot].button)
    assert panel.status.text().startswith(f"Buy {charm.name} ($"), panel.status.text()
    assert panel.shop.tiles[slot].face.item == charm.name


def test_finish_round_that_loses_the_run_says_the_run_ended(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """It said "to the end of the round" under a page saying the run was lost."""
    panel = open_panel(qtbot, window, charms=(), seed=4)
    click(qtbot, panel.blind.select_button)
    while game(panel).state.round.hands_left > 1:  # type: ignore[union-attr]
        click_tile(qtbot, panel.round.hand, 0)  # one card a hand, then the bot's last hand falls short
        click(qtbot, panel.round.play_button)
    click(qtbot, panel.controls.finish)
    assert game(panel).state.phase == "lost"
    said = panel.status.text()
    assert "end of the round" not in said and "the run's end: lost in ante 1, small blind: scored" in said, (
        said
    )


def test_a_won_run_says_so_and_offers_a_new_run_not_another_try(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """The won page said "Undo to try again", words for a loss."""
    panel = open_panel(qtbot, window, seed=11)
    g = game(panel)
    while not g.is_over:  # the strong bot wins this seed's run
        assert panel.perform(panel.bot().choose(g))
        g = game(panel)
    assert g.won
    said = panel.over.text()
    assert "Won the run" in said and "try again" not in said and "New run" in said, said


def test_undo_is_enabled_only_when_there_is_an_action_to_undo(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """A fresh run's Undo was enabled, only to say "Nothing to undo"."""
    panel = open_panel(qtbot, window)
    assert not panel.controls.undo.isEnabled()
    click(qtbot, panel.blind.select_button)
    click(qtbot, panel.controls.undo)
    assert not panel.controls.undo.isEnabled() and not panel.run.actions  # type: ignore[union-attr]


def test_a_shop_with_a_voucher_fits_the_docks_width_at_1600_by_1000(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """The shop's tiles scrolled sideways, the voucher at their end out of sight."""
    window.resize(1600, 1000)
    panel = open_panel(qtbot, window, seed=2)
    click(qtbot, panel.blind.skip_button)
    click(qtbot, panel.blind.select_button)
    click(qtbot, panel.controls.finish)
    offers = game(panel).state.shop.offers  # type: ignore[union-attr]
    voucher = next(i for i, o in enumerate(offers) if o.kind == "voucher")
    qtbot.waitUntil(lambda: not panel.shop.tiles[voucher].button.visibleRegion().isEmpty())
    area = window.playtest.dock.widget()
    for tile in panel.shop.tiles:  # each whole, inside the dock's width
        right = tile.mapTo(area, tile.rect().topRight()).x()
        assert 0 < right < area.width(), (tile.caption.text(), right, area.width())
    click(qtbot, panel.shop.tiles[voucher].button)
    assert game(panel).state.vouchers == (offers[voucher].item,) or "voucher" in panel.status.text()


def test_a_shop_of_two_lines_of_tiles_is_whole_above_its_buttons(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """At the window's first size seed 2's shop of eight wraps onto a second line: the shop grows to hold
    it (the dock scrolls), rather than the line being cut off and lying over Reroll and Leave shop."""
    panel = open_panel(qtbot, window, seed=2)
    click(qtbot, panel.blind.skip_button)
    click(qtbot, panel.blind.select_button)
    click(qtbot, panel.controls.finish)
    qtbot.wait(50)
    shop = panel.shop
    assert len({tile.y() for tile in shop.tiles}) > 1  # wrapped, or this tests nothing
    for tile in shop.tiles:
        assert shop.strip.rect().contains(tile.geometry()), (tile.caption.text(), tile.geometry())
    last = shop.tiles[-1]
    bottom = last.mapTo(shop, last.rect().bottomLeft()).y()
    for button in (shop.reroll_button, shop.leave_button):
        assert bottom < button.mapTo(shop, QPoint(0, 0)).y(), button.text()


def _tiles_shown(shop: ShopView) -> list[tuple[object, ...]]:
    """All a shop's tiles show a player (face, caption, button, tooltips, enabled), its title and Reroll."""
    reroll = shop.reroll_button
    return [
        (shop.title.text(), reroll.text() if reroll.isVisibleTo(shop) else None),
        *(
            (
                t.face.item,
                t.face.edition,
                t.face.size().toTuple(),
                t.face.toolTip(),
                t.caption.text(),
                t.caption.toolTip(),
                t.button.text(),
                t.button.toolTip(),
                t.button.objectName(),
                t.button.isEnabled(),
                t.isVisibleTo(shop),
            )
            for t in shop.tiles
        ),
    ]


def _held_shown(items: HeldItems) -> list[object]:
    """All the charm row and the consumables show a player: tiles, art, tooltips, and the list."""
    charms, consumables = items.charms, items.consumables
    return [
        items.slots.text(),
        [
            (c.data(TOKEN), c.data(PAYLOAD), art_key(c.data(ART)), c.toolTip())
            for c in map(charms.item, range(charms.count()))
        ],
        [(c.text(), c.toolTip()) for c in map(consumables.item, range(consumables.count()))],
        items.use_button.isEnabled(),
    ]


def test_a_reused_shop_tile_shows_the_offer_bought_rerolled_or_the_pack_opened(
    qtbot, window: MainWindow
) -> None:  # type: ignore[no-untyped-def]
    """Tiles are kept from one refresh to the next: each shows what a shop made afresh shows, and its
    button asks for what it now shows; the charm row and consumables, redrawn only where they changed,
    show what they would made afresh."""
    panel = open_panel(qtbot, window, seed=2)
    click(qtbot, panel.blind.skip_button)
    click(qtbot, panel.blind.select_button)
    click(qtbot, panel.controls.finish)
    made = list(panel.shop.tiles)

    def same_as_afresh() -> None:
        afresh = ShopView()
        afresh.set_game(game(panel))
        assert _tiles_shown(panel.shop) == _tiles_shown(afresh)
        assert panel.shop.row.count() == len(panel.shop.tiles)  # spare tiles are out of the flow
        held = HeldItems()
        held.art = panel.items.art
        held.set_game(game(panel))
        assert _held_shown(panel.items) == _held_shown(held)  # a charm bought, a consumable taken

    offers = game(panel).state.shop.offers  # type: ignore[union-attr]
    assert offers[0].kind == "charm" and not offers[0].sold
    click(qtbot, panel.shop.tiles[0].button)
    assert game(panel).state.shop.offers[0].sold  # type: ignore[union-attr]
    same_as_afresh()
    click(qtbot, panel.shop.reroll_button)
    rerolled = game(panel).state.shop.offers  # type: ignore[union-attr]
    assert rerolled[1].item != offers[1].item or rerolled[1].price != offers[1].price
    same_as_afresh()
    pack = next(i for i, o in enumerate(rerolled) if o.kind == "pack")
    click(qtbot, panel.shop.tiles[pack].button)
    assert game(panel).state.phase == "pack" and len(panel.shop.tiles) < len(made)
    same_as_afresh()
    options = game(panel).state.booster.options  # type: ignore[union-attr]
    click(qtbot, panel.shop.tiles[len(options) - 1].button)  # a reused tile takes its own option
    assert options[-1] in game(panel).state.consumables  # a changer pack's
    panel.items.consumables.setCurrentRow(0)
    click(qtbot, panel.items.sell_consumable)
    assert not game(panel).state.consumables
    same_as_afresh()
    same_as_afresh()
    if game(panel).state.phase == "pack":
        click(qtbot, panel.shop.skip_pack)
    assert panel.shop.tiles == made  # the shop's tiles again, none made anew
    same_as_afresh()
    asked: list[object] = []
    panel.shop.action.connect(asked.append)
    last = len(panel.shop.tiles) - 1
    click(qtbot, panel.shop.tiles[last].button)
    assert asked == [BUTTONS[game(panel).state.shop.offers[last].kind][1](last)]  # type: ignore[union-attr]


def _blinds_shown(view: BlindView) -> list[object]:
    """All a blind choice shows a player: each column's lines, frame and muting, and the skip button."""
    boxes = [view.columns.itemAt(i).widget() for i in range(view.columns.count())]  # type: ignore[union-attr]
    return [
        [
            (b.objectName(), [q.text() for q in b.findChildren(QLabel)], b.styleSheet(), b.isEnabled())
            for b in boxes
        ],
        (view.skip_button.text(), view.skip_button.toolTip(), view.skip_button.isEnabled()),
    ]


def test_the_blind_columns_kept_or_made_again_show_the_blinds_as_they_stand(
    qtbot, window: MainWindow
) -> None:  # type: ignore[no-untyped-def]
    """A column is made again only when what it shows changed: each shows what columns made afresh do."""
    panel = open_panel(qtbot, window, seed=2)

    def same_as_afresh() -> None:
        afresh = BlindView()
        afresh.set_game(game(panel))
        assert _blinds_shown(panel.blind) == _blinds_shown(afresh)

    same_as_afresh()
    boss = panel.blind._boxes[-1]
    click(qtbot, panel.blind.skip_button)  # the small blind skipped, the big one now
    same_as_afresh()
    assert panel.blind._boxes[-1] is boss  # the boss's column, unchanged, is kept
    click(qtbot, panel.blind.select_button)
    click(qtbot, panel.controls.finish)
    click(qtbot, panel.shop.leave_button)  # the big blind beaten, the boss now
    same_as_afresh()


def test_a_buy_by_keyboard_leaves_the_focus_where_a_second_key_buys_nothing(
    qtbot, window: MainWindow
) -> None:  # type: ignore[no-untyped-def]
    """The bought tile's button, disabled, handed the focus to the next tile's Buy: Space twice bought two."""
    from PySide6.QtWidgets import QApplication

    panel = open_panel(qtbot, window, seed=2)
    click(qtbot, panel.blind.skip_button)
    click(qtbot, panel.blind.select_button)
    click(qtbot, panel.controls.finish)
    qtbot.waitUntil(lambda: game(panel).state.phase == "shop")
    button = panel.shop.tiles[0].button
    button.setFocus()
    qtbot.keyClick(button, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: game(panel).state.shop.offers[0].sold)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: not button.isEnabled())
    focused = QApplication.focusWidget()
    assert focused is panel.shop.strip, focused
    qtbot.keyClick(focused, Qt.Key.Key_Space)
    assert not any(o.sold for o in game(panel).state.shop.offers[1:])  # type: ignore[union-attr]
