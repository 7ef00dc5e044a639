"""A run being played: checks each action, resolves the queue one action at a time, keeps the history.

>>> from studio.engine.actions import SelectBlind
>>> # game = Game.start(RunSetup.from_catalog(catalog, seed=5)); game.apply(SelectBlind())
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from studio.engine.actions import (
    Action,
    Buy,
    BuyVoucher,
    Choose,
    Discard,
    IllegalAction,
    LeaveShop,
    OpenPack,
    Play,
    ReorderCharms,
    Reroll,
    SelectBlind,
    Sell,
    SellConsumable,
    SkipBlind,
    UseConsumable,
)
from studio.engine.charms import CharmSlot
from studio.engine.rng import Rng
from studio.engine.round_values import charm_slots
from studio.engine.run_ante import begin_ante
from studio.engine.run_consumables import can_sell, can_use, consumable_slots, take_created
from studio.engine.run_consumables import sell as sell_consumable
from studio.engine.run_consumables import use as use_consumable
from studio.engine.run_events import Resolved, RunEvent
from studio.engine.run_round import advance, discard_cards, play_hand, start_round
from studio.engine.run_setup import RunSetup
from studio.engine.run_state import RunState
from studio.engine.run_tags import made_tags, skip_tag
from studio.engine.run_triggers import fire
from studio.engine.run_vouchers import buy_voucher
from studio.engine.scoring import MAX_PLAYED
from studio.engine.shop import buy, choose, leave_shop, open_pack, reroll, reroll_cost, sell


class Game:
    """One run: its set-up, its state, the queue of actions to resolve and the history of resolved ones."""

    def __init__(self, setup: RunSetup, state: RunState, history: Sequence[Resolved] = ()) -> None:
        self.setup = setup
        self.state = state
        self.history: list[Resolved] = list(history)
        self.queue: deque[Action] = deque()

    @classmethod
    def start(cls, setup: RunSetup) -> Game:
        """Start a run: the deck and difficulty applied, starting charms in the row, ante 1's boss drawn."""
        start = setup.rules.start
        charms = [CharmSlot.parse(spec, locked=setup.locked) for spec in setup.charms]
        state = RunState(
            phase="select",
            ante=1,
            blind=0,
            money=start.money,
            hand_size=start.hand_size,
            hands=max(start.hands, 1),
            discards=max(start.discards, 0),
            charm_slots=max(start.charm_slots, 0),
            deck=list(setup.deck.cards),
            charms=charms,
            rng=Rng(setup.seed),
        )
        begin_ante(state, setup)
        return cls(setup, state)

    @property
    def is_over(self) -> bool:
        """Return True once the run is won or lost."""
        return self.state.is_over

    @property
    def won(self) -> bool:
        """Return True if the run beat the last ante's boss blind."""
        return self.state.phase == "won"

    # -- checks ----------------------------------------------------------------

    def legal(self, action: Action) -> str | None:
        """Return None if ``action`` may resolve now, else the reason it may not."""
        s = self.state
        if s.is_over:
            return f"the run is over ({s.phase})"
        if isinstance(action, SelectBlind | SkipBlind):
            if s.phase != "select":
                verb = "select" if isinstance(action, SelectBlind) else "skip"
                return f"no blind to {verb} now ({self._where()})"
            if isinstance(action, SkipBlind) and self.setup.rules.blinds[s.blind].is_boss:
                return "a boss blind cannot be skipped"
            return None
        if isinstance(action, Play | Discard):
            return self._check_cards(action)
        if isinstance(action, Sell):
            if s.phase not in ("select", "shop", "pack"):
                return f"charms are sold outside a round, not now ({self._where()})"
            if not 0 <= action.charm < len(s.charms):
                return f"no charm at position {action.charm} (the row holds {len(s.charms)})"
            return self._unsellable(action.charm)
        if isinstance(action, ReorderCharms):
            if sorted(action.order) != list(range(len(s.charms))):
                n = len(s.charms)
                return f"the order must list each of the {n} charm positions once, not {list(action.order)}"
            return None
        if isinstance(action, Choose):
            return self._check_choose(action)
        if isinstance(action, UseConsumable):
            return can_use(s, self.setup, action.index, action.cards)
        if isinstance(action, SellConsumable):
            return can_sell(s, action.index)
        if s.phase != "shop" or s.shop is None:
            return f"{action.name.replace('_', ' ')} happens in the shop, not now ({self._where()})"
        if isinstance(action, LeaveShop):
            return None
        if isinstance(action, Reroll):
            cost = reroll_cost(s, self.setup)
            return None if s.money >= cost else f"a reroll costs ${cost}, you have ${s.money}"
        return self._check_offer(action)

    def _where(self) -> str:
        return {
            "select": "choosing a blind",
            "round": "in a round",
            "shop": "in the shop",
            "pack": "in a pack",
        }.get(self.state.phase, self.state.phase)

    def _check_cards(self, action: Play | Discard) -> str | None:
        s, r = self.state, self.state.round
        verb = action.name
        if s.phase != "round" or r is None:
            done = "played" if verb == "play" else "discarded"
            return f"cards are {done} in a round, not now ({self._where()})"
        if isinstance(action, Discard) and r.discards_left <= 0:
            return "no discards left this round"
        if not 1 <= len(action.cards) <= MAX_PLAYED:
            return f"{verb} 1 to {MAX_PLAYED} cards, not {len(action.cards)}"
        if len(set(action.cards)) != len(action.cards):
            return f"a card position appears twice in {list(action.cards)}"
        bad = [i for i in action.cards if not 0 <= i < len(r.hand)]
        if bad:
            n = len(r.hand)
            return f"no card at position {bad[0]} (the hand holds {n}: positions 0 to {n - 1})"
        return None

    def _check_offer(self, action: Action) -> str | None:
        s = self.state
        assert s.shop is not None
        slot = action.slot if isinstance(action, Buy | BuyVoucher | OpenPack) else -1
        if not 0 <= slot < len(s.shop.offers):
            return f"no shop slot {slot} (the shop has {len(s.shop.offers)})"
        offer = s.shop.offers[slot]
        use = {"pack": OpenPack, "voucher": BuyVoucher}.get(offer.kind, Buy)
        if not isinstance(action, use):
            return f"slot {slot} holds a {offer.kind} ({offer.item}); use {use.name}"
        if offer.sold:
            return f"slot {slot} ({offer.item}) is already sold"
        if s.money < offer.price:
            return f"{offer.item} costs ${offer.price}, you have ${s.money}"
        if offer.kind == "consumable":
            return self._no_consumable_slot("sell or use one first")
        slots = charm_slots(s, self.setup)
        if offer.kind == "charm" and len(s.charms) >= slots:
            return f"no free charm slot ({len(s.charms)} of {slots} used); sell one first"
        return None

    def _unsellable(self, index: int) -> str | None:
        """Why the charm at ``index`` cannot be sold (a sticker forbids it), or None."""
        charm = self.state.charms[index]
        if charm.locked:
            return f"{charm.id} is locked (the charm the run is about) and cannot be sold"
        for sticker_id in charm.stickers:
            if not self.setup.catalog.stickers[sticker_id].sellable:
                return f"{charm.id} is {sticker_id} and cannot be sold"
        return None

    def _no_consumable_slot(self, then: str) -> str | None:
        held, slots = len(self.state.consumables), consumable_slots(self.state, self.setup)
        return f"no free consumable slot ({held} of {slots} used); {then}" if held >= slots else None

    def _check_choose(self, action: Choose) -> str | None:
        s, pack = self.state, self.state.pack
        if s.phase != "pack" or pack is None:
            return f"no open pack to choose from ({self._where()})"
        if action.option is None:
            return None
        if not 0 <= action.option < len(pack.options):
            return f"no option {action.option} (the pack shows {len(pack.options)})"
        if action.option in pack.taken:
            return f"option {action.option} ({pack.options[action.option]}) is already taken"
        if pack.kind == "consumables":
            return self._no_consumable_slot("sell or use one, or skip")
        slots = charm_slots(s, self.setup)
        if pack.kind == "charms" and len(s.charms) >= slots:
            return f"no free charm slot ({len(s.charms)} of {slots} used); sell one or skip"
        return None

    def can_play(self, cards: Sequence[int]) -> str | None:
        """Return why these cards cannot be played now (None: they can)."""
        return self.legal(Play(tuple(cards)))

    def can_discard(self, cards: Sequence[int]) -> str | None:
        """Return why these cards cannot be discarded now (None: they can)."""
        return self.legal(Discard(tuple(cards)))

    def can_buy(self, slot: int) -> str | None:
        """Return why the charm (or consumable) in ``slot`` cannot be bought now (None: it can)."""
        return self.legal(Buy(slot))

    def can_use_consumable(self, index: int, cards: Sequence[int] = ()) -> str | None:
        """Return why the consumable at ``index`` cannot be used on ``cards`` now (None: it can)."""
        return self.legal(UseConsumable(index, tuple(cards)))

    def can_sell_consumable(self, index: int) -> str | None:
        """Return why the consumable at ``index`` cannot be sold now (None: it can)."""
        return self.legal(SellConsumable(index))

    def can_buy_voucher(self, slot: int) -> str | None:
        """Return why the voucher in shop ``slot`` cannot be bought now (None: it can)."""
        return self.legal(BuyVoucher(slot))

    def can_skip(self) -> str | None:
        """Return why the blind on offer cannot be skipped (for its tag) now (None: it can)."""
        return self.legal(SkipBlind())

    # -- resolving ---------------------------------------------------------------

    def submit(self, actions: Iterable[Action]) -> None:
        """Queue actions; :meth:`resolve` runs them in order."""
        self.queue.extend(actions)

    def resolve(self) -> list[RunEvent]:
        """Resolve queued actions one at a time; an illegal one empties the queue and raises."""
        events: list[RunEvent] = []
        while self.queue:
            action = self.queue.popleft()
            reason = self.legal(action)
            if reason is not None:
                self.queue.clear()
                raise IllegalAction(reason)
            events += self._resolve_one(action)
        return events

    def apply(self, action: Action) -> list[RunEvent]:
        """Check and resolve one action; raise :class:`IllegalAction` (changing nothing) if refused."""
        self.queue.append(action)
        return self.resolve()

    def _resolve_one(self, action: Action) -> list[RunEvent]:
        s, setup = self.state, self.setup
        scored = None
        if isinstance(action, SelectBlind):
            events = start_round(s, setup)
        elif isinstance(action, SkipBlind):
            s.money += setup.table.skip_reward
            blind = setup.rules.blinds[s.blind].id
            skipped = s.blind
            events = [
                RunEvent("skip", blind, setup.table.skip_reward),
                *fire(s, setup, "blind_skipped", subject=blind, blind=blind),
                *advance(s, setup),
                *skip_tag(s, setup, skipped),
            ]
        elif isinstance(action, Play):
            events, scored = play_hand(s, setup, action.cards)
        elif isinstance(action, Discard):
            events = discard_cards(s, setup, action.cards)
        elif isinstance(action, Buy):
            events = buy(s, setup, action.slot)
        elif isinstance(action, BuyVoucher):
            events = buy_voucher(s, setup, action.slot)
        elif isinstance(action, Sell):
            events = sell(s, setup, action.charm)
        elif isinstance(action, Reroll):
            events = reroll(s, setup)
        elif isinstance(action, OpenPack):
            events = open_pack(s, setup, action.slot)
        elif isinstance(action, Choose):
            events = choose(s, setup, action.option)
        elif isinstance(action, ReorderCharms):
            s.charms = [s.charms[i] for i in action.order]
            events = [RunEvent("reorder", " ".join(c.id for c in s.charms))]
        elif isinstance(action, UseConsumable):
            events = use_consumable(s, setup, action.index, action.cards)
        elif isinstance(action, SellConsumable):
            events = sell_consumable(s, setup, action.index)
        else:
            events = leave_shop(s, setup) + advance(s, setup)
        if s.created:
            events += take_created(s, setup) + made_tags(s, setup)
        self.history.append(Resolved(action, tuple(events), scored))
        return events


def replay(setup: RunSetup, actions: Iterable[Action]) -> Game:
    """Start a run from ``setup`` and resolve ``actions``: the same run, exactly."""
    game = Game.start(setup)
    for action in actions:
        game.apply(action)
    return game
