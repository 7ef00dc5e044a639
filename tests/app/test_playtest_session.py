"""A playtest run without a screen: every action is the engine's, undo replays the log, saves resume."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from studio.app.playtest_session import Playtest
from studio.app.playtest_situation import blinds, charm_token, describe_action, preview_state
from studio.content.plain_scenarios import plain_situation
from studio.engine.bot import Bot
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.run.actions import Buy, LeaveShop, Play, SelectBlind, UseConsumable
from studio.engine.run.game import replay
from studio.engine.run.save import dumps, loads
from studio.engine.runs import DifficultyDef
from studio.engine.scoring import score
from studio.engine.values import Modifier


def _played(catalog: Catalog, actions: int, seed: int = 5) -> Playtest:
    run = Playtest.new(catalog, seed)
    bot = Bot(catalog, "strong")
    for _ in range(actions):
        assert run.perform(bot.choose(run.game)) is None
    return run


def test_a_run_played_action_by_action_is_the_engines_replay_of_its_log(catalog: Catalog) -> None:
    run = _played(catalog, 30)
    again = replay(run.game.setup, run.actions)
    assert again.state.to_json() == run.game.state.to_json()
    assert dumps(again) == dumps(run.game)


def test_a_refused_action_changes_nothing_and_says_why(catalog: Catalog) -> None:
    run = Playtest.new(catalog, 5)
    before = run.game.state.to_json()
    assert run.perform(Play((0,))) == "cards are played in a round, not now (choosing a blind)"
    assert run.perform(Buy(0)) is not None
    assert run.game.state.to_json() == before and run.actions == []


def test_undo_goes_back_to_the_state_before_the_last_action(catalog: Catalog) -> None:
    run = _played(catalog, 12)
    before = replay(run.game.setup, run.actions[:-1]).state.to_json()
    last = run.actions[-1]
    assert run.undo() == last
    assert run.game.state.to_json() == before and len(run.actions) == 11
    assert Playtest.new(catalog, 5).undo() is None


def test_a_save_resumes_where_it_stopped_and_leaves_no_temporary_file(
    catalog: Catalog, tmp_path: Path
) -> None:
    run = _played(catalog, 20)
    path = tmp_path / "run.json"
    run.save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["run.json"]
    resumed = Playtest.resume(path.read_text(encoding="utf-8"), catalog)
    assert resumed.game.state.to_json() == run.game.state.to_json()
    assert loads(path.read_text(encoding="utf-8"), catalog).history == run.game.history


def test_the_last_play_knows_the_cards_it_played_and_held(catalog: Catalog) -> None:
    run = Playtest.new(catalog, 5)
    assert run.perform(SelectBlind()) is None
    hand = list(run.game.state.round.hand)  # type: ignore[union-attr]
    assert run.perform(Play((2, 0))) is None
    last = run.last_play()
    assert last is not None and last.resolved.score is not None
    assert last.played == (hand[2], hand[0])
    assert last.held == tuple(c for i, c in enumerate(hand) if i not in (0, 2))


def test_finish_round_lets_the_bot_play_until_the_round_ends(catalog: Catalog) -> None:
    run = Playtest.new(catalog, 5)
    run.perform(SelectBlind())
    taken, why = run.finish_round(Bot(catalog, "strong"))
    assert why is None and taken >= 1
    assert run.game.state.phase in ("shop", "lost")


def test_finish_round_plays_and_discards_and_leaves_the_consumables_to_the_player(catalog: Catalog) -> None:
    run = _played(catalog, 9, seed=24)  # a round, holding a stamp the bot would use on its best play
    assert isinstance(Bot(catalog, "strong").choose(run.game), UseConsumable)
    held = list(run.game.state.consumables)
    taken, why = run.finish_round(Bot(catalog, "strong"))
    assert why is None and taken >= 1
    assert {a.name for a in run.actions[9:]} <= {"play", "discard"}
    assert run.game.state.consumables == held


def test_replaying_on_edited_content_keeps_the_actions_it_allows(catalog: Catalog) -> None:
    run = _played(catalog, 25)
    kept, why = run.rebase(catalog)
    assert (kept, why) == (25, None)
    charms = dict(catalog.charms)
    cheap = {cid: dataclasses.replace(c, cost=1) for cid, c in charms.items()}
    edited = dataclasses.replace(catalog, charms=cheap, memo={})
    run.rebase(edited)
    assert run.game.setup.catalog is edited


def test_the_blinds_show_what_each_asks_and_the_tag_a_skip_gives(catalog: Catalog) -> None:
    run = Playtest.new(catalog, 5)
    small, big, boss = blinds(run.game)
    assert (small.requirement, big.requirement, small.status, big.status) == (300, 450, "now", "later")
    assert small.tag and small.tag_text and not boss.tag
    assert boss.boss == run.game.state.boss
    assert describe_action(SelectBlind(), run.game) == "select the small blind"
    assert describe_action(LeaveShop(), run.game) == "leave shop"


def test_charms_go_to_the_preview_with_their_counter_variables_and_stickers() -> None:
    slot = CharmSlot("snowball", "foil", 2, (("chips", 30),), stickers=("eternal",), rounds=3)
    assert charm_token(slot) == 'snowball:foil@2#{"vars":{"chips":30},"stickers":["eternal"],"rounds":3}'
    assert charm_token(CharmSlot("plain_mult")) == "plain_mult"


def test_the_preview_scores_a_round_of_a_difficulty_as_the_run_does(catalog: Catalog) -> None:
    rules = (Modifier("four_fingers", "set", 1, source=("bent", "difficulty", -1)),)
    bent = dataclasses.replace(
        catalog, difficulties={**catalog.difficulties, "bent": DifficultyDef("bent", 6, rules)}, memo={}
    )
    run = Playtest.new(bent, 5, difficulty=6)
    run.perform(SelectBlind())
    r = run.game.state.round
    assert r is not None
    r.hand[:4] = bent.cards("2H 5H 7H 9H")
    data = preview_state(run.game, [0, 1, 2, 3])
    assert data["difficulty"] == 6
    previewed = score(plain_situation(data, bent), bent)
    run.perform(Play((0, 1, 2, 3)))
    played = run.game.history[-1].score
    assert played is not None and (previewed.hand_type, previewed.total) == (played.hand_type, played.total)
    assert played.hand_type == "flush"


def test_the_round_goes_to_the_preview_as_the_run_would_score_it(catalog: Catalog) -> None:
    run = Playtest.new(catalog, 5, charms=("plain_mult",))
    run.perform(SelectBlind())
    r = run.game.state.round
    assert r is not None
    data = preview_state(run.game, [1, 3])
    assert data["played"] == f"{r.hand[1]} {r.hand[3]}"
    assert data["held"].split() == [str(c) for i, c in enumerate(r.hand) if i not in (1, 3)]
    assert data["hands_left"] == r.hands_left - 1 and data["blind"] == "small" and data["ante"] == 1
    assert data["charms"] == ["plain_mult"] and "full_deck" not in data
    json.dumps(data)  # plain data, as a scenario holds
