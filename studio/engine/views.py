"""What scoring steps share: cards resolved for this hand, the charm row compiled once,
and the context every step runs in.

A row's plan for a trigger lists, in row order, the charms that act at it with
their abilities compiled (see :mod:`studio.engine.firing`), so each card's
trigger loops only over charms with something to do. Rows and card views depend
only on content, so they are memoised in the catalog.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from studio.engine.behaviour import Behaviour
from studio.engine.bosses import BossDef
from studio.engine.cards import FACE_RANKS, SUITS, Card
from studio.engine.catalog import Catalog, lookup
from studio.engine.charms import CARD_TRIGGERS, TRIGGERS, CharmDef, CharmSlot
from studio.engine.context import ScoringContext
from studio.engine.firing import Count, Fire, Plan, RetriggerPlan, compile_ability, compile_retrigger
from studio.engine.hands import MAX_FLUSH_OR_STRAIGHT_CARDS, SMEARED, HandRules, evaluate
from studio.engine.inplay import ActiveCharm, CardView
from studio.engine.modifiers import EditionDef
from studio.engine.rng import Rng
from studio.engine.situation import Situation

ALL_SUITS = frozenset(SUITS)
#: What a charm brings to a step it does not act at.
NOTHING: tuple[tuple[Fire, ...], Behaviour | None] = ((), None)


@dataclass(frozen=True, slots=True)
class Acts:
    """One charm's abilities compiled, by trigger, with its behaviour where it overrides the hook."""

    fires: dict[str, tuple[tuple[Fire, ...], Behaviour | None]]
    counts: dict[str, tuple[tuple[Count, ...], Behaviour | None]]


def charm_acts(defn: CharmDef) -> Acts:
    """Compile a charm's abilities for the scorer, grouped by trigger."""
    hooks = defn.behaviour.overridden() if defn.behaviour else frozenset()
    fires: dict[str, tuple[tuple[Fire, ...], Behaviour | None]] = {}
    counts: dict[str, tuple[tuple[Count, ...], Behaviour | None]] = {}
    for trigger in TRIGGERS:
        plain = tuple(
            compile_ability(a) for a in defn.abilities if a.trigger == trigger and not a.is_retrigger
        )
        behaviour = defn.behaviour if trigger in hooks else None
        if plain or behaviour is not None:
            fires[trigger] = (plain, behaviour)
        if trigger in CARD_TRIGGERS:
            again = tuple(
                compile_retrigger(a) for a in defn.abilities if a.trigger == trigger and a.is_retrigger
            )
            behaviour = defn.behaviour if "retriggers" in hooks else None
            if again or behaviour is not None:
                counts[trigger] = (again, behaviour)
    return Acts(fires, counts)


@dataclass(frozen=True, slots=True)
class Row:
    """A charm row resolved: each charm's definition and edition, the rules they set, their plans."""

    charms: tuple[ActiveCharm, ...]
    flags: frozenset[str]
    rules: HandRules
    plans: dict[str, Plan]
    again: dict[str, RetriggerPlan]
    #: Slot -> what each charm brings to the whole-hand step (its edition applies regardless).
    hand: dict[int, tuple[tuple[Fire, ...], Behaviour | None]]

    def plan(self, trigger: str) -> Plan:
        """Return who acts at ``trigger``, in row order."""
        return self.plans.get(trigger, ())

    def retriggers(self, trigger: str) -> RetriggerPlan:
        """Return who retriggers cards at ``trigger``, in row order."""
        return self.again.get(trigger, ())


def charm_row(slots: Sequence[CharmSlot], catalog: Catalog) -> Row:
    """Resolve a charm row (memoised; raises UnknownIdError for an unknown charm or edition)."""
    key = ("row", tuple((slot.id, slot.edition) for slot in slots))
    row = catalog.memo.get(key)
    if row is None:
        defs = [catalog.charm(slot.id) for slot in slots]
        charms = tuple(
            ActiveCharm(i, defn.id, _edition(catalog, slot.edition))
            for i, (defn, slot) in enumerate(zip(defs, slots, strict=True))
        )
        flags: frozenset[str] = frozenset().union(*(defn.rules for defn in defs))
        plans: dict[str, list[tuple[int, tuple[Fire, ...], Behaviour | None]]] = {}
        again: dict[str, list[tuple[int, tuple[Count, ...], Behaviour | None]]] = {}
        for i, defn in enumerate(defs):
            acts = _acts(defn, catalog)
            for trigger, (fires, behaviour) in acts.fires.items():
                plans.setdefault(trigger, []).append((i, fires, behaviour))
            for trigger, (counts, behaviour) in acts.counts.items():
                again.setdefault(trigger, []).append((i, counts, behaviour))
        hand = {i: (fires, behaviour) for i, fires, behaviour in plans.get("hand", ())}
        row = catalog.memo[key] = Row(
            charms,
            flags,
            HandRules.from_flags(flags),
            {k: tuple(v) for k, v in plans.items()},
            {k: tuple(v) for k, v in again.items()},
            hand,
        )
    return row  # type: ignore[return-value]


