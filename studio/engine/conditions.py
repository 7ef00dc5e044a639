"""When an ability applies: tests on the card, the hand and the round, all of which must hold.

Each test names a condition kind (see :mod:`studio.engine.kinds`) and carries
its argument; :func:`compile_checks` turns them into small functions once, so
scoring never looks a kind up per card.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from studio.engine.kinds.registry import CONDITIONS

if TYPE_CHECKING:
    from studio.engine.kinds.registry import Check

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
    """``value op n``, e.g. played_cards <= 3; ``arg`` is the value's setting where it takes one."""

    value: str
    op: Op
    n: float
    arg: Any = None

    def holds(self, actual: float) -> bool:
        """Return True if ``actual`` compares to ``n`` as asked."""
        return OPS[self.op](actual, self.n)


@dataclass(frozen=True, slots=True)
class Test:
    """One condition: its kind and its argument (a hashable value)."""

    kind: str
    arg: Any


class Conditions:
    """Tests that must all hold, in the order their kinds check (a chance draws last).

    Built from tests or from keywords named after condition kinds:
    ``Conditions(suits=frozenset("D"))``; a keyword given None is left out.
    """

    __slots__ = ("checks", "tests")
    tests: tuple[Test, ...]
    #: The tests compiled (see :func:`compile_checks`), kept once made; never saved or compared.
    checks: tuple[Check, ...] | None

    def __init__(self, tests: Iterable[Test] = (), **kinds: Any) -> None:
        given = [*tests, *(Test(k, v) for k, v in kinds.items() if v is not None and v != ())]
        self.tests = tuple(sorted(given, key=_order))
        self.checks = None

    def get(self, kind: str) -> Any:
        """Return the argument of the test of ``kind`` (None when there is none)."""
        for t in self.tests:
            if t.kind == kind:
                return t.arg
        return None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Conditions) and self.tests == other.tests

    def __hash__(self) -> int:
        return hash(self.tests)

    def __repr__(self) -> str:
        return "Conditions(" + ", ".join(f"{t.kind}={t.arg!r}" for t in self.tests) + ")"

    def __getstate__(self) -> tuple[Test, ...]:
        return self.tests

    def __setstate__(self, tests: tuple[Test, ...]) -> None:
        self.tests = tests
        self.checks = None


def _order(test: Test) -> tuple[int, int]:
    """Check order: the kind's ``order``, then registration order."""
    names = CONDITIONS.names()
    kind = CONDITIONS[test.kind]
    return kind.order, names.index(test.kind)


def compile_checks(conditions: Conditions) -> tuple[Check, ...]:
    """Return one check function per test, in check order (compiled once per conditions: a boss's
    refusals and abilities are asked on every hand)."""
    if conditions.checks is None:
        conditions.checks = tuple(CONDITIONS[t.kind].compile(t.arg) for t in conditions.tests)
    return conditions.checks


ALWAYS = Conditions()
