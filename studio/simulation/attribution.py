"""What each charm added to a scored hand, read from the scorer's trace.

An event's effect is measured where it fired: the running Points x Mult after
it minus before it. A +Mult late in the trace is worth more than the same
+Mult early, which is how the game scores. A charm's edition counts as the
charm's own (``plain_mult foil``); a charm acting on a card too (``KH even_mult``).
"""

from __future__ import annotations

import math
from collections.abc import Collection

from studio.engine.trace import ScoreResult


def charm_of(source: str, row: Collection[str]) -> str | None:
    """Return the charm in ``row`` an event's source names, if any."""
    for token in source.split(" "):
        if token in row:
            return token
    return None


def charm_effects(result: ScoreResult, row: Collection[str]) -> dict[str, tuple[int, int, int]]:
    """Map each charm of ``row`` that has events in the trace to (events, Points x Mult added, money added).

    An infinite or undefined change adds nothing to the sum (its hand counts among the infinite ones).
    """
    out: dict[str, tuple[int, int, int]] = {}
    points, mult = 0, 0.0
    for e in result.events:
        charm = charm_of(e.source, row)
        if charm is not None:
            change = e.points * e.mult - points * mult
            added = int(change) if math.isfinite(change) else 0
            paid = int(e.amount) if e.what == "money" and math.isfinite(e.amount) else 0
            n, total, cash = out.get(charm, (0, 0, 0))
            out[charm] = (n + 1, total + added, cash + paid)
        points, mult = e.points, e.mult
    return out
