"""Run events as triggers: each fires at its place in a round (RULES.md section 6), for the charms that
listen, and leaves its trace in the run's log."""

from __future__ import annotations

from dataclasses import replace

from studio.engine.catalog import Catalog
from studio.engine.conditions import Conditions
from studio.engine.effects import Effect
from studio.engine.run.actions import (
    Buy,
    BuyVoucher,
    Choose,
    Discard,
    LeaveShop,
    OpenBooster,
    Play,
    Reroll,
    SelectBlind,
    Sell,
    SkipBlind,
    UseConsumable,
)
from studio.engine.run.events import RunEvent
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import Offer
from studio.engine.runs import DeckDef


def start(catalog: Catalog, *charms: str, seed: int = 3, deck: str = "standard") -> Game:
    return Game.start(RunSetup.from_catalog(catalog, deck=deck, seed=seed, charms=charms))


def kinds(events: list[RunEvent] | tuple[RunEvent, ...]) -> list[str]:
    """The log's run events as ``kind`` (a trigger as ``trigger:<name>``), in order."""
    return [f"trigger:{e.subject}" if e.kind == "trigger" else e.kind for e in events]


def fired(game: Game, trigger: str) -> list[RunEvent]:
    """The run events of the last action that say ``trigger`` fired."""
    return [e for e in game.history[-1].events if e.kind == "trigger" and e.subject == trigger]


def win_blind(game: Game) -> None:
    """Select the blind on offer and beat it with one card (its requirement lowered to 1)."""
    game.apply(SelectBlind())
    assert game.state.round is not None
    game.state.round.requirement = 1
    game.apply(Play((0,)))


def in_shop(game: Game, *offers: Offer, money: int = 50) -> None:
    """Beat the small blind and stand in the shop with ``offers`` for sale and ``money``."""
    win_blind(game)
    assert game.state.shop is not None
    if offers:
        game.state.shop.offers = list(offers)
    game.state.money = money


def test_round_start_fires_when_a_blind_is_selected_before_the_deal(catalog: Catalog) -> None:
    game = start(catalog, "overtime")
    game.apply(SelectBlind())
    assert kinds(game.history[-1].events)[:5] == ["blind", "trigger:round_start", "hands", "discards", "deal"]
    r = game.state.round
    assert r is not None and (r.hands_left, r.discards_left) == (5, 2)
    (event,) = fired(game, "round_start")
    assert [(e.step, e.source, e.what) for e in event.trace] == [
        ("round_start", "overtime", "add_hands"),
        ("round_start", "overtime", "add_discards"),
    ]


def test_hand_drawn_fires_after_every_deal_and_the_first_draw_is_the_first_hand(catalog: Catalog) -> None:
    low = DeckDef("low", catalog.cards(" ".join(f"{r}{s}" for r in "2345678" for s in "SHCD")))
    game = Game.start(
        RunSetup.from_catalog(replace(catalog, decks={"low": low}), deck="low", charms=("card_sharp",))
    )
    game.apply(SelectBlind())
    assert kinds(game.history[-1].events)[-2:] == ["deal", "trigger:hand_drawn"]
    assert game.state.money == 4 + 2  # the first draw: no face card held
    game.apply(Discard((0,)))
    assert kinds(game.history[-1].events)[-1] == "deal"  # a later draw is no first hand: nothing to log
    assert game.state.money == 6


def test_a_skipped_blind_fires_blind_skipped_after_its_reward(catalog: Catalog) -> None:
    game = start(replace(catalog, tags={}), "truant")  # no tag: its reward would pay too
    game.apply(SkipBlind())
    assert kinds(game.history[-1].events) == ["skip", "trigger:blind_skipped"]
    assert game.state.money == 4 + 2 + 3


def test_boss_defeated_fires_after_a_boss_blind_only_before_the_end_of_round(catalog: Catalog) -> None:
    game = start(catalog, "trophy_case")
    win_blind(game)
    assert not fired(game, "boss_defeated")
    game.state.blind = 2
    game.state.phase = "select"
    win_blind(game)
    names = kinds(game.history[-1].events)
    assert names.index("trigger:boss_defeated") < names.index("beaten") < names.index("reward")
    assert game.state.charms[0].counter == 1


def test_cash_out_fires_after_the_reward_and_its_money_earns_no_interest(catalog: Catalog) -> None:
    game = start(catalog, "payday")
    game.state.money = 9
    win_blind(game)
    events = game.history[-1].events
    names = kinds(events)
    assert names.index("reward") < names.index("trigger:cash_out") < names.index("shop")
    reward = next(e for e in events if e.kind == "reward")
    assert reward.note == "$3 + $3 hands + $1 interest"  # on the $9 held, not on $12
    assert game.state.money == 9 + 1 + 3 + 3 + 3


