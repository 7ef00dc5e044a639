"""The scorer: one hand, in the fixed order of RULES.md section 3, with its trace.

``score(situation, catalog)`` is pure: it reads its inputs, never changes them,
and returns the result together with the charms' counters, the hand levels and
the generator state after the hand. The result's Points, Mult and money are
the last event's: the trace is the score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from studio.engine.bosses import BossDef
from studio.engine.cards import rank_points
from studio.engine.catalog import Catalog
from studio.engine.context import ScoringContext
from studio.engine.firing import call_hook, fire_on_card, retrigger_sources
from studio.engine.inplay import CardView
from studio.engine.kinds.effects import REPEAT_LABEL
from studio.engine.rows import Row
from studio.engine.situation import MAX_PLAYED, Situation
from studio.engine.trace import ScoreResult, Step, total_of
from studio.engine.views import open_context

__all__ = ["MAX_PLAYED", "HandSizeError", "Situation", "score"]


class HandSizeError(ValueError):
    """A played hand with no cards or more than the limit allows."""


def score(situation: Situation, catalog: Catalog) -> ScoreResult:
    """Score one hand and return the result with its event trace.

    Raises :class:`HandSizeError` for a hand of the wrong size,
    :class:`~studio.engine.names.UnknownIdError` for an unknown id and
    :class:`~studio.engine.behaviour.BehaviourError` when a code charm fails.
    """
    s = situation
    if not catalog.hand_types:
        raise ValueError(
            "the loaded content defines no hand types (load the base game, or a pack with hands/)"
        )
    if not 1 <= len(s.played) <= s.max_played:
        raise HandSizeError(f"a played hand holds 1 to {s.max_played} cards, not {len(s.played)}")
    ctx, row, boss = open_context(s, catalog, s.played)
    evaluation = ctx.evaluation
    assert evaluation is not None
    refused = _boss_step(ctx, boss, s.hand_types_played)
    if not refused:
        _before_step(ctx, row)
        _base_step(ctx, boss)
        _card_step(ctx, row, "scored_card", boss)
        _card_step(ctx, row, "held_card", boss)
        _hand_step(ctx, row)
    broken = () if refused else _breakage(ctx)
    events = tuple(ctx.events)
    last = events[-1]
    # Built without the named tuple's Python-level __new__ (fields in declaration order): one per hand.
    return _new_result(
        ScoreResult,
        (
            evaluation.hand_type.id,  # hand_type
            tuple([c.token for c in ctx.scoring]),  # scoring
            last.points,
            last.mult,
            0 if refused else total_of(last.points, last.mult),  # total
            last.money,
            events,
            tuple(ctx.counters),
            tuple(sorted(ctx.levels.items())) if ctx.levels else (),  # levels
            ctx.rng.state() if ctx.rng.counters else s.rng,  # rng
            refused,
            broken,
            s.boss,
            s.deck,
        ),
    )


_new_result = tuple.__new__


def _breakage(ctx: ScoringContext) -> tuple[str, ...]:
    """Return the scored cards that break after the hand (glass: 1 in 4), drawn in card order."""
    return tuple(
        [
            card.token
            for card in ctx.scoring
            if card.upgrade is not None
            and card.upgrade.breaks is not None
            and not card.debuffed
            and ctx.rng.chance("chance", card.upgrade.breaks.n, card.upgrade.breaks.in_)
        ]
    )


def _boss_step(ctx: ScoringContext, boss: BossDef | None, types_played: tuple[str, ...]) -> bool:
    """Apply the boss rule's hand checks; return True if the hand is refused."""
    if boss is None:
        return False
    ctx.step = "boss"
    source = (boss.id, "boss", -1)
    type_id = ctx.hand_type.id
    reason = ""
    if len(ctx.played) < boss.min_cards:
        reason = f"needs {boss.min_cards} cards, {len(ctx.played)} played"
    elif boss.no_repeat_type and type_id in types_played:
        reason = f"{type_id} was already played this round"
    elif boss.only_first_type and types_played and type_id != types_played[0]:
        reason = f"only {types_played[0]} may be played this round"
    if reason:
        ctx.note(source, "refuse", 0, f"hand refused: {reason}")
        return True
    if boss.level_down:
        ctx.change_level(type_id, -boss.level_down, source)
    if boss.money_per_card:
        ctx.add_money(boss.money_per_card * len(ctx.played), source)
    return False


