"""A hand's (or a discard's, or a round end's) outcome taken into the run.

The money, the charms' variables, the levels and the generator come from the
result; then what the hand left to take effect after it (RULES.md section 6):
edited and destroyed cards in the order the effects fired, copies, destroyed
charms, a disabled boss and round-long modifiers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from studio.engine.aftermath import Aftermath
from studio.engine.cards import Card
from studio.engine.catalog import Catalog
from studio.engine.rng import RngState
from studio.engine.run_events import RunEvent
from studio.engine.run_state import RunState


def take_result(
    state: RunState,
    money: int,
    counters: Sequence[int],
    variables: Sequence[tuple[tuple[str, Any], ...]],
    levels: Sequence[tuple[str, int]],
    rng: RngState,
) -> None:
    """Take a result's money, charm variables, levels and generator into the run."""
    state.money = money
    charms = []
    for i, (slot, counter) in enumerate(zip(state.charms, counters, strict=True)):
        values = variables[i] if i < len(variables) else slot.vars
        charms.append(
            slot
            if (slot.counter, slot.vars) == (counter, values)
            else replace(slot, counter=counter, vars=values)
        )
    state.charms = charms
    state.levels = dict(levels)
    state.rng = type(state.rng).from_state(rng)


def take_after(state: RunState, after: Aftermath | None) -> list[RunEvent]:
    """Apply what a hand left to take effect after it; return the run events that say so."""
    if after is None or after.is_empty():
        return []
    events = _cards(state, after)
    r = state.round
    for card, to in after.copies:
        state.deck.append(card)
        if to == "hand" and r is not None:
            r.hand.append(card)
        events.append(RunEvent("card_added", str(card), 1, f"a copy joins the {to}"))
    for slot in sorted(after.charms, reverse=True):
        if slot < len(state.charms):
            gone = state.charms.pop(slot)
            events.append(RunEvent("charm_destroyed", gone.id, slot, "destroyed by an effect"))
    if r is not None and after.boss_disabled and r.boss is not None:
        events.append(RunEvent("boss_disabled", r.boss, 0, "the boss rule stops for the rest of the round"))
        r.boss = None
    if r is not None and after.modifiers:
        r.modifiers.extend(after.modifiers)
    return events


def _cards(state: RunState, after: Aftermath) -> list[RunEvent]:
    """Edit and destroy deck cards (and held cards in hand) in the order the effects fired."""
    events: list[RunEvent] = []
    current: dict[tuple[str, int], Card] = {}
    held_gone: list[int] = []
    r = state.round
    for change in after.cards:
        where = (change.zone, change.position)
        card = current.get(where, change.card)
        index = _find(state.deck, card)
        if change.becomes is None:
            if index is not None:
                del state.deck[index]
            if change.zone == "held":
                held_gone.append(change.position)
            events.append(RunEvent("card_destroyed", str(card), 1, "leaves the deck"))
            continue
        if index is not None:
            state.deck[index] = change.becomes
        if change.zone == "held" and r is not None and change.position < len(r.hand):
            r.hand[change.position] = change.becomes
        current[where] = change.becomes
        events.append(RunEvent("card_edited", str(card), 1, f"becomes {change.becomes}"))
    if r is not None:
        for position in sorted(set(held_gone), reverse=True):
            if position < len(r.hand):
                del r.hand[position]
    return events


def _find(cards: list[Card], card: Card) -> int | None:
    for i, c in enumerate(cards):
        if c == card:
            return i
    return None


def draw_variables(state: RunState, catalog: Catalog) -> list[RunEvent]:
    """Draw each charm's round variables (RULES.md section 6: at round start), from its own stream.

    A ``deck`` variable takes the rank or suit of a random card of the full deck; a ``list``
    variable one of its choices. Each charm draws from the stream ``vars.<charm id>``, so adding
    a charm shifts no other draw.
    """
    events: list[RunEvent] = []
    for i, slot in enumerate(state.charms):
        drawn = dict(slot.vars)
        for var in catalog.charm(slot.id).variables:
            pool: Sequence[Any] = var.choices
            if var.draw == "deck":
                pool = [c.rank if var.type == "rank" else c.suit for c in state.deck]
            if not var.draw or not pool:
                continue
            value = pool[int(state.rng.random(f"vars.{slot.id}") * len(pool))]
            drawn[var.name] = value
            events.append(RunEvent("var", slot.id, i, f"{var.name} is {value} this round"))
        if drawn != dict(slot.vars):
            state.charms[i] = replace(slot, vars=tuple(sorted(drawn.items())))
    return events
