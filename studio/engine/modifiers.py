"""Upgrades, editions and seals: the data of a playing card's (or charm's) modifiers."""

from __future__ import annotations

from dataclasses import dataclass, field

from studio.engine.effects import Chance, Effect


@dataclass(frozen=True, slots=True)
class UpgradeDef:
    """A card enhancement.

    ``scored`` effects run when the card scores (points first, then +Mult and
    money, then xMult, as RULES.md section 3 orders them); ``held`` effects run
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
    #: ``scored`` split by the step of RULES.md section 3 each effect belongs to: (a) Points,
    #: (b) +Mult and money, (d) xMult.
    by_step: tuple[tuple[Effect, ...], tuple[Effect, ...], tuple[Effect, ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        steps = (
            tuple(e for e in self.scored if e.kind == "points"),
            tuple(e for e in self.scored if e.kind in ("mult", "money")),
            tuple(e for e in self.scored if e.kind == "xmult"),
        )
        object.__setattr__(self, "by_step", steps)


@dataclass(frozen=True, slots=True)
class EditionDef:
    """An edition: additive effects apply before its holder's effect, xMult after."""

    id: str
    name: str = ""
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class SealDef:
    """A seal: extra triggers for its card, and effects when the card scores."""

    id: str
    name: str = ""
    retriggers: int = 0
    scored: tuple[Effect, ...] = ()
    end_of_round: tuple[Effect, ...] = ()