def _before_step(ctx: ScoringContext, row: Row) -> None:
    ctx.step = "before"
    for i, fires, behaviour in row.plan("before"):
        charm = ctx.charms[i]
        for fire in fires:
            fire(ctx, charm, None)
        if behaviour is not None:
            call_hook(ctx, behaviour, "before", charm)


def _base_step(ctx: ScoringContext, boss: BossDef | None) -> None:
    ctx.step = "base"
    hand_type = ctx.hand_type
    level = ctx.levels.get(hand_type.id, 1)
    points, mult = hand_type.at_level(level)
    ctx.record((hand_type.id, "hand_type", -1), "base", 0, points, mult, ctx.money, f"level {level}")
    if boss is not None and boss.halve_base:
        points = max(int(points / 2 + 0.5), 0)
        mult = max(int(mult / 2 + 0.5), 1)
        note = f"halved to {points} Points, {mult} Mult"
        ctx.record((boss.id, "boss", -1), "halve", 0, points, mult, ctx.money, note)


def _card_step(ctx: ScoringContext, row: Row, step: Step, boss: BossDef | None) -> None:
    """Scored cards (step 4) or held cards (step 5), left to right, every trigger of a card first.

    A debuffed scored card gives one event saying so; a debuffed held card does
    nothing. A held card is retriggered only if its first trigger did something,
    so a held card with no upgrade is skipped when no charm acts on held cards.
    """
    ctx.step = step
    scored = step == "scored_card"
    cards: Sequence[int]
    if scored:
        cards = ctx.evaluation.scoring if ctx.evaluation else ()
        views = ctx.played
        ctx.zone = "played"
    else:
        cards = range(len(ctx.held))
        views = ctx.held
        ctx.zone = "held"
    modifiers: Callable[[ScoringContext, CardView], None] = _scored_modifiers if scored else _held_modifiers
    acting = row.plan(step)
    again = row.retriggers(step)
    for position in cards:
        card = views[position]
        ctx.position = position
        if card.debuffed:
            if scored:
                ctx.note(card.source, "debuffed", 0, f"debuffed by {boss.id}" if boss else "debuffed")
            continue
        if not scored and not acting and card.upgrade is None:
            continue
        ctx.card_label = card.label
        before = len(ctx.events)
        modifiers(ctx, card)
        if acting:
            fire_on_card(ctx, card, acting, step)
        if (not again and card.seal is None) or (not scored and len(ctx.events) == before):
            continue
        for source in retrigger_sources(ctx, card, again):
            ctx.note(source, REPEAT_LABEL, 1, REPEAT_LABEL)
            modifiers(ctx, card)
            fire_on_card(ctx, card, acting, step)
    ctx.card_label = ""
    ctx.zone = ""
    ctx.position = -1


def _scored_modifiers(ctx: ScoringContext, card: CardView) -> None:
    """Steps (a) to (e) of RULES.md section 3: Points, +Mult, seal money, xMult, edition."""
    up = card.upgrade
    if up is not None and up.stone:
        ctx.add_points(up.stone_points, card.upgrade_source)
    elif card.rank is not None:
        ctx.add_points(rank_points(card.rank), card.source)
    if up is not None:
        for effect in up.by_step[0]:
            ctx.apply(effect, card.upgrade_source, None)
        for effect in up.by_step[1]:
            ctx.apply(effect, card.upgrade_source, None)
    if card.seal is not None:
        for effect in card.seal.scored:
            ctx.apply(effect, card.seal_source, None)
    if up is not None:
        for effect in up.by_step[2]:
            ctx.apply(effect, card.upgrade_source, None)
    if card.edition is not None:
        for effect in card.edition.effects:
            ctx.apply(effect, card.edition_source, None)


def _held_modifiers(ctx: ScoringContext, card: CardView) -> None:
    """A held card's own effect (``steel``)."""
    if card.upgrade is not None:
        for effect in card.upgrade.held:
            ctx.apply(effect, card.upgrade_source, None)


def _hand_step(ctx: ScoringContext, row: Row) -> None:
    """Step 6, in row order: each charm's edition (+Points, +Mult), its abilities and hook, then
    its edition's multiplying effects."""
    ctx.step = "hand"
    for charm, (_, fires, behaviour) in row.hand:
        edition = charm.edition
        if edition is not None:
            source = (f"{charm.id} {edition.id}", "edition", charm.slot)
            for effect in edition.before:
                ctx.apply(effect, source, charm)
        for fire in fires:
            fire(ctx, charm, None)
        if behaviour is not None:
            call_hook(ctx, behaviour, "hand", charm)
        if edition is not None:
            for effect in edition.after:
                ctx.apply(effect, source, charm)
