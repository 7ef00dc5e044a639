"""The bot: best plays by the real scorer with bounded work, discards, charms, and whole runs."""

from __future__ import annotations

import random
from itertools import combinations

from studio.engine.bot import Bot, play_run
from studio.engine.bot.plays import NEUTRAL_RNG, best_play, candidates
from studio.engine.bot.values import CharmValues
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.run.actions import (
    Buy,
    Discard,
    Play,
    ReorderCharms,
    SelectBlind,
    SellConsumable,
    SkipBlind,
    UseConsumable,
)
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import Round
from studio.engine.scoring import Situation, score
from studio.engine.scoring.views import card_view
from studio.engine.tags import CharmEdition, FreeCharm


def a_round(catalog: Catalog, hand: str, boss: str | None = None) -> Round:
    return Round("small", 300, 3, boss, 4, 3, 8, hand=list(catalog.cards(hand)))


def test_the_best_play_is_the_best_of_all_218_without_charms(catalog: Catalog) -> None:
    rnd = random.Random(7)
    deck = list(catalog.deck("standard").cards)
    for _ in range(25):
        hand = rnd.sample(deck, 8)
        r = Round("small", 300, 3, None, 4, 3, 8, hand=hand)
        best = max(
            score(
                Situation(
                    played=tuple(hand[i] for i in play),
                    held=tuple(c for i, c in enumerate(hand) if i not in play),
                    hands_left=3,
                    discards_left=3,
                    rng=NEUTRAL_RNG,
                ),
                catalog,
            ).total
            for k in range(1, 6)
            for play in combinations(range(8), k)
        )
        assert best_play(r, [], {}, 4, catalog).total == best, " ".join(map(str, hand))


def test_candidates_are_few_whatever_the_hand(catalog: Catalog) -> None:
    rnd = random.Random(3)
    deck = list(catalog.deck("standard").cards)
    for _ in range(200):
        views = [card_view(c, catalog) for c in rnd.sample(deck, 8)]
        assert 1 <= len(candidates(views, frozenset())) <= 12


def test_it_finds_the_straight_with_a_low_ace(catalog: Catalog) -> None:
    r = a_round(catalog, "KS 4S 5S AC 3S 2H 9D KD")
    choice = best_play(r, [], {}, 4, catalog)
    assert choice.hand_type == "straight"
    assert sorted(str(r.hand[i]) for i in choice.cards) == sorted(["AC", "2H", "3S", "4S", "5S"])


def test_a_psychic_boss_gets_five_cards(catalog: Catalog) -> None:
    r = a_round(catalog, "KS KH 4C 4D 9S 2H 3H 5C", boss="psychic")
    assert len(best_play(r, [], {}, 4, catalog).cards) == 5


def bot_in_round(catalog: Catalog, hand: str, requirement: int) -> tuple[Bot, Game]:
    game = Game.start(RunSetup.from_catalog(catalog, seed=1))
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None
    r.hand = list(catalog.cards(hand))
    r.requirement = requirement
    return Bot(catalog), game


def test_it_plays_when_its_best_play_beats_the_blind(catalog: Catalog) -> None:
    bot, game = bot_in_round(catalog, "KS KH KD 4D 9S 2H 3H 5C", requirement=100)
    assert bot.choose(game) == Play((0, 1, 2))


def test_it_discards_toward_a_flush_it_nearly_holds(catalog: Catalog) -> None:
    bot, game = bot_in_round(catalog, "2H 7H 9H KH 3S 5C 8D JC", requirement=2000)
    action = bot.choose(game)
    assert isinstance(action, Discard) and sorted(action.cards) == [4, 5, 6, 7]


def test_it_buys_the_charm_that_adds_most_and_puts_multipliers_last(catalog: Catalog) -> None:
    values = CharmValues(catalog)
    plain = values.row([CharmSlot("plain_mult")], 10)
    assert values.row([CharmSlot("plain_mult"), CharmSlot("pair_x2")], 10) > plain > values.row([], 10)
    game = Game.start(RunSetup.from_catalog(catalog, seed=2, charms=("pair_x2", "plain_mult")))
    game.apply(SelectBlind())
    assert game.state.round is not None
    game.state.round.requirement = 1
    game.apply(Play((0,)))
    bot = Bot(catalog)
    assert bot.choose(game) == ReorderCharms((1, 0))
    game.apply(ReorderCharms((1, 0)))
    assert game.state.shop is not None
    game.state.money = 50
    action = bot.choose(game)
    assert isinstance(action, Buy) and game.state.shop.offers[action.slot].kind == "charm"


def test_it_clears_the_first_ante_of_most_runs_and_skips_only_for_a_charm_tag(catalog: Catalog) -> None:
    bot = Bot(catalog)
    games = [play_run(catalog, RunSetup.from_catalog(catalog, seed=seed), bot) for seed in range(30)]
    cleared = sum(g.state.ante > 1 for g in games)
    assert cleared >= 27, cleared
    tags = [
        e.subject
        for g in games
        for h in g.history
        if isinstance(h.action, SkipBlind)
        for e in h.events
        if e.kind == "tag"
    ]
    assert tags, "the bot never skipped a blind for a tag in 30 runs"
    assert all(isinstance(catalog.tags[t].reward, FreeCharm | CharmEdition) for t in tags), tags


def test_its_choices_depend_on_the_run_only(catalog: Catalog) -> None:
    used = Bot(catalog)
    play_run(catalog, RunSetup.from_catalog(catalog, seed=50), used)
    whole = play_run(catalog, RunSetup.from_catalog(catalog, seed=51), Bot(catalog))
    game = play_run(
        catalog, RunSetup.from_catalog(catalog, seed=51), used, stop_after=len(whole.history) // 2
    )
    assert used.choose(game) == Bot(catalog).choose(game)


def test_the_bot_uses_a_card_changer_on_the_cards_it_would_play(catalog: Catalog) -> None:
    game = Game.start(RunSetup.from_catalog(catalog, seed=4))
    game.state.consumables = ["glass_stamp", "shredder"]
    game.apply(SelectBlind())
    bot = Bot(catalog)
    play, _ = bot._round(game)
    action = bot.choose(game)
    assert isinstance(play, Play) and action == UseConsumable(0, play.cards[:1])
    game.apply(action)
    assert bot.choose(game) != UseConsumable(0, ())  # the shredder is never used in a round


def test_the_bot_uses_a_level_up_between_rounds_and_sells_what_it_never_uses(catalog: Catalog) -> None:
    game = Game.start(RunSetup.from_catalog(catalog, seed=4))
    game.state.consumables = ["shredder", "star_pair"]
    bot = Bot(catalog)
    assert bot.choose(game) == SellConsumable(0)
    game.apply(SellConsumable(0))
    assert bot.choose(game) == UseConsumable(0)


def test_bot_runs_buy_and_use_consumables(catalog: Catalog) -> None:
    used = [
        h.action
        for seed in range(6)
        for h in play_run(catalog, RunSetup.from_catalog(catalog, seed=seed)).history
        if isinstance(h.action, UseConsumable)
    ]
    assert used and any(a.cards for a in used)
