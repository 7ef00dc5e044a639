"""Actions as records: each is checked before it runs; a refused one says why and changes nothing."""

from __future__ import annotations

import re

import pytest

from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.run.action_rules import RULES
from studio.engine.run.actions import (
    KINDS,
    Action,
    ActionError,
    Buy,
    BuyVoucher,
    Choose,
    Discard,
    IllegalAction,
    LeaveShop,
    OpenBooster,
    Play,
    ReorderCharms,
    Reroll,
    SelectBlind,
    Sell,
    SellConsumable,
    SkipBlind,
    UseConsumable,
    action_from_json,
    action_to_json,
)
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup


def new_game(catalog: Catalog, charms: tuple[str, ...] = (), seed: int = 5) -> Game:
    return Game.start(RunSetup.from_catalog(catalog, seed=seed, charms=charms))


def in_round(catalog: Catalog) -> Game:
    game = new_game(catalog, charms=("plain_mult",))
    game.apply(SelectBlind())
    return game


def in_shop(catalog: Catalog, money: int = 50, charms: tuple[str, ...] = ("plain_mult",)) -> Game:
    """A run in the shop after the small blind (the blind made easy to beat)."""
    game = new_game(catalog, charms=charms)
    game.apply(SelectBlind())
    assert game.state.round is not None
    game.state.round.requirement = 1
    game.apply(Play((0,)))
    assert game.state.phase == "shop"
    game.state.money = money
    return game


def slot_of(game: Game, kind: str) -> int:
    assert game.state.shop is not None
    return next(i for i, o in enumerate(game.state.shop.offers) if o.kind == kind)


def refuse(game: Game, action: Action, expected: str) -> None:
    """Assert ``action`` is refused with a reason matching ``expected`` and the run is untouched."""
    before = game.state.to_json()
    history = list(game.history)
    reason = game.legal(action)
    assert reason is not None and re.search(expected, reason), reason
    with pytest.raises(IllegalAction, match=re.escape(reason)):
        game.apply(action)
    assert game.state.to_json() == before
    assert game.history == history and not game.queue


def test_every_kind_of_action_has_one_rule_that_checks_and_resolves_it() -> None:
    assert set(RULES) == set(KINDS.values())


def test_choosing_a_blind_refuses_everything_but_select_skip_and_the_row(catalog: Catalog) -> None:
    game = new_game(catalog, charms=("plain_mult", "pair_x2"))
    refuse(game, Play((0,)), r"cards are played in a round, not now \(choosing a blind\)")
    refuse(game, Discard((0,)), r"cards are discarded in a round")
    refuse(game, Buy(0), r"buy happens in the shop")
    refuse(game, OpenBooster(0), r"open pack happens in the shop")
    refuse(game, Reroll(), r"reroll happens in the shop")
    refuse(game, LeaveShop(), r"leave shop happens in the shop")
    refuse(game, Choose(0), r"no open pack")
    refuse(game, Sell(2), r"no charm at position 2 \(the row holds 2\)")
    refuse(game, ReorderCharms((0, 0)), r"each of the 2 charm positions once")
    game.state.blind = 2
    refuse(game, SkipBlind(), r"a boss blind cannot be skipped")


def test_a_round_refuses_bad_plays_and_discards(catalog: Catalog) -> None:
    game = in_round(catalog)
    refuse(game, Play(()), r"play 1 to 5 cards, not 0")
    refuse(game, Play((0, 1, 2, 3, 4, 5)), r"play 1 to 5 cards, not 6")
    refuse(game, Play((1, 1)), r"appears twice")
    refuse(game, Play((8,)), r"no card at position 8 \(the hand holds 8: positions 0 to 7\)")
    refuse(game, Discard((-1,)), r"no card at position -1")
    refuse(game, SelectBlind(), r"no blind to select now \(in a round\)")
    refuse(game, SkipBlind(), r"no blind to skip")
    refuse(game, Sell(0), r"charms are sold outside a round")
    refuse(game, Buy(0), r"in the shop, not now \(in a round\)")
    assert game.state.round is not None
    game.state.round.discards_left = 0
    refuse(game, Discard((0,)), r"no discards left this round")


def test_the_shop_refuses_what_cannot_be_paid_or_placed(catalog: Catalog) -> None:
    game = in_shop(catalog, money=0)
    charm, pack = slot_of(game, "charm"), slot_of(game, "pack")
    refuse(game, Buy(charm), r"costs \$\d+, you have \$0")
    refuse(game, OpenBooster(pack), r"costs \$\d+, you have \$0")
    refuse(game, Reroll(), r"a reroll costs \$5, you have \$0")
    refuse(game, Buy(pack), r"holds a pack .*use open_pack")
    refuse(game, OpenBooster(charm), r"holds a charm .*use buy")
    refuse(game, Buy(9), r"no shop slot 9")
    refuse(game, Play((0,)), r"in a round, not now \(in the shop\)")
    refuse(game, Choose(None), r"no open pack")
    game.state.money = 50
    game.state.charms = [CharmSlot("plain_mult")] * game.state.charm_slots
    refuse(game, Buy(charm), r"no free charm slot \(5 of 5 used\); sell one first")
    game.state.charms = []
    game.apply(Buy(charm))
    refuse(game, Buy(charm), r"already sold")


