"""Abilities compiled to small functions, and firing a row's charms on a card.

Most abilities are one plain effect ("+4 Mult") behind no condition, one card
condition ("scored 2, 4, 6, 8 or 10") or "the hand contains a Pair". Those become a direct call of the
context's helper; an effect behind no condition (a scaled one, say) a direct
:meth:`ScoringContext.apply`; every other shape goes through the general
:meth:`ScoringContext.run`. The trace is the same either way. Code hooks run
behind a fence: whatever they raise becomes a :class:`BehaviourError`.
"""

from __future__ import annotations

from collections.abc import Callable

from studio.engine.behaviour import Behaviour, BehaviourError
from studio.engine.charms import Ability
from studio.engine.conditions import ALWAYS, Conditions
from studio.engine.context import MAX_RETRIGGERS, ScoringContext
from studio.engine.hooks import CharmContext
from studio.engine.inplay import ActiveCharm, CardView, Source

#: Fires an ability for a charm (and the triggering card, if any).
Fire = Callable[[ScoringContext, ActiveCharm, "CardView | None"], None]
#: Counts the extra triggers a retrigger ability gives a card.
Count = Callable[[ScoringContext, ActiveCharm, CardView], int]
#: (slot in the row, its compiled abilities at a trigger, its behaviour if it overrides that hook)
PlanEntry = tuple[int, tuple[Fire, ...], Behaviour | None]
Plan = tuple[PlanEntry, ...]
RetriggerEntry = tuple[int, tuple[Count, ...], Behaviour | None]
RetriggerPlan = tuple[RetriggerEntry, ...]
_HELPERS: dict[str, Callable[[ScoringContext, float, ActiveCharm], None]] = {
    "points": ScoringContext.add_points,
    "mult": ScoringContext.add_mult,
    "xmult": ScoringContext.add_xmult,
    "money": ScoringContext.add_money,
}


def compile_ability(ability: Ability) -> Fire:
    """Return a function that fires ``ability`` for a charm (and card) in a context."""
    effects = ability.effects
    c = ability.conditions
    general: Fire = lambda ctx, charm, card: ctx.run(c, effects, charm, card)  # noqa: E731
    always = c == ALWAYS  # equal, not only the same object: a catalog read back from a snapshot has copies
    plain = (
        len(effects) == 1
        and effects[0].kind in _HELPERS
        and effects[0].scaling is None
        and effects[0].chance is None
    )
    if not plain:
        if always and len(effects) == 1:
            effect = effects[0]
            return lambda ctx, charm, card: ctx.apply(effect, charm, charm)
        return general
    helper = _HELPERS[effects[0].kind]
    amount = effects[0].amount
    if always:
        return lambda ctx, charm, card: helper(ctx, amount, charm)
    if c == Conditions(ranks=c.ranks):
        ranks = c.ranks

        def on_ranks(ctx: ScoringContext, charm: ActiveCharm, card: CardView | None) -> None:
            if card is not None and card.rank in ranks:  # type: ignore[operator]
                helper(ctx, amount, charm)

        return on_ranks
    if c == Conditions(contains=c.contains):
        contains = c.contains

        def on_contains(ctx: ScoringContext, charm: ActiveCharm, card: CardView | None) -> None:
            evaluation = ctx.evaluation
            if evaluation is not None and contains in evaluation.contains:
                helper(ctx, amount, charm)

        return on_contains
    if c == Conditions(suits=c.suits):
        suits = c.suits

        def on_suits(ctx: ScoringContext, charm: ActiveCharm, card: CardView | None) -> None:
            if card is not None and card.cond_suits & suits:  # type: ignore[operator]
                helper(ctx, amount, charm)

        return on_suits
    return general


def compile_retrigger(ability: Ability) -> Count:
    """Return a function that counts the extra triggers ``ability`` gives a card."""
    c = ability.conditions
    effects = ability.effects
    if all(e.scaling is None and e.chance is None for e in effects):
        times = sum(int(e.amount) for e in effects)
        return lambda ctx, charm, card: times if ctx.holds(c, card, charm) else 0
    return lambda ctx, charm, card: (
        sum(ctx.retriggers(e, charm) for e in effects) if ctx.holds(c, card, charm) else 0
    )


def call_hook(
    ctx: ScoringContext, behaviour: Behaviour, hook: str, charm: ActiveCharm, card: CardView | None = None
) -> object:
    """Run a code hook behind the fence: any exception becomes a :class:`BehaviourError`.

    The running values must still be those of the last event afterwards: a hook
    that reaches past its :class:`CharmContext` to change them fails, so the
    total can never differ from the trace.
    """
    method = getattr(behaviour, hook)
    events = len(ctx.events)
    before = (ctx.points, ctx.mult, ctx.money)
    args = (CharmContext(ctx), charm) if card is None else (CharmContext(ctx), charm, card)
    try:
        result = method(*args)
    except Exception as exc:  # a plugin's mistake must not escape as a traceback
        raise BehaviourError.wrap(exc, charm, behaviour, hook) from exc
    last = ctx.events[-1] if len(ctx.events) > events else None
    expected = (last.points, last.mult, last.money) if last is not None else before
    if (ctx.points, ctx.mult, ctx.money) != expected:
        why = "it changed Points, Mult or money without an effect (use the add_... methods)"
        raise BehaviourError(charm.id, charm.slot, behaviour.id, hook, why)
    return result


def fire_on_card(ctx: ScoringContext, card: CardView, plan: Plan, hook: str) -> None:
    """One trigger of a card for each acting charm, in row order: its abilities, then its hook."""
    for i, fires, behaviour in plan:
        charm = ctx.charms[i]
        for fire in fires:
            fire(ctx, charm, card)
        if behaviour is not None:
            call_hook(ctx, behaviour, hook, charm, card)


def retrigger_sources(ctx: ScoringContext, card: CardView, plan: RetriggerPlan) -> list[Source | ActiveCharm]:
    """Return one source per extra trigger of ``card``: its seal first, then charms in row order."""
    sources: list[Source | ActiveCharm] = []
    seal = card.seal
    if seal is not None and seal.retriggers:
        sources += [card.seal_source] * seal.retriggers
    for i, counts, behaviour in plan:
        charm = ctx.charms[i]
        times = 0
        for count in counts:
            times += count(ctx, charm, card)
        if behaviour is not None:
            extra = call_hook(ctx, behaviour, "retriggers", charm, card)
            if type(extra) is not int or not 0 <= extra <= MAX_RETRIGGERS:
                raise BehaviourError(
                    charm.id,
                    charm.slot,
                    behaviour.id,
                    "retriggers",
                    f"returned {extra!r}, not a whole number of extra triggers from 0 to {MAX_RETRIGGERS}",
                )
            times += extra
        if times:
            sources += [charm] * times
    return sources
