"""The run engine: blinds, rounds, rewards, antes and the end of a run, with the real scorer."""

from __future__ import annotations

import pytest

from studio.engine.catalog import Catalog
from studio.engine.run.actions import Discard, LeaveShop, Play, SelectBlind, SkipBlind
from studio.engine.run.game import Game, replay
from studio.engine.run.setup import RunSetup, SetupError
from studio.engine.run.state import RunState


def start(catalog: Catalog, **kw: object) -> Game:
    return Game.start(RunSetup.from_catalog(catalog, **kw))  # type: ignore[arg-type]


def test_a_run_starts_with_the_standard_values(catalog: Catalog) -> None:
    game = start(catalog, seed=1)
    s = game.state
    assert (s.phase, s.ante, s.blind, s.money) == ("select", 1, 0, 4)
    assert (s.hand_size, s.hands, s.discards, s.charm_slots, len(s.deck)) == (8, 4, 3, 5, 52)
    assert s.boss is not None and catalog.boss(s.boss).min_ante == 1


def test_deck_and_difficulty_apply_at_the_start(catalog: Catalog) -> None:
    s = start(catalog, deck="yellow", difficulty=5, seed=1).state
    assert s.money == 14 and s.discards == 2 and s.hand_size == 7
    game = start(catalog, deck="abandoned", difficulty=3, seed=1)
    assert len(game.state.deck) == 40
    game.apply(SelectBlind())
    assert game.state.round is not None and game.state.round.requirement == 375


def test_unknown_deck_is_refused_with_a_suggestion(catalog: Catalog) -> None:
    with pytest.raises(SetupError, match="did you mean 'yellow'"):
        RunSetup.from_catalog(catalog, deck="yelow")
    with pytest.raises(SetupError, match="unknown difficulty 9"):
        RunSetup.from_catalog(catalog, difficulty=9)


def test_starting_charms_fit_the_slots_their_own_editions_bring(catalog: Catalog) -> None:
    five = ["pair_x2", "bus_rider", "tip_jar", "payday", "nest_egg"]
    with pytest.raises(SetupError, match="6 charms do not fit 5 charm slots"):
        RunSetup.from_catalog(catalog, charms=["pair_mult", *five])
    game = start(catalog, charms=["pair_mult:negative", *five])  # a negative charm brings its own slot
    assert len(game.state.charms) == 6
    with pytest.raises(SetupError, match="7 charms do not fit 6 charm slots"):
        RunSetup.from_catalog(catalog, charms=["pair_mult:negative", *five, "snowball"])


def test_selecting_a_blind_deals_a_full_hand_from_the_shuffled_deck(catalog: Catalog) -> None:
    game = start(catalog, seed=3)
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None
    assert len(r.hand) == 8 and len(r.draw_pile) == 44
    assert (r.requirement, r.reward, r.hands_left, r.discards_left) == (300, 3, 4, 3)
    assert sorted(map(str, r.hand + r.draw_pile)) == sorted(map(str, game.state.deck))


def test_a_play_scores_with_the_real_scorer_and_draws_back_up(catalog: Catalog) -> None:
    game = start(catalog, seed=3)
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None
    played = r.hand[:2]
    game.apply(Play((0, 1)))
    entry = game.history[-1]
    assert entry.score is not None and entry.score.scoring  # the scorer's result, trace included
    assert entry.score.events[0].step in ("base", "boss")
    assert r.score == entry.score.total and r.hands_left == 3
    assert len(r.hand) == 8 and not set(map(str, played)) & set(map(str, r.hand))


def test_discarding_draws_as_many_and_uses_a_discard(catalog: Catalog) -> None:
    game = start(catalog, seed=3)
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None
    kept = r.hand[3:]
    game.apply(Discard((0, 1, 2)))
    assert r.discards_left == 2 and len(r.hand) == 8 and r.hand[:5] == kept


def test_running_out_of_hands_loses_the_run(catalog: Catalog) -> None:
    game = start(catalog, seed=3)
    game.apply(SelectBlind())
    for _ in range(4):
        game.apply(Play((0,)))  # one high card at a time never makes 300
    assert game.is_over and not game.won and game.state.phase == "lost"


def test_beating_a_blind_pays_reward_hands_left_and_interest_then_opens_the_shop(catalog: Catalog) -> None:
    game = start(catalog, seed=3, charms=("pair_x2", "plain_mult", "last_hand_x3"))
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None
    r.requirement = 1  # any hand beats it
    money = game.state.money
    game.apply(Play((0,)))
    s = game.state
    assert s.phase == "shop" and s.shop is not None and s.shop.offers
    paid = next(e for e in game.history[-1].events if e.kind == "reward")
    assert paid.amount == 3 + 3 * 1 + min(money // 5, 5)
    assert s.money == money + paid.amount
    game.apply(LeaveShop())
    assert (s.phase, s.blind) == ("select", 1)


def test_skipping_pays_the_skip_reward_and_a_boss_cannot_be_skipped(catalog: Catalog) -> None:
    game = start(catalog, seed=3)
    game.apply(SkipBlind())
    game.apply(SkipBlind())
    assert game.state.blind == 2 and game.state.money == 8
    assert game.legal(SkipBlind()) == "a boss blind cannot be skipped"


def test_seed_plus_history_replays_the_run_exactly(catalog: Catalog) -> None:
    from studio.engine.bot import play_run

    setup = RunSetup.from_catalog(catalog, seed=11)
    game = play_run(catalog, setup)
    again = replay(setup, [h.action for h in game.history])
    assert again.state.to_json() == game.state.to_json()
    assert [h.score for h in again.history] == [h.score for h in game.history]


def test_state_survives_its_json_form(catalog: Catalog) -> None:
    from studio.engine.bot import play_run

    game = play_run(catalog, RunSetup.from_catalog(catalog, seed=4), stop_after=30)
    data = game.state.to_json()
    assert RunState.from_json(data, lambda t: catalog.cards(t)[0]).to_json() == data
