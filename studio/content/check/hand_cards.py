"""Hand types that need more cards than a played hand may hold, and how many it may hold.

A played hand holds ``max_played`` cards (5), a layered value that content may
raise with ``modify``. A hand type is only a problem when no loaded content
could let enough cards be played for its pattern, so the most is taken over
every modifier of ``max_played`` anywhere in the entries.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any

from studio.content.check.problems import Problem
from studio.content.entries import Entry
from studio.content.models import HandTypeModel
from studio.engine.hands import HandRules
from studio.engine.kinds import VALUES

#: The layered value that says how many cards a played hand may hold.
PLAYED = "max_played"
#: The fewest ranks a straight may have under any hand rule (four fingers).
FEWEST_STRAIGHT = HandRules.from_flags(frozenset({"four_fingers"})).straight_size


def fewest_cards(hand: HandTypeModel) -> int:
    """The fewest cards a hand fitting this type holds: its groups, plus the straight's other ranks."""
    cards = sum(hand.groups)
    if hand.needs_straight:
        cards += max(0, FEWEST_STRAIGHT - len(hand.groups))
    return cards


def played_changes(data: Any) -> list[tuple[str, float, bool]]:
    """Every change of ``max_played`` an entry's data makes: (op, amount, scaled by a ``per``)."""
    return [
        (op, float(node[op]), node.get("per") is not None)
        for node in _mappings(data)
        if node.get("value") == PLAYED
        for op in ("set", "add", "times")
        if isinstance(node.get(op), int | float) and not isinstance(node.get(op), bool)
    ]


def played_limit(changes: Sequence[tuple[str, float, bool]]) -> int:
    """The most cards any mix of these changes lets a hand hold (a scaled raise: the value's bound)."""
    kind = VALUES[PLAYED]
    high = kind.high if kind.high is not None else math.inf
    value, adds, factor = kind.base, 0.0, 1.0
    for op, amount, scaled in changes:
        raises = amount > 1 if op == "times" else amount > 0
        if scaled and raises and op != "set":
            return int(high)
        if op == "set":
            value = max(value, amount)
        elif op == "add":
            adds += max(amount, 0)
        else:
            factor *= max(amount, 1)
    return int(min((value + adds) * factor, high))


def too_many_cards(hands: Sequence[Entry], limit: int) -> list[Problem]:
    """Hand types whose pattern needs more cards than ``limit``: no hand can ever be one."""
    out = []
    for e in hands:
        assert isinstance(e.model, HandTypeModel)
        need = fewest_cards(e.model)
        if need > limit:
            straight = " and a straight" if e.model.needs_straight else ""
            out.append(
                e.problem(
                    f"the groups {e.model.groups}{straight} need at least {need} cards, but a played "
                    f"hand holds at most {limit}: no hand can be a {e.model.name}",
                    "groups",
                )
            )
    return out


def _mappings(data: Any) -> Iterator[dict[str, Any]]:
    """Every mapping in ``data``, nested ones included."""
    if isinstance(data, dict):
        yield data
        for value in data.values():
            yield from _mappings(value)
    elif isinstance(data, list):
        for item in data:
            yield from _mappings(item)
