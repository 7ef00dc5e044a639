"""Charms: data abilities (trigger, conditions, effects), value modifiers and code behaviours."""

from __future__ import annotations

from dataclasses import dataclass

from studio.engine.behaviour import Behaviour
from studio.engine.conditions import ALWAYS, Conditions
from studio.engine.effects import Effect
from studio.engine.kinds import EFFECTS
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


@dataclass(frozen=True, slots=True)
class CharmDef:
    """A charm: its abilities, modifiers and optional code behaviour."""

    id: str
    name: str = ""
    abilities: tuple[Ability, ...] = ()
    #: Layered-value modifiers while it is in the row (hand rules are flag values set to 1).
    modifiers: tuple[Modifier, ...] = ()
    behaviour_id: str | None = None
    behaviour: Behaviour | None = None
    description: str = ""
    #: How often the shop offers it, and its price in $.
    rarity: str = "common"
    cost: int = 4


@dataclass(frozen=True, slots=True)
class CharmSlot:
    """A charm in the row: its id, edition and counter (state kept between hands)."""

    id: str
    edition: str | None = None
    counter: int = 0
