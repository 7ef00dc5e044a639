"""Card notation: ranks, suits, modifiers, and errors that name the bad token."""

from __future__ import annotations

import pytest

from studio.engine.cards import Card, CardError, parse_card, parse_cards, rank_points

KINDS = {"glass": "upgrade", "foil": "edition", "red_seal": "seal", "steel": "upgrade"}


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [("AS", 14, "S"), ("as", 14, "S"), ("10h", 10, "H"), ("Td", 10, "D"), ("2C", 2, "C"), ("kh", 13, "H")],
)
def test_ranks_and_suits_are_case_insensitive_and_ten_has_two_spellings(
    token: str, rank: int, suit: str
) -> None:
    card = parse_card(token)
    assert (card.rank, card.suit) == (rank, suit)


def test_modifiers_follow_in_any_order() -> None:
    card = parse_card("KH:red_seal:glass:foil", KINDS)
    assert card == Card(13, "H", "glass", "foil", "red_seal")
    assert str(card) == "KH:glass:foil:red_seal"


@pytest.mark.parametrize("token", ["ZZ", "1S", "AX", "A", "11H", ""])
def test_a_bad_token_names_itself_and_shows_a_good_one(token: str) -> None:
    with pytest.raises(CardError, match="a card is a rank") as err:
        parse_card(token)
    assert f"'{token}'" in str(err.value)


@pytest.mark.parametrize(
    ("token", "meant"), [("1S", "1 is written A: 'AS'"), ("13d", "13 is written K: 'KD'")]
)
def test_a_face_card_or_an_ace_written_as_its_number_is_told_its_letter(token: str, meant: str) -> None:
    with pytest.raises(CardError, match=meant):
        parse_card(token)


def test_an_unknown_modifier_suggests_the_closest() -> None:
    with pytest.raises(CardError, match="did you mean 'glass'"):
        parse_card("KH:glas", KINDS)


def test_two_upgrades_on_one_card_are_refused() -> None:
    with pytest.raises(CardError, match="two upgrades"):
        parse_card("KH:glass:steel", KINDS)


def test_a_hand_is_read_left_to_right() -> None:
    assert [str(c) for c in parse_cards("AS  AH\tKD")] == ["AS", "AH", "KD"]


@pytest.mark.parametrize(
    ("rank", "points"), [(2, 2), (9, 9), (10, 10), (11, 10), (12, 10), (13, 10), (14, 11)]
)
def test_rank_points_are_face_value_faces_ten_and_ace_eleven(rank: int, points: int) -> None:
    assert rank_points(rank) == points
