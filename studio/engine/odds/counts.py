"""Hand-type odds of a deck: exact counts over every hand, or counts over random deals.

The exact count never loops over hands. A hand's type depends only on its
multiset of ranks (stone cards have none) and on how many of its cards fall in
each suit class (wild cards in every class), and it does not change when the
suit classes are permuted. So :func:`count_exhaustive` walks the rank
multisets, counts by combinatorics how many card choices give each suit
signature, and classifies one representative hand per (rank multiset,
signature) with the real :func:`~studio.engine.hands.evaluate`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb, prod

from studio.engine.cards import SUITS, Card
from studio.engine.catalog import Catalog
from studio.engine.hands import MAX_FLUSH_OR_STRAIGHT_CARDS, SMEARED, HandRules, evaluate
from studio.engine.rng import Rng
from studio.engine.runs import DeckDef
from studio.engine.scoring.views import ALL_SUITS, card_view
from studio.engine.values import flags_on

#: Cards of one rank per bucket: each suit class, then wild, then stone (no suit).
Profile = tuple[int, ...]
#: Chosen cards per suit class, then wild cards; canonical when the class counts are sorted.
Signature = tuple[int, ...]
#: A rank multiset: ranks ascending, stone cards (None) last.
Ranks = tuple[int | None, ...]

#: The most cards a played hand holds.
PLAYED_MAX = 5


class Cancelled(Exception):
    """The count was asked to stop."""


@dataclass(frozen=True, slots=True)
class Odds:
    """How many hands of each type (catalog order, zeros included) out of ``total``."""

    total: int
    counts: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, counts: Mapping[str, int]) -> Odds:
        """Wrap the counts returned by :func:`count_exhaustive` or :func:`count_sampled`."""
        return cls(sum(counts.values()), tuple(counts.items()))

    def probability(self, type_id: str) -> float:
        """Return the share of hands of type ``type_id`` (0 when there are no hands)."""
        count = dict(self.counts)[type_id]
        return count / self.total if self.total else 0.0

    def to_json(self) -> dict[str, object]:
        """Return ``{"total": ..., "counts": {type id: count, ...}}``."""
        return {"total": self.total, "counts": dict(self.counts)}


def rules_in_play(catalog: Catalog, charm_ids: Iterable[str], deck: DeckDef | None = None) -> frozenset[str]:
    """Return the hand rules (flag values) the deck and the given charms switch on, in source order
    (a deck's ``smeared`` reads hands as the scorer reads them with that deck)."""
    deck_modifiers = deck.modifiers if deck is not None else ()
    return flags_on([*deck_modifiers, *(m for c in charm_ids for m in catalog.charm(c).modifiers)])


def suit_classes(rules: HandRules) -> tuple[frozenset[str], ...]:
    """Return the suits that pool together for a flush, in suit order.

    >>> [sorted(c) for c in suit_classes(HandRules(smeared=True))]
    [['C', 'S'], ['D', 'H']]
    """
    return tuple(dict.fromkeys(SMEARED[s] if rules.smeared else frozenset(s) for s in SUITS))


class Classifier:
    """Classifies (rank multiset, canonical signature) keys with the real evaluator, cached."""

    def __init__(self, catalog: Catalog, flags: frozenset[str]) -> None:
        self.types = catalog.hand_types
        self.rules = HandRules.from_flags(flags)
        self.classes = suit_classes(self.rules)
        self.index = {t.id: i for i, t in reversed(list(enumerate(self.types)))}
        self.cache: dict[tuple[Ranks, Signature], int] = {}
        self._suits: dict[Signature, list[frozenset[str]]] = {}

    def bucket(self, suits: frozenset[str]) -> int:
        """Return a card's bucket: its suit class, wild (every suit) or stone (no suit)."""
        k = len(self.classes)
        if not suits:
            return k + 1
        if suits == ALL_SUITS:
            return k
        (suit,) = suits
        return next(i for i, members in enumerate(self.classes) if suit in members)

    def canonical(self, sig: Sequence[int]) -> Signature:
        """Sort the class counts: the hand type does not depend on which class is which."""
        k = len(self.classes)
        return (*sorted(sig[:k], reverse=True), sig[k])

    def type_of(self, ranks: Ranks, sig: Signature) -> int:
        """Return the catalog index of the type of a hand with these ranks and signature."""
        key = (ranks, sig)
        found = self.cache.get(key)
        if found is None:
            suits = self._suits.get(sig)
            if suits is None:
                suits = [ALL_SUITS] * sig[-1]
                for members, n in zip(self.classes, sig, strict=False):
                    suits += [frozenset(min(members))] * n
                self._suits[sig] = suits
            unsuited: list[frozenset[str]] = [frozenset()] * (
                len(ranks) - len(suits)
            )  # stone cards, listed last
            hand = evaluate(ranks, suits + unsuited, self.types, self.rules)
            found = self.cache[key] = self.index[hand.hand_type.id]
        return found

    def result(self, counts: Sequence[int]) -> dict[str, int]:
        """Return the counts by type id, in catalog order."""
        return {t.id: counts[i] for i, t in enumerate(self.types)}


def _choices(profile: Profile, m: int) -> dict[Signature, int]:
    """Return the ways to pick ``m`` cards of one rank, by (uncanonical) signature."""
    out: dict[Signature, int] = {}

    def pick(b: int, left: int, taken: tuple[int, ...], ways: int) -> None:
        if b == len(profile) - 1:
            if left <= profile[b]:
                out[taken] = out.get(taken, 0) + ways * comb(profile[b], left)
            return
        for a in range(min(left, profile[b]) + 1):
            pick(b + 1, left - a, (*taken, a), ways * comb(profile[b], a))

    pick(0, m, (), 1)
    return out


def _spread(
    key: tuple[tuple[Profile, int], ...], classifier: Classifier
) -> tuple[tuple[Signature, int], ...]:
    """Return the ways to pick a rank multiset, by canonical signature.

    ``key`` lists (profile, multiplicity) for each chosen rank.
    """
    dist: dict[Signature, int] = {(0,) * (len(classifier.classes) + 1): 1}
    for profile, m in key:
        step = _choices(profile, m)
        grown: dict[Signature, int] = {}
        for s1, w1 in dist.items():
            for s2, w2 in step.items():
                s = tuple(a + b for a, b in zip(s1, s2, strict=True))
                grown[s] = grown.get(s, 0) + w1 * w2
        dist = grown
    canon: dict[Signature, int] = {}
    for s, w in dist.items():
        c = classifier.canonical(s)
        canon[c] = canon.get(c, 0) + w
    return tuple(canon.items())


def _order(rank: int | None) -> int:
    """Sort key for ranks: ascending, stone cards last."""
    return 99 if rank is None else rank


def count_exhaustive(
    cards: Sequence[Card],
    hand_size: int,
    catalog: Catalog,
    flags: frozenset[str],
    cancelled: Callable[[], bool] | None = None,
) -> dict[str, int]:
    """Count the hand type of every combination of ``hand_size`` of ``cards``.

    Identical cards are distinct cards, so the counts sum to
    C(len(cards), hand_size). Every hand type of ``catalog`` is present, in
    catalog order; ``flags`` are passive rule names (four_fingers, smeared, ...).
    Hands of more than 5 cards are never flushes, so their suits are not counted.
    When ``cancelled()`` turns true the count stops with :class:`Cancelled`.
    """
    if not 0 <= hand_size <= len(cards):
        raise ValueError(f"hand size {hand_size} is not between 0 and the {len(cards)} deck cards")
    classifier = Classifier(catalog, flags)
    width = len(classifier.classes) + 2
    profiles: dict[int | None, list[int]] = {}
    for card in cards:
        view = card_view(card, catalog)
        rank, suits = view.rank, view.suits
        profiles.setdefault(rank, [0] * width)[classifier.bucket(suits)] += 1
    ranks = sorted(profiles, key=_order)
    prof = [tuple(profiles[r]) for r in ranks]
    avail = [sum(p) for p in prof]
    after = [sum(avail[i:]) for i in range(len(avail) + 1)]
    counts = [0] * len(classifier.types)
    spreads: dict[tuple[tuple[Profile, int], ...], tuple[tuple[Signature, int], ...]] = {}
    picked: list[tuple[int, int]] = []
    blind = (0,) * (width - 1)  # the one signature of hands too long to be flushes

    def leaf() -> None:
        if cancelled is not None and cancelled():  # once per rank multiset: a few thousand times
            raise Cancelled
        key = tuple(sorted((prof[i], m) for i, m in picked))
        spread = spreads.get(key)
        if spread is None:
            if hand_size > MAX_FLUSH_OR_STRAIGHT_CARDS:
                spread = ((blind, prod(comb(avail[i], m) for i, m in picked)),)
            else:
                spread = _spread(key, classifier)
            spreads[key] = spread
        hand = tuple(ranks[i] for i, m in picked for _ in range(m))
        for sig, ways in spread:
            counts[classifier.type_of(hand, sig)] += ways

    def visit(i: int, left: int) -> None:
        if left == 0:
            leaf()
            return
        if after[i] < left:
            return
        for m in range(min(left, avail[i]), -1, -1):
            if m:
                picked.append((i, m))
            visit(i + 1, left - m)
            if m:
                picked.pop()

    visit(0, hand_size)
    return classifier.result(counts)


def count_sampled(
    cards: Sequence[Card],
    deal: int,
    samples: int,
    catalog: Catalog,
    flags: frozenset[str],
    rng: Rng,
) -> dict[str, int]:
    """Deal ``deal`` random cards ``samples`` times; count the best type playable from each.

    A played hand is 1 to 5 of the dealt cards. Adding cards never loses a
    pattern, so only the 5-card subsets (or all cards, if fewer are dealt) are
    tried. Draws come from ``rng``'s ``deal`` stream.
    """
    n = len(cards)
    if not 1 <= deal <= n:
        raise ValueError(f"deal {deal} is not between 1 and the {n} deck cards")
    if samples < 0:
        raise ValueError(f"samples must be at least 0, not {samples}")
    classifier = Classifier(catalog, flags)
    k = len(classifier.classes)
    views = sorted(
        ((v.rank, classifier.bucket(v.suits)) for v in (card_view(c, catalog) for c in cards)),
        key=lambda v: _order(v[0]),
    )
    rank = [r for r, _ in views]
    bucket = [b for _, b in views]
    size = min(deal, PLAYED_MAX)
    counts = [0] * len(classifier.types)
    for _ in range(samples):
        order = list(range(n))
        for i in range(deal):
            j = i + int(rng.random("deal") * (n - i))
            order[i], order[j] = order[j], order[i]
        best = len(classifier.types)
        for sub in combinations(sorted(order[:deal]), size):
            sig = [0] * (k + 2)
            for c in sub:
                sig[bucket[c]] += 1
            found = classifier.type_of(tuple(rank[c] for c in sub), classifier.canonical(sig))
            best = min(best, found)
        counts[best] += 1
    return classifier.result(counts)
