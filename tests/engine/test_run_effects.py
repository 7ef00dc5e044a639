"""Effects that change the run: hands and discards, charms made and destroyed, sell values, items made,
money owed at cash out, free rerolls and prices, values for the round, and a loss prevented."""

from __future__ import annotations

from dataclasses import replace

from test_run_events import fired, in_shop, kinds, start, win_blind

from studio.content.models import CharmModel
from studio.engine.catalog import Catalog
from studio.engine.run.actions import Buy, BuyVoucher, LeaveShop, Play, Reroll, SelectBlind, Sell
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import Offer
from studio.engine.run.values import charm_slots


def with_charm(catalog: Catalog, data: dict[str, object]) -> Catalog:
    """The catalog with one more charm, validated as content is."""
    model = CharmModel.model_validate({"name": "Test", **data})
    return replace(catalog, charms={**catalog.charms, model.id: model.to_engine()}, memo={})


def test_add_discards_for_the_run_counts_from_the_next_round(catalog: Catalog) -> None:
    game = start(catalog, "merit_badge")
    game.state.blind = 2
    win_blind(game)
    assert game.state.discards == 4
    names = kinds(game.history[-1].events)
    assert names[names.index("trigger:boss_defeated") + 1] == "discards"
    game.apply(LeaveShop())
    game.apply(SelectBlind())
    assert game.state.round is not None and game.state.round.discards_left == 4


def test_a_charm_made_respects_the_charm_slots(catalog: Catalog) -> None:
    game = start(catalog, "plain_mult", "pair_mult", "pair_points", "pair_x2")
    in_shop(game, Offer("charm", "two_for_one", 7))
    game.apply(Buy(0))  # the fifth slot: no room for the free charm
    assert kinds(game.history[-1].events) == ["buy", "trigger:bought", "charm_not_created"]
    assert len(game.state.charms) == 5


def test_a_charm_made_by_id_and_a_charm_destroyed_by_id(catalog: Catalog) -> None:
    cat = with_charm(
        catalog,
        {
            "id": "swap_meet",
            "abilities": [
                {
                    "trigger": "round_start",
                    "effects": [
                        {"kind": "destroy_charm", "charm": "plain_mult"},
                        {"kind": "create_charm", "charm": "pair_mult"},
                    ],
                }
            ],
        },
    )
    game = Game.start(RunSetup.from_catalog(cat, seed=2, charms=("plain_mult", "swap_meet", "plain_mult")))
    game.apply(SelectBlind())
    assert [c.id for c in game.state.charms] == ["swap_meet", "plain_mult", "pair_mult"]  # the leftmost went


def test_destroy_charm_takes_the_right_neighbour_or_nothing(catalog: Catalog) -> None:
    game = start(catalog, "ritual_knife", "plain_mult", "pair_mult")
    game.apply(SelectBlind())
    assert [c.id for c in game.state.charms] == ["ritual_knife", "pair_mult"]
    (event,) = fired(game, "round_start")
    assert [(e.source, e.what, e.note) for e in event.trace] == [
        ("ritual_knife", "destroy_charm", "plain_mult is destroyed")
    ]
    game = start(catalog, "plain_mult", "ritual_knife")
    game.apply(SelectBlind())
    assert [c.id for c in game.state.charms] == ["plain_mult", "ritual_knife"] and not fired(
        game, "round_start"
    )


def test_a_random_charm_destroyed_is_another_one_drawn_from_its_own_stream(catalog: Catalog) -> None:
    cat = with_charm(
        catalog,
        {
            "id": "tantrum",
            "abilities": [
                {"trigger": "round_start", "effects": [{"kind": "destroy_charm", "target": "random"}]}
            ],
        },
    )
    game = Game.start(RunSetup.from_catalog(cat, seed=4, charms=("tantrum", "plain_mult", "pair_mult")))
    game.apply(SelectBlind())
    assert len(game.state.charms) == 2 and game.state.charms[0].id == "tantrum"
    assert game.state.rng.counters["destroy.tantrum"] == 1


def test_sell_value_grows_for_itself_or_for_every_charm(catalog: Catalog) -> None:
    game = start(catalog, "golden_egg", "gift_wrap", "plain_mult")
    win_blind(game)
    assert [c.sell_bonus for c in game.state.charms] == [4, 1, 1]  # the egg: +3 for itself, +1 from the wrap
    money = game.state.money
    game.apply(Sell(0))
    assert game.state.money == money + 2 + 4
    assert game.history[-1].events[0].amount == 6


def test_a_consumable_made_goes_to_a_free_consumable_slot(catalog: Catalog) -> None:
    game = start(catalog, "fortune_teller")
    game.state.blind = 2
    game.apply(SelectBlind())
    assert game.state.created == []
    (made,) = game.state.consumables
    assert catalog.consumables[made].family == "level"
    names = kinds(game.history[-1].events)
    assert names.index("consumable_created") < names.index("consumable_taken")


def test_a_consumable_made_without_a_free_slot_is_lost(catalog: Catalog) -> None:
    game = start(catalog, "fortune_teller")
    game.state.consumables = ["star_pair", "star_flush"]
    game.state.blind = 2
    game.apply(SelectBlind())
    assert game.state.consumables == ["star_pair", "star_flush"] and game.state.created == []
    assert "consumable_not_taken" in kinds(game.history[-1].events)


def test_money_owed_at_cash_out_is_paid_after_interest_as_an_event_of_its_source(catalog: Catalog) -> None:
    game = start(catalog, "tip_jar")
    game.state.money = 9
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None
    r.requirement = 1
    r.hand[:2] = catalog.cards("KS KH")
    game.apply(Play((0, 1)))
    reward = next(e for e in game.history[-1].events if e.kind == "reward")
    assert reward.note == "$3 + $3 hands + $1 interest"  # the $2 owed is not held at the end of the round
    (event,) = fired(game, "cash_out")
    assert [(e.source, e.what, e.amount, e.source_kind) for e in event.trace] == [
        ("tip_jar", "money", 1, "charm")
    ] * 2
    assert game.state.money == 9 + 1 + 3 + 3 + 2 and game.state.owed == []


