"""Where a new hand type fits among the loaded ones: what the editor's New hand type starts from.

A type can win only if every type its hands always fit is weaker, and hides no other only if every
type whose hands always fit it is stronger (the order check of ``studio validate``). A new entry
should validate at once, so it takes the first pattern of :data:`PATTERNS` no loaded type has that
has such a place, at a strength between the type it must beat and the next stronger one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from studio.engine.hands import HandType

#: Patterns tried in order, (groups, needs_straight, needs_flush): the rule book's twelve, then
#: flushes that also hold a pair, two pairs or three of a kind.
PATTERNS: tuple[tuple[tuple[int, ...], bool, bool], ...] = (
    ((1,), False, False),
    ((2,), False, False),
    ((2, 2), False, False),
    ((3,), False, False),
    ((), True, False),
    ((), False, True),
    ((3, 2), False, False),
    ((4,), False, False),
    ((), True, True),
    ((5,), False, False),
    ((3, 2), False, True),
    ((5,), False, True),
    ((2,), False, True),
    ((2, 2), False, True),
    ((3,), False, True),
)
#: The gap between strengths when the new type is the strongest.
STEP = 100
#: The highest strength a hand type may have (its schema's bound).
MAX_STRENGTH = 10_000


@dataclass(frozen=True)
class HandSlot:
    """A new hand type's pattern, strength and starting values (those of the type it beats)."""

    groups: tuple[int, ...]
    needs_straight: bool
    needs_flush: bool
    strength: int
    points: int = 1
    mult: float = 1
    level_points: int = 0
    level_mult: float = 0

    def yaml(self) -> str:
        """The entry's lines after its id and name."""
        lines = [f"strength: {self.strength}", f"groups: [{', '.join(map(str, self.groups))}]"]
        lines += ["needs_straight: true"] if self.needs_straight else []
        lines += ["needs_flush: true"] if self.needs_flush else []
        lines += [f"points: {self.points}", f"mult: {_number(self.mult)}"]
        lines += [f"level_points: {self.level_points}"] if self.level_points else []
        lines += [f"level_mult: {_number(self.level_mult)}"] if self.level_mult else []
        return "".join(f"{line}\n" for line in lines)


def free_slot(loaded: Sequence[tuple[HandType, int]]) -> HandSlot | None:
    """The first pattern of :data:`PATTERNS` that no loaded type (with its strength) has and that
    can take a place among them where it wins and hides none; None when every one is taken."""
    taken = {strength for _, strength in loaded}
    for groups, straight, flush in PATTERNS:
        new = HandType("", groups, straight, flush)
        if any(_same(new, hand) for hand, _ in loaded):
            continue
        beaten = [(s, h) for h, s in loaded if h.is_implied_by(new)]
        hiding = [s for h, s in loaded if new.is_implied_by(h)]
        low = max((s for s, _ in beaten), default=0)
        high = min(hiding, default=MAX_STRENGTH + 1)
        above = min((s for s in taken if s > low), default=None)
        strength = _between(low, min(high, above or low + 2 * STEP), taken)
        if strength is None:
            continue
        start = max(beaten, key=lambda b: b[0])[1] if beaten else None
        if start is None:
            return HandSlot(groups, straight, flush, strength)
        return HandSlot(
            groups, straight, flush, strength, start.points, start.mult, start.level_points, start.level_mult
        )
    return None


def _between(low: int, high: int, taken: set[int]) -> int | None:
    """The roundest free strength halfway between ``low`` and ``high`` (both excluded), if any."""
    middle = (low + high) / 2
    for unit in (100, 50, 10, 5, 1):
        strength = unit * round(middle / unit)
        if low < strength < high and strength not in taken:
            return strength
    return None


def _same(a: HandType, b: HandType) -> bool:
    return (a.groups, a.needs_straight, a.needs_flush) == (b.groups, b.needs_straight, b.needs_flush)


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)
