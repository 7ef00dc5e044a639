"""The scorer: one hand, in the fixed order of RULES.md section 3, with its trace.

``score(situation, catalog)`` is pure: it reads its inputs, never changes them,
and returns the result together with the charms' counters, the hand levels and
the generator state after the hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from studio.engine.bosses import BossDef
from studio.engine.cards import Card, rank_points
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.context import ActiveCharm, CardView, ScoringContext
from studio.engine.hands import evaluate
from studio.engine.rng import Rng, RngState
from studio.engine.trace import ScoreResult
from studio.engine.views import NOTHING, Plan, Row, card_view, charm_row

#: The most cards a played hand may hold unless a rule value raises it.
MAX_PLAYED = 5


class HandSizeError(ValueError):
    """A played hand with no cards or more than the limit allows."""


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything a hand's score depends on."""

    played: tuple[Card, ...]
    held: tuple[Card, ...] = ()
    charms: tuple[CharmSlot, ...] = ()
    levels: Mapping[str, int] = field(default_factory=dict)
    boss: str | None = None
    money: int = 0
    hands_left: int = 0
    discards_left: int = 0
    hand_types_played: tuple[str, ...] = ()
    rng: RngState = field(default_factory=RngState)
    max_played: int = MAX_PLAYED


def score(situation: Situation, catalog: Catalog) -> ScoreResult:
    """Score one hand and return the result with its event trace."""
    s = situation
    if not catalog.hand_types:
        raise ValueError(
            "the loaded content defines no hand types (load the base game, or a pack with hands/)"
        )
    if not 1 <= len(s.played) <= s.max_played:
        raise HandSizeError(f"a played hand holds 1 to {s.max_played} cards, not {len(s.played)}")
    row = charm_row(s.charms, catalog)
    charms = row.active(s.charms)
    boss = catalog.boss(s.boss) if s.boss else None
    played = [card_view(c, catalog, boss, row.flags) for c in s.played]
    held = [card_view(c, catalog, boss, row.flags) for c in s.held] if s.held else []
    ctx = ScoringContext(
        played,
        held,
        charms,
        dict(s.levels),
        s.money,
        s.hands_left,
        s.discards_left,
        not s.hand_types_played,
        Rng.from_state(s.rng),
    )
    evaluation = evaluate(
        [v.rank for v in played],
        [v.suits for v in played],
        catalog.hand_table,
        row.rules,
    )
    ctx.evaluation = evaluation
    ctx.scoring = [played[i] for i in evaluation.scoring]
    ctx.first_face = next((i for i, c in enumerate(ctx.scoring) if c.face), -1)
    refused = _boss_step(ctx, boss, s.hand_types_played)
    if not refused:
        _before_step(ctx, row)
        _base_step(ctx, boss)
        _scored_step(ctx, row)
        _held_step(ctx, row)
        _hand_step(ctx, row)
    broken = () if refused else _breakage(ctx)
    # Built without the named tuple's Python-level __new__ (fields in declaration order): one per hand.
    return _new_result(
        ScoreResult,
        (
            evaluation.hand_type.id,  # hand_type
            tuple([c.token for c in ctx.scoring]),  # scoring
            ctx.points,
            ctx.mult,
            0 if refused else ctx.total(),  # total
            ctx.money,
            tuple(ctx.events),
            tuple([c.counter for c in charms]),  # counters
            tuple(sorted(ctx.levels.items())) if ctx.levels else (),  # levels
            ctx.rng.state() if ctx.rng.counters else s.rng,  # rng
            refused,
            broken,
        ),
    )


_new_result = tuple.__new__


def _breakage(ctx: ScoringContext) -> tuple[str, ...]:
    """Return the scored cards that break after the hand (glass: 1 in 4), drawn in card order."""
    return tuple(
        card.token
        for card in ctx.scoring
        if card.upgrade is not None
        and card.upgrade.breaks is not None
        and not card.debuffed
        and ctx.rng.chance("chance", card.upgrade.breaks.n, card.upgrade.breaks.in_)
    )


def _boss_step(ctx: ScoringContext, boss: BossDef | None, types_played: tuple[str, ...]) -> bool:
    """Apply the boss rule's hand checks; return True if the hand is refused."""
    if boss is None:
        return False
    ctx.step = "boss"
    type_id = ctx.hand_type.id
    reason = ""
    if len(ctx.played) < boss.min_cards:
        reason = f"needs {boss.min_cards} cards, {len(ctx.played)} played"
    elif boss.no_repeat_type and type_id in types_played:
        reason = f"{type_id} was already played this round"
    elif boss.only_first_type and types_played and type_id != types_played[0]:
        reason = f"only {types_played[0]} may be played this round"
    if reason:
        ctx.emit(boss.id, "refuse", 0, f"hand refused: {reason}")
        return True
    if boss.level_down:
        ctx.level_up(type_id, -boss.level_down, boss.id)
    if boss.money_per_card:
        ctx.add_money(boss.money_per_card * len(ctx.played), boss.id)
    return False


def _before_step(ctx: ScoringContext, row: Row) -> None:
    ctx.step = "before"
    for i, abilities, behaviour in row.plan("before"):
        charm = ctx.charms[i]
        for ability in abilities:
            ability.fire(ctx, charm, None)
        if behaviour is not None:
            behaviour.before(ctx, charm)


