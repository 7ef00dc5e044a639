"""What a charm, upgrade, edition or seal does: effects, their scaling and chances."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

EffectKind = Literal["points", "mult", "xmult", "money", "retrigger", "grow", "reset", "level_up"]
#: Values an amount can scale with, or a condition can compare.
Value = Literal[
    "money",
    "hands_left",
    "discards_left",
    "counter",
    "played_cards",
    "scoring_cards",
    "scoring_face_cards",
    "held_cards",
]
VALUES: tuple[Value, ...] = get_args(Value)


@dataclass(frozen=True, slots=True)
class Chance:
    """A chance of ``n`` in ``in_``, drawn from the ``chance`` stream."""

    n: int
    in_: int

    def __str__(self) -> str:
        return f"{self.n} in {self.in_}"


@dataclass(frozen=True, slots=True)
class Scaling:
    """Multiply an amount by ``floor(value / every)`` (never below 0)."""

    per: Value
    every: int = 1

    def steps(self, value: float) -> int:
        """Return how many times the amount applies for ``value``."""
        return max(int(value // self.every), 0)


@dataclass(frozen=True, slots=True)
class Effect:
    """One change: +Points, +Mult, xMult, +money, retrigger, counter or level change.

    With ``scaling``, additive amounts multiply by the steps and an xMult becomes
    ``1 + amount x steps``. ``level_up`` raises ``hand_type`` (the played type when None).
    """

    kind: EffectKind
    amount: float = 0
    scaling: Scaling | None = None
    chance: Chance | None = None
    hand_type: str | None = None

    def scaled(self, steps: int | None) -> float:
        """Return the amount after scaling by ``steps`` (None: no scaling)."""
        if steps is None:
            return self.amount
        if self.kind == "xmult":
            return 1 + self.amount * steps
        return self.amount * steps
