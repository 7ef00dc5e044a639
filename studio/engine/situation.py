"""The situation a hand, a discard or the end of a round is resolved in.

One record for every entry point of the engine (:func:`~studio.engine.scoring.score`,
:func:`~studio.engine.rounds.discard`, :func:`~studio.engine.rounds.end_of_round`),
so a run engine keeps one state and hands it to each.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from studio.engine.cards import Card
from studio.engine.charms import CharmSlot
from studio.engine.rng import RngState

#: The most cards a played hand may hold unless a rule value raises it.
MAX_PLAYED = 5


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything a hand's score depends on (``played`` is empty outside a hand)."""

    played: tuple[Card, ...] = ()
    held: tuple[Card, ...] = ()
    charms: tuple[CharmSlot, ...] = ()
    levels: Mapping[str, int] = field(default_factory=dict)
    boss: str | None = None
    deck: str | None = None
    money: int = 0
    hands_left: int = 0
    discards_left: int = 0
    #: Hand types already played this round, in order (none: this is the round's first hand).
    hand_types_played: tuple[str, ...] = ()
    rng: RngState = field(default_factory=RngState)
    max_played: int = MAX_PLAYED
