"""Exact best-type counts of dealt hands: poker arithmetic, the 5-card count and a per-deal brute force."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, pairwise
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from spec_data import FIVE_CARD_COUNTS, SEVEN_CARD_COUNTS
from test_odds import (
    ABANDONED,
    CARD,
    CATALOG,
    CHECKERED,
    FLAGS,
    NO_RULES,
    SMALL_DECKS,
    STANDARD,
    TYPE_IDS,
    best_playable,
    deck,
    only,
    type_index,
)

from studio.engine.cards import Card
from studio.engine.hands import HandRules
from studio.engine.odds import count_exhaustive
from studio.engine.odds.deal import Cancelled, count_dealt


def brute_force(cards: Sequence[Card], deal: int, flags: frozenset[str]) -> dict[str, int]:
    """Deal every hand one by one and try every subset of it: slow, obviously right. (Each subset of
    the deck's positions is evaluated once, on first use: deals share most of their subsets.)"""
    rules = HandRules.from_flags(flags)
    seen: dict[tuple[int, ...], int] = {}

    def kind(subset: tuple[int, ...]) -> int:
        found = seen.get(subset)
        if found is None:
            found = seen[subset] = type_index([cards[i] for i in subset], rules)
        return found

    counts = dict.fromkeys(TYPE_IDS, 0)
    for hand in combinations(range(len(cards)), deal):
        best = min(kind(sub) for size in range(1, min(deal, 5) + 1) for sub in combinations(hand, size))
        counts[TYPE_IDS[best]] += 1
    return counts


def test_the_brute_force_is_the_best_playable_type_of_each_deal() -> None:
    cards = deck(SMALL_DECKS["wild_and_stone"])[:9]
    for flags in RULE_SETS:
        slow = dict.fromkeys(TYPE_IDS, 0)
        for hand in combinations(cards, 6):
            slow[best_playable(hand, flags)] += 1
        assert brute_force(cards, 6, flags) == slow


def test_seven_dealt_cards_give_the_published_poker_counts() -> None:
    counts = count_dealt(STANDARD, 7, CATALOG, NO_RULES)
    assert counts == SEVEN_CARD_COUNTS
    assert sum(counts.values()) == comb(52, 7) == 133_784_560


def test_five_dealt_cards_are_the_five_card_hands() -> None:
    assert count_dealt(STANDARD, 5, CATALOG, NO_RULES) == FIVE_CARD_COUNTS


#: No rules, one, two, and four switches at once (every combination of them is compared with a
#: brute force in tests/engine/test_odds.py; the dealt count shares that classifier).
RULE_SETS = [
    NO_RULES,
    frozenset({"four_fingers"}),
    frozenset({"shortcut", "smeared"}),
    frozenset({"four_fingers", "shortcut", "smeared", "splash"}),
]


@pytest.mark.parametrize("flags", RULE_SETS, ids=lambda f: "+".join(sorted(f)) or "none")
@pytest.mark.parametrize(("name", "cards"), [("checkered", CHECKERED), ("abandoned", ABANDONED)])
def test_five_dealt_cards_count_like_the_exhaustive_count(
    name: str, cards: tuple[Card, ...], flags: frozenset[str]
) -> None:
    assert count_dealt(cards, 5, CATALOG, flags) == count_exhaustive(cards, 5, CATALOG, flags)


def test_eight_dealt_cards_of_any_deck_sum_to_every_deal() -> None:
    dealt = {cards: count_dealt(cards, 8, CATALOG, NO_RULES) for cards in (STANDARD, CHECKERED, ABANDONED)}
    for cards, counts in dealt.items():
        assert list(counts) == TYPE_IDS
        assert sum(counts.values()) == comb(len(cards), 8)
    # Four cards of a rank but at most two alike: no five of a kind, and no flush of trips.
    checkered = dealt[CHECKERED]
    assert checkered["flush_five"] == checkered["flush_house"] == checkered["five_of_a_kind"] == 0
    assert checkered["straight_flush"] > dealt[STANDARD]["straight_flush"]


def test_fewer_cards_than_a_hand_play_them_all() -> None:
    assert count_dealt(deck("AS AH KD"), 3, CATALOG, NO_RULES) == only("pair")
    assert count_dealt(deck("AS AH KD"), 2, CATALOG, NO_RULES) == {
        **only("pair"),
        "high_card": 2,
    }


@pytest.mark.parametrize("flags", RULE_SETS, ids=lambda f: "+".join(sorted(f)) or "none")
@pytest.mark.parametrize("name", SMALL_DECKS)
def test_rule_switches_count_like_a_per_deal_brute_force(name: str, flags: frozenset[str]) -> None:
    cards = deck(SMALL_DECKS[name])[:12]
    # 7 dealt (~300,000 subsets each) with every switch on, for the decks of wild and stone cards and
    # of identical cards; 6 dealt everywhere.
    sevens = flags == RULE_SETS[-1] and name in ("wild_and_stone", "duplicate_cards")
    for size in (6, 7) if sevens else (6,):
        assert count_dealt(cards, size, CATALOG, flags) == brute_force(cards, size, flags), size


def test_two_classes_holding_a_rank_never_lend_the_rank_above() -> None:
    # Hearts and clubs both hold a king; the diamonds' 3-4-4-5 once read that as an outside ace
    # (A-3-4-5 with shortcut): 26 straight flushes instead of 24. Found by the random decks below.
    cards = deck("5D 4D KH KH 2S 4D:wild 9C 2D KC 3D:wild")
    flags = frozenset({"four_fingers", "shortcut"})
    counts = count_dealt(cards, 8, CATALOG, flags)
    assert counts == brute_force(cards, 8, flags)
    assert (counts["straight_flush"], counts["full_house"]) == (24, 13)


@pytest.mark.parametrize(
    "flags", [frozenset({"four_fingers"}), frozenset({"four_fingers", "shortcut", "smeared"})]
)
def test_two_suits_of_four_in_eight_dealt_cards_count_like_a_brute_force(flags: frozenset[str]) -> None:
    # Four hearts and four spades fill a deal of 8: each suit's flush may borrow the other's ranks.
    cards = deck("2H 3H 4H 5H KH 6S 7S 9S JS AS 8C 4D")
    assert count_dealt(cards, 8, CATALOG, flags) == brute_force(cards, 8, flags)


def test_wild_cards_enough_for_a_flush_leave_no_class_to_fill() -> None:
    # Four wild cards are a four-finger flush in every suit: no pair of suits takes the deal alone.
    cards = deck("2S 2S:wild 2S:wild 2S:wild 2S:wild")
    flags = frozenset({"four_fingers"})
    assert count_dealt(cards, 5, CATALOG, flags) == brute_force(cards, 5, flags)


@settings(max_examples=60, deadline=None)
@given(cards=st.lists(CARD, min_size=1, max_size=10), flags=FLAGS, data=st.data())
def test_random_decks_count_like_a_per_deal_brute_force(
    cards: list[Card], flags: frozenset[str], data: st.DataObject
) -> None:
    size = data.draw(st.integers(1, min(len(cards), 8)), label="deal")
    counts = count_dealt(cards, size, CATALOG, flags)
    assert list(counts) == TYPE_IDS
    assert sum(counts.values()) == comb(len(cards), size)
    assert counts == brute_force(cards, size, flags)


def test_progress_reaches_its_total_and_cancelling_stops_the_count() -> None:
    seen: list[tuple[int, int]] = []
    count_dealt(ABANDONED, 6, CATALOG, NO_RULES, progress=lambda done, total: seen.append((done, total)))
    assert seen
    assert seen[-1][0] == seen[-1][1]
    assert all(a <= b for (a, _), (b, _) in pairwise(seen))
    with pytest.raises(Cancelled):
        count_dealt(STANDARD, 8, CATALOG, NO_RULES, cancelled=lambda: True)


def test_deal_outside_the_deck_is_refused() -> None:
    for size in (0, 4):
        with pytest.raises(ValueError, match=f"deal {size}"):
            count_dealt(deck("AS KS QS"), size, CATALOG, NO_RULES)


@pytest.mark.parametrize("flags", [frozenset({"four_fingers"}), frozenset({"four_fingers", "shortcut"})])
def test_a_suit_holding_most_of_a_deal_of_nine_counts_like_a_brute_force(flags: frozenset[str]) -> None:
    # Up to nine spades (a wild card among them) in a deal of 9: a suit's flush with an outside card
    # is the best of its tables less one card, five levels down to its 4-card choices. Its own flush
    # house outranks the straight flush a 4-card choice makes with a 7, so that level is dropped.
    cards = deck("3S 3S 3S 4S 4S 5S 6S 9S 7H 2H KH 8D:wild 6C")
    assert count_dealt(cards, 9, CATALOG, flags) == brute_force(cards, 9, flags)
