"""Stickers on charms: what a charm offered at a difficulty level may carry, and what that changes.

A sticker bends what may be done with its charm (sold, destroyed), debuffs it
after some rounds, changes its price, and may bring abilities and value
modifiers of the charms' vocabulary (a rental's cost each round is an
``end_of_round`` ability taking money). Difficulty levels name the stickers
that may appear from that level on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from studio.engine.charms import Ability
from studio.engine.describe import describe_ability, describe_modifier
from studio.engine.values import Modifier


@dataclass(frozen=True, slots=True)
class StickerDef:
    """A sticker: the chance a charm for sale gets it, and what it changes about that charm."""

    id: str
    name: str = ""
    #: Chance (0 to 1) that a charm offered in the shop or a charm booster gets it, where allowed.
    chance: float = 0.0
    sellable: bool = True
    destructible: bool = True
    #: Rounds after which the charm is debuffed (None: never).
    debuffed_after: int | None = None
    #: The charm's price while it carries the sticker (None: its own cost).
    cost: int | None = None
    abilities: tuple[Ability, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    #: Stickers never put on the same charm as this one.
    excludes: tuple[str, ...] = ()

    def describe(self, hand_names: Mapping[str, str]) -> str:
        """What the sticker does to its charm, as a player reads it."""
        never = [
            w for w, allowed in (("sold", self.sellable), ("destroyed", self.destructible)) if not allowed
        ]
        parts = [f"Cannot be {' or '.join(never)}" if never else ""]
        if self.debuffed_after is not None:
            parts.append(f"Debuffed after {self.debuffed_after} rounds")
        if self.cost is not None:
            parts.append(f"Costs ${self.cost} to buy")
        parts += [describe_ability(a, hand_names) for a in self.abilities]
        parts += [describe_modifier(m) for m in self.modifiers]
        return ". ".join(p for p in parts if p)
