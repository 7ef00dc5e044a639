"""Charms: data abilities (trigger, conditions, effects), passive rules and code behaviours."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from studio.engine.behaviour import Behaviour
from studio.engine.conditions import ALWAYS, Conditions
from studio.engine.effects import Effect

Trigger = Literal["before", "scored_card", "held_card", "hand", "discard", "end_of_round"]
TRIGGERS: tuple[Trigger, ...] = (
    "before",
    "scored_card",
    "held_card",
    "hand",
    "discard",
    "end_of_round",
)
RULES = ("four_fingers", "shortcut", "splash", "pareidolia", "smeared")


@dataclass(frozen=True, slots=True)
class Ability:
    """When it fires, when it applies, what it does."""

    trigger: Trigger
    effects: tuple[Effect, ...]
    conditions: Conditions = ALWAYS

    @property
    def is_retrigger(self) -> bool:
        """Return True if this ability adds triggers to a card instead of scoring."""
        return any(e.kind == "retrigger" for e in self.effects)


@dataclass(frozen=True, slots=True)
class CharmDef:
    """A charm: its abilities, passive rules and optional code behaviour."""

    id: str
    name: str = ""
    abilities: tuple[Ability, ...] = ()
    rules: frozenset[str] = frozenset()
    behaviour_id: str | None = None
    behaviour: Behaviour | None = None
    description: str = ""
    by_trigger: dict[str, tuple[Ability, ...]] = field(init=False, repr=False, compare=False)
    retriggers: dict[str, tuple[Ability, ...]] = field(init=False, repr=False, compare=False)
    hooks: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by: dict[str, tuple[Ability, ...]] = {}
        re: dict[str, tuple[Ability, ...]] = {}
        for a in self.abilities:
            target = re if a.is_retrigger else by
            target[a.trigger] = (*target.get(a.trigger, ()), a)
        object.__setattr__(self, "by_trigger", by)
        object.__setattr__(self, "retriggers", re)
        hooks = self.behaviour.overridden() if self.behaviour else frozenset()
        object.__setattr__(self, "hooks", hooks)


@dataclass(frozen=True, slots=True)
class CharmSlot:
    """A charm in the row: its id, edition and counter (state kept between hands)."""

    id: str
    edition: str | None = None
    counter: int = 0
