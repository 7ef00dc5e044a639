"""The triggers outside scoring a hand: discarding cards and the end of a round.

Like :func:`~studio.engine.scoring.score`, both are pure: they return their
events and the state after them (money, counters, levels, generator).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from studio.engine.cards import Card
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.context import ScoringContext
from studio.engine.hands import MAX_FLUSH_OR_STRAIGHT_CARDS, evaluate
from studio.engine.rng import Rng, RngState
from studio.engine.trace import Event
from studio.engine.views import Row, card_view, charm_row


@dataclass(frozen=True, slots=True)
class RoundState:
    """The round around a discard or the end of a round."""

    held: tuple[Card, ...] = ()
    charms: tuple[CharmSlot, ...] = ()
    levels: Mapping[str, int] = field(default_factory=dict)
    boss: str | None = None
    money: int = 0
    hands_left: int = 0
    discards_left: int = 0
    first_hand: bool = True
    rng: RngState = field(default_factory=RngState)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """What a discard or the end of a round did, and the state after it."""

    events: tuple[Event, ...]
    money: int
    counters: tuple[int, ...]
    levels: tuple[tuple[str, int], ...]
    rng: RngState


def _context(state: RoundState, catalog: Catalog, cards: Sequence[Card]) -> tuple[ScoringContext, Row]:
    row = charm_row(state.charms, catalog)
    boss = catalog.boss(state.boss) if state.boss else None
    views = [card_view(c, catalog, boss, row.flags) for c in cards]
    held = [card_view(c, catalog, boss, row.flags) for c in state.held]
    ctx = ScoringContext(
        views,
        held,
        row.active(state.charms),
        dict(state.levels),
        state.money,
        state.hands_left,
        state.discards_left,
        state.first_hand,
        Rng.from_state(state.rng),
    )
    if 1 <= len(views) <= MAX_FLUSH_OR_STRAIGHT_CARDS:
        ctx.evaluation = evaluate(
            [v.rank for v in views], [v.suits for v in views], catalog.hand_table, row.rules
        )
    return ctx, row


def _result(ctx: ScoringContext) -> RoundResult:
    return RoundResult(
        tuple(ctx.events),
        ctx.money,
        tuple(c.counter for c in ctx.charms),
        tuple(sorted(ctx.levels.items())),
        ctx.rng.state(),
    )


def discard(cards: Sequence[Card], state: RoundState, catalog: Catalog) -> RoundResult:
    """Fire every charm's ``discard`` abilities once per discarded card, left to right.

    Conditions on the hand (``contains``, ``hand_types``) read the discarded
    cards as a hand, so "discarding a Pair" can be a condition.
    """
    ctx, row = _context(state, catalog, cards)
    ctx.step = "discard"
    acting = row.plan("discard")
    for card in ctx.played:
        if card.debuffed:
            continue
        ctx.card_label = card.label
        for i, abilities, _ in acting:
            for ability in abilities:
                ability.fire(ctx, ctx.charms[i], card)
    return _result(ctx)


def end_of_round(state: RoundState, catalog: Catalog) -> RoundResult:
    """Pay held cards' end-of-round effects (``gold``), then fire charms' ``end_of_round``."""
    ctx, row = _context(state, catalog, ())
    ctx.step = "end_of_round"
    for card in ctx.held:
        if card.debuffed:
            continue
        ctx.card_label = card.label
        for holder in (card.upgrade, card.seal):
            if holder is not None:
                for effect in holder.end_of_round:
                    ctx.apply(effect, f"{card.label} {holder.id}", None)
    ctx.card_label = ""
    for i, abilities, _ in row.plan("end_of_round"):
        for ability in abilities:
            ability.fire(ctx, ctx.charms[i], None)
    return _result(ctx)