def test_the_first_rerolls_of_a_shop_are_free(catalog: Catalog) -> None:
    game = start(catalog, "chaos_theory")
    in_shop(game, money=20)
    game.apply(Reroll())
    assert game.state.money == 20
    game.apply(Reroll())
    assert game.state.money == 15  # the first paid reroll costs the base price


def test_shop_prices_follow_the_prices_value(catalog: Catalog) -> None:
    game = start(catalog, "bargain_hunter")
    win_blind(game)
    assert game.state.shop is not None
    for offer in game.state.shop.offers:
        packs = {p.id: p.price for p in game.setup.table.shop.boosters}
        costs = {
            "charm": lambda i: catalog.charm(i).cost,
            "consumable": lambda i: catalog.consumables[i].cost,
            "voucher": lambda i: catalog.vouchers[i].cost,
        }
        base = costs.get(offer.kind, packs.__getitem__)(offer.item)
        assert offer.price == int(base * 0.75 + 0.5)


def test_the_prices_on_show_follow_a_discount_as_its_source_comes_and_goes(catalog: Catalog) -> None:
    game = start(catalog, "bargain_hunter")
    in_shop(game)
    shop = game.state.shop
    assert shop is not None
    offer = next(o for o in shop.offers if o.kind == "charm")
    cost = catalog.charm(offer.item).cost
    assert offer.price == int(cost * 0.75 + 0.5)
    game.apply(Sell(0))  # the discount goes with the charm that gave it
    assert offer.price == cost
    money = game.state.money
    game.apply(Buy(shop.offers.index(offer)))
    assert money - game.state.money == cost


def test_a_discount_voucher_bought_makes_the_rest_on_show_cheaper_at_once(catalog: Catalog) -> None:
    game = start(catalog)
    in_shop(game)
    shop = game.state.shop
    assert shop is not None
    offer = next(o for o in shop.offers if o.kind == "charm")
    cost = catalog.charm(offer.item).cost
    game.state.voucher_offers = ["discount_card"]
    shop.offers.append(Offer("voucher", "discount_card", 10))
    game.apply(BuyVoucher(len(shop.offers) - 1))
    assert offer.price == int(cost * 0.75 + 0.5)


def test_a_modify_for_the_round_from_a_run_trigger_changes_the_deal(catalog: Catalog) -> None:
    game = start(catalog, "scouting_report")
    game.apply(SelectBlind())
    assert game.state.round is not None and len(game.state.round.hand) == 8  # not the boss blind
    game.apply(Play((0,)))
    game.state.blind, game.state.phase, game.state.round = 2, "select", None
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None and r.hand_size == 10 and len(r.hand) == 10


def test_charm_slots_from_a_run_trigger_last_the_round(catalog: Catalog) -> None:
    cat = with_charm(
        catalog,
        {
            "id": "roomy",
            "abilities": [
                {
                    "trigger": "round_start",
                    "effects": [{"kind": "modify", "value": "charm_slots", "add": 1, "for": "round"}],
                },
                {
                    "trigger": "round_start",
                    "effects": [{"kind": "modify", "value": "hands", "add": 2, "for": "round"}],
                },
            ],
        },
    )
    game = Game.start(RunSetup.from_catalog(cat, seed=1, charms=("roomy",)))
    game.apply(SelectBlind())
    assert charm_slots(game.state, game.setup) == 6
    assert game.state.round is not None and game.state.round.hands_left == 6
    game.state.round.requirement = 1
    game.apply(Play((0,)))
    assert charm_slots(game.state, game.setup) == 5


def test_a_loss_is_prevented_once_a_share_of_the_requirement_was_scored(catalog: Catalog) -> None:
    game = start(catalog, "lucky_bones")
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None
    r.hands_left, r.score = 1, 2490  # 2,490 + the last hand's score reaches a quarter of 10,000
    r.requirement = 10_000
    r.hand[:1] = catalog.cards("AS")
    game.apply(Play((0,)))
    names = kinds(game.history[-1].events)
    assert names[names.index("score") + 1 :][:4] == [
        "trigger:round_lost",
        "charm_destroyed",
        "saved",
        "reward",
    ]
    reward = next(e for e in game.history[-1].events if e.kind == "reward")
    assert reward.note.startswith("$0 + $0 hands")  # a saved round pays no blind reward
    assert game.state.phase == "shop" and game.state.charms == []


def test_a_saved_boss_round_ends_as_beaten_so_the_boss_is_defeated(catalog: Catalog) -> None:
    game = start(catalog, "lucky_bones", "trophy_case")
    game.state.blind = 2  # straight to the boss blind
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None and r.boss is not None
    r.hands_left, r.score, r.requirement = 1, 2490, 10_000
    r.hand[:1] = catalog.cards("AS")
    game.apply(Play((0,)))
    names = kinds(game.history[-1].events)
    assert "saved" in names and names.index("trigger:boss_defeated") < names.index("saved")
    assert [(c.id, c.counter) for c in game.state.charms] == [("trophy_case", 1)]


def test_a_loss_short_of_the_share_ends_the_run(catalog: Catalog) -> None:
    game = start(catalog, "lucky_bones")
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None
    r.hands_left, r.requirement = 1, 10_000
    game.apply(Play((0,)))
    assert game.state.phase == "lost" and [c.id for c in game.state.charms] == ["lucky_bones"]
    assert kinds(game.history[-1].events)[-1] == "lost"
