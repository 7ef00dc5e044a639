"""Layered values: every number a rule reads, from its base through every active modifier.

A value's base comes from the run table (inside a hand with no run, the value
kind's own), folded through the deck's and then the difficulty levels'
modifiers. Then, gathered from every other active source in order (vouchers,
charms left to right, stickers, boss): every ``set`` (the last wins), every
``add``, every ``times``, and last the value's bounds (RULES.md section 6).
A run folds its base once (:func:`folded`); a hand's modifiers hold the
deck's and difficulty's first, and :func:`layered` folds them as it meets
them, so a hand and its run read every value alike. A hand rule such as
``four_fingers`` is a value that is on when above 0.

>>> layered("hands", 4, (Modifier("hands", "set", 1), Modifier("hands", "add", 1)))
2

Only a ``set`` depends on the order; :func:`in_source_order` puts the
modifiers effects add among the rest.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Literal, NamedTuple

ModifierOp = Literal["set", "add", "times"]
#: How long a modifier lasts: while its source is active, or for the hand or round it names.
Scope = Literal["active", "hand", "round"]
OPS: tuple[ModifierOp, ...] = ("set", "add", "times")


class Modifier(NamedTuple):
    """``value`` is set to, raised by or multiplied by ``amount`` while its source is active.

    A named tuple, not a dataclass: a dataclass's generated methods are built at every start.
    """

    value: str
    op: ModifierOp
    amount: float
    scope: Scope = "active"
    #: Who declares it, as an event source: (display text, source kind, charm slot or -1).
    source: tuple[str, str, int] = ("", "", -1)


#: The sources folded into a value's base rather than layered on it (RULES.md section 6: "the base
#: (run table, then deck, then difficulty level)").
BASE_SOURCES = frozenset({"deck", "difficulty"})


def layered(name: str, base: float, modifiers: Iterable[Modifier]) -> float:
    """Return value ``name`` from ``base`` through the modifiers of ``name``, in source order: the
    deck's and difficulty's (which come first) folded into the base, as :func:`folded` folds them."""
    value = base
    adds = 0.0
    factor = 1.0
    folding = False
    for m in modifiers:
        if m.value != name:
            continue
        if m.source[1] in BASE_SOURCES:
            value = _applied(m, value)
            folding = True
            continue
        if folding:
            value, folding = _rounded(VALUES[name], value), False
        if m.op == "set":
            value = m.amount
        elif m.op == "add":
            adds += m.amount
        else:
            factor *= m.amount
    return bounded(name, (value + adds) * factor)


#: Where each kind of source stands in the order of RULES.md section 6; charms (with their editions)
#: and stickers by slot. Sources the order does not name (a consumable, a tag, a card) come after the
#: stickers and before the boss.
_PLACES = {"deck": 0, "difficulty": 1, "voucher": 2, "charm": 3, "edition": 3, "sticker": 4, "boss": 6}
_UNNAMED = 5


def in_source_order(modifiers: Iterable[Modifier]) -> tuple[Modifier, ...]:
    """Return ``modifiers`` in source order. The sort is stable, so a modifier that an effect added
    (given after its source's own) stands right after them: a charm's ``set`` for the hand is that
    charm's, and a later charm's or the boss's still wins over it."""
    return tuple(sorted(modifiers, key=_place))


#: The kinds of source that stand in the row by charm slot.
_SLOTTED = frozenset({"charm", "edition", "sticker"})


def reslotted(modifiers: Iterable[Modifier], moved: dict[int, int]) -> list[Modifier]:
    """Return ``modifiers`` with the charm slots of their sources moved (``moved``: old slot to new),
    for round-long modifiers to stand where their charm stands after the row changed."""
    out = []
    for m in modifiers:
        text, kind, slot = m.source
        if kind in _SLOTTED and slot in moved:
            m = m._replace(source=(text, kind, moved[slot]))
        out.append(m)
    return out


def _place(m: Modifier) -> tuple[int, int]:
    kind, slot = m.source[1], m.source[2]
    return _PLACES.get(kind, _UNNAMED), slot


def bounded(name: str, value: float) -> float:
    """Return ``value`` within the bounds of value ``name``, whole where the value is whole."""
    kind = VALUES[name]
    value = _rounded(kind, value)
    if kind.low is not None:
        value = max(value, kind.low)
    if kind.high is not None:
        value = min(value, kind.high)
    return value


def _rounded(kind: ValueKind, value: float) -> float:
    """``value`` rounded half up where the value is whole (a count), else as it is."""
    return math.floor(value + 0.5) if kind.whole and math.isfinite(value) else value


def folded(name: str, base: float, modifiers: Iterable[Modifier]) -> float:
    """Fold base sources' modifiers (the deck's, then the difficulty levels') into a value's base.

    Each applies in turn, so a difficulty's ``add`` counts after the deck's ``set``; the result is
    the base the round's modifiers are then layered on. It is not bounded: the bounds apply last,
    to the layered value (RULES.md section 6), so a deck's -5 discards and a charm's +1 give 0
    discards (3 - 5 + 1, at least 0), not 1.
    """
    value = base
    for m in modifiers:
        if m.value == name:
            value = _applied(m, value)
    return _rounded(VALUES[name], value)


def _applied(m: Modifier, value: float) -> float:
    """``value`` after one base source's modifier, applied in turn."""
    return m.amount if m.op == "set" else value + m.amount if m.op == "add" else value * m.amount


def flags_on(modifiers: Iterable[Modifier]) -> frozenset[str]:
    """Return the hand rules (flag values) the modifiers switch on."""
    kinds = VALUES.kinds
    flags = [m for m in modifiers if kinds[m.value].flag]
    usual = True  # the usual case: charms switching rules on
    for m in flags:
        if m.op != "set" or m.amount <= 0:
            usual = False
            break
    if usual:
        return frozenset([m.value for m in flags])
    names = {m.value for m in flags}
    return frozenset(n for n in names if layered(n, 0, flags) > 0)


# Imported last: the built-in kinds this import registers use the records above.
from studio.engine.kinds.registry import VALUES, ValueKind  # noqa: E402
