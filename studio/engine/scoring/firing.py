"""Abilities compiled to small functions, and firing a row's charms on a card.

An ability compiles once into a function: its conditions become check
functions (:func:`~studio.engine.conditions.compile_checks`) and each effect a
direct call of its kind's ``apply``, with the amount worked out in advance
where it does not scale or draw a chance. The trace is the same either way.
Code hooks run behind a fence: whatever they raise becomes a
:class:`BehaviourError`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from studio.engine import hook_runs
from studio.engine.behaviour import Behaviour, BehaviourError
from studio.engine.charms import Ability
from studio.engine.conditions import compile_checks
from studio.engine.effects import Effect
from studio.engine.hook_runs import HookStopped
from studio.engine.hooks import CharmContext
from studio.engine.inplay import ActiveCharm, CardView, Source
from studio.engine.kinds import CONDITIONS, EFFECTS, VALUES
from studio.engine.kinds.registry import Plain
from studio.engine.scoring.context import MAX_RETRIGGERS, ScoringContext

#: Fires an ability for a charm (and the triggering card, if any).
Fire = Callable[[ScoringContext, ActiveCharm, "CardView | None"], None]
#: Counts the extra triggers an ability gives a card.
Count = Callable[[ScoringContext, ActiveCharm, CardView], int]
#: Applies one effect for a charm.
Step = Callable[[ScoringContext, ActiveCharm], None]
#: (slot in the row, its compiled abilities at a trigger, its behaviour if it overrides that hook)
PlanEntry = tuple[int, tuple[Fire, ...], Behaviour | None]
Plan = tuple[PlanEntry, ...]
RetriggerEntry = tuple[int, tuple[Count, ...], Behaviour | None]
RetriggerPlan = tuple[RetriggerEntry, ...]


def compile_effect(effect: Effect) -> Step:
    """Return a function that applies ``effect`` for a charm.

    Without a chance or a random range, this is :meth:`ScoringContext.apply` worked out once: the
    kind and the reader of a scaling value are looked up here, and a scaled amount goes straight to
    the kind's ``plain`` context method where it has one (and no settings that change what it does,
    such as money ``at: cash_out``), two calls fewer on every fire.
    """
    if effect.chance is not None or effect.up_to is not None:
        return lambda ctx, charm: ctx.apply(effect, charm, charm)
    kind = EFFECTS[effect.kind]
    apply = kind.apply
    amount = effect.amount
    scaling = effect.scaling
    if scaling is None:
        return lambda ctx, charm: apply(ctx, effect, amount, charm, charm)
    read, arg, count, scale = VALUES[scaling.per].read, scaling.arg, scaling.steps, kind.scale
    if kind.plain and not effect.args:
        helper: Plain = getattr(ScoringContext, kind.plain)
        return lambda ctx, charm: helper(ctx, scale(amount, count(read(ctx, charm, arg))), charm)
    return lambda ctx, charm: apply(ctx, effect, scale(amount, count(read(ctx, charm, arg))), charm, charm)


def compile_ability(ability: Ability) -> Fire:
    """Return a function that fires ``ability`` for a charm (and card) in a context.

    The commonest shape (one effect of a fixed amount behind no test or one) calls its kind's
    ``plain`` context method directly: each frame saved is paid back on every card of every hand.
    """
    checks = compile_checks(ability.conditions)
    steps = tuple(compile_effect(e) for e in ability.effects)
    tests = ability.conditions.tests
    if len(steps) == 1 and len(checks) <= 1:
        effect = ability.effects[0]
        kind = EFFECTS[effect.kind]
        fixed = (
            effect.scaling is None
            and effect.chance is None
            and effect.up_to is None
            and not effect.args
            and kind.plain
        )
        if fixed:
            helper: Plain = getattr(ScoringContext, kind.plain)
            amount = effect.amount
            if not checks:
                return lambda ctx, charm, card: helper(ctx, amount, charm)
            fused = CONDITIONS[tests[0].kind].fused
            if fused is not None:
                return fused(tests[0].arg, helper, amount)
            check = checks[0]

            def fire_fixed(ctx: ScoringContext, charm: ActiveCharm, card: CardView | None) -> None:
                if check(ctx, card, charm):
                    helper(ctx, amount, charm)

            return fire_fixed
        step = steps[0]
        if not checks:
            return lambda ctx, charm, card: step(ctx, charm)
        check = checks[0]

        def fire_one(ctx: ScoringContext, charm: ActiveCharm, card: CardView | None) -> None:
            if check(ctx, card, charm):
                step(ctx, charm)

        return fire_one

    def fire(ctx: ScoringContext, charm: ActiveCharm, card: CardView | None) -> None:
        for check in checks:
            if not check(ctx, card, charm):
                return
        for step in steps:
            step(ctx, charm)

    return fire


def compile_retrigger(ability: Ability) -> Count:
    """Return a function that counts the extra triggers ``ability`` gives a card."""
    checks = compile_checks(ability.conditions)
    effects = ability.effects
    if all(e.scaling is None and e.chance is None and e.up_to is None for e in effects):
        times = sum(int(e.amount) for e in effects)
        if not checks:
            return lambda ctx, charm, card: times
        if len(checks) == 1:
            check = checks[0]
            return lambda ctx, charm, card: times if check(ctx, card, charm) else 0

    def count(ctx: ScoringContext, charm: ActiveCharm, card: CardView) -> int:
        for check in checks:
            if not check(ctx, card, charm):
                return 0
        return sum(ctx.retriggers(e, charm) for e in effects)

    return count


def fire_source(
    ctx: ScoringContext, abilities: Sequence[Ability], source: Source, card: CardView | None
) -> None:
    """Fire the abilities of a source that is not a charm of the row (the boss), on its behalf."""
    if ctx.boss_off:
        return
    for ability in abilities:
        if ctx.holds(ability.conditions, card, None):
            for effect in ability.effects:
                ctx.apply(effect, source, None)


def call_hook(
    ctx: ScoringContext, behaviour: Behaviour, hook: str, charm: ActiveCharm, card: CardView | None = None
) -> object:
    """Run a code hook behind the fence: anything it raises becomes a :class:`BehaviourError`, even
    ``SystemExit`` or ``KeyboardInterrupt`` (a plugin must not end the process or pass for a Ctrl-C).

    While it runs, the hook is its thread's record in :mod:`~studio.engine.hook_runs`, so the editor can
    say whose code is running and stop it: a stopped hook fails as "stopped after N s" (and the time limit
    that stopped it, if one did).

    The running values must still be those of the last event afterwards: a hook
    that reaches past its :class:`CharmContext` to change them fails, so the
    total can never differ from the trace.
    """
    method = getattr(behaviour, hook)
    events = len(ctx.events)
    before = (ctx.points, ctx.mult, ctx.money)
    args = (CharmContext(ctx), charm) if card is None else (CharmContext(ctx), charm, card)
    record = hook_runs.enter(charm.id, charm.slot, behaviour.id, hook)
    try:
        result = method(*args)
        hook_runs.leave(record)
        if record.stopped_at is not None:  # stopped as it returned: it was stopped all the same
            raise HookStopped
    except BaseException as exc:  # a plugin's mistake must not escape: not as a traceback, not as an exit
        hook_runs.leave(record)  # again, in case the stop arrived inside the first leave
        if record.stopped_at is not None:
            exc = HookStopped(record.why_stopped).with_traceback(exc.__traceback__)
        raise BehaviourError.wrap(exc, charm, behaviour, hook) from exc
    last = ctx.events[-1] if len(ctx.events) > events else None
    expected = (last.points, last.mult, last.money) if last is not None else before
    if (ctx.points, ctx.mult, ctx.money) != expected:
        why = "it changed Points, Mult or money without an effect (use the add_... methods)"
        raise BehaviourError(charm.id, charm.slot, behaviour.id, hook, why)
    return result


def fire_on_card(ctx: ScoringContext, card: CardView, plan: Plan, hook: str) -> None:
    """One trigger of a card for each acting charm, in row order: its abilities, then its hook."""
    gone = ctx.gone
    for i, fires, behaviour in plan:
        if gone and i in gone:
            continue
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
    gone = ctx.gone
    for i, counts, behaviour in plan:
        if gone and i in gone:
            continue
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
