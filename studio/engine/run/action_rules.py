"""Each kind of run action: when it may resolve, and what it does. One entry per kind.

:class:`~studio.engine.run.game.Game` looks an action's kind up in :data:`RULES` to
check it and to resolve it, so a new kind of action is one entry here (and its
record in :mod:`~studio.engine.run.actions`), never another branch of a ladder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

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
from studio.engine.run.consumables import can_sell, can_use, consumable_slots
from studio.engine.run.consumables import sell as sell_consumable
from studio.engine.run.consumables import use as use_consumable
from studio.engine.run.events import RunEvent
from studio.engine.run.round import advance, discard_cards, play_hand, reached, start_round
from studio.engine.run.setup import RunSetup
from studio.engine.run.shop import buy, buy_booster, choose, leave_shop, reroll, reroll_cost, sell
from studio.engine.run.state import RunState
from studio.engine.run.tags import skip_tag
from studio.engine.run.triggers import fire
from studio.engine.run.values import charm_slots, follow, round_boss, round_values, run_value
from studio.engine.run.vouchers import buy_voucher
from studio.engine.scoring import MAX_PLAYED
from studio.engine.trace import ScoreResult
from studio.engine.values import reslotted

A = TypeVar("A", bound=Action)
#: What resolving an action gives: the run's events, and the score of a played hand (else None).
Resolution = tuple[list[RunEvent], ScoreResult | None]


@dataclass(frozen=True, slots=True)
class ActionRule(Generic[A]):
    """One kind of action: why it may not resolve now (None: it may), and what resolving it does."""

    check: Callable[[RunState, RunSetup, A], str | None]
    resolve: Callable[[RunState, RunSetup, A], Resolution]


def _where(s: RunState) -> str:
    """Where the run stands, as a refusal says it."""
    return {
        "select": "choosing a blind",
        "round": "in a round",
        "shop": "in the shop",
        "pack": "in a pack",
    }.get(s.phase, s.phase)


# --- blinds ------------------------------------------------------------------------------------


def _check_blind(s: RunState, setup: RunSetup, action: SelectBlind | SkipBlind) -> str | None:
    if s.phase != "select":
        verb = "select" if isinstance(action, SelectBlind) else "skip"
        return f"no blind to {verb} now ({_where(s)})"
    if isinstance(action, SkipBlind) and setup.rules.blinds[s.blind].is_boss:
        return "a boss blind cannot be skipped"
    return None


def _select(s: RunState, setup: RunSetup, _action: SelectBlind) -> Resolution:
    return start_round(s, setup), None


def _skip(s: RunState, setup: RunSetup, _action: SkipBlind) -> Resolution:
    s.money += setup.table.skip_reward
    blind = setup.rules.blinds[s.blind].id
    skipped = s.blind
    return [
        RunEvent("skip", blind, setup.table.skip_reward),
        *fire(s, setup, "blind_skipped", subject=blind, blind=blind),
        *advance(s, setup),
        *skip_tag(s, setup, skipped),
    ], None


# --- a round's cards ---------------------------------------------------------------------------


def _check_cards(s: RunState, setup: RunSetup, action: Play | Discard) -> str | None:
    r = s.round
    verb = action.name
    if s.phase != "round" or r is None:
        done = "played" if verb == "play" else "discarded"
        return f"cards are {done} in a round, not now ({_where(s)})"
    if isinstance(action, Discard) and r.discards_left <= 0:
        return "no discards left this round"
    # A played hand holds the layered max_played (RULES.md section 6); a discard throws up to five.
    most = MAX_PLAYED
    if isinstance(action, Play):
        most = int(run_value("max_played", MAX_PLAYED, s, setup, round_boss(s, setup)))
    if not 1 <= len(action.cards) <= most:
        return f"{verb} 1 to {most} cards, not {len(action.cards)}"
    if len(set(action.cards)) != len(action.cards):
        return f"a card position appears twice in {list(action.cards)}"
    bad = [i for i in action.cards if not 0 <= i < len(r.hand)]
    if bad:
        n = len(r.hand)
        return f"no card at position {bad[0]} (the hand holds {n}: positions 0 to {n - 1})"
    return None


def _play(s: RunState, setup: RunSetup, action: Play) -> Resolution:
    return play_hand(s, setup, action.cards)


def _discard(s: RunState, setup: RunSetup, action: Discard) -> Resolution:
    events = discard_cards(s, setup, action.cards)
    return events + reached(s, setup), None


# --- the charm row -----------------------------------------------------------------------------


def _check_sell(s: RunState, setup: RunSetup, action: Sell) -> str | None:
    if s.phase not in ("select", "shop", "pack"):
        return f"charms are sold outside a round, not now ({_where(s)})"
    if not 0 <= action.charm < len(s.charms):
        return f"no charm at position {action.charm} (the row holds {len(s.charms)})"
    charm = s.charms[action.charm]
    if charm.locked:
        return f"{charm.id} is locked (the charm the run is about) and cannot be sold"
    for sticker_id in charm.stickers:
        if not setup.catalog.stickers[sticker_id].sellable:
            return f"{charm.id} is {sticker_id} and cannot be sold"
    return None


def _sell(s: RunState, setup: RunSetup, action: Sell) -> Resolution:
    return sell(s, setup, action.charm), None


def _check_order(s: RunState, _setup: RunSetup, action: ReorderCharms) -> str | None:
    if sorted(action.order) != list(range(len(s.charms))):
        n = len(s.charms)
        return f"the order must list each of the {n} charm positions once, not {list(action.order)}"
    return None


def _reorder(s: RunState, setup: RunSetup, action: ReorderCharms) -> Resolution:
    """Put the row in the new order; in a round, its round-long modifiers move with their charms and
    the round follows the values the new order gives (the last ``set`` wins)."""
    r = s.round
    before = round_values(s, setup, round_boss(s, setup)) if r is not None else None
    s.charms = [s.charms[i] for i in action.order]
    if r is not None and before is not None:
        r.modifiers = reslotted(r.modifiers, {old: new for new, old in enumerate(action.order)})
        follow(s, setup, before)
    return [RunEvent("reorder", " ".join(c.id for c in s.charms)), *reached(s, setup)], None


# --- consumables -------------------------------------------------------------------------------


def _no_slot(s: RunState, setup: RunSetup, item: str, then: str) -> str | None:
    """Why a charm or a consumable (``item``) finds no free slot, and what to do ``then`` (None: it
    finds one, or it needs none)."""
    if item == "consumable":
        held, slots = len(s.consumables), consumable_slots(s, setup)
    elif item == "charm":
        held, slots = len(s.charms), charm_slots(s, setup)
    else:
        return None
    return f"no free {item} slot ({held} of {slots} used); {then}" if held >= slots else None


def _check_use(s: RunState, setup: RunSetup, action: UseConsumable) -> str | None:
    return can_use(s, setup, action.index, action.cards)


def _use(s: RunState, setup: RunSetup, action: UseConsumable) -> Resolution:
    events = use_consumable(s, setup, action.index, action.cards)
    return events + reached(s, setup), None


def _check_sell_consumable(s: RunState, _setup: RunSetup, action: SellConsumable) -> str | None:
    return can_sell(s, action.index)


def _sell_consumable(s: RunState, setup: RunSetup, action: SellConsumable) -> Resolution:
    return sell_consumable(s, setup, action.index), None


# --- boosters (packs, as players and the content say) ------------------------------------


def _check_choose(s: RunState, setup: RunSetup, action: Choose) -> str | None:
    booster = s.booster
    if s.phase != "pack" or booster is None:
        return f"no open pack to choose from ({_where(s)})"
    if action.option is None:
        return None
    if not 0 <= action.option < len(booster.options):
        return f"no option {action.option} (the pack shows {len(booster.options)})"
    if action.option in booster.taken:
        return f"option {action.option} ({booster.options[action.option]}) is already taken"
    then = "sell or use one, or skip" if booster.kind == "consumables" else "sell one or skip"
    return _no_slot(s, setup, booster.kind.removesuffix("s"), then)


def _choose(s: RunState, setup: RunSetup, action: Choose) -> Resolution:
    return choose(s, setup, action.option), None


# --- the shop ----------------------------------------------------------------------------------


def _not_in_shop(s: RunState, _setup: RunSetup, action: Action) -> str | None:
    """Why a shop action may not resolve now (None: the run is in the shop; leaving asks no more)."""
    if s.phase != "shop" or s.shop is None:
        return f"{action.name.replace('_', ' ')} happens in the shop, not now ({_where(s)})"
    return None


def _leave(s: RunState, setup: RunSetup, _action: LeaveShop) -> Resolution:
    return leave_shop(s, setup) + advance(s, setup), None


def _check_reroll(s: RunState, setup: RunSetup, action: Reroll) -> str | None:
    refused = _not_in_shop(s, setup, action)
    if refused is not None:
        return refused
    cost = reroll_cost(s, setup)
    return None if s.money >= cost else f"a reroll costs ${cost}, you have ${s.money}"


def _reroll(s: RunState, setup: RunSetup, _action: Reroll) -> Resolution:
    return reroll(s, setup), None


def _check_offer(s: RunState, setup: RunSetup, action: Buy | BuyVoucher | OpenBooster) -> str | None:
    refused = _not_in_shop(s, setup, action)
    if refused is not None:
        return refused
    assert s.shop is not None
    slot = action.slot
    if not 0 <= slot < len(s.shop.offers):
        return f"no shop slot {slot} (the shop has {len(s.shop.offers)})"
    offer = s.shop.offers[slot]
    use = {"pack": OpenBooster, "voucher": BuyVoucher}.get(offer.kind, Buy)
    if not isinstance(action, use):
        return f"slot {slot} holds a {offer.kind} ({offer.item}); use {use.name}"
    if offer.sold:
        return f"slot {slot} ({offer.item}) is already sold"
    if s.money < offer.price:
        return f"{offer.item} costs ${offer.price}, you have ${s.money}"
    then = "sell or use one first" if offer.kind == "consumable" else "sell one first"
    return _no_slot(s, setup, offer.kind, then)


def _buy(s: RunState, setup: RunSetup, action: Buy) -> Resolution:
    return buy(s, setup, action.slot), None


def _buy_voucher(s: RunState, setup: RunSetup, action: BuyVoucher) -> Resolution:
    return buy_voucher(s, setup, action.slot), None


def _buy_booster(s: RunState, setup: RunSetup, action: OpenBooster) -> Resolution:
    return buy_booster(s, setup, action.slot), None


#: Every kind of action, by its record's class.
RULES: dict[type[Action], ActionRule[Any]] = {
    SelectBlind: ActionRule(_check_blind, _select),
    SkipBlind: ActionRule(_check_blind, _skip),
    Play: ActionRule(_check_cards, _play),
    Discard: ActionRule(_check_cards, _discard),
    Sell: ActionRule(_check_sell, _sell),
    ReorderCharms: ActionRule(_check_order, _reorder),
    Choose: ActionRule(_check_choose, _choose),
    UseConsumable: ActionRule(_check_use, _use),
    SellConsumable: ActionRule(_check_sell_consumable, _sell_consumable),
    LeaveShop: ActionRule(_not_in_shop, _leave),
    Reroll: ActionRule(_check_reroll, _reroll),
    Buy: ActionRule(_check_offer, _buy),
    BuyVoucher: ActionRule(_check_offer, _buy_voucher),
    OpenBooster: ActionRule(_check_offer, _buy_booster),
}
