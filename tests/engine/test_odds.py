"""Hand-type odds: exact counts against poker arithmetic and a per-hand brute force."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML
from spec_data import FIVE_CARD_COUNTS

from studio.content.models.hand_type import HandTypeModel
from studio.engine.cards import SUITS, Card
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmDef
from studio.engine.hands import HandRules, evaluate
from studio.engine.modifiers import UpgradeDef
from studio.engine.odds import Odds, count_exhaustive, count_sampled, rules_in_play, suit_classes
from studio.engine.odds.counts import Cancelled
from studio.engine.rng import Rng
from studio.engine.values import Modifier

HANDS_DIR = Path(__file__).resolve().parents[2] / "content" / "hands"
RULE_NAMES = ("four_fingers", "shortcut", "smeared", "splash")
EVERY_RULE_SET = [frozenset(c) for n in range(len(RULE_NAMES) + 1) for c in combinations(RULE_NAMES, n)]
NO_RULES: frozenset[str] = frozenset()


def _catalog() -> Catalog:
    yaml = YAML(typ="safe")
    models = [HandTypeModel.model_validate(yaml.load(p)) for p in sorted(HANDS_DIR.glob("*.yaml"))]
    types = tuple(m.to_engine() for m in sorted(models, key=lambda m: -m.strength))
    upgrades = {"wild": UpgradeDef("wild", wild=True), "stone": UpgradeDef("stone", stone=True)}
    return Catalog(hand_types=types, upgrades=upgrades)


CATALOG = _catalog()
TYPE_IDS = [t.id for t in CATALOG.hand_types]
STANDARD = tuple(Card(r, s) for s in SUITS for r in range(2, 15))
CHECKERED = tuple(Card(r, s) for s in "SSHH" for r in range(2, 15))
ABANDONED = tuple(Card(r, s) for s in SUITS for r in range(2, 15) if r not in (11, 12, 13))


def deck(text: str) -> tuple[Card, ...]:
    return CATALOG.cards(text)


def view(card: Card) -> tuple[int | None, frozenset[str]]:
    """RULES.md: a stone card has no rank and no suit, a wild card counts as every suit."""
    if card.upgrade == "stone":
        return None, frozenset()
    if card.upgrade == "wild":
        return card.rank, frozenset(SUITS)
    return card.rank, frozenset(card.suit)


def type_index(hand: Sequence[Card], rules: HandRules) -> int:
    views = [view(c) for c in hand]
    found = evaluate([r for r, _ in views], [s for _, s in views], CATALOG.hand_types, rules)
    return TYPE_IDS.index(found.hand_type.id)


def brute_force(cards: Sequence[Card], hand_size: int, flags: frozenset[str]) -> dict[str, int]:
    """Classify every hand one by one: slow, obviously right."""
    rules = HandRules.from_flags(flags)
    counts = dict.fromkeys(TYPE_IDS, 0)
    for hand in combinations(cards, hand_size):
        counts[TYPE_IDS[type_index(hand, rules)]] += 1
    return counts


def best_playable(cards: Sequence[Card], flags: frozenset[str]) -> str:
    """The best type among every 1 to 5 card subset, tried one by one."""
    rules = HandRules.from_flags(flags)
    return TYPE_IDS[
        min(
            type_index(hand, rules)
            for size in range(1, min(len(cards), 5) + 1)
            for hand in combinations(cards, size)
        )
    ]


def only(type_id: str, n: int = 1) -> dict[str, int]:
    return {t: n if t == type_id else 0 for t in TYPE_IDS}


# --- exact counts of whole decks ---------------------------------------------------------------


def test_standard_deck_five_card_counts_are_the_poker_odds() -> None:
    counts = count_exhaustive(STANDARD, 5, CATALOG, NO_RULES)
    assert list(counts) == TYPE_IDS
    assert counts == FIVE_CARD_COUNTS
    assert Odds.of(counts).to_json() == {"total": 2598960, "counts": counts}


def test_abandoned_deck_without_faces_has_six_straight_runs() -> None:
    counts = count_exhaustive(ABANDONED, 5, CATALOG, NO_RULES)
    assert sum(counts.values()) == comb(40, 5)
    # Runs A-5 up to 6-10: 6 runs; 10 ranks of 4 suits.
    assert counts["straight_flush"] == 6 * 4
    assert counts["straight"] == 6 * (4**5 - 4)
    assert counts["flush"] == 4 * comb(10, 5) - 6 * 4
    assert counts["four_of_a_kind"] == 10 * 36
    assert counts["full_house"] == 10 * 4 * 9 * 6
    assert counts["three_of_a_kind"] == 10 * 4 * comb(9, 2) * 16
    assert counts["two_pair"] == comb(10, 2) * 36 * 8 * 4
    assert counts["pair"] == 10 * 6 * comb(9, 3) * 64
    assert counts["high_card"] == (comb(10, 5) - 6) * (4**5 - 4)


def test_checkered_deck_counts_duplicate_cards_as_distinct_cards() -> None:
    counts = count_exhaustive(CHECKERED, 5, CATALOG, NO_RULES)
    assert sum(counts.values()) == comb(52, 5)
    # Two copies of each card: 10 runs x 2 suits x 2^5 copies are straight flushes;
    # every other one-suit hand (pairs included: no trips in one suit) is a flush.
    assert counts["straight_flush"] == 10 * 2 * 2**5
    assert counts["flush"] == 2 * comb(26, 5) - 640
    assert counts["flush_house"] == counts["flush_five"] == counts["five_of_a_kind"] == 0
    assert counts["four_of_a_kind"] == 13 * 48


def test_splash_changes_scoring_cards_but_never_hand_types() -> None:
    assert count_exhaustive(ABANDONED, 5, CATALOG, frozenset({"splash"})) == count_exhaustive(
        ABANDONED, 5, CATALOG, NO_RULES
    )


# --- each rule on a hand built for it ----------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "flags", "expected"),
    [
        ("2S 5S 8S JS KH", NO_RULES, "high_card"),
        ("2S 5S 8S JS KH", frozenset({"four_fingers"}), "flush"),
    ],
)
def test_four_fingers_makes_four_card_flushes_count(cards: str, flags: frozenset[str], expected: str) -> None:
    assert count_exhaustive(deck(cards), 5, CATALOG, flags) == only(expected)


def test_four_fingers_makes_four_card_straights_count() -> None:
    cards = deck("2S 3H 4C 5D 9S")
    assert count_exhaustive(cards, 5, CATALOG, NO_RULES) == only("high_card")
    assert count_exhaustive(cards, 5, CATALOG, frozenset({"four_fingers"})) == only("straight")


def test_four_fingers_straight_and_flush_may_use_different_cards() -> None:
    cards = deck("2S 3S 4S 5H 9S")
    assert count_exhaustive(cards, 5, CATALOG, frozenset({"four_fingers"})) == only("straight_flush")


def test_shortcut_lets_a_straight_skip_one_rank_at_a_time() -> None:
    cards = deck("3S 5H 6C 8D 10S")
    assert count_exhaustive(cards, 5, CATALOG, NO_RULES) == only("high_card")
    assert count_exhaustive(cards, 5, CATALOG, frozenset({"shortcut"})) == only("straight")
    two_missing = deck("3S 6H 7C 8D 9S")
    assert count_exhaustive(two_missing, 5, CATALOG, frozenset({"shortcut"})) == only("high_card")


def test_ace_plays_high_or_low_but_never_wraps() -> None:
    assert count_exhaustive(deck("AS 2H 3C 4D 5S"), 5, CATALOG, NO_RULES) == only("straight")
    assert count_exhaustive(deck("10S JH QC KD AS"), 5, CATALOG, NO_RULES) == only("straight")
    assert count_exhaustive(deck("QS KH AC 2D 3S"), 5, CATALOG, NO_RULES) == only("high_card")


def test_smeared_pools_spades_with_clubs_and_hearts_with_diamonds() -> None:
    smeared = frozenset({"smeared"})
    assert count_exhaustive(deck("2S 5C 8S JC KS"), 5, CATALOG, NO_RULES) == only("high_card")
    assert count_exhaustive(deck("2S 5C 8S JC KS"), 5, CATALOG, smeared) == only("flush")
    assert count_exhaustive(deck("2H 5D 8H JD KD"), 5, CATALOG, smeared) == only("flush")
    assert count_exhaustive(deck("2S 5H 8S JC KS"), 5, CATALOG, smeared) == only("high_card")
    assert [sorted(c) for c in suit_classes(HandRules(smeared=True))] == [["C", "S"], ["D", "H"]]


def test_wild_cards_count_as_every_suit() -> None:
    assert count_exhaustive(deck("2S 5S 8S JS KH:wild"), 5, CATALOG, NO_RULES) == only("flush")
    assert count_exhaustive(deck("2D 5D 8D JD KS:wild"), 5, CATALOG, NO_RULES) == only("flush")


def test_stone_cards_have_no_rank_and_no_suit() -> None:
    assert count_exhaustive(deck("2S 5S 8S JS 2S:stone"), 5, CATALOG, NO_RULES) == only("high_card")
    assert count_exhaustive(deck("AS AH:stone"), 2, CATALOG, NO_RULES) == only("high_card")


def test_hands_of_more_than_five_cards_are_never_flushes_or_straights() -> None:
    cards = deck("2S 3S 4S 5S 6S 7S")
    assert count_exhaustive(cards, 6, CATALOG, NO_RULES) == only("high_card")
    five = count_exhaustive(cards, 5, CATALOG, NO_RULES)
    assert (five["straight_flush"], five["flush"]) == (2, 4)


def test_identical_cards_are_distinct_cards() -> None:
    assert count_exhaustive(deck("AS AS AS"), 2, CATALOG, NO_RULES) == only("pair", 3)
    assert count_exhaustive(deck("AS AS AS AS AS KS"), 5, CATALOG, NO_RULES)["flush_five"] == 1


def test_charms_switch_on_their_passive_rules() -> None:
    charms = {
        "four_fingers": CharmDef("four_fingers", modifiers=(Modifier("four_fingers", "set", 1),)),
        "smeared_joker": CharmDef("smeared_joker", modifiers=(Modifier("smeared", "set", 1),)),
    }
    catalog = Catalog(hand_types=CATALOG.hand_types, charms=charms)
    flags = rules_in_play(catalog, ["four_fingers", "smeared_joker"])
    assert flags == {"four_fingers", "smeared"}
    assert count_exhaustive(deck("2S 5C 8S JH KH"), 5, catalog, flags) == only("high_card")
    assert count_exhaustive(deck("2S 5C 8S JC KH"), 5, catalog, flags) == only("flush")


def test_odds_give_each_type_its_share_of_hands() -> None:
    odds = Odds.of(count_exhaustive(deck("AS AH KS KH"), 2, CATALOG, NO_RULES))
    assert odds.total == 6
    assert odds.probability("pair") == pytest.approx(2 / 6)
    assert odds.probability("high_card") == pytest.approx(4 / 6)
    assert Odds.of(dict.fromkeys(TYPE_IDS, 0)).probability("pair") == 0.0


def test_cancelling_stops_the_count() -> None:
    asked: list[int] = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > 3

    with pytest.raises(Cancelled):
        count_exhaustive(STANDARD, 5, CATALOG, NO_RULES, cancelled)
    assert len(asked) == 4  # it stopped at once, not after the whole count
    cards = deck("AS AH KS KH QD")
    assert count_exhaustive(cards, 3, CATALOG, NO_RULES, lambda: False) == count_exhaustive(
        cards, 3, CATALOG, NO_RULES
    )


def test_hand_size_larger_than_the_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="hand size 4"):
        count_exhaustive(deck("AS KS QS"), 4, CATALOG, NO_RULES)


# --- the combinatorial counter against a per-hand brute force ----------------------------------

SMALL_DECKS = {
    "two_suits_low": " ".join(f"{r}{s}" for s in "SH" for r in range(2, 8)),
    "ace_and_gaps_three_suits": " ".join(f"{r}{s}" for s in "SCH" for r in "A2346"),
    "duplicate_cards": "3S 4S 5S 6S 3S 4S 5S 6S 3H 4H 5H 6H",
    "wild_and_stone": "2S 3S 4S 5S 6S 2H 3H 4H 5H 9D:wild 5C:wild 6H:stone KS:stone",
}


@pytest.mark.parametrize("flags", EVERY_RULE_SET, ids=lambda f: "+".join(sorted(f)) or "none")
@pytest.mark.parametrize("name", SMALL_DECKS)
def test_rule_switches_count_like_a_per_hand_brute_force(name: str, flags: frozenset[str]) -> None:
    cards = deck(SMALL_DECKS[name])
    for size in (3, 4, 5):
        assert count_exhaustive(cards, size, CATALOG, flags) == brute_force(cards, size, flags)


def test_four_suits_with_every_rule_count_like_a_per_hand_brute_force() -> None:
    cards = tuple(Card(r, s) for s in SUITS for r in (2, 3, 4, 5, 7, 14))
    flags = frozenset({"four_fingers", "shortcut", "smeared"})
    assert count_exhaustive(cards, 5, CATALOG, flags) == brute_force(cards, 5, flags)


CARD = st.builds(
    Card,
    rank=st.sampled_from([2, 3, 4, 5, 6, 9, 13, 14]),
    suit=st.sampled_from(SUITS),
    upgrade=st.sampled_from([None, None, None, None, "wild", "stone"]),
    edition=st.none(),
    seal=st.none(),
    extra=st.just(0),
)
FLAGS = st.frozensets(st.sampled_from(RULE_NAMES))


@settings(max_examples=60, deadline=None)
@given(cards=st.lists(CARD, min_size=1, max_size=10), flags=FLAGS, data=st.data())
def test_random_decks_count_like_a_per_hand_brute_force(
    cards: list[Card], flags: frozenset[str], data: st.DataObject
) -> None:
    size = data.draw(st.integers(0, min(len(cards), 7)), label="hand size")
    counts = count_exhaustive(cards, size, CATALOG, flags)
    assert list(counts) == TYPE_IDS
    assert sum(counts.values()) == comb(len(cards), size)
    assert counts == brute_force(cards, size, flags)


# --- sampled deals -----------------------------------------------------------------------------


def test_same_seed_deals_the_same_hands() -> None:
    first = count_sampled(STANDARD, 8, 200, CATALOG, NO_RULES, Rng(7))
    assert first == count_sampled(STANDARD, 8, 200, CATALOG, NO_RULES, Rng(7))
    assert first != count_sampled(STANDARD, 8, 200, CATALOG, NO_RULES, Rng(8))


def test_sampled_counts_every_deal_once() -> None:
    rng = Rng(3)
    counts = count_sampled(CHECKERED, 6, 150, CATALOG, frozenset({"smeared"}), rng)
    assert list(counts) == TYPE_IDS
    assert sum(counts.values()) == 150
    assert rng.counters["deal"] > 0


def test_eight_dealt_cards_usually_hold_at_least_a_pair() -> None:
    counts = count_sampled(STANDARD, 8, 600, CATALOG, NO_RULES, Rng(1))
    assert counts["pair"] > counts["high_card"]
    assert counts["high_card"] < 0.15 * 600


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("2S 5S 8S JS KS 2H 2D", "flush"),  # five of seven beat the three of a kind
        ("AS AH KD", "pair"),  # fewer than five dealt: all of them are played
        ("2S 3H 4C 5D 6S 6H 6C 6D", "four_of_a_kind"),
    ],
)
def test_best_hand_is_played_from_any_five_dealt_cards(cards: str, expected: str) -> None:
    dealt = deck(cards)
    counts = count_sampled(dealt, len(dealt), 3, CATALOG, NO_RULES, Rng(0))
    assert counts == only(expected, 3)


@settings(max_examples=40, deadline=None)
@given(cards=st.lists(CARD, min_size=1, max_size=8), flags=FLAGS)
def test_dealing_the_whole_deck_finds_the_best_playable_hand(
    cards: list[Card], flags: frozenset[str]
) -> None:
    counts = count_sampled(cards, len(cards), 1, CATALOG, flags, Rng(0))
    assert counts == only(best_playable(cards, flags))


def test_deal_larger_than_the_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="deal 4"):
        count_sampled(deck("AS KS QS"), 4, 1, CATALOG, NO_RULES, Rng(0))
