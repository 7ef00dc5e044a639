"""The order of a round's events that RULES.md section 6 pins: interest before the cash-out payouts, the
first hand is the first hand played (refused or not), a card changed in a hand scores changed from its
next time, and the triggers of a whole round in their places."""

from __future__ import annotations

from dataclasses import replace

from test_run_events import kinds, start, win_blind

from studio.engine.catalog import Catalog
from studio.engine.run.actions import Discard, LeaveShop, Play, SelectBlind
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.runs import DeckDef


def test_interest_counts_end_of_round_money_but_not_the_cash_out_payouts(catalog: Catalog) -> None:
    game = start(catalog, "nest_egg", "payday")
    game.state.money = 6
    win_blind(game)
    reward = next(e for e in game.history[-1].events if e.kind == "reward")
    # $6 + the nest egg's $4 at end of round = $10: $2 interest; the payday's $3 comes after it.
    assert reward.note == "$3 + $3 hands + $2 interest"
    assert game.state.money == 6 + 4 + 2 + 3 + 3 + 3


def test_the_first_hand_is_the_first_hand_played_even_when_the_boss_refuses_it(catalog: Catalog) -> None:
    game = start(catalog, "warm_up")
    game.state.blind, game.state.boss = 2, "psychic"
    game.apply(SelectBlind())
    game.apply(Discard((0,)))  # a discard is no hand
    game.apply(Play((0,)))  # refused by the boss: still the round's first hand
    first = game.history[-1].score
    assert first is not None and first.refused
    game.apply(Play((0, 1, 2, 3, 4)))
    second = game.history[-1].score
    assert second is not None and not second.refused
    assert not any(e.source == "warm_up" for e in second.events)


def test_the_first_hand_played_gets_the_first_hand_charms(catalog: Catalog) -> None:
    game = start(catalog, "warm_up")
    game.apply(SelectBlind())
    game.apply(Discard((0,)))
    game.apply(Play((0,)))
    first = game.history[-1].score
    assert first is not None and any(e.source == "warm_up" for e in first.events)


def test_a_card_changed_in_a_hand_scores_changed_from_its_next_time(catalog: Catalog) -> None:
    game = start(catalog, "hiker")
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None
    king = next(c for c in game.state.deck if str(c) == "KS")
    r.hand[0] = king
    game.apply(Play((0,)))
    scored = game.history[-1].score
    assert scored is not None
    assert [(e.source, e.amount) for e in scored.events if e.what == "points"] == [("KS", 10)]
    changed = next(c for c in game.state.deck if str(c).startswith("KS"))
    assert str(changed) == "KS:+5"
    r.hand[0] = changed  # the same card, held again
    game.apply(Play((0,)))
    scored = game.history[-1].score
    assert scored is not None
    assert [(e.source, e.amount) for e in scored.events if e.what == "points"] == [("KS", 15)]


def test_a_whole_round_fires_its_triggers_in_the_rule_book_order(catalog: Catalog) -> None:
    low = DeckDef("low", catalog.cards(" ".join(f"{r}{s}" for r in "2345678" for s in "SHCD")))
    charms = ("overtime", "card_sharp", "trophy_case", "payday", "loyalty_card")
    game = Game.start(RunSetup.from_catalog(replace(catalog, decks={"low": low}), deck="low", charms=charms))
    game.state.blind, game.state.boss = 2, None  # a boss blind without a boss rule in the way
    game.apply(SelectBlind())
    game.apply(Discard((0,)))
    assert game.state.round is not None
    game.state.round.requirement = 1
    game.apply(Play((0,)))
    game.apply(LeaveShop())
    order = [
        k
        for h in game.history
        for k in kinds(h.events)
        if k.startswith("trigger:") or k in ("beaten", "reward", "shop")
    ]
    assert order == [
        "trigger:round_start",
        "trigger:hand_drawn",
        "trigger:boss_defeated",
        "beaten",
        "reward",
        "trigger:cash_out",
        "shop",
        "trigger:shop_enter",
    ]
    assert game.state.charms[2].counter == 1
