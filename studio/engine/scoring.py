"""The scorer: one hand, in the fixed order of RULES.md section 3, with its trace.

``score(situation, catalog)`` is pure: it reads its inputs, never changes them,
and returns the result together with the charms' counters, the hand levels and
the generator state after the hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from studio.engine.bosses import BossDef
from studio.engine.cards import FACE_RANKS, SUITS, Card, rank_points
from studio.engine.catalog import Catalog, lookup
from studio.engine.charms import CharmSlot
from studio.engine.context import ActiveCharm, CardView, ScoringContext
from studio.engine.hands import HandRules, evaluate
from studio.engine.modifiers import EditionDef
from studio.engine.rng import Rng, RngState
from studio.engine.trace import ScoreResult

ALL_SUITS = frozenset(SUITS)
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
    rng: RngState = RngState()
    max_played: int = MAX_PLAYED


def score(situation: Situation, catalog: Catalog) -> ScoreResult:
    """Score one hand and return the result with its event trace."""
    s = situation
    if not 1 <= len(s.played) <= s.max_played:
        raise HandSizeError(
            f"a played hand holds 1 to {s.max_played} cards, not {len(s.played)}"
        )
    charms = [
        ActiveCharm(i, catalog.charm(slot.id), _edition(catalog, slot.edition), slot.counter)
        for i, slot in enumerate(s.charms)
    ]
    flags = frozenset().union(*(c.defn.rules for c in charms)) if charms else frozenset()
    rules = HandRules.from_flags(flags)
    boss = catalog.boss(s.boss) if s.boss else None
    pareidolia = "pareidolia" in flags
    played = [_view(c, catalog, boss, pareidolia) for c in s.played]
    held = [_view(c, catalog, boss, pareidolia) for c in s.held]
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
        catalog.hand_types,
        rules,
    )
    ctx.evaluation = evaluation
    ctx.scoring = [played[i] for i in evaluation.scoring]
    ctx.first_face = next((c for c in ctx.scoring if c.face), None)
    refused = _boss_step(ctx, boss, s.hand_types_played)
    if not refused:
        _before_step(ctx)
        _base_step(ctx, boss)
        _scored_step(ctx)
        _held_step(ctx)
        _hand_step(ctx)
    return ScoreResult(
        hand_type=evaluation.hand_type.id,
        scoring=tuple(str(c.card) for c in ctx.scoring),
        points=ctx.points,
        mult=ctx.mult,
        total=0 if refused else ctx.total(),
        money=ctx.money,
        events=tuple(ctx.events),
        counters=tuple(c.counter for c in charms),
        levels=tuple(sorted(ctx.levels.items())),
        rng=ctx.rng.state(),
        refused=refused,
    )


def _edition(catalog: Catalog, edition_id: str | None) -> EditionDef | None:
    return lookup(catalog.editions, "edition", edition_id) if edition_id else None


def _view(card: Card, catalog: Catalog, boss: BossDef | None, pareidolia: bool) -> CardView:
    """Resolve a card's modifiers and decide what it counts as this hand."""
    upgrade = lookup(catalog.upgrades, "upgrade", card.upgrade) if card.upgrade else None
    edition = lookup(catalog.editions, "edition", card.edition) if card.edition else None
    seal = lookup(catalog.seals, "seal", card.seal) if card.seal else None
    stone = upgrade is not None and upgrade.stone
    wild = upgrade is not None and upgrade.wild
    rank = None if stone else card.rank
    printed = frozenset() if stone else frozenset(card.suit)
    suits = ALL_SUITS if wild and not stone else printed
    face = rank is not None and (pareidolia or rank in FACE_RANKS)
    debuffed = boss is not None and (
        bool(boss.debuff_suits & suits) or (boss.debuff_face and face)
    )
    return CardView(
        card=card,
        label=card.base,
        rank=rank,
        suits=printed if debuffed else suits,
        cond_suits=frozenset() if debuffed else suits,
        face=face and not debuffed,
        upgrade=upgrade,
        edition=edition,
        seal=seal,
        debuffed=debuffed,
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


def _before_step(ctx: ScoringContext) -> None:
    ctx.step = "before"
    for charm in ctx.charms:
        for ability in charm.defn.by_trigger.get("before", ()):
            ctx.run(ability, charm)
        if "before" in charm.defn.hooks:
            charm.defn.behaviour.before(ctx, charm)  # type: ignore[union-attr]


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


def _scored_step(ctx: ScoringContext) -> None:
    ctx.step = "scored_card"
    for card in ctx.scoring:
        if card.debuffed:
            continue
        ctx.card_label = card.label
        _trigger_scored(ctx, card)
        for source in _retriggers(ctx, card, "scored_card"):
            ctx.emit(source, "retrigger", 1, "retrigger")
            _trigger_scored(ctx, card)
    ctx.card_label = ""


def _trigger_scored(ctx: ScoringContext, card: CardView) -> None:
    """One trigger of a scored card: steps (a) to (f) of RULES.md section 3."""
    label = card.label
    up = card.upgrade
    if up is not None and up.stone:
        ctx.add_points(up.stone_points, f"{label} {up.id}")
    elif card.rank is not None:
        ctx.add_points(rank_points(card.rank), label)
    if up is not None:
        for kinds in (("points",), ("mult", "money")):
            for effect in up.scored:
                if effect.kind in kinds:
                    ctx.apply(effect, f"{label} {up.id}", None)
    if card.seal is not None:
        for effect in card.seal.scored:
            ctx.apply(effect, f"{label} {card.seal.id}", None)
    if up is not None:
        for effect in up.scored:
            if effect.kind == "xmult":
                ctx.apply(effect, f"{label} {up.id}", None)
    if card.edition is not None:
        for effect in card.edition.effects:
            ctx.apply(effect, f"{label} {card.edition.id}", None)
    for charm in ctx.charms:
        for ability in charm.defn.by_trigger.get("scored_card", ()):
            ctx.run(ability, charm, card)
        if "scored_card" in charm.defn.hooks:
            charm.defn.behaviour.scored_card(ctx, charm, card)  # type: ignore[union-attr]


def _held_step(ctx: ScoringContext) -> None:
    ctx.step = "held_card"
    for card in ctx.held:
        if card.debuffed:
            continue
        ctx.card_label = card.label
        before = len(ctx.events)
        _trigger_held(ctx, card)
        if len(ctx.events) == before:
            continue
        for source in _retriggers(ctx, card, "held_card"):
            ctx.emit(source, "retrigger", 1, "retrigger")
            _trigger_held(ctx, card)
    ctx.card_label = ""


def _trigger_held(ctx: ScoringContext, card: CardView) -> None:
    """One trigger of a held card: its held effect, then each charm's."""
    if card.upgrade is not None:
        for effect in card.upgrade.held:
            ctx.apply(effect, f"{card.label} {card.upgrade.id}", None)
    for charm in ctx.charms:
        for ability in charm.defn.by_trigger.get("held_card", ()):
            ctx.run(ability, charm, card)
        if "held_card" in charm.defn.hooks:
            charm.defn.behaviour.held_card(ctx, charm, card)  # type: ignore[union-attr]


def _retriggers(ctx: ScoringContext, card: CardView, trigger: str) -> list[str | ActiveCharm]:
    """Return one source per extra trigger: the card's seal first, then charms in order."""
    sources: list[str | ActiveCharm] = []
    if card.seal is not None and card.seal.retriggers:
        sources += [f"{card.label} {card.seal.id}"] * card.seal.retriggers
    for charm in ctx.charms:
        for ability in charm.defn.retriggers.get(trigger, ()):
            if ctx.holds(ability.conditions, card, charm):
                times = sum(int(e.amount) for e in ability.effects if e.kind == "retrigger")
                sources += [charm] * times
        if "retriggers" in charm.defn.hooks:
            sources += [charm] * charm.defn.behaviour.retriggers(ctx, charm, card)  # type: ignore[union-attr]
    return sources


def _hand_step(ctx: ScoringContext) -> None:
    ctx.step = "hand"
    for charm in ctx.charms:
        edition = charm.edition
        source = f"{charm.id} {edition.id}" if edition else ""
        if edition is not None:
            for effect in edition.effects:
                if effect.kind != "xmult":
                    ctx.apply(effect, source, charm)
        for ability in charm.defn.by_trigger.get("hand", ()):
            ctx.run(ability, charm)
        if "hand" in charm.defn.hooks:
            charm.defn.behaviour.hand(ctx, charm)  # type: ignore[union-attr]
        if edition is not None:
            for effect in edition.effects:
                if effect.kind == "xmult":
                    ctx.apply(effect, source, charm)
