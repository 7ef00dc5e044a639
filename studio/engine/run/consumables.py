"""Consumables in a run: the slots that hold them, using and selling one, and the ones effects made.

Using a consumable runs its effects through the effect registry
(:func:`~studio.engine.scoring.rounds.consume`), with each chosen card as the
triggering card; what they change is then taken into the run like a run
event's outcome (:func:`~studio.engine.run.triggers.take`). Consumables made
by ``create_consumable`` wait in :attr:`RunState.created` until
:func:`take_created` puts them in free slots, drawn from the ``consumables``
stream when only a family is named.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.engine.consumables import ConsumableDef
from studio.engine.kinds import EFFECTS
from studio.engine.run.events import RunEvent
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import Created, RunState
from studio.engine.run.triggers import fire, round_situation, run_situation, take
from studio.engine.run.values import run_value
from studio.engine.scoring import MAX_PLAYED
from studio.engine.scoring.rounds import consume

#: The stream consumables are drawn from: the shop's consumable slots and boosters' options.
STREAM = "consumables"
#: One an effect makes is drawn from its source's own stream (``create.<source id>``), so making one
#: shifts no other draw.
MADE_STREAM = "create"


def consumable_slots(state: RunState, setup: RunSetup) -> int:
    """The consumable slots now: the run's start value with the active modifiers."""
    return int(run_value("consumable_slots", setup.table.start.consumable_slots, state, setup))


def sell_value(consumable: ConsumableDef) -> int:
    """Half its cost, rounded down, at least $1."""
    return max(consumable.cost // 2, 1)


def needs_round(consumable: ConsumableDef) -> bool:
    """Return True if it acts on cards in hand, puts something in the hand (``to: hand``) or changes
    the round being played."""
    if consumable.chooses_cards:
        return True
    return any(
        e.arg("for", "round" if EFFECTS[e.kind].in_round else "") == "round" or e.arg("to") == "hand"
        for e in consumable.effects
    )


def can_use(state: RunState, setup: RunSetup, index: int, cards: Sequence[int]) -> str | None:
    """Return why the consumable at ``index`` cannot be used on ``cards`` now (None: it can)."""
    if not 0 <= index < len(state.consumables):
        return f"no consumable at position {index} (you hold {len(state.consumables)})"
    c = setup.catalog.consumables[state.consumables[index]]
    if state.phase == "pack":
        return f"{c.id} is used outside an open pack"
    r = state.round
    if needs_round(c) and r is None:
        return f"{c.id} is used in a round, with a hand in play"
    targets = c.targets
    if targets is None or targets.kind != "cards":
        return f"{c.id} chooses no cards, not {list(cards)}" if cards else None
    assert r is not None
    low, high = targets.low, min(targets.high, MAX_PLAYED)
    if not low <= len(cards) <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        return f"{c.id} needs {count} card(s) in hand, not {len(cards)}"
    if len(set(cards)) != len(cards):
        return f"a card position appears twice in {list(cards)}"
    bad = [i for i in cards if not 0 <= i < len(r.hand)]
    if bad:
        n = len(r.hand)
        return f"no card at position {bad[0]} (the hand holds {n}: positions 0 to {n - 1})"
    return None


def can_sell(state: RunState, index: int) -> str | None:
    """Return why the consumable at ``index`` cannot be sold now (None: it can)."""
    if state.phase == "pack":
        return "consumables are sold outside an open pack"
    if not 0 <= index < len(state.consumables):
        return f"no consumable at position {index} (you hold {len(state.consumables)})"
    return None


def use(state: RunState, setup: RunSetup, index: int, cards: Sequence[int]) -> list[RunEvent]:
    """Use the consumable at ``index``: it leaves its slot, its effects run, their outcome is taken in;
    then ``consumable_used`` fires (so a charm counting uses sees this one's effects done)."""
    c = setup.catalog.consumables[state.consumables.pop(index)]
    r = state.round
    situation = (
        round_situation(state, setup, r.hand, r.hands_left, r.discards_left)
        if r is not None
        else run_situation(state, setup, None)
    )
    held = [str(r.hand[i]) for i in cards] if r is not None else []
    result = consume(c, cards, situation, setup.catalog)
    event = RunEvent("use_consumable", c.id, len(cards), " ".join(held), result.events)
    events = [event, *take(state, setup, result)]
    return events + fire(state, setup, "consumable_used", subject=c.id, used_family=c.family)


def sell(state: RunState, setup: RunSetup, index: int) -> list[RunEvent]:
    """Pay the consumable at ``index`` its sell value and take it out of its slot."""
    c = setup.catalog.consumables[state.consumables.pop(index)]
    state.money += sell_value(c)
    return [RunEvent("sell_consumable", c.id, sell_value(c))]


def roll(state: RunState, setup: RunSetup, stream: str, family: str, weights: bool = False) -> str | None:
    """Draw a consumable: of ``family``, or (``weights``) a family by the shop's ``family_weights`` first,
    or of any family; None when there is none to draw."""
    if weights:
        families = [(f, w) for f, w in setup.table.shop.family_weights if w > 0]
        total = sum(w for _, w in families)
        if total <= 0:
            return None
        x = state.rng.random(stream) * total
        family = families[-1][0]
        for f, w in families:
            x -= w
            if x < 0:
                family = f
                break
    pool = sorted(i for i, c in setup.catalog.consumables.items() if not family or c.family == family)
    return state.rng.choice(stream, pool) if pool else None


def take_created(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Put the consumables effects made into free consumable slots, in the order they were made (one
    that finds no free slot is lost); other items stay for their own rules."""
    made = [c for c in state.created if c.kind == "consumable"]
    if not made:
        return []
    state.created = [c for c in state.created if c.kind != "consumable"]
    events = []
    for item in made:
        events.append(_take(state, setup, item))
    return events


def _take(state: RunState, setup: RunSetup, item: Created) -> RunEvent:
    if len(state.consumables) >= consumable_slots(state, setup):
        return RunEvent("consumable_not_taken", item.id or item.family, 0, "no free consumable slot")
    consumable_id = item.id or roll(state, setup, f"{MADE_STREAM}.{item.source}", item.family)
    if consumable_id is None:
        return RunEvent("consumable_not_taken", item.family, 0, "no consumable of that family")
    state.consumables.append(consumable_id)
    return RunEvent("consumable_taken", consumable_id, len(state.consumables) - 1, f"made by {item.source}")