def test_shop_enter_fires_once_the_shop_is_filled(catalog: Catalog) -> None:
    game = start(catalog, "loyalty_card", "plain_mult")
    win_blind(game)
    names = kinds(game.history[-1].events)
    assert names[-2:] == ["shop", "trigger:shop_enter"]
    (event,) = fired(game, "shop_enter")
    assert [(e.what, e.amount) for e in event.trace] == [("money", 1)]


def test_shop_exit_fires_before_the_next_blind_and_makes_a_charm_in_a_free_slot(catalog: Catalog) -> None:
    game = start(catalog, "stowaway")
    in_shop(game)
    game.apply(LeaveShop())
    assert kinds(game.history[-1].events)[:2] == ["trigger:shop_exit", "charm_created"]
    made = game.state.charms[1].id
    assert catalog.charm(made).rarity == "common" and made != "stowaway"


def test_a_full_row_makes_no_charm_at_shop_exit(catalog: Catalog) -> None:
    game = start(catalog, "stowaway", "plain_mult", "pair_mult", "pair_points", "pair_x2")
    in_shop(game)
    game.apply(LeaveShop())
    assert not fired(game, "shop_exit") and len(game.state.charms) == 5


def test_reroll_fires_after_the_new_offers(catalog: Catalog) -> None:
    game = start(catalog, "flash_cards")
    in_shop(game)
    game.apply(Reroll())
    game.apply(Reroll())
    assert kinds(game.history[-1].events) == ["reroll", "trigger:reroll"]
    assert game.state.charms[0].counter == 2


def test_booster_opened_and_skipped_fire_at_the_pack(catalog: Catalog) -> None:
    game = start(catalog, "scratch_card", "loaded_dice", "pass_slip")  # loaded dice: 1 in 2 becomes certain
    in_shop(game, Offer("pack", "level_pack", 4), money=10)
    game.apply(OpenBooster(0))
    assert kinds(game.history[-1].events) == ["open_pack", "trigger:booster_opened"]
    assert game.state.money == 10 - 4 + 3
    game.apply(Choose(None))
    assert kinds(game.history[-1].events) == ["skip_pack", "trigger:booster_skipped"]
    assert game.state.charms[2].counter == 1


def test_bought_fires_for_the_charm_just_bought(catalog: Catalog) -> None:
    game = start(catalog)
    in_shop(game, Offer("charm", "two_for_one", 7))
    game.apply(Buy(0))
    assert kinds(game.history[-1].events) == ["buy", "trigger:bought", "charm_created"]
    assert game.state.charms[0].id == "two_for_one" and len(game.state.charms) == 2


def test_bought_is_a_charms_trigger_never_a_consumables_or_vouchers(catalog: Catalog) -> None:
    """Its text says "When a charm is bought": a consumable or voucher bought fires nothing."""
    two = catalog.charms["two_for_one"]
    ability = replace(two.abilities[0], conditions=Conditions())
    shopper = replace(two, id="shopper", abilities=(ability,))  # makes a charm for any charm bought
    game = start(replace(catalog, charms={**catalog.charms, "shopper": shopper}, memo={}), "shopper")
    voucher = game.state.voucher_offers[0]
    in_shop(game, Offer("consumable", "deep_pockets", 4), Offer("voucher", voucher, 10))
    game.apply(Buy(0))
    game.apply(BuyVoucher(1))
    assert [kinds(h.events) for h in game.history[-2:]] == [["buy"], ["buy_voucher"]]
    assert [c.id for c in game.state.charms] == ["shopper"]


def test_sold_fires_with_the_sold_charm_still_in_the_row(catalog: Catalog) -> None:
    game = start(catalog, "farewell_party", "plain_mult", "soda_can")
    in_shop(game)
    game.apply(Sell(1))
    assert kinds(game.history[-1].events) == ["sell", "trigger:sold"]
    assert [c.id for c in game.state.charms] == ["farewell_party", "soda_can"]
    assert game.state.charms[0].counter == 1  # another charm was sold
    game.apply(Sell(1))  # the soda can is sold: it acts on its own sale, farewell_party grows again
    assert [c.id for c in game.state.charms] == ["farewell_party"] and game.state.charms[0].counter == 2
    made = next(e for e in game.history[-1].events if e.kind == "tag")
    assert made.note.startswith("made by soda_can") and game.state.created == []
    assert made.subject in game.state.tags or made.note.endswith("taken now")
    game.apply(Sell(0))  # selling farewell_party itself is not "another charm"
    assert game.state.charms == [] and not fired(game, "sold")


