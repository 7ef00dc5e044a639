"""The triggers outside scoring a hand: discarding cards, the end of a round and the run's events.

Like :func:`~studio.engine.scoring.score`, all are pure and take the same
:class:`~studio.engine.situation.Situation`: they return their events and the
state after them (money, counters, levels, generator), the money being the
last event's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from studio.engine.aftermath import Aftermath
from studio.engine.bosses import BossDef
from studio.engine.cards import Card
from studio.engine.catalog import Catalog
from studio.engine.consumables import ConsumableDef, naming
from studio.engine.effects import Effect
from studio.engine.rng import RngState
from studio.engine.scoring.context import ScoringContext
from studio.engine.scoring.firing import call_hook, fire_on_card, fire_source
from studio.engine.scoring.rows import Row
from studio.engine.scoring.views import open_context
from studio.engine.situation import Situation
from studio.engine.trace import Event, Step


@dataclass(frozen=True, slots=True)
class RoundResult:
    """What a discard or the end of a round did, and the state after it."""

    events: tuple[Event, ...]
    money: int
    counters: tuple[int, ...]
    levels: tuple[tuple[str, int], ...]
    rng: RngState
    #: What it leaves to take effect after it (None: nothing), and the charms' other variables.
    after: Aftermath | None = None
    vars: tuple[tuple[tuple[str, Any], ...], ...] = ()


def _result(ctx: ScoringContext, start_money: int) -> RoundResult:
    events = tuple(ctx.events)
    return RoundResult(
        events,
        events[-1].money if events else start_money,
        tuple(ctx.counters),
        tuple(sorted(ctx.levels.items())),
        ctx.rng.state(),
        ctx.after,
        tuple(tuple(sorted(v.items())) for v in ctx.vars),
    )


def discard(cards: Sequence[Card], situation: Situation, catalog: Catalog) -> RoundResult:
    """Fire every charm's ``discard`` abilities once per discarded card, left to right.

    Conditions on the hand (``contains``, ``hand_types``) read the discarded
    cards as a hand, so "discarding a Pair" can be a condition.
    """
    ctx, row, _ = open_context(situation, catalog, cards, discarded=True)
    ctx.step = "discard"
    ctx.zone = "discarded"
    acting = row.plan("discard")
    for position, card in enumerate(ctx.played):
        if card.debuffed:
            continue
        ctx.card_label = card.label
        ctx.position = position
        fire_on_card(ctx, card, acting, "discard")
    return _result(ctx, situation.money)


def end_of_round(situation: Situation, catalog: Catalog) -> RoundResult:
    """Pay held cards' end-of-round effects (``gold``), then fire charms' ``end_of_round``."""
    ctx, row, boss = open_context(situation, catalog, ())
    ctx.step = "end_of_round"
    ctx.zone = "held"
    for position, card in enumerate(ctx.held):
        if card.debuffed:
            continue
        ctx.card_label = card.label
        ctx.position = position
        if card.upgrade is not None:
            for effect in card.upgrade.end_of_round:
                ctx.apply(effect, card.upgrade_source, None)
        if card.seal is not None:
            for effect in card.seal.end_of_round:
                ctx.apply(effect, card.seal_source, None)
    ctx.card_label = ""
    ctx.zone = ""
    ctx.position = -1
    _fire_row(ctx, row, boss, "end_of_round")
    return _result(ctx, situation.money)


def run_event(
    trigger: Step,
    situation: Situation,
    catalog: Catalog,
    cards: Sequence[Card] = (),
    first: bool | None = None,
    owed: Sequence[tuple[tuple[str, str, int], int]] = (),
) -> RoundResult:
    """Fire a run event's trigger (RULES.md section 6): every charm's abilities at it, left to right,
    then the boss's; for a card trigger (a card added or destroyed) once per card of ``cards``.

    ``first`` tells a drawn hand whether it is the round's first draw (the ``first_hand``
    condition). ``owed`` is money effects marked to pay at cash out, (source, $): each is paid
    first, as an event of its source.
    """
    ctx, row, boss = open_context(situation, catalog, cards, discarded=True)
    ctx.step = trigger
    if first is not None:
        ctx.first_hand = first
    for source, amount in owed:
        ctx.add_money(amount, source)
    if not cards:
        _fire_row(ctx, row, boss, trigger)
        return _result(ctx, situation.money)
    acting = row.plan(trigger)
    boss_acts = boss.abilities_at(trigger) if boss is not None and boss.abilities else ()
    ctx.zone = "deck"
    for position, card in enumerate(ctx.played):
        ctx.card_label = card.label
        ctx.position = position
        fire_on_card(ctx, card, acting, trigger)
        if boss_acts and boss is not None:
            fire_source(ctx, boss_acts, (boss.id, "boss", -1), card)
    return _result(ctx, situation.money)


def consume(
    consumable: ConsumableDef, cards: Sequence[int], situation: Situation, catalog: Catalog
) -> RoundResult:
    """Use a consumable: each effect on behalf of the consumable, for each chosen held card in turn
    (the triggering card, at its position in hand), for each hand type naming it, or once."""
    source = (consumable.id, "consumable", -1)
    targets = consumable.targets
    if targets is None:
        return give(consumable.effects, source, "consumable", situation, catalog)
    ctx, _, _ = open_context(situation, catalog, ())
    ctx.step = "consumable"
    if targets.kind == "hand_types":
        for hand_type in catalog.hand_types:
            for effect in consumable.effects:
                ctx.apply(naming(effect, hand_type.id), source, None)
    else:
        ctx.zone = "held"
        for position in cards:
            ctx.card_label = ctx.held[position].label
            ctx.position = position
            for effect in consumable.effects:
                ctx.apply(effect, source, None)
    return _result(ctx, situation.money)


def give(
    effects: Sequence[Effect],
    source: tuple[str, str, int],
    step: Step,
    situation: Situation,
    catalog: Catalog,
) -> RoundResult:
    """Apply ``effects`` once on behalf of ``source`` at ``step``, on no card: a consumable that chooses
    nothing, a tag's reward."""
    ctx, _, _ = open_context(situation, catalog, ())
    ctx.step = step
    for effect in effects:
        ctx.apply(effect, source, None)
    return _result(ctx, situation.money)


def _fire_row(ctx: ScoringContext, row: Row, boss: BossDef | None, trigger: str) -> None:
    """Each charm's abilities (and code hook) at ``trigger``, left to right, then the boss's."""
    for i, fires, behaviour in row.plan(trigger):
        charm = ctx.charms[i]
        for fire in fires:
            fire(ctx, charm, None)
        if behaviour is not None:
            call_hook(ctx, behaviour, trigger, charm)
    if boss is not None and boss.abilities:
        fire_source(ctx, boss.abilities_at(trigger), (boss.id, "boss", -1), None)
