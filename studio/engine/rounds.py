"""The triggers outside scoring a hand: discarding cards and the end of a round.

Like :func:`~studio.engine.scoring.score`, both are pure and take the same
:class:`~studio.engine.situation.Situation`: they return their events and the
state after them (money, counters, levels, generator), the money being the
last event's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from studio.engine.aftermath import Aftermath
from studio.engine.cards import Card
from studio.engine.catalog import Catalog
from studio.engine.context import ScoringContext
from studio.engine.firing import call_hook, fire_on_card
from studio.engine.rng import RngState
from studio.engine.situation import Situation
from studio.engine.trace import Event
from studio.engine.views import open_context


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
    ctx, row, _ = open_context(situation, catalog, ())
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
    for i, fires, behaviour in row.plan("end_of_round"):
        charm = ctx.charms[i]
        for fire in fires:
            fire(ctx, charm, None)
        if behaviour is not None:
            call_hook(ctx, behaviour, "end_of_round", charm)
    return _result(ctx, situation.money)
