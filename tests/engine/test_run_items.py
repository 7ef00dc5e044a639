"""Vouchers, tags, stickers and charm editions in runs: what each ante draws, what buying, skipping and
carrying do, and where their values sit among the layers (RULES.md section 6)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_run_events import in_shop, kinds, start, win_blind

from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.run.actions import (
    Buy,
    BuyVoucher,
    Choose,
    IllegalAction,
    LeaveShop,
    OpenBooster,
    Play,
    Reroll,
    SelectBlind,
    Sell,
    SkipBlind,
)
from studio.engine.run.ante import draw_vouchers
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import Offer
from studio.engine.run.values import charm_slots
from studio.engine.scoring import Situation, score
from studio.engine.scoring.rows import charm_row, debuffed
from studio.engine.values import Modifier
from studio.engine.vouchers import VoucherDef


def voucher_slot(game: Game) -> int:
    assert game.state.shop is not None
    return next(i for i, o in enumerate(game.state.shop.offers) if o.kind == "voucher")


# -- vouchers ---------------------------------------------------------------------------------------


def test_each_ante_offers_a_voucher_in_its_shops_until_it_is_bought(catalog: Catalog) -> None:
    game = start(catalog)
    offered = list(game.state.voucher_offers)
    assert len(offered) == catalog.run.shop.voucher_offers == 1  # type: ignore[union-attr]
    assert catalog.vouchers[offered[0]].requires is None  # one needing another is not offered first
    in_shop(game, money=50)
    slot = voucher_slot(game)
    offer = game.state.shop.offers[slot]  # type: ignore[union-attr]
    assert (offer.item, offer.price) == (offered[0], catalog.vouchers[offered[0]].cost)
    with pytest.raises(IllegalAction, match=r"holds a voucher .*use buy_voucher"):
        game.apply(Buy(slot))
    game.apply(BuyVoucher(slot))
    assert kinds(game.history[-1].events)[0] == "buy_voucher"
    assert game.state.vouchers == offered and game.state.voucher_offers == []
    assert game.state.money == 50 - offer.price
    game.apply(LeaveShop())
    win_blind(game)  # the big blind's shop: nothing left to offer this ante
    assert all(o.kind != "voucher" for o in game.state.shop.offers)  # type: ignore[union-attr]


def test_a_voucher_that_needs_another_is_offered_once_that_one_is_bought(catalog: Catalog) -> None:
    first = {v for seed in range(40) for v in start(catalog, seed=seed).state.voucher_offers}
    assert "wide_counter" not in first  # never before extra_shelf
    game = start(catalog)
    game.state.vouchers = ["extra_shelf"]
    later = {v for _ in range(60) for v in draw_vouchers(game.state, game.setup)}
    assert "wide_counter" in later and "extra_shelf" not in later


def test_a_voucher_changes_values_from_then_on_and_sits_before_the_charms(catalog: Catalog) -> None:
    game = start(catalog)
    game.state.vouchers = ["spare_hand", "extra_shelf", "discount_card"]
    game.apply(SelectBlind())
    assert game.state.round is not None and game.state.round.hands_left == 5
    game.state.round.requirement = 1
    game.apply(Play((0,)))
    charms = [o for o in game.state.shop.offers if o.kind == "charm"]  # type: ignore[union-attr]
    assert len(charms) == catalog.run.shop.charm_offers + 1  # type: ignore[union-attr]
    assert all(o.price == int(catalog.charm(o.item).cost * 0.75 + 0.5) for o in charms if not o.stickers)
    # The Needle sets hands to 1; a voucher's +1 is an add, so it counts after every set: 2 hands.
    game.state.phase, game.state.shop, game.state.blind, game.state.boss = "select", None, 2, "needle"
    game.apply(SelectBlind())
    assert game.state.round is not None and game.state.round.hands_left == 2


def test_a_voucher_reaches_the_scorer_through_the_situation(catalog: Catalog) -> None:
    lens = VoucherDef("lens", modifiers=(Modifier("base_mult", "add", 2, source=("Lens", "voucher", -1)),))
    cat = replace(catalog, vouchers={**catalog.vouchers, "lens": lens}, memo={})
    cards = cat.cards("AS AH")
    plain = score(Situation(played=cards), cat)
    lensed = score(Situation(played=cards, vouchers=("lens",)), cat)
    assert (lensed.points, lensed.mult) == (plain.points, plain.mult + 2)


# -- tags -------------------------------------------------------------------------------------------


def test_each_ante_draws_a_tag_for_each_blind_that_can_be_skipped(catalog: Catalog) -> None:
    game = start(catalog)
    small, big, boss = game.state.skip_tags
    assert small in catalog.tags and big in catalog.tags and boss == ""
    assert all(catalog.tags[t].min_ante <= 1 for t in (small, big))


def test_a_tag_taken_now_pays_at_once(catalog: Catalog) -> None:
    game = start(catalog)
    game.state.skip_tags = ["purse_tag", "", ""]
    game.apply(SkipBlind())
    names = kinds(game.history[-1].events)
    assert names == ["skip", "tag", "tag_reward"]
    assert game.state.money == 4 + 2 + 8
    assert game.state.tags == [] and (game.state.phase, game.state.blind) == ("select", 1)


def test_a_free_pack_now_opens_where_the_blind_was_skipped_and_closes_back_to_it(catalog: Catalog) -> None:
    game = start(catalog)
    game.state.skip_tags = ["star_tag", "", ""]
    game.apply(SkipBlind())
    pack = game.state.booster
    assert game.state.phase == "pack" and pack is not None and pack.id == "level_pack"
    assert game.state.money == 4 + 2  # free
    game.apply(Choose(0))
    game.apply(Choose(None))
    assert game.state.phase == "select" and game.state.levels[pack.options[0]] == 2
    game.apply(SelectBlind())


def test_tags_held_for_the_shop_give_a_free_charm_a_free_pack_and_an_edition(catalog: Catalog) -> None:
    game = start(catalog)
    game.state.skip_tags = ["rare_tag", "charm_pack_tag", ""]
    game.apply(SkipBlind())
    game.apply(SkipBlind())
    assert game.state.tags == ["rare_tag", "charm_pack_tag"]
    game.state.skip_tags = ["", "", ""]
    game.state.tags.append("polychrome_tag")
    win_blind(game)
    shop = game.state.shop
    assert shop is not None and game.state.tags == []
    free = [o for o in shop.offers if o.price == 0]
    rare = next(o for o in free if o.kind == "charm" and o.edition is None)
    assert catalog.charm(rare.item).rarity == "rare"
    assert any(o.kind == "pack" and o.item == "charm_pack" for o in free)
    poly = [o for o in shop.offers if o.edition == "polychrome"]
    assert len(poly) == 1 and poly[0].price == 0 and shop.offers.index(poly[0]) == 0
    game.state.money = 0
    game.apply(Buy(shop.offers.index(poly[0])))
    assert game.state.charms[-1] == CharmSlot(poly[0].item, "polychrome")


def test_a_boss_blind_gives_no_tag_and_cannot_be_skipped(catalog: Catalog) -> None:
    game = start(catalog)
    game.state.blind = 2
    with pytest.raises(IllegalAction, match="boss blind cannot be skipped"):
        game.apply(SkipBlind())


# -- stickers ---------------------------------------------------------------------------------------


def test_stickers_appear_from_the_difficulty_level_that_names_them(catalog: Catalog) -> None:
    def stickers(level: int) -> set[str]:
        seen: set[str] = set()
        for seed in range(12):
            game = Game.start(RunSetup.from_catalog(catalog, seed=seed, difficulty=level))
            in_shop(game)
            for _ in range(6):
                seen.update(s for o in game.state.shop.offers for s in o.stickers)  # type: ignore[union-attr]
                game.apply(Reroll())
        return seen

    assert stickers(2) == set()
    assert stickers(3) == {"eternal"}
    assert stickers(5) == {"eternal", "perishable", "rental"}


def test_eternal_and_perishable_never_meet_and_a_rental_costs_one_dollar(catalog: Catalog) -> None:
    for seed in range(30):
        game = Game.start(RunSetup.from_catalog(catalog, seed=seed, difficulty=5))
        in_shop(game)
        for offer in game.state.shop.offers:  # type: ignore[union-attr]
            assert not {"eternal", "perishable"} <= set(offer.stickers)
            if "rental" in offer.stickers:
                assert offer.price == 1


def test_an_eternal_charm_cannot_be_sold_or_destroyed(catalog: Catalog) -> None:
    game = start(catalog, "ritual_knife", "plain_mult", "fuse")
    game.state.charms[1] = replace(game.state.charms[1], stickers=("eternal",))
    game.state.charms[2] = replace(game.state.charms[2], stickers=("eternal",))
    game.apply(SelectBlind())  # the knife's round_start finds nothing it may destroy on its right
    assert [c.id for c in game.state.charms] == ["ritual_knife", "plain_mult", "fuse"]
    r = game.state.round
    assert r is not None
    r.hands_left, r.requirement = 1, 10**9
    game.state.charms = game.state.charms[1:]
    game.apply(Play((0,)))  # fuse's final hand would destroy it
    assert [c.id for c in game.state.charms] == ["plain_mult", "fuse"]
    game.state.phase = "shop"
    with pytest.raises(IllegalAction, match="plain_mult is eternal and cannot be sold"):
        game.apply(Sell(0))


def test_a_perishable_charm_is_debuffed_after_its_rounds(catalog: Catalog) -> None:
    game = start(catalog, "plain_mult")
    game.state.charms[0] = CharmSlot("plain_mult", stickers=("perishable",), rounds=4)
    cards = catalog.cards("AS")
    acting = score(Situation(played=cards, charms=tuple(game.state.charms)), catalog)
    win_blind(game)
    assert game.state.charms[0].rounds == 5 and debuffed(game.state.charms[0], catalog)
    assert "charm_debuffed" in kinds(game.history[-1].events)
    spent = score(Situation(played=cards, charms=tuple(game.state.charms)), catalog)
    assert spent.total < acting.total
    assert not any(e.source == "Old Faithful" or "plain_mult" in str(e.source) for e in spent.events)
    assert charm_row(game.state.charms, catalog).charms[0].edition is None


def test_a_rental_charm_costs_money_at_the_end_of_each_round(catalog: Catalog) -> None:
    game = start(catalog, "plain_mult")
    game.state.charms[0] = CharmSlot("plain_mult", stickers=("rental",))
    money = game.state.money
    win_blind(game)
    # $3 reward + $3 hands left + $0 interest, less the rental's $3 at the end of the round
    assert game.state.money == money + 3 + 3 - 3


# -- charm editions ---------------------------------------------------------------------------------


def test_charms_for_sale_and_in_charm_packs_roll_editions(catalog: Catalog) -> None:
    shop_editions: set[str] = set()
    pack_editions: set[str] = set()
    for seed in range(40):
        game = Game.start(RunSetup.from_catalog(catalog, seed=seed))
        in_shop(game, money=500)
        for _ in range(10):
            shop_editions.update(o.edition for o in game.state.shop.offers if o.edition)  # type: ignore[union-attr]
            game.apply(Reroll())
        game.state.shop.offers.append(Offer("pack", "charm_pack", 0))  # type: ignore[union-attr]
        game.apply(OpenBooster(len(game.state.shop.offers) - 1))  # type: ignore[union-attr]
        pack = game.state.booster
        assert pack is not None
        pack_editions.update(d.edition for d in pack.dress if d.edition)
        if pack.dress and pack.dress[0].edition:
            game.apply(Choose(0))
            assert game.state.charms[-1].edition == pack.dress[0].edition
    assert {"foil", "holographic"} <= shop_editions
    assert pack_editions


def test_a_negative_charm_gives_a_charm_slot(catalog: Catalog) -> None:
    game = start(catalog, "plain_mult")
    before = charm_slots(game.state, game.setup)
    game.state.charms[0] = CharmSlot("plain_mult", "negative")
    assert charm_slots(game.state, game.setup) == before + 1
