"""Run rules across hands and rounds: glass, counters, interest, antes, the win, and named streams."""

from __future__ import annotations

from dataclasses import replace

from studio.engine.catalog import Catalog
from studio.engine.run.actions import LeaveShop, Play, Reroll, SelectBlind
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.runs import DeckDef


def beat_blind(game: Game, cards: tuple[int, ...] = (0,)) -> None:
    """Select the blind on offer and beat it with one play (its requirement lowered to 1)."""
    game.apply(SelectBlind())
    assert game.state.round is not None
    game.state.round.requirement = 1
    game.apply(Play(cards))


def test_glass_that_breaks_leaves_the_deck(catalog: Catalog) -> None:
    glass = DeckDef(
        "glass", catalog.cards(" ".join(f"{r}{s}:glass" for r in "23456789TJQKA" for s in "SHCD"))
    )
    glassy = replace(catalog, decks={**catalog.decks, "glass": glass})
    game = Game.start(RunSetup.from_catalog(glassy, deck="glass", seed=4))
    game.apply(SelectBlind())
    broken: list[str] = []
    while not broken and game.state.phase == "round":
        game.apply(Play((0, 1, 2, 3, 4)))
        broken = [e.subject for e in game.history[-1].events if e.kind == "broken"]
    assert broken, "five glass cards a hand should break one within a round"
    assert len(game.state.deck) == 52 - len(broken)
    score = game.history[-1].score
    assert score is not None and set(broken) <= set(score.broken)


def test_charm_counters_persist_across_hands(catalog: Catalog) -> None:
    game = Game.start(RunSetup.from_catalog(catalog, seed=3, charms=("bus_rider",)))
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None
    counters = []
    for _ in range(3):
        r.hand[0] = catalog.cards("2S")[0]  # no face card scores: the ride goes on
        game.apply(Play((0,)))
        counters.append(game.state.charms[0].counter)
    assert counters == [1, 2, 3]


def test_interest_is_capped_by_the_difficulty(catalog: Catalog) -> None:
    game = Game.start(RunSetup.from_catalog(catalog, seed=3, difficulty=5))
    game.state.money = 40
    game.apply(SelectBlind())
    assert game.state.round is not None
    game.state.round.requirement = 1
    game.apply(Play((0,)))
    reward = next(e for e in game.history[-1].events if e.kind == "reward")
    assert reward.note == "$0 + $3 hands + $3 interest"  # tight purse: the small blind pays nothing


def test_the_boss_blind_leads_to_the_next_ante_with_a_new_boss(catalog: Catalog) -> None:
    game = Game.start(RunSetup.from_catalog(catalog, seed=8))
    first = game.state.boss
    for _ in range(3):
        beat_blind(game)
        game.apply(LeaveShop())
    s = game.state
    assert (s.ante, s.blind, s.phase) == (2, 0, "select")
    assert s.boss is not None and s.boss != first and s.bosses_seen == [first, s.boss]


def test_beating_the_last_boss_wins_the_run(catalog: Catalog) -> None:
    game = Game.start(RunSetup.from_catalog(catalog, seed=8))
    game.state.ante, game.state.blind = 8, 2
    beat_blind(game)
    assert game.is_over and game.won and game.state.phase == "won"
    assert game.history[-1].events[-1].kind == "won"


def test_the_requirement_is_the_ante_base_times_the_blind_factor(catalog: Catalog) -> None:
    game = Game.start(RunSetup.from_catalog(catalog, seed=8))
    game.state.ante, game.state.blind = 6, 1
    game.apply(SelectBlind())
    assert game.state.round is not None and game.state.round.requirement == 30000


def test_each_system_draws_from_its_own_stream(catalog: Catalog) -> None:
    """A reroll (shop stream) does not change the next blind's deal (shuffle stream)."""
    deals = []
    for reroll in (False, True):
        game = Game.start(RunSetup.from_catalog(catalog, seed=12))
        beat_blind(game)
        game.state.money = 20
        if reroll:
            game.apply(Reroll())
        game.apply(LeaveShop())
        game.apply(SelectBlind())
        assert game.state.round is not None
        deals.append(list(game.state.round.hand))
        counters = dict(game.state.rng.counters)
        assert {"shuffle", "boss", "shop"} <= set(counters)
    assert deals[0] == deals[1]
