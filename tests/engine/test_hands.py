"""Hand types as patterns: groups by domination, flush and straight needs, rule switches."""

from __future__ import annotations

import pytest

from studio.engine.catalog import Catalog
from studio.engine.hands import HandRules, evaluate, groups_fit, straight_ranks
from studio.engine.scoring import Situation, score


def kind(catalog: Catalog, hand: str, flags: frozenset[str] = frozenset()) -> str:
    from studio.engine.charms import CharmSlot

    slots = tuple(CharmSlot(f) for f in sorted(flags))
    return score(Situation(catalog.cards(hand), charms=slots), catalog).hand_type


@pytest.mark.parametrize(
    ("played", "pattern", "fits"),
    [
        ([3, 1, 1], [2], True),
        ([3, 1, 1], [3], True),
        ([4, 1], [2], True),
        ([4, 1], [4], True),
        ([4, 1], [2, 2], False),
        ([3, 2], [2, 2], True),
        ([1, 1], [2], False),
        ([], [1], False),
        ([2], [], True),
    ],
)
def test_groups_fit_by_domination(played: list[int], pattern: list[int], fits: bool) -> None:
    assert groups_fit(played, pattern) is fits


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("AS KS QS JS 10S", "straight_flush"),
        ("AS 2D 3C 4H 5S", "straight"),
        ("10S JD QC KH AS", "straight"),
        ("QS KD AC 2H 3S", "high_card"),
        ("AS AD AC AH KS", "four_of_a_kind"),
        ("AS AD AC KH KS", "full_house"),
        ("2S 7S 9S JS KS", "flush"),
        ("AS AD AC 2H 3S", "three_of_a_kind"),
        ("AS AD KC KH 3S", "two_pair"),
        ("AS AD", "pair"),
        ("AS", "high_card"),
        ("AS AS AS AS AS", "flush_five"),
        ("AS AS AS KS KS", "flush_house"),
        ("AS AD AC AH AS", "five_of_a_kind"),
    ],
)
def test_each_hand_type_is_recognised(catalog: Catalog, hand: str, expected: str) -> None:
    assert kind(catalog, hand) == expected


def test_no_wrap_around_straight(catalog: Catalog) -> None:
    assert kind(catalog, "QH KD AC 2S 3H") == "high_card"


def test_flush_needs_four_cards_with_four_fingers(catalog: Catalog) -> None:
    assert kind(catalog, "2H 5H 9H KH") == "high_card"
    assert kind(catalog, "2H 5H 9H KH", frozenset({"four_fingers"})) == "flush"


def test_four_fingers_straight_and_flush_may_use_different_cards(catalog: Catalog) -> None:
    # 5 6 7 8 run (four cards) and four hearts (another four) make a straight flush.
    assert kind(catalog, "5H 6H 7H 8S KH", frozenset({"four_fingers"})) == "straight_flush"


def test_shortcut_skips_one_missing_rank_at_a_time(catalog: Catalog) -> None:
    assert kind(catalog, "3S 5D 6C 8H 10S") == "high_card"
    assert kind(catalog, "3S 5D 6C 8H 10S", frozenset({"shortcut"})) == "straight"
    assert kind(catalog, "4S 6D 7C 8H 9S", frozenset({"shortcut"})) == "straight"
    assert kind(catalog, "3S 6D 7C 8H 9S", frozenset({"shortcut"})) == "high_card"
    assert kind(catalog, "2S 5D 6C 7H 8S", frozenset({"shortcut"})) == "high_card"


def test_smeared_joins_hearts_with_diamonds_and_spades_with_clubs(catalog: Catalog) -> None:
    assert kind(catalog, "2H 5D 9H JD KH") == "high_card"
    assert kind(catalog, "2H 5D 9H JD KH", frozenset({"smeared"})) == "flush"
    assert kind(catalog, "2S 5C 9S JC KS", frozenset({"smeared"})) == "flush"


def test_wild_cards_count_as_every_suit(catalog: Catalog) -> None:
    assert kind(catalog, "2H 5H 9H JH KS:wild") == "flush"


def test_stone_cards_have_no_rank_and_no_suit_but_score(catalog: Catalog) -> None:
    result = score(Situation(catalog.cards("AS AD 5C:stone")), catalog)
    assert result.hand_type == "pair"
    assert result.scoring == ("AS", "AD", "5C:stone")
    assert kind(catalog, "2H 5H 9H JH KH:stone") == "high_card"


def test_a_hand_of_only_stone_cards_is_the_lowest_type(catalog: Catalog) -> None:
    result = score(Situation(catalog.cards("AS:stone KD:stone")), catalog)
    assert result.hand_type == "high_card"
    assert result.scoring == ("AS:stone", "KD:stone")


def test_flush_suit_is_tried_in_spade_heart_club_diamond_order(catalog: Catalog) -> None:
    ev = evaluate([2, 5, 9, 11], [frozenset("SHCD")] * 4, catalog.hand_types, HandRules(flush_size=4))
    assert ev.flush_suit == "S"


def test_high_card_scores_only_the_highest_card(catalog: Catalog) -> None:
    result = score(Situation(catalog.cards("2S 9D KC 4H")), catalog)
    assert result.scoring == ("KC",)


def test_kickers_do_not_score(catalog: Catalog) -> None:
    assert score(Situation(catalog.cards("AS AH KD 5C 2H")), catalog).scoring == ("AS", "AH")


def test_splash_makes_every_played_card_score(catalog: Catalog) -> None:
    from studio.engine.charms import CharmSlot

    result = score(Situation(catalog.cards("AS AH KD"), charms=(CharmSlot("splash"),)), catalog)
    assert result.scoring == ("AS", "AH", "KD")


def test_more_than_five_cards_are_never_a_flush_or_straight(catalog: Catalog) -> None:
    ev = evaluate([2, 3, 4, 5, 6, 7], [frozenset("H")] * 6, catalog.hand_types, HandRules())
    assert ev.hand_type.id == "high_card"


def test_ace_plays_low_and_high_but_not_both(catalog: Catalog) -> None:
    assert straight_ranks([14, 2, 3, 4, 5], HandRules()) == frozenset({14, 2, 3, 4, 5})
    assert straight_ranks([10, 11, 12, 13, 14], HandRules()) == frozenset({10, 11, 12, 13, 14})


def test_contains_reports_every_type_a_hand_fits(catalog: Catalog) -> None:
    ev = evaluate([14, 14, 14, 13, 13], [frozenset("S")] * 5, catalog.hand_types, HandRules())
    assert ev.hand_type.id == "flush_house"
    assert {"full_house", "three_of_a_kind", "two_pair", "pair", "flush", "high_card"} <= ev.contains
    assert "four_of_a_kind" not in ev.contains


def test_a_debuffed_card_still_counts_toward_the_hand_type(catalog: Catalog) -> None:
    result = score(Situation(catalog.cards("AC AH KD"), boss="club_debuff"), catalog)
    assert result.hand_type == "pair"
    assert result.total == (10 + 11) * 2  # AC adds nothing
