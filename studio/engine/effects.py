"""What a charm, upgrade, edition or seal does: effects, their scaling and chances.

An effect names its kind (see :mod:`studio.engine.kinds`), which decides what
it does; the effect itself only carries the numbers and settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Chance:
    """A chance of ``n`` in ``in_``, drawn from the ``chance`` stream."""

    n: int
    in_: int

    def __str__(self) -> str:
        return f"{self.n} in {self.in_}"


@dataclass(frozen=True, slots=True)
class Scaling:
    """Multiply an amount by ``floor(value / every)`` (never below 0).

    ``per`` names a value kind; ``arg`` is its setting where it takes one (a
    variable's name, a card filter).
    """

    per: str
    every: int = 1
    arg: Any = None

    def steps(self, value: float) -> int:
        """Return how many times the amount applies for ``value``."""
        return max(int(value // self.every), 0)


@dataclass(frozen=True, slots=True)
class Effect:
    """One change, of the kind ``kind``, by ``amount``.

    With ``scaling`` the amount is scaled by the kind's rule (additive amounts
    multiply by the steps); with ``up_to`` it is drawn first, from ``amount``
    to ``up_to`` (whole numbers when both are whole). ``args`` holds the kind's own settings as sorted
    (name, value) pairs, e.g. ``(("hand_type", "pair"),)``.
    """

    kind: str
    amount: float = 0
    scaling: Scaling | None = None
    chance: Chance | None = None
    args: tuple[tuple[str, Any], ...] = ()
    #: A seeded random amount from ``amount`` to this (drawn from the ``chance`` stream each time).
    up_to: float | None = None

    def arg(self, name: str, default: Any = None) -> Any:
        """Return the setting ``name`` (``default`` when not given)."""
        for key, value in self.args:
            if key == name:
                return value
        return default
