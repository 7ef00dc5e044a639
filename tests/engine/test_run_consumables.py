"""Consumables in runs: held in consumable slots, sold in the shop and in packs, used as a run action
with their effects run through the effect registry, made by effects, saved and replayed."""

from __future__ import annotations

import json
import re

import pytest
from test_run_events import in_shop, kinds, start

from studio.engine.bot import Bot
from studio.engine.catalog import Catalog
from studio.engine.run import save
from studio.engine.run.actions import (
    Buy,
    Choose,
    IllegalAction,
    LeaveShop,
    OpenBooster,
    SelectBlind,
    SellConsumable,
    UseConsumable,
    action_from_json,
    action_to_json,
)
from studio.engine.run.consumables import consumable_slots
from studio.engine.run.game import Game, replay
from studio.engine.run.state import Offer


def in_round(catalog: Catalog, *held: str) -> Game:
    game = start(catalog)
    game.state.consumables = list(held)
    game.apply(SelectBlind())
    return game


def refuse(game: Game, action: UseConsumable | SellConsumable | Buy | Choose, why: str) -> None:
    before = game.state.to_json()
    with pytest.raises(IllegalAction, match=why):
        game.apply(action)
    assert game.state.to_json() == before


def test_the_shop_offers_consumables_of_the_weighted_families_in_their_own_slots(catalog: Catalog) -> None:
    game = start(catalog)
    in_shop(game, money=4)
    assert game.state.shop is not None
    offered = [o for o in game.state.shop.offers if o.kind == "consumable"]
    assert len(offered) == catalog.run.shop.consumable_offers == 2  # type: ignore[union-attr]
    assert {catalog.consumables[o.item].family for o in offered} <= {"changer", "level"}  # rare: packs only
    slot = game.state.shop.offers.index(offered[0])
    game.apply(Buy(slot))
    assert game.state.consumables == [offered[0].item] and game.state.money == 4 - offered[0].price


def test_a_consumable_is_bought_only_into_a_free_slot(catalog: Catalog) -> None:
    game = start(catalog)
    in_shop(game, Offer("consumable", "star_pair", 3))
    game.state.consumables = ["star_flush"] * consumable_slots(game.state, game.setup)
    refuse(game, Buy(0), r"no free consumable slot \(2 of 2 used\); sell or use one first")


def test_a_card_changer_changes_the_chosen_cards_in_hand_and_deck(catalog: Catalog) -> None:
    game = in_round(catalog, "glass_stamp")
    r = game.state.round
    assert r is not None
    card = r.hand[3]
    events = game.apply(UseConsumable(0, (3,)))
    assert r.hand[3].upgrade == "glass" and r.hand[3].base == card.base
    assert game.state.deck.count(card) == 0 and r.hand[3] in game.state.deck
    assert game.state.consumables == []
    use = events[0]
    assert (use.kind, use.subject, use.note) == ("use_consumable", "glass_stamp", str(card))
    assert [(e.step, e.source, e.what, e.source_kind) for e in use.trace] == [
        ("consumable", "glass_stamp", "edit_card", "consumable")
    ]
    assert kinds(events) == ["use_consumable", "card_edited"]


def test_each_chosen_card_triggers_every_effect_in_turn(catalog: Catalog) -> None:
    game = in_round(catalog, "bonfire")
    r = game.state.round
    assert r is not None
    chosen = [r.hand[0], r.hand[5]]
    money, deck = game.state.money, len(game.state.deck)
    events = game.apply(UseConsumable(0, (0, 5)))
    assert game.state.money == money + 8
    assert len(game.state.deck) == deck - 2 and not set(chosen) & set(r.hand)
    assert [e.what for e in events[0].trace] == ["destroy_card", "money", "destroy_card", "money"]
    assert kinds(events).count("card_destroyed") == 2


def test_a_level_up_and_every_hand_type_are_used_between_rounds(catalog: Catalog) -> None:
    game = start(catalog)
    game.state.consumables = ["star_pair", "eclipse"]
    game.apply(UseConsumable(0))
    assert game.state.levels == {"pair": 2}
    game.apply(UseConsumable(0))
    assert game.state.levels == {t.id: 3 if t.id == "pair" else 2 for t in catalog.hand_types}
    assert game.state.consumables == []


def test_use_is_refused_with_the_reason(catalog: Catalog) -> None:
    game = start(catalog)
    game.state.consumables = ["glass_stamp", "second_wind", "star_pair"]
    refuse(game, UseConsumable(3), r"no consumable at position 3 \(you hold 3\)")
    refuse(game, UseConsumable(0, (0,)), r"glass_stamp is used in a round, with a hand in play")
    refuse(game, UseConsumable(1), r"second_wind is used in a round")
    refuse(game, UseConsumable(2, (1,)), re.escape("star_pair chooses no cards, not [1]"))
    game.apply(SelectBlind())
    refuse(game, UseConsumable(0), r"glass_stamp needs 1 card\(s\) in hand, not 0")
    refuse(game, UseConsumable(0, (0, 1)), r"needs 1 card\(s\) in hand, not 2")
    refuse(game, UseConsumable(0, (8,)), r"no card at position 8 \(the hand holds 8: positions 0 to 7\)")
    assert game.can_use_consumable(0, (2,)) is None


