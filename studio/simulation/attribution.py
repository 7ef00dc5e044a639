"""What each charm added to a scored hand, read from the scorer's trace.

An event's effect is measured where it fired: the running Points x Mult after
it minus before it. A +Mult late in the trace is worth more than the same
+Mult early, which is how the game scores. A charm's edition counts as the
charm's own (``plain_mult foil``); a charm acting on a card too (``KH even_mult``).
A charm that repeats a card is credited with what the repeated trigger added
(the events right after its repeat event that belong to the same card), so
those events count both for it and for whatever fired in them.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

from studio.engine.trace import REPEAT_LABEL, Event


def charm_of(source: str, row: Collection[str]) -> str | None:
    """Return the charm in ``row`` an event's source names, if any."""
    for token in source.split(" "):
        if token in row:
            return token
    return None


def charm_effects(events: Sequence[Event], row: Collection[str]) -> dict[str, tuple[int, int, int]]:
    """Map each charm of ``row`` with events in the trace to (events, Points x Mult added, money added).

    An infinite or undefined change adds nothing to the sum (its hand counts among the infinite ones).
    """
    out: dict[str, tuple[int, int, int]] = {}

    def credit(charm: str, count: int, added: int, paid: int) -> None:
        n, total, cash = out.get(charm, (0, 0, 0))
        out[charm] = (n + count, total + added, cash + paid)

    points, mult = 0, 0.0
    repeat: tuple[str, str] | None = None  # (repeating charm, card) while its repeated trigger runs
    first = ""  # the first event of that repeated trigger: seeing it again starts another trigger
    for e in events:
        change = e.points * e.mult - points * mult
        added = int(change) if math.isfinite(change) else 0
        points, mult = e.points, e.mult
        card = e.source.split(" ", 1)[0]
        if repeat is not None and (e.what == REPEAT_LABEL or card != repeat[1] or e.source == first):
            repeat = None
        if repeat is not None:
            first = first or e.source
            credit(repeat[0], 0, added, 0)
        charm = charm_of(e.source, row)
        if charm is None:
            continue
        paid = int(e.amount) if e.what == "money" and math.isfinite(e.amount) else 0
        credit(charm, 1, added, paid)
        if e.what == REPEAT_LABEL:
            repeat, first = (charm, card), ""
    return out
