"""A run hands each play, discard and end of round the run around it: ante, blind, hand size,
deck, draw pile, charm slots, and the hands played this round and this run."""

from __future__ import annotations

from studio.engine.catalog import Catalog
from studio.engine.run.actions import Discard, Play, SelectBlind
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import RunState
from studio.engine.run.triggers import round_situation


def started(catalog: Catalog, *charms: str) -> Game:
    """A run in its first round (the small blind), its requirement out of reach."""
    game = Game.start(RunSetup.from_catalog(catalog, seed=11, charms=charms))
    game.apply(SelectBlind())
    assert game.state.round is not None
    game.state.round.requirement = 10**9
    return game


def test_a_play_sees_the_ante_blind_hand_size_deck_draw_pile_and_slots(catalog: Catalog) -> None:
    game = started(catalog)
    s = game.state
    r = s.round
    assert r is not None
    situation = round_situation(s, game.setup, r.hand, r.hands_left, r.discards_left)
    assert (situation.ante, situation.blind, situation.hand_size, situation.charm_slots) == (1, "small", 8, 5)
    assert (len(situation.full_deck), situation.draw_pile) == (52, 52 - 8)
    assert (situation.hands_played, dict(situation.times_played)) == (0, {})


def test_the_draw_pile_a_play_reads_is_the_one_before_it_draws(catalog: Catalog) -> None:
    game = started(catalog, "wishing_well")
    game.apply(Play((0, 1)))
    added = [e.amount for e in game.history[-1].events[0].trace if e.source == "wishing_well"]
    assert added == [2 * (52 - 8)]


def test_plays_count_per_round_and_scored_hand_types_per_run(catalog: Catalog) -> None:
    game = started(catalog)
    r = game.state.round
    assert r is not None
    game.apply(Play((0,)))
    r.boss = "psychic"  # refuses hands of fewer than 5 cards
    game.apply(Play((0,)))
    assert r.hands_played == 2
    assert game.state.times_played == {"high_card": 1}  # the refused hand is no play of its type


def test_a_discard_sees_the_draw_pile_before_it_draws(catalog: Catalog) -> None:
    game = started(catalog)
    r = game.state.round
    assert r is not None
    game.apply(Discard((0, 1, 2)))
    assert len(r.draw_pile) == 52 - 8 - 3
    assert r.hands_played == 0


def test_times_played_and_hands_played_are_saved(catalog: Catalog) -> None:
    game = started(catalog)
    game.apply(Play((0, 1)))
    data = game.state.to_json()
    again = RunState.from_json(data, lambda token: catalog.cards(token)[0])
    assert again.times_played == game.state.times_played and again.times_played
    assert again.round is not None and again.round.hands_played == 1
