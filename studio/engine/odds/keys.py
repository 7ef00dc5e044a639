"""Keys that keep only what the type of a hand of at most 5 of some cards can see.

Such a type depends on how many cards of each rank the hand takes and on
whether its ranks hold a run long enough for a straight. A run of the hand lies
inside a run of all the cards (the hand's gaps are at least as wide), so only
the runs of the cards that are long enough matter, with their gaps; every other
rank is known by its count alone. Cards with equal keys have the same types of
hands, so one classification serves every rank multiset with that key.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Rank positions 0-12 are ranks 2-14 (ace); position 13 holds the stone cards.
RANKS = 13
STONE = RANKS
POSITIONS = RANKS + 1
ACE = 14


def line_key(
    desc: Sequence[int | None], stone: int, gap: int, size: int
) -> tuple[tuple[int, ...], tuple[tuple[tuple[int, int, bool], ...], ...], int]:
    """Return the key of cards described rank by rank (``desc[i]`` for rank i+2, None: absent).

    ``gap`` is the widest step a straight may take (2 with ``shortcut``), ``size``
    the fewest ranks it needs. The ace stands at both ends of the line; a run
    element that is the ace is marked, so two runs sharing it stay tied.

    >>> line_key([1, 1, 1, 1, None, None, None, None, None, None, None, None, 2], 0, 1, 5)
    ((), (((2, 1, True), (1, 1, False), (1, 1, False), (1, 1, False), (1, 0, False)),), 0)
    """
    ranked = [(i + 2, d) for i, d in enumerate(desc) if d is not None]
    present = [(1, ranked[-1][1]), *ranked] if ranked and ranked[-1][0] == ACE else ranked
    n = len(present)
    runs: list[tuple[tuple[int, int, bool], ...]] = []
    in_runs: set[int] = set()
    start = 0
    if n >= size:  # fewer ranks than a straight needs hold no run: no walk
        for end in range(1, n + 1):
            if end < n and present[end][0] - present[end - 1][0] <= gap:
                continue
            if end - start >= size:
                run = present[start:end]
                runs.append(
                    tuple(
                        (d, run[j + 1][0] - pos if j + 1 < len(run) else 0, pos in (1, ACE))
                        for j, (pos, d) in enumerate(run)
                    )
                )
                in_runs.update(ACE if pos == 1 else pos for pos, _ in run)
            start = end
    loose = sorted(d for pos, d in ranked if pos not in in_runs)
    return tuple(loose), tuple(sorted(runs)), stone
