"""When an ability applies: conditions on the card, the hand and the round, all of which must hold."""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from studio.engine.effects import Chance, Value

Op = Literal["<", "<=", "==", "!=", ">=", ">"]
OPS: dict[str, Callable[[float, float], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    "==": operator.eq,
    "!=": operator.ne,
    ">=": operator.ge,
    ">": operator.gt,
}


@dataclass(frozen=True, slots=True)
class Compare:
    """``value op n``, e.g. played_cards <= 3."""

    value: Value
    op: Op
    n: int

    def holds(self, actual: float) -> bool:
        """Return True if ``actual`` compares to ``n`` as asked."""
        return OPS[self.op](actual, self.n)


@dataclass(frozen=True, slots=True)
class Conditions:
    """Every field that is set must hold; card fields only apply to card triggers."""

    suits: frozenset[str] | None = None
    ranks: frozenset[int] | None = None
    face: bool | None = None
    first_face: bool | None = None
    contains: str | None = None
    hand_types: frozenset[str] | None = None
    compares: tuple[Compare, ...] = ()
    first_hand: bool | None = None
    final_hand: bool | None = None
    chance: Chance | None = None

    @property
    def uses_card(self) -> bool:
        """Return True if a condition looks at the triggering card."""
        return (
            self.suits is not None
            or self.ranks is not None
            or self.face is not None
            or self.first_face is not None
        )


ALWAYS = Conditions()
