"""The strong bot's decisions outside the hand: shop, boosters, consumables and blinds, by expected effect.

Every choice compares options in one currency, log-score units of the charm row
(:class:`~studio.engine.bot.strong_values.RowWorth`): a charm's gain is how much
more its row scores on hands dealt from the run's own deck, weighted toward the
hand types the run plays, plus its rules and future money; spending money costs
what that money could buy later, more when it drops the interest earned. Level-ups
are worth what they add to the hand types played, weighted by how often; card
boosters give cards that fit the plan (upgraded cards, the flush suit); blinds are
skipped for a charm tag only when the last round was a walk-over.
"""

from __future__ import annotations

import math

from studio.engine.bot.strong_values import Context, RowWorth
from studio.engine.bot.values import improves_cards, last_round_plays, multiplying_last
from studio.engine.cards import Card
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.run.actions import (
    Action,
    Buy,
    BuyVoucher,
    Choose,
    LeaveShop,
    OpenBooster,
    ReorderCharms,
    Reroll,
    SelectBlind,
    Sell,
)
from studio.engine.run.consumables import consumable_slots
from studio.engine.run.game import Game
from studio.engine.run.shop import booster_def, reroll_cost, sell_value
from studio.engine.run.state import Dress
from studio.engine.run.values import charm_slots
from studio.engine.tags import CharmEdition, FreeCharm

#: How much a card of a card booster is worth to the plan, by its upgrade, edition and seal.
CARD_WORTH = {
    "glass": 3.0,
    "mult": 2.0,
    "steel": 2.0,
    "lucky": 1.5,
    "bonus": 1.0,
    "gold": 1.0,
    "wild": 1.5,
    "stone": 0.0,
    "polychrome": 3.0,
    "holographic": 2.5,
    "foil": 1.5,
    "red_seal": 2.0,
    "gold_seal": 1.0,
}
#: Least gain (log-score units) a purchase must bring beyond what its money is worth.
MIN_GAIN = 0.02