def _acts(defn: CharmDef, catalog: Catalog) -> Acts:
    key = ("acts", defn.id)
    acts = catalog.memo.get(key)
    if acts is None:
        acts = catalog.memo[key] = charm_acts(defn)
    return acts  # type: ignore[return-value]


def _edition(catalog: Catalog, edition_id: str | None) -> EditionDef | None:
    return lookup(catalog.editions, "edition", edition_id) if edition_id else None


def card_view(
    card: Card, catalog: Catalog, boss: BossDef | None = None, flags: frozenset[str] = frozenset()
) -> CardView:
    """Resolve a card's modifiers and decide what it counts as this hand (memoised)."""
    views = _views(catalog, boss, flags)
    view = views.get(card)
    if view is None:
        view = views[card] = _make_view(card, catalog, boss, flags)
    return view


def _views(catalog: Catalog, boss: BossDef | None, flags: frozenset[str]) -> dict[Card, CardView]:
    """The memo of card views under one boss and set of rule switches."""
    key = ("views", boss.id if boss else None, flags)
    views = catalog.memo.get(key)
    if views is None:
        views = catalog.memo[key] = {}
    return views  # type: ignore[return-value]


def _smear(suits: frozenset[str]) -> frozenset[str]:
    """With ``smeared``, a heart is also a diamond (and back), a spade also a club."""
    return suits.union(*(SMEARED[s] for s in suits))


def _make_view(card: Card, catalog: Catalog, boss: BossDef | None, flags: frozenset[str]) -> CardView:
    """Resolve modifiers; decide rank, suits (for flushes and for charm conditions), face, debuff.

    A suit is asked the same way everywhere: with ``smeared`` a heart is also a
    diamond for flushes, for charm conditions and for a boss's suit debuff.
    """
    upgrade = lookup(catalog.upgrades, "upgrade", card.upgrade) if card.upgrade else None
    edition = lookup(catalog.editions, "edition", card.edition) if card.edition else None
    seal = lookup(catalog.seals, "seal", card.seal) if card.seal else None
    stone = upgrade is not None and upgrade.stone
    wild = upgrade is not None and upgrade.wild
    rank = None if stone else card.rank
    printed = frozenset() if stone else frozenset(card.suit)
    suits = ALL_SUITS if wild and not stone else printed
    asked = _smear(suits) if "smeared" in flags else suits
    face = rank is not None and ("pareidolia" in flags or rank in FACE_RANKS)
    debuffed = boss is not None and (bool(boss.debuff_suits & asked) or (boss.debuff_face and face))
    label = card.base
    return CardView(
        card=card,
        label=label,
        token=str(card),
        rank=rank,
        suits=printed if debuffed else suits,
        cond_suits=frozenset() if debuffed else asked,
        face=face and not debuffed,
        upgrade=upgrade,
        edition=edition,
        seal=seal,
        debuffed=debuffed,
        source=(label, "card", -1),
        upgrade_source=(f"{label} {upgrade.id}" if upgrade else label, "upgrade", -1),
        edition_source=(f"{label} {edition.id}" if edition else label, "edition", -1),
        seal_source=(f"{label} {seal.id}" if seal else label, "seal", -1),
    )


def open_context(
    situation: Situation, catalog: Catalog, cards: Sequence[Card], discarded: bool = False
) -> tuple[ScoringContext, Row, BossDef | None]:
    """Build the context of a hand (``cards`` played) or of a discard (``cards`` discarded).

    The one builder of every entry point: the row, the boss, the card views,
    the counters and the evaluation of ``cards`` as a hand (when they can be one).
    """
    s = situation
    row = charm_row(s.charms, catalog)
    boss = catalog.boss(s.boss) if s.boss else None
    flags = row.flags
    known = _views(catalog, boss, flags)
    views = tuple([known.get(c) or card_view(c, catalog, boss, flags) for c in cards])
    held = tuple([known.get(c) or card_view(c, catalog, boss, flags) for c in s.held]) if s.held else ()
    ctx = ScoringContext(
        views,
        held,
        row.charms,
        [slot.counter for slot in s.charms],
        dict(s.levels),
        s.money,
        s.hands_left,
        s.discards_left,
        not s.hand_types_played,
        Rng.from_state(s.rng),
    )
    if views and (not discarded or len(views) <= MAX_FLUSH_OR_STRAIGHT_CARDS):
        evaluation = evaluate(
            [v.rank for v in views], [v.suits for v in views], catalog.hand_table, row.rules
        )
        ctx.evaluation = evaluation
        ctx.scoring = tuple([views[i] for i in evaluation.scoring])
        ctx.first_face = next((i for i in evaluation.scoring if views[i].face), -1)
    return ctx, row, boss