def test_card_added_fires_for_a_card_taken_from_a_pack(catalog: Catalog) -> None:
    game = start(catalog, "scrapbook")
    in_shop(game, Offer("pack", "card_pack", 4))
    game.apply(OpenBooster(0))
    game.apply(Choose(0))
    assert kinds(game.history[-1].events)[:2] == ["take", "trigger:card_added"]
    (event,) = fired(game, "card_added")
    assert event.trace[0].zone == "deck" and game.state.charms[0].counter == 1


def test_card_destroyed_fires_for_each_card_that_leaves_after_the_hand(catalog: Catalog) -> None:
    faces = DeckDef(
        "faces", catalog.cards(" ".join(f"{r}{s}:glass" for r in "JQKJQKJQKJQKK" for s in "SHCD"))
    )
    setup = RunSetup.from_catalog(replace(catalog, decks={"faces": faces}), deck="faces", charms=("mourner",))
    game = Game.start(setup)
    game.apply(SelectBlind())
    broken: list[str] = []
    while not broken:
        r = game.state.round
        assert r is not None
        r.requirement, r.hands_left = 10**9, 4
        game.apply(Play((0, 1, 2, 3, 4)))
        broken = [e.subject for e in game.history[-1].events if e.kind == "broken"]
    names = kinds(game.history[-1].events)
    assert names.index("broken") < names.index("trigger:card_destroyed")
    (event,) = fired(game, "card_destroyed")
    assert event.amount == len(broken) and [e.zone for e in event.trace] == ["deck"] * len(broken)
    assert game.state.charms[0].counter == len(broken)


def test_a_card_destroyed_that_is_no_face_card_leaves_the_mourner_as_it_was(catalog: Catalog) -> None:
    game = start(catalog, "trash_compactor", "mourner")
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None
    r.hand[0] = catalog.cards("2S")[0]
    game.apply(Play((0,)))
    assert any(e.kind == "card_destroyed" for e in game.history[-1].events)
    assert not fired(game, "card_destroyed") and game.state.charms[1].counter == 0


def _planetarium(catalog: Catalog, *families: str) -> Catalog:
    """The catalog with ``planetarium``: farewell_party's growth, at each use of a consumable of ``families``."""
    party = catalog.charms["farewell_party"]
    counting = replace(party.abilities[0], trigger="consumable_used", conditions=Conditions(family=families))
    planetarium = replace(party, id="planetarium", abilities=(counting, party.abilities[1]))
    return replace(catalog, charms={**catalog.charms, "planetarium": planetarium}, memo={})


def test_consumable_used_fires_after_the_consumables_effects_for_the_families_asked(catalog: Catalog) -> None:
    game = start(_planetarium(catalog, "level"), "planetarium")
    in_shop(game)
    game.state.consumables = ["star_pair", "star_chart"]
    game.apply(UseConsumable(0))
    assert kinds(game.history[-1].events) == ["use_consumable", "trigger:consumable_used"]
    (used,) = fired(game, "consumable_used")
    assert used.note == "star_pair" and game.state.levels["pair"] == 2
    assert game.state.charms[0].counter == 1
    game.apply(UseConsumable(0))  # star_chart is a rare one (the two it makes are level ones, not used)
    assert "trigger:consumable_used" not in kinds(game.history[-1].events)
    assert game.state.charms[0].counter == 1


def test_consumable_used_fires_in_a_round_too_and_for_any_family_when_none_is_asked(catalog: Catalog) -> None:
    game = start(_planetarium(catalog), "planetarium")
    game.state.consumables = ["heart_dye", "star_pair"]
    game.apply(SelectBlind())
    game.apply(UseConsumable(0, (0,)))
    game.apply(UseConsumable(0))
    assert game.state.charms[0].counter == 2
    assert [e.kind for h in game.history[-2:] for e in h.events if e.kind == "trigger"] == [
        "trigger",
        "trigger",
    ]


def test_a_card_added_at_round_start_joins_the_deck_before_the_deal_from_its_sources_own_draws(
    catalog: Catalog,
) -> None:
    game = start(catalog, "quarry")
    before = len(game.state.deck)
    game.apply(SelectBlind())
    assert kinds(game.history[-1].events)[:4] == ["blind", "trigger:round_start", "card_added", "deal"]
    added = next(e for e in game.history[-1].events if e.kind == "card_added")
    assert added.subject.endswith(":stone") and added.note == "a new card joins the deck"
    assert len(game.state.deck) == before + 1 and str(game.state.deck[-1]) == added.subject
    assert game.state.rng.counters.get("chance.quarry") == 2  # its rank, then its suit
    other = start(catalog, "quarry", "lucky_bones")  # another source in the row draws nothing of it
    other.apply(SelectBlind())
    assert next(e for e in other.history[-1].events if e.kind == "card_added").subject == added.subject


