"""Consumables: cards held in consumable slots and used as a run action.

A consumable is what it acts on (its targets) and effects of the charms'
vocabulary (:mod:`studio.engine.kinds`). With card targets the player chooses
``low`` to ``high`` cards in hand and every effect happens for each chosen
card in turn (``edit_card`` changes that card); with hand type targets every
effect happens for each hand type in turn, naming it; without targets every
effect happens once.

>>> from studio.engine.effects import Effect
>>> edit = Effect("edit_card", args=(("upgrade", "glass"),))
>>> describe_consumable(ConsumableDef("mirror", targets=Targets("cards", 1, 2), effects=(edit,)), {})
'Choose 1 to 2 cards in hand: make the card glass for good'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal, NamedTuple

from studio.engine.describe import describe_effect
from studio.engine.effects import Effect

TargetKind = Literal["cards", "hand_types"]
#: The hand type an effect names while it acts on every hand type in turn (in text only).
EVERY_HAND_TYPE = "*"


class Targets(NamedTuple):
    """What a consumable acts on: ``low`` to ``high`` cards chosen in hand, or every hand type."""

    kind: TargetKind
    low: int = 0
    high: int = 0


@dataclass(frozen=True, slots=True)
class ConsumableDef:
    """A consumable: its family (what the shop weights and boosters name), price, targets and effects."""

    id: str
    name: str = ""
    family: str = ""
    cost: int = 3
    #: None: it acts once, on nothing chosen.
    targets: Targets | None = None
    effects: tuple[Effect, ...] = ()
    description: str = ""

    @property
    def chooses_cards(self) -> bool:
        """True if it acts on cards the player chooses in hand."""
        return self.targets is not None and self.targets.kind == "cards"


def describe_consumable(c: ConsumableDef, hand_names: Mapping[str, str]) -> str:
    """Return what using it does, as a player reads it."""
    t = c.targets
    if t is not None and t.kind == "hand_types":
        names = {**hand_names, EVERY_HAND_TYPE: "every hand type"}
        return _sentence(" and ".join(describe_effect(naming(e, EVERY_HAND_TYPE), names) for e in c.effects))
    text = " and ".join(describe_effect(e, hand_names) for e in c.effects)
    if t is None:
        return _sentence(text)
    count = f"{t.low}" if t.low == t.high else f"{t.low} to {t.high}"
    return f"Choose {count} card{'s' if t.high > 1 else ''} in hand: {text}"


def naming(effect: Effect, type_id: str) -> Effect:
    """Return ``effect`` naming the hand type ``type_id``: how it acts on one hand type target."""
    return replace(effect, args=tuple(sorted({**dict(effect.args), "hand_type": type_id}.items())))


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] if text[:1].isalpha() else text
