"""A run's events as triggers: who listens, the situation they fire in, and their outcome taken in.

Each run event of RULES.md section 6 (a blind selected or skipped, a hand
drawn, a round about to be lost, a boss beaten, cash out, the shop's actions,
cards joining or leaving the deck) fires its trigger through :func:`fire`:
the charms that listen, left to right, then the boss, by the engine's pure
:func:`~studio.engine.scoring.rounds.run_event`. A trigger nobody listens to costs one
look-up. What fired is one run event (kind ``trigger``, the trigger as its
subject) carrying its trace, as a scored hand's does; then what the effects
left for after is applied (:func:`settle`), and the cards that left or joined
the deck fire ``card_destroyed`` and ``card_added`` in turn.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace

from studio.engine.aftermath import Aftermath
from studio.engine.bosses import BossDef
from studio.engine.cards import Card
from studio.engine.run.after import take_after, take_result
from studio.engine.run.events import RunEvent
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import RunState
from studio.engine.run.values import charm_slots, round_boss, round_modifiers
from studio.engine.scoring import Situation
from studio.engine.scoring.rounds import RoundResult, run_event
from studio.engine.scoring.rows import charm_row
from studio.engine.trace import Step
from studio.engine.values import layered

#: The kind of the run event that says a trigger fired: its subject is the trigger, its note what the
#: event is about, its trace what the sources did.
TRIGGERED = "trigger"


def current_boss(state: RunState, setup: RunSetup) -> BossDef | None:
    """Return the boss rule of the blind on offer or being played (None for a plain blind)."""
    blind = setup.rules.blinds[state.blind]
    if not blind.is_boss or state.boss is None:
        return None
    return setup.catalog.boss(state.boss)


def round_situation(
    state: RunState,
    setup: RunSetup,
    held: Sequence[Card],
    hands_left: int,
    discards_left: int,
    played: Sequence[Card] = (),
) -> Situation:
    """The situation of a play, a discard or the end of the round: the run and the round as they stand."""
    r = state.round
    assert r is not None
    return Situation(
        played=tuple(played),
        held=tuple(held),
        charms=tuple(state.charms),
        levels=state.levels,
        boss=r.boss,
        money=state.money,
        hands_left=hands_left,
        discards_left=discards_left,
        hand_types_played=tuple(r.types_played),
        rng=state.rng.state(),
        modifiers=tuple(r.modifiers),
        deck=setup.deck.id,
        difficulty=setup.difficulty,
        per_round=(state.hands, state.discards),
        ante=state.ante,
        blind=r.blind,
        hand_size=r.hand_size,
        charm_slots=charm_slots(state, setup),
        full_deck=tuple(state.deck),
        draw_pile=len(r.draw_pile),
        times_played=dict(state.times_played),
        hands_played=r.hands_played,
        score=r.score,
        requirement=r.requirement,
        vouchers=tuple(state.vouchers),
        consumables=len(state.consumables),
    )


def run_situation(state: RunState, setup: RunSetup, blind: str | None) -> Situation:
    """The situation between rounds: the run, no round (``blind``: the blind an event is about)."""
    return Situation(
        charms=tuple(state.charms),
        levels=state.levels,
        money=state.money,
        rng=state.rng.state(),
        deck=setup.deck.id,
        difficulty=setup.difficulty,
        ante=state.ante,
        blind=blind,
        hand_size=int(layered("hand_size", state.hand_size, round_modifiers(state, setup))),
        charm_slots=charm_slots(state, setup),
        full_deck=tuple(state.deck),
        times_played=dict(state.times_played),
        vouchers=tuple(state.vouchers),
        consumables=len(state.consumables),
    )


def listens(state: RunState, setup: RunSetup, trigger: str) -> bool:
    """Return True if a charm of the row, or the round's boss, has abilities at ``trigger``."""
    if trigger in charm_row(state.charms, setup.catalog).plans:
        return True
    boss = round_boss(state, setup)
    return boss is not None and any(a.trigger == trigger for a in boss.abilities)


