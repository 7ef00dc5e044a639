"""Best play: of the cards in hand, which 1 to 5 to play so the real scorer gives the most.

No Qt here, so the benchmark and the tests call it directly; the app runs it
in a worker thread with progress and cancel. The unplayed cards stay held, as
in a real round, and the charm order is the row's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import NamedTuple

from studio.engine.cards import Card
from studio.engine.catalog import Catalog
from studio.engine.scoring import MAX_PLAYED, Situation, score
from studio.engine.trace import ScoreResult


class Cancelled(Exception):
    """The search was cancelled before it finished."""


class BestPlay(NamedTuple):
    """The best play found: the positions played, the cards, the result and how many plays were scored."""

    positions: tuple[int, ...]
    played: tuple[Card, ...]
    held: tuple[Card, ...]
    result: ScoreResult
    tried: int


def plays(n: int, most: int = MAX_PLAYED) -> list[tuple[int, ...]]:
    """Return every choice of 1 to ``most`` positions out of ``n`` (218 for 8 cards)."""
    return [c for k in range(1, min(most, n) + 1) for c in combinations(range(n), k)]


def best_play(
    cards: Sequence[Card],
    situation: Situation,
    catalog: Catalog,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> BestPlay:
    """Score every play of ``cards`` in ``situation`` and return the highest total (first one on ties)."""
    if not cards:
        raise ValueError("best play needs at least one card in hand")
    choices = plays(len(cards), situation.max_played)
    best: BestPlay | None = None
    for done, chosen in enumerate(choices, 1):
        if cancelled is not None and cancelled():
            raise Cancelled
        played = tuple(cards[i] for i in chosen)
        held = tuple(c for i, c in enumerate(cards) if i not in chosen)
        result = score(dataclasses.replace(situation, played=played, held=held), catalog)
        if best is None or result.total > best.result.total:
            best = BestPlay(chosen, played, held, result, done)
        if progress is not None and (done % 8 == 0 or done == len(choices)):
            progress(done, len(choices))
    assert best is not None
    return best._replace(tried=len(choices))
