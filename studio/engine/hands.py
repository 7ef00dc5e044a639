"""Hand types as patterns, and the evaluator that finds the best one a hand fits.

A hand type is data: same-rank group sizes plus straight and flush needs. The
evaluator counts the played cards by rank, sorts the groups (largest first,
ties by higher rank) and walks the hand types best first; the first whose
pattern the groups dominate, and whose needs are met, wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from studio.engine.cards import SUITS

#: A hand of more cards than this is never a flush or a straight.
MAX_FLUSH_OR_STRAIGHT_CARDS = 5
#: With ``smeared``: the suit class each suit belongs to.
SMEARED = {"S": frozenset("SC"), "C": frozenset("SC"), "H": frozenset("HD"), "D": frozenset("HD")}


@dataclass(frozen=True, slots=True)
class HandType:
    """A hand type: its pattern, base values and growth per level."""

    id: str
    groups: tuple[int, ...]
    needs_straight: bool = False
    needs_flush: bool = False
    points: int = 0
    mult: float = 1
    level_points: int = 0
    level_mult: float = 0
    name: str = ""

    def at_level(self, level: int) -> tuple[int, float]:
        """Return (Points, Mult) at ``level``: Points at least 0, Mult at least 1."""
        steps = max(level, 1) - 1
        return (
            max(self.points + steps * self.level_points, 0),
            max(self.mult + steps * self.level_mult, 1),
        )

    def is_implied_by(self, other: HandType) -> bool:
        """Return True if every hand that fits ``other`` also fits this type."""
        return (
            len(other.groups) >= len(self.groups)
            and all(o >= s for o, s in zip(other.groups, self.groups, strict=False))
            and (other.needs_straight or not self.needs_straight)
            and (other.needs_flush or not self.needs_flush)
        )


@dataclass(frozen=True, slots=True)
class HandRules:
    """The rule switches that change how hands are read."""

    flush_size: int = 5
    straight_size: int = 5
    shortcut: bool = False
    smeared: bool = False
    splash: bool = False

    @classmethod
    @cache
    def from_flags(cls, flags: frozenset[str]) -> HandRules:
        """Build the rules that a set of passive rule names switches on."""
        four = "four_fingers" in flags
        return cls(
            flush_size=4 if four else 5,
            straight_size=4 if four else 5,
            shortcut="shortcut" in flags,
            smeared="smeared" in flags,
            splash="splash" in flags,
        )


class Evaluation(NamedTuple):
    """What a played hand is: its type, the scoring cards and every type it contains."""

    hand_type: HandType
    scoring: tuple[int, ...]
    contains: frozenset[str]
    flush_suit: str | None


class HandTable:
    """Hand types best first, with a memo of which types a hand shape fits.

    A hand's shape (group sizes, flush, straight) has few values, so each is
    matched against the patterns once and remembered.
    """

    __slots__ = ("_memo", "types")

    def __init__(self, types: Sequence[HandType]) -> None:
        self.types = tuple(types)
        self._memo: dict[tuple[tuple[int, ...], bool, bool], tuple[HandType | None, frozenset[str]]] = {}

    def matching(
        self, sizes: tuple[int, ...], flush: bool, straight: bool
    ) -> tuple[HandType | None, frozenset[str]]:
        """Return the best type a hand of this shape fits (None: none) and the ids of all it fits."""
        key = (sizes, flush, straight)
        found = self._memo.get(key)
        if found is None:
            fits = [
                t
                for t in self.types
                if groups_fit(sizes, t.groups)
                and (flush or not t.needs_flush)
                and (straight or not t.needs_straight)
            ]
            found = self._memo[key] = (fits[0] if fits else None, frozenset(t.id for t in fits))
        return found


def groups_fit(played: Sequence[int], pattern: Sequence[int]) -> bool:
    """Return True if the played group sizes dominate ``pattern`` position by position.

    >>> groups_fit([3, 1, 1], [2]), groups_fit([4, 1], [2, 2]), groups_fit([3, 2], [2, 2])
    (True, False, True)
    """
    if len(played) < len(pattern):
        return False
    return all(p >= q for p, q in zip(played, pattern, strict=False))


def flush_cards(suits: Sequence[frozenset[str]], rules: HandRules) -> tuple[str | None, tuple[int, ...]]:
    """Return the flush suit and the indices of its cards, or (None, ())."""
    if not rules.smeared:
        counts = dict.fromkeys(SUITS, 0)
        for card_suits in suits:
            for x in card_suits:
                counts[x] += 1
        for suit in SUITS:
            if counts[suit] >= rules.flush_size:
                return suit, tuple(i for i, s in enumerate(suits) if suit in s)
        return None, ()
    classes = SMEARED
    for suit in SUITS:
        members = classes[suit]
        hits = tuple(i for i, s in enumerate(suits) if s & members)
        if len(hits) >= rules.flush_size:
            return suit, hits
    return None, ()


def straight_ranks(ranks: Sequence[int | None], rules: HandRules) -> frozenset[int]:
    """Return the ranks of the qualifying runs (ace high or low, no wrap), or empty."""
    return _runs(
        frozenset(r for r in ranks if r is not None), 2 if rules.shortcut else 1, rules.straight_size
    )


@cache
def _runs(distinct: frozenset[int], gap: int, size: int) -> frozenset[int]:
    """The ranks of the runs of at least ``size`` ranks with steps of at most ``gap`` (memoised:
    there are only 8,192 sets of ranks)."""
    ordered = sorted(distinct | {1} if 14 in distinct else distinct)
    found: set[int] = set()
    run: list[int] = []
    for rank in ordered:
        if run and rank - run[-1] > gap:
            if len(run) >= size:
                found.update(run)
            run = []
        run.append(rank)
    if len(run) >= size:
        found.update(run)
    if 1 in found:
        found.discard(1)
        found.add(14)
    return frozenset(found)


def _group_order(group: tuple[int, list[int]]) -> tuple[int, int]:
    """Sort key of rank groups: larger groups first, then higher ranks."""
    return -len(group[1]), -group[0]


def evaluate(
    ranks: Sequence[int | None],
    suits: Sequence[frozenset[str]],
    hand_types: Sequence[HandType] | HandTable,
    rules: HandRules,
) -> Evaluation:
    """Return the best of ``hand_types`` (ordered best first) that the cards fit.

    ``ranks[i]`` is None for a card without rank (stone); ``suits[i]`` holds every
    suit the card counts as for a flush. A hand that fits nothing (only stone
    cards, say) is the lowest hand type with no group cards.
    """
    by_rank: dict[int, list[int]] = {}
    for i, rank in enumerate(ranks):
        if rank is not None:
            members = by_rank.get(rank)
            if members is None:
                by_rank[rank] = [i]
            else:
                members.append(i)
    n = len(ranks)
    if len(by_rank) == n:  # all ranks differ (the common case): groups of one, highest first
        groups = sorted(by_rank.items(), reverse=True)
        sizes = (1,) * n
    else:
        groups = sorted(by_rank.items(), key=_group_order)
        sizes = tuple(len(members) for _, members in groups)
    suit: str | None = None
    flush: tuple[int, ...] = ()
    run: frozenset[int] = frozenset()
    if n <= MAX_FLUSH_OR_STRAIGHT_CARDS:
        if n >= rules.flush_size:
            suit, flush = flush_cards(suits, rules)
        if len(by_rank) >= rules.straight_size:
            run = straight_ranks(ranks, rules)
    table = hand_types if isinstance(hand_types, HandTable) else HandTable(hand_types)
    best, contains = table.matching(sizes, bool(flush), bool(run))
    if rules.splash:
        scoring = tuple(range(n))
    elif best is None:
        scoring = tuple(i for i, r in enumerate(ranks) if r is None)
    else:
        chosen = {i for _, members in groups[: len(best.groups)] for i in members}
        if best.needs_flush:
            chosen.update(flush)
        if best.needs_straight:
            chosen.update(i for i, r in enumerate(ranks) if r in run)
        if None in ranks:
            chosen.update(i for i, r in enumerate(ranks) if r is None)
        scoring = tuple(range(n)) if len(chosen) == n else tuple(sorted(chosen))
    if best is None:
        best = table.types[-1]
    # Built without the named tuple's Python-level __new__ (fields in declaration order): one per hand.
    return _new_evaluation(Evaluation, (best, scoring, contains, suit if best.needs_flush else None))


_new_evaluation = tuple.__new__
