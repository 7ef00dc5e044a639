"""Charms: data abilities (trigger, conditions, effects), value modifiers and code behaviours."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from studio.engine.behaviour import Behaviour
from studio.engine.conditions import ALWAYS, Conditions
from studio.engine.effects import Effect
from studio.engine.kinds import CONDITIONS, EFFECTS, VALUES
from studio.engine.situation import CharmSlot as CharmSlot  # re-exported: the row's slots are the situation's
from studio.engine.values import Modifier


@dataclass(frozen=True, slots=True)
class Ability:
    """When it fires, when it applies, what it does."""

    trigger: str
    effects: tuple[Effect, ...]
    conditions: Conditions = ALWAYS

    @property
    def repeats(self) -> bool:
        """Return True if this ability gives a card extra triggers instead of applying effects."""
        return any(EFFECTS[e.kind].repeats for e in self.effects)

    def reads(self) -> set[str]:
        """The round's standing facts it depends on (``MONEY``, ``HANDS_LEFT`` of the kinds' registry):
        what its conditions read, and what the values of its effects' ``per`` and its comparisons read."""
        values = {e.scaling.per for e in self.effects if e.scaling is not None}
        read: set[str] = set()
        for test in self.conditions.tests:
            kind = CONDITIONS[test.kind]
            read |= kind.reads
            values.update(kind.values(test.arg) if kind.values is not None else ())
        for value in values:
            read |= VALUES[value].reads
        return read

    def blinds(self) -> frozenset[str] | None:
        """The blinds its conditions let it act in (None: any)."""
        allowed: frozenset[str] | None = None
        for test in self.conditions.tests:
            only = CONDITIONS[test.kind].blinds
            if only is not None:
                these = only(test.arg)
                allowed = these if allowed is None else allowed & these
        return allowed


@dataclass(frozen=True, slots=True)
class VarDef:
    """A charm's variable: its name, what it holds, its start, and what it is drawn from each round.

    ``draw``: ``deck`` (a rank or suit of a random card of the full deck) or ``list`` (one of
    ``choices``); empty: it is only changed by effects.
    """

    name: str
    type: str = "number"
    start: Any = 0
    draw: str = ""
    choices: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class CharmDef:
    """A charm: its abilities, modifiers and optional code behaviour."""

    id: str
    name: str = ""
    abilities: tuple[Ability, ...] = ()
    #: Layered-value modifiers while it is in the row (hand rules are flag values set to 1).
    modifiers: tuple[Modifier, ...] = ()
    #: Its variables other than ``counter`` (which every charm has).
    variables: tuple[VarDef, ...] = ()
    behaviour_id: str | None = None
    behaviour: Behaviour | None = None
    description: str = ""
    #: How often the shop offers it, and its price in $.
    rarity: str = "common"
    cost: int = 4

    @property
    def sell_value(self) -> int:
        """What the shop pays for it: half its cost, rounded down, at least $1."""
        return max(self.cost // 2, 1)
