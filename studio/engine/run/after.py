"""A hand's (or a discard's, a round end's, a run event's) outcome taken into the run.

The money, the charms' variables, the levels and the generator come from the
result; then what the hand left to take effect after it (RULES.md section 6):
edited cards in the order the effects fired, destroyed cards (glass that broke
too) in card order, copies, a disabled boss, round-long modifiers, the run's
changes in the order they fired (each settled by its effect kind), and the
charms that leave the row; last, the round follows the values those changes
made (its hands, discards, hand size, requirement and reward).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from studio.engine.aftermath import Aftermath, CardChange
from studio.engine.cards import Card
from studio.engine.catalog import Catalog
from studio.engine.kinds import EFFECTS
from studio.engine.rng import RngState
from studio.engine.run.events import RunEvent
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import RunState
from studio.engine.run.values import follow, round_boss, round_values
from studio.engine.values import reslotted


class Taken(NamedTuple):
    """What applying an aftermath did: its run events, and the cards that left and joined the deck."""

    events: list[RunEvent]
    destroyed: list[Card]
    added: list[Card]


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


def take_after(
    state: RunState,
    setup: RunSetup,
    after: Aftermath | None,
    leaving: Collection[int] = (),
    broken: Sequence[tuple[int, Card]] = (),
) -> Taken:
    """Apply what a hand (or run event) left to take effect after it; ``leaving``: slots of charms that
    leave the row with it (a charm being sold), counted as gone by the changes that look for a slot;
    ``broken``: the played cards that broke (glass), by their positions in the hand."""
    if after is None or after.is_empty():
        _remove_charms(state, (), leaving)
        if not broken:
            return Taken([], [], [])
        events, destroyed = _cards(state, [], broken)
        return Taken(events, destroyed, [])
    r = state.round
    # Only these change a source of the round's values (card changes, copies and new cards never do).
    moved = after.boss_disabled or after.modifiers or after.run or after.charms or leaving
    before = round_values(state, setup, round_boss(state, setup)) if r is not None and moved else None
    events, destroyed = _cards(state, after.cards, broken)
    added = []
    for card, to, what in [
        *((c, t, "a copy") for c, t in after.copies),
        *((c, t, "a new card") for c, t in after.added),
    ]:
        state.deck.append(card)
        if to == "hand" and r is not None:
            r.hand.append(card)
        added.append(card)
        events.append(RunEvent("card_added", str(card), 1, f"{what} joins the {to}"))
    if r is not None and after.boss_disabled and r.boss is not None:
        events.append(RunEvent("boss_disabled", r.boss, 0, "the boss rule stops for the rest of the round"))
        r.boss = None
    if r is not None and after.modifiers:
        r.modifiers.extend(after.modifiers)
    gone = frozenset([*after.charms, *leaving])
    for change in after.run:
        settle = EFFECTS[change.kind].settle
        if settle is not None:
            events += settle(state, setup, change, gone)
    events += _remove_charms(state, after.charms, leaving)
    if before is not None:
        follow(state, setup, before)
    return Taken(events, destroyed, added)


def _remove_charms(state: RunState, destroyed: Sequence[int], leaving: Collection[int]) -> list[RunEvent]:
    """Take the charms destroyed (and those ``leaving``) out of the row, right to left. A round-long
    modifier lasts the round it names (RULES.md section 6): one a charm that leaves had added stays
    where that charm stood, right after the charm before it; those of the charms after it move down
    with them."""
    events = []
    for slot in sorted({*destroyed, *leaving}, reverse=True):
        if slot < len(state.charms):
            gone = state.charms.pop(slot)
            if state.round is not None:
                moved = {i: i - 1 for i in range(slot, len(state.charms) + 1)}
                state.round.modifiers = reslotted(state.round.modifiers, moved)
            if slot in destroyed:
                events.append(RunEvent("charm_destroyed", gone.id, slot, "destroyed by an effect"))
    return events


#: Card order across the places a hand's cards lie: the played hand, then the cards held.
_ZONE_ORDER = {"played": 0, "held": 1}


def _cards(
    state: RunState, changes: Sequence[CardChange], broken: Sequence[tuple[int, Card]]
) -> tuple[list[RunEvent], list[Card]]:
    """Edit deck cards (and held cards in hand) in the order the effects fired, then take the destroyed
    and ``broken`` ones out of the deck, each once, in card order (RULES.md section 6); return the
    events and the cards destroyed."""
    events: list[RunEvent] = []
    current: dict[tuple[str, int], Card] = {}
    #: Where each card that leaves lies, the card as the hand's edits left it, and whether it broke.
    gone: dict[tuple[str, int], tuple[Card, bool]] = {}
    r = state.round
    for change in changes:
        where = (change.zone, change.position)
        if where in gone:  # destroyed already: nothing more happens to it
            continue
        card = current.get(where, change.card)
        if change.becomes is None:
            gone[where] = (card, False)
            continue
        index = _find(state.deck, card)
        if index is not None:
            state.deck[index] = change.becomes
        if change.zone == "held" and r is not None and change.position < len(r.hand):
            r.hand[change.position] = change.becomes
        current[where] = change.becomes
        events.append(RunEvent("card_edited", str(card), 1, f"becomes {change.becomes}"))
    for position, card in broken:
        where = ("played", position)
        if where not in gone:
            gone[where] = (current.get(where, card), True)
    destroyed: list[Card] = []
    for where in sorted(gone, key=lambda w: (_ZONE_ORDER.get(w[0], len(_ZONE_ORDER)), w[1])):
        card, broke = gone[where]
        index = _find(state.deck, card)
        if index is not None:
            del state.deck[index]
        destroyed.append(card)
        events.append(RunEvent("broken" if broke else "card_destroyed", str(card), 1, "leaves the deck"))
    if r is not None:
        for _, position in sorted((w for w in gone if w[0] == "held"), reverse=True):
            if position < len(r.hand):
                del r.hand[position]
    return events, destroyed


def _find(cards: list[Card], card: Card) -> int | None:
    for i, c in enumerate(cards):
        if c == card:
            return i
    return None


def draw_variables(state: RunState, catalog: Catalog) -> list[RunEvent]:
    """Draw each charm's round variables for the next round (RULES.md section 6: at the end of the
    round, where variables and counters change), from its own stream.

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
            value = state.rng.choice(f"vars.{slot.id}", pool)
            drawn[var.name] = value
            events.append(RunEvent("var", slot.id, i, f"{var.name} is {value} from the next round"))
        if drawn != dict(slot.vars):
            state.charms[i] = replace(slot, vars=tuple(sorted(drawn.items())))
    return events