def _base_step(ctx: ScoringContext, boss: BossDef | None) -> None:
    ctx.step = "base"
    hand_type = ctx.hand_type
    level = ctx.levels.get(hand_type.id, 1)
    ctx.points, ctx.mult = hand_type.at_level(level)
    ctx.emit(hand_type.id, "base", 0, f"level {level}")
    if boss is not None and boss.halve_base:
        ctx.points = max(int(ctx.points / 2 + 0.5), 0)
        ctx.mult = max(int(ctx.mult / 2 + 0.5), 1)
        ctx.emit(boss.id, "halve", 0, f"halved to {ctx.points} Points, {ctx.mult} Mult")


def _scored_step(ctx: ScoringContext, row: Row) -> None:
    ctx.step = "scored_card"
    acting = row.plan("scored_card")
    again = row.plan("scored_card", retrigger=True)
    for position, card in enumerate(ctx.scoring):
        if card.debuffed:
            continue
        ctx.card_label = card.label
        ctx.position = position
        _trigger_scored(ctx, card, acting)
        for source in _retriggers(ctx, card, again):
            ctx.emit(source, "retrigger", 1, "retrigger")
            _trigger_scored(ctx, card, acting)
    ctx.card_label = ""


def _trigger_scored(ctx: ScoringContext, card: CardView, acting: Plan) -> None:
    """One trigger of a scored card: steps (a) to (f) of RULES.md section 3."""
    label = card.label
    up = card.upgrade
    if up is not None and up.stone:
        ctx.add_points(up.stone_points, f"{label} {up.id}")
    elif card.rank is not None:
        ctx.add_points(rank_points(card.rank), label)
    if up is not None:
        for effect in (*up.by_step[0], *up.by_step[1]):
            ctx.apply(effect, f"{label} {up.id}", None)
    if card.seal is not None:
        for effect in card.seal.scored:
            ctx.apply(effect, f"{label} {card.seal.id}", None)
    if up is not None:
        for effect in up.by_step[2]:
            ctx.apply(effect, f"{label} {up.id}", None)
    if card.edition is not None:
        for effect in card.edition.effects:
            ctx.apply(effect, f"{label} {card.edition.id}", None)
    _charms_on(ctx, card, acting, "scored_card")


def _held_step(ctx: ScoringContext, row: Row) -> None:
    ctx.step = "held_card"
    acting = row.plan("held_card")
    again = row.plan("held_card", retrigger=True)
    for card in ctx.held:
        if card.debuffed:
            continue
        ctx.card_label = card.label
        before = len(ctx.events)
        _trigger_held(ctx, card, acting)
        if len(ctx.events) == before:
            continue
        for source in _retriggers(ctx, card, again):
            ctx.emit(source, "retrigger", 1, "retrigger")
            _trigger_held(ctx, card, acting)
    ctx.card_label = ""


def _trigger_held(ctx: ScoringContext, card: CardView, acting: Plan) -> None:
    """One trigger of a held card: its held effect, then each charm's."""
    if card.upgrade is not None:
        for effect in card.upgrade.held:
            ctx.apply(effect, f"{card.label} {card.upgrade.id}", None)
    _charms_on(ctx, card, acting, "held_card")


def _charms_on(ctx: ScoringContext, card: CardView, acting: Plan, hook: str) -> None:
    """One trigger of a card for each acting charm, in row order: its abilities, then its code hook."""
    for i, abilities, behaviour in acting:
        charm = ctx.charms[i]
        for ability in abilities:
            ability.fire(ctx, charm, card)
        if behaviour is not None:
            getattr(behaviour, hook)(ctx, charm, card)


def _retriggers(ctx: ScoringContext, card: CardView, acting: Plan) -> list[str | ActiveCharm]:
    """Return one source per extra trigger: the card's seal first, then charms in order."""
    sources: list[str | ActiveCharm] = []
    if card.seal is not None and card.seal.retriggers:
        sources += [f"{card.label} {card.seal.id}"] * card.seal.retriggers
    for i, abilities, behaviour in acting:
        charm = ctx.charms[i]
        for ability in abilities:
            if ctx.holds(ability.conditions, card, charm):
                sources += [charm] * sum(int(e.amount) for e in ability.effects)
        if behaviour is not None:
            sources += [charm] * behaviour.retriggers(ctx, charm, card)
    return sources


def _hand_step(ctx: ScoringContext, row: Row) -> None:
    ctx.step = "hand"
    acts = row.hand
    for charm in ctx.charms:
        edition = charm.edition
        source = f"{charm.id} {edition.id}" if edition else ""
        if edition is not None:
            for effect in edition.effects:
                if effect.kind != "xmult":
                    ctx.apply(effect, source, charm)
        abilities, behaviour = acts.get(charm.index, NOTHING)
        for ability in abilities:
            ability.fire(ctx, charm, None)
        if behaviour is not None:
            behaviour.hand(ctx, charm)
        if edition is not None:
            for effect in edition.effects:
                if effect.kind == "xmult":
                    ctx.apply(effect, source, charm)