class StrongPolicy:
    """The strong bot's shop, booster, consumable and blind decisions (pure functions of the game)."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.worth = RowWorth(catalog)

    # -- shared measures -----------------------------------------------------

    def _rounds_left(self, game: Game) -> float:
        s, rules = game.state, game.setup.rules
        blinds = len(rules.blinds)
        return float((len(rules.requirements) - s.ante) * blinds + (blinds - s.blind))

    def _row(
        self, game: Game, charms: list[CharmSlot], money: int, ctx: Context, rounds_left: float
    ) -> float:
        """The worth of ``charms`` with ``money`` (``ctx``, ``rounds_left``: worked out once a decision)."""
        s = game.state
        return self.worth.worth(charms, ctx, money, s.levels, s.times_played, rounds_left)

    def _spend(self, game: Game, price: int, rounds_left: float) -> float:
        """What spending ``price`` costs in log-score units: its dollars, and the interest it loses."""
        money = game.state.money
        lost = min(max(money, 0) // 5, 5) - min(max(money - price, 0) // 5, 5)
        horizon = min(rounds_left, 4.0)
        return self.worth.dollar * (price + max(lost, 0) * horizon)

    def _plan_suit(self, deck: list[Card]) -> str | None:
        """The flush suit the run plays toward (None: it does not play flushes)."""
        counts: dict[str, int] = {}
        for c in deck:
            counts[c.suit] = counts.get(c.suit, 0) + 1
        return max(counts, key=lambda k: (counts[k], k)) if counts else None

    # -- blinds --------------------------------------------------------------

    def skips(self, game: Game) -> bool:
        """Skip a small or big blind for a tag that brings a charm or a charm edition, only when the last
        round was won with its first hand (clearly ahead of the antes) and a charm slot is free."""
        s = game.state
        tag_id = s.skip_tag(s.blind)
        if not tag_id or game.legal(SelectBlind()) is not None or game.can_skip() is not None:
            return False
        reward = self.catalog.tags[tag_id].reward
        if not isinstance(reward, FreeCharm | CharmEdition):
            return False
        if isinstance(reward, FreeCharm) and len(s.charms) >= charm_slots(s, game.setup):
            return False
        return last_round_plays(game) == 1

    # -- consumables ---------------------------------------------------------

    def _level_worth(self, game: Game, hand_type: str) -> float:
        """One more level of ``hand_type``: its score gain, weighted by how often it is played."""
        played = game.state.times_played
        total = sum(played.values())
        if not total or not played.get(hand_type):
            return 0.0
        ht = self.catalog.hand_type(hand_type)
        level = game.state.levels.get(hand_type, 1)
        (p0, m0), (p1, m1) = ht.at_level(level), ht.at_level(level + 1)
        return played[hand_type] / total * math.log(max(p1 * m1, 1.0) / max(p0 * m0, 1.0))

    def _wanted(self, game: Game, consumable_id: str) -> float:
        """How much a consumable is worth (0: not wanted)."""
        c = self.catalog.consumables[consumable_id]
        if improves_cards(c):
            return 0.05
        types = {str(e.arg("hand_type")) for e in c.effects if e.arg("hand_type")}
        if types and all(e.arg("hand_type") for e in c.effects):  # level-ups of named hand types
            return sum(self._level_worth(game, t) for t in types)
        if c.targets is not None and c.targets.kind == "hand_types":
            return sum(self._level_worth(game, t) for t in game.state.times_played)
        return 0.0

    # -- shop ----------------------------------------------------------------

    def shop(self, game: Game) -> Action:
        s = game.state
        assert s.shop is not None
        order = multiplying_last(s.charms, self.catalog)
        if order is not None:
            return ReorderCharms(order)
        slots = charm_slots(s, game.setup)
        ctx = self.worth.context(s.deck)
        left = self._rounds_left(game)
        base = self._row(game, s.charms, s.money, ctx, left)
        best: tuple[float, Action] | None = None
        sellable = [i for i in range(len(s.charms)) if game.legal(Sell(i)) is None]
        for slot, offer in enumerate(s.shop.offers):
            if offer.kind != "charm" or offer.sold:
                continue
            bought = CharmSlot(offer.item, offer.edition, stickers=offer.stickers)
            if len(s.charms) < slots:
                if offer.price > s.money:
                    continue
                gain = self._row(game, [*s.charms, bought], s.money - offer.price, ctx, left) - base
                gain -= self._spend(game, offer.price, left)
                if gain > MIN_GAIN and (best is None or gain > best[0]):
                    best = (gain, Buy(slot))
                continue
            for i in sellable:
                refund = sell_value(game.setup, s.charms[i])
                if offer.price > s.money + refund:
                    continue
                without = [c for j, c in enumerate(s.charms) if j != i]
                gain = self._row(game, [*without, bought], s.money + refund - offer.price, ctx, left) - base
                gain -= self._spend(game, offer.price - refund, left)
                if gain > 2 * MIN_GAIN and (best is None or gain > best[0]):
                    best = (gain, Sell(i))
        if best is not None:
            return best[1]
        reserve = self._reserve(game)
        for slot, offer in enumerate(s.shop.offers):
            if offer.kind == "voucher" and not offer.sold and offer.price + reserve <= s.money:
                return BuyVoucher(slot)
        room = len(s.consumables) < consumable_slots(s, game.setup)
        for slot, offer in enumerate(s.shop.offers):
            if (
                offer.kind == "consumable"
                and not offer.sold
                and room
                and offer.price <= s.money
                and self._wanted(game, offer.item) > self._spend(game, offer.price, left) + MIN_GAIN
            ):
                return Buy(slot)
        for slot, offer in enumerate(s.shop.offers):
            if (
                offer.kind == "pack"
                and not offer.sold
                and offer.price + reserve <= s.money
                and self._opens(game, offer.item, room, len(s.charms) < slots)
            ):
                return OpenBooster(slot)
        cost = reroll_cost(s, game.setup)
        free_slot = len(s.charms) < slots
        if (free_slot and s.money >= cost + reserve) or s.money >= cost + 15:
            return Reroll()
        return LeaveShop()

    def _reserve(self, game: Game) -> int:
        """$ kept back from boosters, vouchers and rerolls: little early, toward full interest later."""
        return 4 if game.state.ante <= 1 else 10

    def _opens(self, game: Game, booster_id: str, consumable_room: bool, charm_room: bool) -> bool:
        b = booster_def(game.setup, booster_id)
        if b.kind == "levels":
            return bool(game.state.times_played)
        if b.kind == "charms":
            return charm_room
        if b.kind == "cards":
            return game.state.ante <= 6
        if b.kind == "consumables":
            return consumable_room and b.family in ("level", "changer")
        return False

    # -- boosters ------------------------------------------------------------

    def booster(self, game: Game) -> Action:
        s = game.state
        booster = s.booster
        assert booster is not None
        options = [i for i in range(len(booster.options)) if i not in booster.taken]
        if not options:
            return Choose(None)
        if booster.kind == "levels":
            gains = {i: self._level_worth(game, booster.options[i]) for i in options}
            pick = max(options, key=lambda i: (gains[i], -i))
            return Choose(pick if gains[pick] > 0 else None)
        if booster.kind == "charms" and len(s.charms) < charm_slots(s, game.setup):
            ctx, left = self.worth.context(s.deck), self._rounds_left(game)
            base = self._row(game, s.charms, s.money, ctx, left)
            worn = booster.dress or [Dress()] * len(booster.options)
            gains = {
                i: self._row(
                    game,
                    [*s.charms, CharmSlot(booster.options[i], worn[i].edition, stickers=worn[i].stickers)],
                    s.money,
                    ctx,
                    left,
                )
                - base
                for i in options
            }
            pick = max(options, key=lambda i: (gains[i], -i))
            return Choose(pick if gains[pick] > 0 else None)
        if booster.kind == "cards":
            suit = (
                self._plan_suit(s.deck)
                if s.times_played.get("flush", 0) * 3 >= sum(s.times_played.values())
                else None
            )
            scores = {i: self._card_worth(self.catalog.cards(booster.options[i])[0], suit) for i in options}
            pick = max(options, key=lambda i: (scores[i], -i))
            return Choose(pick if scores[pick] >= 1.5 else None)
        if booster.kind == "consumables" and len(s.consumables) < consumable_slots(s, game.setup):
            wants = {i: self._wanted(game, booster.options[i]) for i in options}
            pick = max(options, key=lambda i: (wants[i], -i))
            if wants[pick] > 0:
                return Choose(pick)
        return Choose(None)

    def _card_worth(self, card: Card, suit: str | None) -> float:
        worth = sum(CARD_WORTH.get(m or "", 0.0) for m in (card.upgrade, card.edition, card.seal))
        if suit is not None:
            worth += 1.0 if card.suit == suit or card.upgrade == "wild" else -1.0
        return worth