def fire(
    state: RunState,
    setup: RunSetup,
    trigger: Step,
    *,
    subject: str = "",
    cards: Sequence[Card] = (),
    slot: int = -1,
    blind: str | None = None,
    first: bool | None = None,
    leaving: Collection[int] = (),
    used_family: str = "",
) -> list[RunEvent]:
    """Fire ``trigger`` for every source that listens and take the outcome into the run; return the
    run events (the trigger's, with its trace, then what its effects changed).

    ``subject`` names what the event is about in the log; ``cards`` are a card trigger's cards;
    ``slot`` is the charm bought or sold (the ``this_charm`` condition); ``blind`` the blind a
    skip is about; ``first`` whether a drawn hand is the round's first; ``leaving`` the slots of
    charms that leave the row with the event (a charm sold); ``used_family`` the family of the
    consumable used (the ``family`` condition).
    """
    if not listens(state, setup, trigger):
        take_after(state, setup, None, leaving)
        return []
    situation = _situation(state, setup, blind, slot)
    if used_family:
        situation = replace(situation, used_family=used_family)
    return _fire(state, setup, trigger, situation, subject, cards=cards, first=first, leaving=leaving)[0]


def cash_out(state: RunState, setup: RunSetup, blind: str) -> list[RunEvent]:
    """Pay the money effects owed at cash out, each as an event of its source, then fire ``cash_out``
    (RULES.md section 6: after interest, so none of it earns interest this round)."""
    owed = [(_now(state, o.source), o.amount) for o in state.owed]
    state.owed = []
    if not owed and not listens(state, setup, "cash_out"):
        return []
    return _fire(state, setup, "cash_out", _situation(state, setup, blind, -1), blind, owed=owed)[0]


def _now(state: RunState, source: tuple[str, str, int]) -> tuple[str, str, int]:
    """A charm's source with its slot now (it may have moved since the money was owed; -1: gone)."""
    if source[1] != "charm":
        return source
    return (source[0], "charm", next((i for i, c in enumerate(state.charms) if c.id == source[0]), -1))


def prevented(state: RunState, setup: RunSetup) -> tuple[list[RunEvent], str]:
    """Fire ``round_lost`` (the round is about to be lost); return its events and the source that
    prevented the loss ("" if none did)."""
    if not listens(state, setup, "round_lost"):
        return [], ""
    events, after = _fire(state, setup, "round_lost", _situation(state, setup, None, -1), "")
    return events, after.saved if after is not None else ""


def _situation(state: RunState, setup: RunSetup, blind: str | None, slot: int) -> Situation:
    """The round's situation, or the run's between rounds; ``slot``: the charm the event is about."""
    r = state.round
    situation = (
        round_situation(state, setup, r.hand, r.hands_left, r.discards_left)
        if r is not None
        else run_situation(state, setup, blind)
    )
    return replace(situation, subject=slot) if slot >= 0 else situation


def _fire(
    state: RunState,
    setup: RunSetup,
    trigger: Step,
    situation: Situation,
    subject: str,
    *,
    cards: Sequence[Card] = (),
    first: bool | None = None,
    leaving: Collection[int] = (),
    owed: Sequence[tuple[tuple[str, str, int], int]] = (),
) -> tuple[list[RunEvent], Aftermath | None]:
    """Fire ``trigger`` in ``situation``; log it (when something happened) and take its outcome in."""
    result = run_event(trigger, situation, setup.catalog, cards, first, owed)
    events = [RunEvent(TRIGGERED, trigger, len(cards), subject, result.events)] if result.events else []
    return events + take(state, setup, result, leaving), result.after


def take(
    state: RunState, setup: RunSetup, result: RoundResult, leaving: Collection[int] = ()
) -> list[RunEvent]:
    """Take a discard's, a round end's or a run event's result into the run, then settle what it left."""
    take_result(state, result.money, result.counters, result.vars, result.levels, result.rng)
    return settle(state, setup, result.after, leaving)


def settle(
    state: RunState,
    setup: RunSetup,
    after: Aftermath | None,
    leaving: Collection[int] = (),
    broken: Sequence[tuple[int, Card]] = (),
) -> list[RunEvent]:
    """Apply what a hand or an event left for after it (with the played cards that ``broken``, glass, by
    their positions); then the cards that left the deck fire ``card_destroyed``, in card order, and the
    cards it added ``card_added``."""
    taken = take_after(state, setup, after, leaving, broken)
    events = taken.events
    if taken.destroyed:
        events += fire(state, setup, "card_destroyed", subject="cards", cards=taken.destroyed)
    if taken.added:
        events += fire(state, setup, "card_added", subject="cards", cards=taken.added)
    return events
