"""A bot that plays whole runs: best plays by the real scorer, discards toward better hands,
charms bought, sold and ordered by a value estimate.

Its decisions depend only on the run (state and history), never on what it
remembers, so a resumed run plays on exactly as the uninterrupted one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from studio.engine.bot.plays import PlayChoice, best_play, discard_choice, kickers, score_play
from studio.engine.bot.values import (
    CharmValues,
    improves_cards,
    last_round_plays,
    multiplying_last,
    types_played,
)
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.run.actions import (
    Action,
    Buy,
    BuyVoucher,
    Choose,
    Discard,
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
)
from studio.engine.run.consumables import consumable_slots, needs_round
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.run.shop import booster_def, reroll_cost, sell_value
from studio.engine.run.state import Dress
from studio.engine.run.triggers import round_situation
from studio.engine.run.values import charm_slots
from studio.engine.scoring.rows import charm_row
from studio.engine.situation import Situation
from studio.engine.tags import CharmEdition, FreeCharm

if TYPE_CHECKING:
    from studio.engine.bot.strong import StrongPolicy


#: How hard the bot thinks: ``fast`` (fixed measures, simple rules) or ``strong`` (measures in context).
Level = Literal["fast", "strong"]


class Bot:
    """Chooses the next action of a run with the real scorer.

    ``level="fast"`` (the default) values charms on fixed reference hands; ``level="strong"`` values
    every shop, booster and blind decision in context (see :mod:`studio.engine.bot.strong`).
    """

    def __init__(self, catalog: Catalog, level: Level = "fast") -> None:
        if level not in ("fast", "strong"):
            raise ValueError(f"bot level: want fast or strong, not {level!r}")
        self.catalog = catalog
        self.level: Level = level
        self.strong: StrongPolicy | None = None
        if level == "strong":
            from studio.engine.bot.strong import StrongPolicy

            self.strong = StrongPolicy(catalog)
        self.values = CharmValues(catalog)
        #: $ kept back when buying boosters, and above which the bot rerolls.
        self.reserve = 4
        self.reroll_above = 10
        #: Discard while the best play, repeated every hand left, falls short of this share of the need.
        self.caution = 1.0
        #: A full row swaps its weakest charm for one that raises its value by this factor.
        self.upgrade_ratio = 1.25

    def choose(self, game: Game, *, consumables: bool = True) -> Action:
        """Return the next action for ``game`` (which must not be over); see :meth:`decide`."""
        return self.decide(game, consumables=consumables)[0]

    def decide(self, game: Game, *, consumables: bool = True) -> tuple[Action, PlayChoice | None]:
        """Return the next action and, for a play, the play as the bot scored it (its predicted total).

        ``consumables=False`` leaves the consumables held alone (neither used nor sold): the playtest's
        Finish round plays a round out for a player whose consumables are theirs to use.
        """
        s = game.state
        strong = self.strong
        if consumables and s.consumables and s.phase != "pack":
            use = self._use(game)  # both levels use consumables alike
            if use is not None:
                return use, None
        if s.phase == "select":
            skips = strong.skips(game) if strong is not None else self._skips(game)
            return (SkipBlind() if skips else SelectBlind()), None
        if s.phase == "round":
            return self._round(game)
        if s.phase == "pack":
            return (strong.booster(game) if strong is not None else self._booster(game)), None
        return (strong.shop(game) if strong is not None else self._shop(game)), None

    def _skips(self, game: Game) -> bool:
        """Skip a small or big blind for its tag when the tag brings a charm or a charm edition and the
        last round was beaten with at least half its hands left (the row is ahead of the antes)."""
        s = game.state
        tag_id = s.skip_tag(s.blind)
        if not tag_id or game.legal(SkipBlind()) is not None:
            return False
        if not isinstance(self.catalog.tags[tag_id].reward, FreeCharm | CharmEdition):
            return False
        played = last_round_plays(game)
        return played is not None and played * 2 <= game.setup.rules.start.hands

    # -- rounds --------------------------------------------------------------

    def _round(self, game: Game) -> tuple[Action, PlayChoice | None]:
        """Discard toward a better hand while the best play falls short, else play the best play (with
        kickers to dig through the deck when they cost nothing: the padded play is scored again)."""
        s = game.state
        r = s.round
        assert r is not None
        best, around = self._best(game)
        need = r.requirement - r.score
        if best.total < need and r.discards_left > 0 and best.total * r.hands_left < need * self.caution:
            throw = discard_choice(r, self.catalog, charm_row(s.charms, self.catalog).flags)
            if throw:
                return Discard(throw), None
        if best.total < need and r.hands_left > 1 and len(best.cards) < 5:
            boss = self.catalog.boss(r.boss) if r.boss else None
            if boss is None or not boss.abilities:  # a boss that acts on hands may punish more cards
                padded = kickers(best.cards, r.hand)
                if len(padded) > len(best.cards):
                    dug = score_play(r, padded, around, self.catalog)
                    if dug.total >= best.total:
                        best = dug
        return Play(best.cards), best

    def _best(self, game: Game) -> tuple[PlayChoice, Situation]:
        """The best play of the round now, and the run and round it is scored in (after it: one hand
        fewer left), for a play padded with kickers to be scored in too."""
        s = game.state
        r = s.round
        assert r is not None
        around = round_situation(s, game.setup, (), r.hands_left - 1, r.discards_left)
        return best_play(r, s.charms, s.levels, s.money, self.catalog, around), around

    # -- consumables ---------------------------------------------------------

    def _use(self, game: Game) -> Action | None:
        """Use a held consumable that needs no cards (a round-long one only in a round), or a card
        changer on the cards of the best play; between rounds, sell one it never uses."""
        s = game.state
        for index, consumable_id in enumerate(s.consumables):
            c = self.catalog.consumables[consumable_id]
            action: Action | None = None
            if c.targets is None or c.targets.kind == "hand_types":
                action = UseConsumable(index) if s.round is not None or not needs_round(c) else None
            elif improves_cards(c):
                if s.round is not None:
                    best, _ = self._best(game)
                    action = UseConsumable(index, best.cards[: c.targets.high])
            elif s.round is None:
                action = SellConsumable(index)
            if action is not None and game.legal(action) is None:
                return action
        return None

    def _wanted(self, game: Game, consumable_id: str) -> bool:
        """One that names only the hand type played most (a level-up), or a card changer that improves
        cards."""
        c = self.catalog.consumables[consumable_id]
        if improves_cards(c):
            return True
        played = types_played(game)
        top = max(played, key=lambda t: (played[t], t)) if played else None
        return top is not None and all(e.arg("hand_type") == top for e in c.effects)

    # -- shop ----------------------------------------------------------------

    def _shop(self, game: Game) -> Action:
        s = game.state
        assert s.shop is not None
        order = multiplying_last(s.charms, self.catalog)
        if order is not None:
            return ReorderCharms(order)
        best: tuple[float, int] | None = None
        weakest = -1
        base = 0.0
        slots = charm_slots(s, game.setup)
        for slot, offer in enumerate(s.shop.offers):
            if offer.kind != "charm" or offer.sold or offer.price > s.money:
                continue
            base = base or self.values.row(s.charms, s.money, s.levels)
            bought = CharmSlot(offer.item, offer.edition, stickers=offer.stickers)
            if len(s.charms) < slots:
                gain = self.values.row([*s.charms, bought], s.money - offer.price, s.levels) - base
                if gain > 0 and (best is None or gain > best[0]):
                    best = (gain, slot)
            else:
                weakest = self._weakest(game) if weakest < 0 else weakest
                if weakest < 0:
                    continue
                without = [c for i, c in enumerate(s.charms) if i != weakest]
                value = self.values.row([*without, bought], s.money, s.levels)
                refund = sell_value(game.setup, s.charms[weakest])
                if value > base * self.upgrade_ratio and offer.price <= s.money + refund:
                    return Sell(weakest)
        if best is not None:
            return Buy(best[1])
        for slot, offer in enumerate(s.shop.offers):
            if offer.kind == "voucher" and not offer.sold and offer.price + self.reserve <= s.money:
                return BuyVoucher(slot)
        room = len(s.consumables) < consumable_slots(s, game.setup)
        for slot, offer in enumerate(s.shop.offers):
            affordable = offer.price + self.reserve <= s.money
            if (
                offer.kind == "consumable"
                and not offer.sold
                and room
                and affordable
                and self._wanted(game, offer.item)
            ):
                return Buy(slot)
        for slot, offer in enumerate(s.shop.offers):
            if offer.kind == "pack" and not offer.sold and offer.price + self.reserve <= s.money:
                booster = booster_def(game.setup, offer.item)
                if (
                    booster.kind == "levels"
                    or (booster.kind == "charms" and len(s.charms) < slots)
                    or (booster.kind == "consumables" and room and booster.family == "level")
                ):
                    return OpenBooster(slot)
        cost = reroll_cost(s, game.setup)
        room = len(s.charms) < slots
        if s.money >= cost + self.reroll_above and (room or s.money >= cost + 30):
            return Reroll()
        return LeaveShop()

    def _weakest(self, game: Game) -> int:
        """Return the position of the sellable charm whose loss costs the row the least (-1: none)."""
        s = game.state
        sellable = [i for i in range(len(s.charms)) if game.legal(Sell(i)) is None]
        if not sellable:
            return -1
        losses = {
            i: self.values.row([c for j, c in enumerate(s.charms) if j != i], s.money, s.levels)
            for i in sellable
        }
        return max(sellable, key=lambda i: losses[i])

    # -- boosters ------------------------------------------------------------

    def _booster(self, game: Game) -> Action:
        s = game.state
        booster = s.booster
        assert booster is not None
        options = [i for i in range(len(booster.options)) if i not in booster.taken]
        if booster.kind == "levels" and options:
            played = types_played(game)
            pick = max(options, key=lambda i: (played.get(booster.options[i], 0), -i))
            if played.get(booster.options[pick], 0) > 0:  # never a level of a hand type it does not make
                return Choose(pick)
        if booster.kind == "charms" and options and len(s.charms) < charm_slots(s, game.setup):
            base = self.values.row(s.charms, s.money, s.levels)
            worn = booster.dress or [Dress()] * len(booster.options)
            gains = {
                i: self.values.row(
                    [*s.charms, CharmSlot(booster.options[i], worn[i].edition, stickers=worn[i].stickers)],
                    s.money,
                    s.levels,
                )
                - base
                for i in options
            }
            pick = max(options, key=lambda i: (gains[i], -i))
            if gains[pick] > 0:
                return Choose(pick)
        if booster.kind == "consumables" and len(s.consumables) < consumable_slots(s, game.setup):
            wanted = [i for i in options if self._wanted(game, booster.options[i])]
            if wanted:
                return Choose(wanted[0])
        return Choose(None)


def play_on(game: Game, bot: Bot | None = None, stop_after: int | None = None) -> Game:
    """Let the bot play ``game`` until it is over, or until its history holds ``stop_after`` actions."""
    player = bot or Bot(game.setup.catalog)
    while not game.is_over and (stop_after is None or len(game.history) < stop_after):
        game.apply(player.choose(game))
    return game


def play_run(
    catalog: Catalog, setup: RunSetup, bot: Bot | None = None, stop_after: int | None = None
) -> Game:
    """Start a run from ``setup`` and let the bot play it (see :func:`play_on`)."""
    return play_on(Game.start(setup), bot or Bot(catalog), stop_after)
