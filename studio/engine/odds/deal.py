"""Exact odds of the best hand type a dealt hand can play, counted without dealing a hand.

A dealt hand plays the best type of any 5 of its cards (all of them if fewer
are dealt). That type depends on the hand's rank multiset and, when a suit
class (wild cards included) holds enough of its cards for a flush, on the ranks
that class holds. So :func:`count_dealt` counts in two passes:

1. every rank multiset, with the number of deals that give it, takes the best
   type its cards make without a flush;
2. the deals where some suit classes can flush are listed by the ranks those
   classes hold (the other classes only by their rank multiset and number of
   ways), and each such deal whose flush beats pass 1's type moves to it.

Each type comes from the real evaluator on one representative per key of
:func:`~studio.engine.odds.keys.line_key`: a few thousand classifications
serve the 752,538,150 deals of 8 cards of the standard deck. A flush that
takes one card from outside its class (``four_fingers``: four cards of the
class and any fifth) is the best, over the class's choices of ``size - 1``
cards, of that choice's row of types with one card more at each position: a
class of ``size - 1`` cards evaluates its row, a larger one takes the best of
the tables of itself less one card (all remembered).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import reduce
from itertools import combinations, product
from math import comb, prod
from operator import or_

from studio.engine.cards import Card
from studio.engine.catalog import Catalog
from studio.engine.odds.counts import PLAYED_MAX, Cancelled, Classifier
from studio.engine.odds.keys import POSITIONS, RANKS, STONE, line_key
from studio.engine.scoring.views import card_view

#: A rank multiset (or one class's share of it): cards at each rank position, stones last.
Counts = tuple[int, ...]
#: Rest of a deal: its code, its number of ways and the positions it holds (bit per position).
Rest = tuple[int, int, int]
#: A class's best flush alone, and each better one with the positions of outside cards that give it.
FlushTable = tuple[int, list[tuple[int, int]]]
#: Choices of one class's cards holding the same positions: those and each choice's code, ways and
#: flush table.
Fill = tuple[int, list[tuple[int, int, FlushTable]]]
Progress = Callable[[int, int], None]

#: Check for cancellation and report progress after this many steps.
TICK = 4096


def count_dealt(
    cards: Sequence[Card],
    deal: int,
    catalog: Catalog,
    flags: frozenset[str],
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> dict[str, int]:
    """Count the best playable type of every deal of ``deal`` of ``cards``, exactly.

    The meaning of :func:`~studio.engine.odds.counts.count_sampled`, over all
    C(len(cards), deal) deals (identical cards are distinct cards). ``progress``
    gets (done, total) steps now and then; when ``cancelled()`` turns true the
    count stops with :class:`Cancelled`.
    """
    if not 1 <= deal <= len(cards):
        raise ValueError(f"deal {deal} is not between 1 and the {len(cards)} deck cards")
    counter = _DealCounter(cards, deal, catalog, flags, progress, cancelled)
    counter.count_plain()
    counter.count_flushes()
    if progress is not None:
        progress(counter.total, counter.total)
    return counter.classifier.result(counter.counts)


class _DealCounter:
    """The deck by rank and bucket, the memos of types, the counts, the progress."""

    def __init__(
        self,
        cards: Sequence[Card],
        deal: int,
        catalog: Catalog,
        flags: frozenset[str],
        progress: Progress | None,
        cancelled: Callable[[], bool] | None,
    ) -> None:
        self.classifier = classifier = Classifier(catalog, flags)
        rules = classifier.rules
        self.k = k = len(classifier.classes)
        self.deal = deal
        self.size = min(deal, PLAYED_MAX)
        self.flush = rules.flush_size
        self.gap = 2 if rules.shortcut else 1
        self.run = rules.straight_size
        #: Cards of each rank position by bucket: each suit class, then wild.
        self.cols = [[0] * (k + 1) for _ in range(RANKS)]
        self.stones = 0
        for card in cards:
            view = card_view(card, catalog)
            if view.rank is None:
                self.stones += 1
            else:
                self.cols[view.rank - 2][classifier.bucket(view.suits)] += 1
        self.avail = [sum(c) for c in self.cols] + [self.stones]
        self.weight = [(deal + 1) ** p for p in range(POSITIONS)]
        self.none = len(classifier.types)  # worse than any type: no hand of that kind
        #: The suit signature of so many ranked cards: all of one class (True), or spread over the
        #: classes (False: never a flush).
        self._signatures = {
            True: [(n, *(0,) * (k - 1), 0) for n in range(deal + 1)],
            False: [(*(n // k + (i < n % k) for i in range(k)), 0) for n in range(deal + 1)],
        }
        self.counts = [0] * len(classifier.types)
        #: Best type without a flush, by the code of a rank multiset.
        self.plain: dict[int, int] = {}
        self._keyed: dict[tuple[object, ...], int] = {}
        self._own: dict[Counts, int] = {}
        self._tables: dict[Counts, FlushTable] = {}
        self._rests: dict[tuple[tuple[int, ...], int, int], list[Rest]] = {}
        self._picks: dict[int, list[list[tuple[int, int, Counts]]]] = {}
        self._owns: dict[tuple[Counts, Counts], Counts] = {}
        self._masks: dict[Counts, int] = {}
        self._filled: dict[tuple[int, Counts, int], list[Fill]] = {}
        self._progress = progress
        self._cancelled = cancelled
        self._done = 0
        self.total = _multisets(self.avail, deal) + sum(len(p) for _, _, p in self._flush_plans())

    # --- progress ----------------------------------------------------------------------------

    def _step(self, force: bool = False) -> None:
        self._done += 1
        if force or self._done % TICK == 0:
            if self._cancelled is not None and self._cancelled():
                raise Cancelled
            if self._progress is not None:
                self._progress(self._done, self.total)

    # --- classification ----------------------------------------------------------------------

    def _best(self, counts: Counts, take: int, fixed: tuple[int, ...], flush: bool) -> int:
        """The best type of ``take`` of the cards ``counts`` plus the cards at ``fixed`` positions."""
        best = self.none
        for chosen in _sub_multisets(counts, take):
            best = min(best, self._type(sorted(chosen + fixed), flush))
        return best

    def _type(self, positions: Sequence[int], flush: bool) -> int:
        """The type of the cards at these positions (ascending), all of one suit class or (``flush``
        false) spread over the classes: never a flush."""
        ranks = tuple(p + 2 if p < RANKS else None for p in positions)
        return self.classifier.type_of(ranks, self._signatures[flush][len(ranks) - ranks.count(None)])

    def _typed(self, key: tuple[object, ...], work: Callable[[], int]) -> int:
        found = self._keyed.get(key)
        if found is None:
            found = self._keyed[key] = work()
        return found

    def best_plain(self, counts: Counts) -> int:
        """The best type of ``size`` of these cards, read as if no flush could be made."""
        s = self.size
        desc = [min(m, s) if m else None for m in counts[:RANKS]]
        key = ("plain", line_key(desc, min(counts[STONE], s), self.gap, self.run))
        return self._typed(key, lambda: self._best(counts, s, (), False))

    def best_own(self, counts: Counts) -> int:
        """The best flush of ``size`` of one class's cards (wild ones included)."""
        found = self._own.get(counts)
        if found is None:
            s = self.size
            if sum(counts) < s:
                found = self.none
            else:
                desc = [min(m, s) if m else None for m in counts[:RANKS]]
                key = ("own", line_key(desc, 0, self.gap, self.run))
                found = self._typed(key, lambda: self._best(counts, s, (), True))
            self._own[counts] = found
        return found

    # --- pass 1: every rank multiset, as if no flush could be made ---------------------------

    def count_plain(self) -> None:
        """Count every deal by the best type its ranks make without a flush."""
        avail, weight, plain, counts = self.avail, self.weight, self.plain, self.counts
        after = [sum(avail[i:]) for i in range(POSITIONS + 1)]
        picked = [0] * POSITIONS

        def visit(p: int, left: int, code: int, ways: int) -> None:
            if left == 0:
                found = plain[code] = self.best_plain(tuple(picked))
                counts[found] += ways
                self._step()
                return
            if after[p] < left:
                return
            for m in range(min(left, avail[p]), -1, -1):
                picked[p] = m
                visit(p + 1, left - m, code + m * weight[p], ways * comb(avail[p], m))
            picked[p] = 0

        visit(0, self.deal, 0, 1)

    # --- pass 2: deals where some classes can flush ------------------------------------------

    def _flush_plans(self) -> list[tuple[Counts, tuple[int, ...], list[tuple[int, int, Counts]]]]:
        """Each wild-card choice with each set of classes that can flush (one per symmetry)."""
        if self.size < self.flush:
            return []
        plans = []
        for _code, _ways, wild in self.picks(self.k, 0, self.deal):
            need = max(self.flush - sum(wild), 0)
            for able, _factor in self._able_sets():
                if len(able) * need + sum(wild) <= self.deal:
                    plans.append((wild, able, self.picks(able[0], need, self.deal - sum(wild))))
        return plans

    def _able_sets(self) -> Iterator[tuple[tuple[int, ...], int]]:
        """Sets of classes that can flush, one per permutation of identical classes, with their count."""
        groups: dict[tuple[int, ...], list[int]] = {}
        for c in range(self.k):
            groups.setdefault(tuple(col[c] for col in self.cols), []).append(c)
        members = list(groups.values())
        for sizes in product(*(range(len(g) + 1) for g in members)):
            if any(sizes):
                able = tuple(sorted(c for g, j in zip(members, sizes, strict=True) for c in g[:j]))
                yield able, prod(comb(len(g), j) for g, j in zip(members, sizes, strict=True))

    def picks(self, bucket: int, least: int, most: int) -> list[tuple[int, int, Counts]]:
        """Every choice of ``least`` to ``most`` cards of one bucket (a class, or wild):
        (code, ways, counts)."""
        by_size = self._picks.get(bucket)
        if by_size is None:
            by_size = self._picks[bucket] = [[] for _ in range(self.deal + 1)]
            # (counts, code, ways, size) of each choice so far, position by position
            chosen: list[tuple[Counts, int, int, int]] = [((), 0, 1, 0)]
            for col, weight in zip(self.cols, self.weight, strict=False):
                have = col[bucket]
                chosen = [
                    ((*counts, m), code + m * weight, ways * comb(have, m), size + m)
                    for counts, code, ways, size in chosen
                    for m in range(min(have, self.deal - size) + 1)
                ]
            for counts, code, ways, size in chosen:
                by_size[size].append((code, ways, (*counts, 0)))
        return [x for size in range(least, most + 1) for x in by_size[size]]

    def count_flushes(self) -> None:
        """Move every deal whose best flush beats the type of its ranks without one."""
        factors = {able: factor for able, factor in self._able_sets()}
        for wild, able, first in self._flush_plans():
            wild_code = sum(m * w for m, w in zip(wild, self.weight, strict=True))
            wild_ways = prod(comb(col[self.k], m) for col, m in zip(self.cols, wild, strict=False))
            need = max(self.flush - sum(wild), 0)
            others = tuple(c for c in range(self.k) if c not in able)
            for x_code, x_ways, x in first:
                self._nest(
                    able,
                    1,
                    need,
                    others,
                    wild,
                    [x],
                    self.deal - sum(wild) - sum(x),
                    wild_code + x_code,
                    wild_ways * x_ways * factors[able],
                )
                self._step(force=True)

    def _nest(
        self,
        able: tuple[int, ...],
        i: int,
        need: int,
        others: tuple[int, ...],
        wild: Counts,
        held: list[Counts],
        budget: int,
        code: int,
        ways: int,
    ) -> None:
        """Choose the cards of the i-th class that can flush, then settle the rest."""
        if i < len(able):
            # The second of two flushing classes taking every card left (the commonest case by far
            # when a flush needs four cards) has a loop of its own.
            fills = (
                i == 1
                and len(able) == 2
                and self.size != self.flush
                and bool(self._rest(others, 0, need))  # the other classes may deal no card
            )
            for x_code, x_ways, x in self.picks(able[i], need, budget - 1 if fills else budget):
                self._nest(
                    able, i + 1, need, others, wild, [*held, x], budget - sum(x), code + x_code, ways * x_ways
                )
            if fills and budget >= need:
                self._settle_fills(able[i], wild, held[0], budget, code, ways)
            return
        rest = self._rest(others, budget, need)
        if rest:
            self._settle(wild, held, rest, code, ways)

    def _settle(self, wild: Counts, held: list[Counts], rest: list[Rest], code: int, ways: int) -> None:
        """Move the deals of one choice of flushing classes whose flush beats their plain type."""
        plain, counts, none = self.plain, self.counts, self.none
        owns = [self._own_cards(x, wild) for x in held]
        if self.size == self.flush:  # the flush is 5 cards of the class: the rest cannot help
            best = min(self.best_own(x) for x in owns)
            for r_code, r_ways, _ in rest:
                found = plain[code + r_code]
                if best < found:
                    n = ways * r_ways
                    counts[found] -= n
                    counts[best] += n
            return
        tables = [self.flush_table(x) for x in owns]
        masks = [self._positions(x) for x in held]
        # Positions the other flushing classes hold, OR-ed: a sum would carry two kings into an ace.
        outsides = [
            reduce(or_, (m for other, m in enumerate(masks) if other != j), 0) for j in range(len(held))
        ]
        flushes = list(zip(tables, outsides, strict=True))
        best, last = none, -1
        for r_code, r_ways, r_mask in rest:
            if r_mask != last:  # the best flush depends only on the positions the rest holds
                best, last = none, r_mask
                for table, outside in flushes:
                    best = min(best, _flush_with(table, r_mask | outside))
            found = plain[code + r_code]
            if best < found:
                n = ways * r_ways
                counts[found] -= n
                counts[best] += n

    def _settle_fills(
        self, bucket: int, wild: Counts, first: Counts, size: int, code: int, ways: int
    ) -> None:
        """:meth:`_settle` for two flushing classes, the second (``bucket``) taking the last ``size``
        cards of the deal: each class's best flush, given the positions the other one holds."""
        plain, counts = self.plain, self.counts
        table = self.flush_table(self._own_cards(first, wild))
        first_mask = self._positions(first)
        for mask, group in self._fills(bucket, wild, size):
            first_best = _flush_with(table, mask)
            for x_code, x_ways, second in group:
                best = _flush_with(second, first_mask)
                if first_best < best:
                    best = first_best
                found = plain[code + x_code]
                if best < found:
                    n = ways * x_ways
                    counts[found] -= n
                    counts[best] += n

    def _fills(self, bucket: int, wild: Counts, size: int) -> list[Fill]:
        """Every choice of ``size`` cards of one class, by the positions it holds: (code, ways, flush
        table with the wild cards), remembered."""
        key = (bucket, wild, size)
        found = self._filled.get(key)
        if found is None:
            groups: dict[int, list[tuple[int, int, FlushTable]]] = {}
            for x_code, x_ways, x in self.picks(bucket, size, size):
                fill = (x_code, x_ways, self.flush_table(self._own_cards(x, wild)))
                groups.setdefault(self._positions(x), []).append(fill)
            found = self._filled[key] = list(groups.items())
        return found

    def _own_cards(self, held: Counts, wild: Counts) -> Counts:
        """A class's cards with the wild cards dealt (remembered: the same choices meet again)."""
        if not any(wild):
            return held
        key = (held, wild)
        found = self._owns.get(key)
        if found is None:
            found = self._owns[key] = tuple(a + b for a, b in zip(held, wild, strict=True))
        return found

    def _positions(self, held: Counts) -> int:
        """The positions a class's cards hold, one bit each (remembered)."""
        found = self._masks.get(held)
        if found is None:
            found = self._masks[held] = _mask(held)
        return found

    def flush_table(self, counts: Counts) -> FlushTable:
        """The best flush of one class's cards alone, and each better one a card outside allows.

        Levels are (type, positions of the outside cards that give that type or better),
        best first. The flush with an outside card takes ``size - 1`` of the class's cards: with
        exactly that many, the type of them and a card at each position; with more, the best of
        the tables of the class less one card (every choice is one of theirs, and what their
        levels leave out is no better than their own flush, so no better than this one's).
        """
        found = self._tables.get(counts)
        if found is None:
            own = self.best_own(counts)
            held = [p for p, m in enumerate(counts) for _ in range(m)]
            # (type, positions where a card gives that type or better); none with too few cards
            candidates: list[tuple[int, int]] = []
            if len(held) == self.size - 1:  # each position's type, and the position
                candidates = [(self._type(sorted((*held, p)), True), 1 << p) for p in range(POSITIONS)]
            elif len(held) >= self.size:  # the levels of each table less one card
                less = ((*counts[:p], counts[p] - 1, *counts[p + 1 :]) for p in set(held))
                candidates = [level for fewer in less for level in self.flush_table(fewer)[1]]
            levels: list[tuple[int, int]] = []
            there = 0
            for level, at in sorted(candidates):
                if level >= own:
                    break
                there |= at
                if levels and levels[-1][0] == level:
                    levels[-1] = (level, there)
                elif not levels or there != levels[-1][1]:  # a level no card reaches first is left out
                    levels.append((level, there))
            found = self._tables[counts] = (own, levels)
        return found

    def _rest(self, classes: tuple[int, ...], size: int, need: int) -> list[Rest]:
        """Every choice of ``size`` cards of the classes that cannot flush (fewer than ``need`` each)
        and stone cards, merged by rank multiset."""
        key = (classes, size, need)
        found = self._rests.get(key)
        if found is not None:
            return found
        cols, weight, stones = self.cols, self.weight, self.stones
        merged: dict[int, list[int]] = {}
        totals = [0] * len(classes)

        def keep(code: int, ways: int, mask: int) -> None:
            entry = merged.setdefault(code, [0, mask])
            entry[0] += ways

        def visit(p: int, left: int, code: int, ways: int, mask: int) -> None:
            if left == 0:
                keep(code, ways, mask)
            elif p == STONE:
                if left <= stones:
                    keep(code + left * weight[STONE], ways * comb(stones, left), mask | 1 << STONE)
            else:
                split(p, 0, left, code, ways, mask)

        def split(p: int, i: int, left: int, code: int, ways: int, mask: int) -> None:
            if i == len(classes):
                visit(p + 1, left, code, ways, mask)
                return
            have = cols[p][classes[i]]
            for x in range(min(left, have, need - 1 - totals[i]) + 1):
                totals[i] += x
                held = mask | (1 << p if x else 0)
                split(p, i + 1, left - x, code + x * weight[p], ways * comb(have, x), held)
                totals[i] -= x

        if all(n < need for n in totals):
            visit(0, size, 0, 1, 0)
        # Sorted by the positions held: the best flush of :meth:`_settle` changes only with them.
        found = self._rests[key] = sorted(
            ((code, ways, mask) for code, (ways, mask) in merged.items()), key=lambda r: r[2]
        )
        return found


def _sub_multisets(counts: Counts, take: int) -> Iterable[tuple[int, ...]]:
    """Every way to take ``take`` cards from ``counts``, as their positions (ascending), once each."""
    cards = [p for p, m in enumerate(counts) for _ in range(min(m, take))]
    return dict.fromkeys(combinations(cards, take))  # equal cards give equal tuples: keep one


def _multisets(avail: Sequence[int], size: int) -> int:
    """How many rank multisets of ``size`` cards the deck holds (pass 1's steps)."""
    ways = [1] + [0] * size
    for a in avail:
        ways = [sum(ways[j - m] for m in range(min(a, j) + 1)) for j in range(size + 1)]
    return ways[size]


def _flush_with(table: FlushTable, there: int) -> int:
    """The best flush of a class, given its table and the positions outside cards hold (``there``)."""
    own, levels = table
    for level, at in levels:
        if there & at:
            return level
    return own


def _mask(counts: Counts) -> int:
    """The positions that hold a card, one bit each."""
    return sum(1 << p for p, m in enumerate(counts) if m)
