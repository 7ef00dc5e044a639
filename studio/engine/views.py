"""What scoring steps share: cards resolved for this hand, and the charm row resolved once.

A row's plan for a trigger lists, in row order, the charms that act at it, so
each card's trigger loops only over charms with something to do. Rows and card
views depend only on content, so they are memoised in the catalog.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from studio.engine.behaviour import Behaviour
from studio.engine.bosses import BossDef
from studio.engine.cards import FACE_RANKS, SUITS, Card
from studio.engine.catalog import Catalog, lookup
from studio.engine.charms import Ability, CharmDef, CharmSlot, retrigger_key
from studio.engine.context import ActiveCharm, CardView
from studio.engine.hands import SMEARED, HandRules
from studio.engine.modifiers import EditionDef

ALL_SUITS = frozenset(SUITS)
#: What a charm brings to a step it does not act at.
NOTHING: tuple[tuple[Ability, ...], Behaviour | None] = ((), None)


#: (position in the row, its abilities at a trigger, its behaviour if it overrides that hook)
Plan = tuple[tuple[int, tuple[Ability, ...], Behaviour | None], ...]


@dataclass(frozen=True, slots=True)
class Row:
    """A charm row resolved: each charm's definition and edition, the rules they set, their plans."""

    charms: tuple[tuple[CharmDef, EditionDef | None], ...]
    flags: frozenset[str]
    rules: HandRules
    plans: dict[str, Plan]
    #: Position -> what each charm brings to the whole-hand step (its edition applies regardless).
    hand: dict[int, tuple[tuple[Ability, ...], Behaviour | None]]

    def plan(self, trigger: str, retrigger: bool = False) -> Plan:
        """Return who acts at ``trigger`` (or retriggers cards at it), in row order."""
        return self.plans.get(retrigger_key(trigger) if retrigger else trigger, ())

    def active(self, slots: Sequence[CharmSlot]) -> list[ActiveCharm]:
        """Return this hand's charms, with the counters the slots carry."""
        return [
            ActiveCharm(i, defn, edition, slot.counter)
            for i, ((defn, edition), slot) in enumerate(zip(self.charms, slots, strict=True))
        ]


def charm_row(slots: Sequence[CharmSlot], catalog: Catalog) -> Row:
    """Resolve a charm row (memoised; raises UnknownIdError for an unknown charm or edition)."""
    key = ("row", tuple((slot.id, slot.edition) for slot in slots))
    row = catalog.memo.get(key)
    if row is None:
        charms = tuple((catalog.charm(slot.id), _edition(catalog, slot.edition)) for slot in slots)
        flags: frozenset[str] = frozenset().union(*(defn.rules for defn, _ in charms))
        plans: dict[str, list[tuple[int, tuple[Ability, ...], Behaviour | None]]] = {}
        for i, (defn, _) in enumerate(charms):
            for act, (abilities, behaviour) in defn.acts.items():
                plans.setdefault(act, []).append((i, abilities, behaviour))
        hand = {i: (abilities, behaviour) for i, abilities, behaviour in plans.get("hand", ())}
        row = catalog.memo[key] = Row(
            charms, flags, HandRules.from_flags(flags), {k: tuple(v) for k, v in plans.items()}, hand
        )
    return row  # type: ignore[return-value]


def _edition(catalog: Catalog, edition_id: str | None) -> EditionDef | None:
    return lookup(catalog.editions, "edition", edition_id) if edition_id else None


def card_view(
    card: Card, catalog: Catalog, boss: BossDef | None = None, flags: frozenset[str] = frozenset()
) -> CardView:
    """Resolve a card's modifiers and decide what it counts as this hand (memoised)."""
    key = (card, boss.id if boss else None, flags)
    view = catalog.memo.get(key)
    if view is None:
        view = catalog.memo[key] = _make_view(card, catalog, boss, flags)
    return view  # type: ignore[return-value]


def _smear(suits: frozenset[str]) -> frozenset[str]:
    """With ``smeared``, a heart is also a diamond (and back), a spade also a club."""
    return suits.union(*(SMEARED[s] for s in suits))


def _make_view(card: Card, catalog: Catalog, boss: BossDef | None, flags: frozenset[str]) -> CardView:
    """Resolve modifiers; decide rank, suits (for flushes and for charm conditions), face, debuff."""
    upgrade = lookup(catalog.upgrades, "upgrade", card.upgrade) if card.upgrade else None
    edition = lookup(catalog.editions, "edition", card.edition) if card.edition else None
    seal = lookup(catalog.seals, "seal", card.seal) if card.seal else None
    stone = upgrade is not None and upgrade.stone
    wild = upgrade is not None and upgrade.wild
    rank = None if stone else card.rank
    printed = frozenset() if stone else frozenset(card.suit)
    suits = ALL_SUITS if wild and not stone else printed
    face = rank is not None and ("pareidolia" in flags or rank in FACE_RANKS)
    debuffed = boss is not None and (bool(boss.debuff_suits & suits) or (boss.debuff_face and face))
    return CardView(
        card=card,
        label=card.base,
        token=str(card),
        rank=rank,
        suits=printed if debuffed else suits,
        cond_suits=frozenset() if debuffed else _smear(suits) if "smeared" in flags else suits,
        face=face and not debuffed,
        upgrade=upgrade,
        edition=edition,
        seal=seal,
        debuffed=debuffed,
    )
