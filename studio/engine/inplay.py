"""What is in play this hand: cards as the rules see them, and the charms of the row.

Both are immutable: the running state of a hand (Points, Mult, money, charm
counters) lives in the scoring context and changes only by recording events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from studio.engine.cards import Card
from studio.engine.modifiers import EditionDef, SealDef, UpgradeDef

#: An event's source before the card's place is known: display text, kind, charm slot (-1: none).
Source = tuple[str, str, int]


class ActiveCharm(NamedTuple):
    """A charm in the row this hand: its slot, id and edition. Its variables live in the context.

    A charm that copies another's abilities ``reads`` that charm's slot for variables (and
    never changes them); -1: it reads its own. ``sell_value``: the $ selling it would give.
    ``lasting``: a sticker keeps it from being destroyed; ``locked``: no other source destroys it.
    """

    slot: int
    id: str
    edition: EditionDef | None
    reads: int = -1
    sell_value: int = 0
    lasting: bool = False
    locked: bool = False


@dataclass(frozen=True, slots=True)
class CardView:
    """A played or held card as the rules see it this hand (shared, never changed).

    Equal cards share one view, so a view never knows its position; the
    ``*_source`` fields are the event sources of the card and its modifiers.
    """

    card: Card
    label: str
    token: str
    rank: int | None
    suits: frozenset[str]
    cond_suits: frozenset[str]
    face: bool
    upgrade: UpgradeDef | None
    edition: EditionDef | None
    seal: SealDef | None
    debuffed: bool
    source: Source
    upgrade_source: Source
    edition_source: Source
    seal_source: Source
    #: The Points it gives in step (a) when scored: its rank's (or a stone's) plus its extra Points.
    points: int = 0
