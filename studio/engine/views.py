"""What scoring steps share: cards resolved for this hand, the active charm row, and plans.

A plan lists, in row order, the charms that act at one trigger, so each card's
trigger loops only over charms with something to do.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.engine.behaviour import Behaviour
from studio.engine.bosses import BossDef
from studio.engine.cards import FACE_RANKS, SUITS, Card
from studio.engine.catalog import Catalog, lookup
from studio.engine.charms import Ability, CharmSlot, retrigger_key
from studio.engine.context import ActiveCharm, CardView
from studio.engine.hands import SMEARED
from studio.engine.modifiers import EditionDef

ALL_SUITS = frozenset(SUITS)
#: What a charm brings to a trigger it does not act at.
NOTHING: tuple[tuple[Ability, ...], Behaviour | None] = ((), None)


def active_charms(slots: Sequence[CharmSlot], catalog: Catalog) -> list[ActiveCharm]:
    """Resolve the charm row (raises UnknownIdError for an unknown charm or edition)."""
    return [
        ActiveCharm(i, catalog.charm(slot.id), _edition(catalog, slot.edition), slot.counter)
        for i, slot in enumerate(slots)
    ]


def rule_flags(charms: Sequence[ActiveCharm]) -> frozenset[str]:
    """Return the passive rules the charm row switches on."""
    return frozenset().union(*(c.defn.rules for c in charms))


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


Plan = list[tuple[ActiveCharm, tuple[Ability, ...], Behaviour | None]]


def plan(charms: list[ActiveCharm], trigger: str, retrigger: bool = False) -> Plan:
    """Return, in row order, the charms that act at ``trigger`` with what they bring."""
    key = retrigger_key(trigger) if retrigger else trigger
    return [(charm, *acts) for charm in charms if (acts := charm.defn.acts.get(key))]