def test_a_consumable_for_the_round_changes_the_round(catalog: Catalog) -> None:
    game = in_round(catalog, "second_wind", "deep_pockets")
    r = game.state.round
    assert r is not None
    hands = r.hands_left
    game.apply(UseConsumable(0))
    game.apply(UseConsumable(0))
    assert (r.hands_left, r.hand_size) == (hands + 1, 10)


def test_consumables_made_by_a_consumable_take_its_freed_slot(catalog: Catalog) -> None:
    game = start(catalog)
    game.state.consumables = ["star_chart", "star_pair"]
    events = game.apply(UseConsumable(0))
    assert kinds(events) == [
        "use_consumable",
        "consumable_created",
        "consumable_created",
        "consumable_taken",
        "consumable_not_taken",
    ]
    assert len(game.state.consumables) == 2 and game.state.consumables[0] == "star_pair"
    assert catalog.consumables[game.state.consumables[1]].family == "level"


def test_selling_a_consumable_pays_half_its_cost(catalog: Catalog) -> None:
    game = start(catalog)
    game.state.consumables = ["wish", "star_pair"]
    money = game.state.money
    game.apply(SellConsumable(0))
    game.apply(SellConsumable(0))
    assert game.state.money == money + 3 + 1 and game.state.consumables == []
    refuse(game, SellConsumable(0), r"no consumable at position 0 \(you hold 0\)")


def test_a_consumable_pack_shows_its_family_and_a_pick_takes_a_slot(catalog: Catalog) -> None:
    game = start(catalog)
    in_shop(game, Offer("pack", "star_pack", 4), Offer("pack", "star_pack", 4))
    game.apply(OpenBooster(0))
    pack = game.state.booster
    assert pack is not None and len(pack.options) == 3 == len(set(pack.options))
    assert {catalog.consumables[o].family for o in pack.options} == {"level"}
    refuse(game, UseConsumable(0), r"no consumable at position 0")
    game.apply(Choose(1))
    assert game.state.consumables == [pack.options[1]] and pack.picks_left == 1  # star packs give two picks
    game.apply(Choose(None))
    assert game.state.phase == "shop"
    game.state.consumables.append("star_pair")
    game.apply(OpenBooster(1))
    refuse(game, Choose(0), r"no free consumable slot \(2 of 2 used\); sell or use one, or skip")


def test_the_actions_json_form(catalog: Catalog) -> None:
    for action in (UseConsumable(1, (0, 4)), UseConsumable(0), SellConsumable(2)):
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action
    assert action_to_json(UseConsumable(0)) == {"action": "use_consumable", "index": 0, "cards": []}


def test_a_run_holding_and_using_consumables_saves_resumes_and_replays(catalog: Catalog) -> None:
    game = start(catalog, seed=11)
    bot = Bot(catalog)
    while game.state.phase != "shop":
        game.apply(bot.choose(game))
    assert game.state.shop is not None
    slots = [i for i, o in enumerate(game.state.shop.offers) if o.kind == "consumable"]
    for slot in slots:
        if game.can_buy(slot) is None:
            game.apply(Buy(slot))
    assert game.state.consumables
    text = save.dumps(game)
    assert json.loads(text)["run"]["state"]["consumables"] == game.state.consumables
    assert save.loads(text, catalog).state.to_json() == game.state.to_json()
    game.apply(LeaveShop())
    game.apply(SelectBlind())
    held = game.state.consumables[0]
    targets = catalog.consumables[held].targets
    game.apply(UseConsumable(0, (0,) if targets is not None and targets.kind == "cards" else ()))
    resumed = save.loads(save.dumps(game), catalog)
    assert resumed.state.to_json() == game.state.to_json()
    assert replay(game.setup, [h.action for h in game.history]).state.to_json() == game.state.to_json()


def test_a_consumable_that_adds_a_card_to_the_hand_is_used_in_a_round_and_the_card_held(
    catalog: Catalog,
) -> None:
    from dataclasses import replace

    from studio.engine.effects import Effect

    wish = catalog.consumables["wish"]
    summon = replace(
        wish, id="summon", effects=(Effect("add_card", args=(("rank", 12), ("suit", "S"), ("to", "hand"))),)
    )
    cat = replace(catalog, consumables={**catalog.consumables, "summon": summon}, memo={})
    game = start(cat)
    in_shop(game)
    game.state.consumables = ["summon"]
    refuse(game, UseConsumable(0), "is used in a round")
    game.apply(LeaveShop())
    game.apply(SelectBlind())
    game.apply(UseConsumable(0))
    r = game.state.round
    assert r is not None and str(r.hand[-1]) == "QS" and str(game.state.deck[-1]) == "QS"
    assert "card_added" in kinds(game.history[-1].events)
