"""Upgrades, editions and seals: the data of a playing card's (or charm's) modifiers."""

from __future__ import annotations

from dataclasses import dataclass, field

from studio.engine.effects import Chance, Effect
from studio.engine.kinds.registry import EFFECTS
from studio.engine.values import Modifier


@dataclass(frozen=True, slots=True)
class UpgradeDef:
    """A card enhancement.

    ``scored`` effects run when the card scores, in the places RULES.md
    section 3 gives each kind (its ``card_order``: Points, then +Mult and
    money, then multiplying effects); ``held`` effects run
    while the card is held; ``end_of_round`` effects pay out if held at round end.
    """

    id: str
    name: str = ""
    stone: bool = False
    stone_points: int = 50
    wild: bool = False
    scored: tuple[Effect, ...] = ()
    held: tuple[Effect, ...] = ()
    end_of_round: tuple[Effect, ...] = ()
    breaks: Chance | None = None
    #: ``scored`` split by the step of RULES.md section 3 each effect belongs to: (a), (b), (d).
    by_step: tuple[tuple[Effect, ...], tuple[Effect, ...], tuple[Effect, ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        order = [EFFECTS[e.kind].card_order for e in self.scored]
        steps = tuple(tuple(e for e, o in zip(self.scored, order, strict=True) if o == n) for n in range(3))
        object.__setattr__(self, "by_step", steps)


@dataclass(frozen=True, slots=True)
class EditionDef:
    """An edition: its effects apply before its holder's effect, multiplying ones after.

    Its modifiers count while it is on a charm in the row (one more charm slot, say); on a
    playing card they change nothing.
    """

    id: str
    name: str = ""
    effects: tuple[Effect, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    #: ``effects`` split into those before and those after the holder's own effect.
    before: tuple[Effect, ...] = field(init=False, repr=False, compare=False)
    after: tuple[Effect, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        late = [EFFECTS[e.kind].multiplies for e in self.effects]
        object.__setattr__(self, "before", tuple(e for e, x in zip(self.effects, late, strict=True) if not x))
        object.__setattr__(self, "after", tuple(e for e, x in zip(self.effects, late, strict=True) if x))


@dataclass(frozen=True, slots=True)
class SealDef:
    """A seal: extra triggers for its card, and effects when the card scores."""

    id: str
    name: str = ""
    retriggers: int = 0
    scored: tuple[Effect, ...] = ()
    end_of_round: tuple[Effect, ...] = ()