def test_a_card_added_to_the_hand_is_held_at_once_with_what_it_was_given(catalog: Catalog) -> None:
    quarry = catalog.charms["quarry"]
    effect = Effect("add_card", args=(("rank", 13), ("seal", "red_seal"), ("suit", "H"), ("to", "hand")))
    drawn = replace(quarry.abilities[0], trigger="hand_drawn", effects=(effect,))
    scribe = replace(quarry, id="scribe", abilities=(drawn,))
    game = start(replace(catalog, charms={**catalog.charms, "scribe": scribe}, memo={}), "scribe")
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None and [str(c) for c in r.hand][-1] == "KH:red_seal" and len(r.hand) == 9
    assert "chance.scribe" not in game.state.rng.counters  # nothing was left to draw


def _with(catalog: Catalog, charm_id: str, trigger: str, effect: Effect, conditions: Conditions) -> Catalog:
    """The catalog with ``charm_id``: soda_can with one ability, ``effect`` at ``trigger``."""
    soda = catalog.charms["soda_can"]
    ability = replace(soda.abilities[0], trigger=trigger, conditions=conditions, effects=(effect,))
    made = replace(soda, id=charm_id, abilities=(ability,))
    return replace(catalog, charms={**catalog.charms, charm_id: made}, memo={})


def test_a_charm_sold_can_leave_a_copy_of_a_random_other_charm_with_its_edition(catalog: Catalog) -> None:
    copy = Effect("create_charm", args=(("copy", "random"),))
    cat = _with(catalog, "ghost", "sold", copy, Conditions(this_charm=True))
    game = start(cat, "ghost", "plain_mult", "pair_mult")
    game.state.charms[2] = replace(game.state.charms[2], edition="foil", counter=3)
    in_shop(game)
    game.apply(Sell(0))
    made = next(e for e in game.history[-1].events if e.kind == "charm_created")
    assert made.note == "a copy made by ghost" and made.subject in ("plain_mult", "pair_mult")
    copied = game.state.charms[-1]
    assert [c.id for c in game.state.charms].count(copied.id) == 2 and copied.counter == 0
    assert copied.edition == ("foil" if copied.id == "pair_mult" else None)
    alone = start(cat, "ghost")
    in_shop(alone)
    alone.apply(Sell(0))
    assert [(e.kind, e.note) for e in alone.history[-1].events][-1] == (
        "charm_not_created",
        "no charm to copy",
    )


def test_a_copy_of_a_neighbour_is_of_the_charm_on_that_side(catalog: Catalog) -> None:
    for side, expected in (("left", "plain_mult"), ("right", "pair_mult")):
        copy = Effect("create_charm", args=(("copy", side),))
        game = start(
            _with(catalog, "twin", "shop_enter", copy, Conditions()), "plain_mult", "twin", "pair_mult"
        )
        in_shop(game)
        assert [c.id for c in game.state.charms] == ["plain_mult", "twin", "pair_mult", expected]


def test_a_source_outside_the_row_has_no_neighbour_to_copy(catalog: Catalog) -> None:
    from studio.engine.aftermath import RunChange
    from studio.engine.kinds import EFFECTS

    game = start(catalog, "plain_mult", "pair_mult")
    settle = EFFECTS["create_charm"].settle
    assert settle is not None
    for how in ("left", "right"):
        change = RunChange("create_charm", 0, (("copy", how),), ("the_hook", "boss", -1))
        (event,) = settle(game.state, game.setup, change, frozenset())
        assert (event.kind, event.note) == ("charm_not_created", "no charm to copy")
    assert [c.id for c in game.state.charms] == ["plain_mult", "pair_mult"]


def test_a_copy_of_a_random_consumable_held_joins_a_free_slot(catalog: Catalog) -> None:
    copy = Effect("create_consumable", args=(("copy", "random"),))
    cat = _with(catalog, "hoarder", "shop_exit", copy, Conditions())
    game = start(cat, "hoarder")
    in_shop(game)
    game.state.consumables = ["star_pair"]
    game.apply(LeaveShop())
    assert game.state.consumables == ["star_pair", "star_pair"]
    empty = start(cat, "hoarder")
    in_shop(empty)
    empty.apply(LeaveShop())
    assert ("consumable_not_created", "no consumable held to copy") in [
        (e.kind, e.note) for e in empty.history[-1].events
    ]