def test_an_open_pack_refuses_bad_options(catalog: Catalog) -> None:
    game = in_shop(catalog)
    assert game.state.shop is not None
    offer = game.state.shop.offers[slot_of(game, "pack")]
    offer.item = "charm_pack"
    game.apply(OpenBooster(slot_of(game, "pack")))
    assert game.state.phase == "pack" and game.state.booster is not None
    refuse(game, Choose(7), r"no option 7 \(the pack shows 2\)")
    refuse(game, LeaveShop(), r"in the shop, not now \(in a pack\)")
    refuse(game, Reroll(), r"in a pack")
    game.state.charms = [CharmSlot("plain_mult")] * game.state.charm_slots
    refuse(game, Choose(0), r"no free charm slot .* sell one or skip")


def test_a_finished_run_refuses_everything(catalog: Catalog) -> None:
    game = in_round(catalog)
    while not game.is_over:
        game.apply(Play((0,)))
    for kind in KINDS.values():
        action = (
            kind(())
            if kind in (Play, Discard, ReorderCharms)
            else kind(0)
            if kind in (Buy, BuyVoucher, Sell, OpenBooster, Choose, UseConsumable, SellConsumable)
            else kind()
        )  # type: ignore[call-arg]
        refuse(game, action, r"the run is over \(lost\)")


def test_a_queue_resolves_in_order_and_stops_at_the_first_refusal(catalog: Catalog) -> None:
    game = new_game(catalog)
    game.submit([SelectBlind(), Play((0,)), SelectBlind(), Play((1,))])
    with pytest.raises(IllegalAction, match="no blind to select now"):
        game.resolve()
    assert [type(h.action) for h in game.history] == [SelectBlind, Play] and not game.queue


def test_reroll_price_rises_a_dollar_per_reroll_in_one_shop(catalog: Catalog) -> None:
    game = in_shop(catalog, money=30)
    costs = []
    for _ in range(3):
        before = game.state.money
        game.apply(Reroll())
        costs.append(before - game.state.money)
    assert costs == [5, 6, 7]


def test_buy_sell_and_reorder_move_money_and_charms(catalog: Catalog) -> None:
    game = in_shop(catalog, money=30, charms=("plain_mult", "pair_x2"))
    assert game.state.shop is not None
    slot = slot_of(game, "charm")
    offer = game.state.shop.offers[slot]
    game.apply(Buy(slot))
    assert [c.id for c in game.state.charms][-1] == offer.item and game.state.money == 30 - offer.price
    game.apply(ReorderCharms((2, 0, 1)))
    assert [c.id for c in game.state.charms] == [offer.item, "plain_mult", "pair_x2"]
    money = game.state.money
    game.apply(Sell(1))
    assert game.state.money == money + max(catalog.charm("plain_mult").cost // 2, 1)
    assert [c.id for c in game.state.charms] == [offer.item, "pair_x2"]


@pytest.mark.parametrize("kind", ["cards", "charms", "levels"])
def test_each_pack_kind_gives_what_it_shows(catalog: Catalog, kind: str) -> None:
    game = in_shop(catalog, charms=())
    assert game.state.shop is not None
    slot = slot_of(game, "pack")
    game.state.shop.offers[slot].item = f"{kind[:-1]}_pack" if kind != "levels" else "level_pack"
    game.apply(OpenBooster(slot))
    pack = game.state.booster
    assert pack is not None and pack.kind == kind and pack.options
    option = pack.options[0]
    deck = len(game.state.deck)
    game.apply(Choose(0))
    if pack.picks_left:  # a pack of two picks stays open for the second one
        game.apply(Choose(None))
    assert game.state.phase == "shop" and game.state.booster is None
    if kind == "cards":
        assert len(game.state.deck) == deck + 1 and str(game.state.deck[-1]) == option
    elif kind == "charms":
        assert [c.id for c in game.state.charms] == [option]
    else:
        assert game.state.levels[option] == 2


def test_actions_have_a_json_form_and_bad_forms_are_refused() -> None:
    for action in (SelectBlind(), Play((0, 3)), Discard((1,)), Buy(2), Sell(0), Choose(None), Choose(1)):
        assert action_from_json(action_to_json(action)) == action
    assert action_from_json(action_to_json(ReorderCharms((1, 0)))) == ReorderCharms((1, 0))
    for bad, why in [
        ({"action": "plya"}, "did you mean 'play'"),
        ({"action": "play"}, "missing field 'cards'"),
        ({"action": "play", "cards": "0"}, "want a list"),
        ({"action": "buy", "slot": True}, "whole number"),
        ({"action": "reroll", "slot": 1}, "unexpected field"),
        ([1], "an action is an object"),
    ]:
        with pytest.raises(ActionError, match=why):
            action_from_json(bad)
