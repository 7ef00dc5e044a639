"""A hand type whose pattern needs more cards than a hand may hold is a problem, unless content lets them be played."""

from __future__ import annotations

from pathlib import Path

from test_packs import make, opened

from studio.content.packs.pack import base_pack
from studio.plugins.loading import load_packs

SIX = "id: six_kind\nname: Six of a Kind\nstrength: 1300\ngroups: [3, 3]\npoints: 200\nmult: 20\n"
STRAIGHT_TRIPS = "id: straight_trips\nname: Straight Trips\nstrength: 1300\ngroups: [3]\nneeds_straight: true\npoints: 200\nmult: 20\n"


def problems_with(tmp_path: Path, files: dict[str, str]) -> list[str]:
    content = load_packs([base_pack(), opened(make(tmp_path, "big", files=files))])
    return [f"{Path(p.file).name}:{p.line}: {p.path}: {p.message}" for p in content.problems]


def test_groups_of_more_cards_than_a_hand_holds_are_a_problem_at_the_groups(tmp_path: Path) -> None:
    assert problems_with(tmp_path, {"hands/six_kind.yaml": SIX}) == [
        "six_kind.yaml:4: $.groups: the groups [3, 3] need at least 6 cards, but a played hand holds at most 5: "
        "no hand can be a Six of a Kind"
    ]


def test_a_straight_counts_its_other_ranks_even_with_four_fingers(tmp_path: Path) -> None:
    [problem] = problems_with(tmp_path, {"hands/straight_trips.yaml": STRAIGHT_TRIPS})
    assert "the groups [3] and a straight need at least 6 cards" in problem  # 3 of a rank and 3 more ranks


def test_content_that_lets_more_cards_be_played_allows_the_pattern(tmp_path: Path) -> None:
    raise_one = "id: big_hand\nname: Big Hand\nmodify: [{value: max_played, add: 1}]\n"
    assert problems_with(tmp_path, {"hands/six_kind.yaml": SIX, "charms/big_hand.yaml": raise_one}) == []


def test_a_raise_for_the_hand_counts_too_and_a_scaled_one_has_no_limit_but_the_values(tmp_path: Path) -> None:
    seven = SIX.replace("[3, 3]", "[4, 3]").replace("six_kind", "seven_kind")
    set_six = (
        "id: six_hand\nname: Six Hand\nabilities:\n  - trigger: before\n"
        "    effects: [{kind: modify, value: max_played, set: 6}]\n"
    )
    [problem] = problems_with(
        tmp_path / "a", {"hands/seven_kind.yaml": seven, "charms/six_hand.yaml": set_six}
    )
    assert "need at least 7 cards, but a played hand holds at most 6" in problem
    scaled = set_six.replace("set: 6", "add: 1, per: money").replace("six_hand", "rich_hand")
    assert (
        problems_with(tmp_path / "b", {"hands/seven_kind.yaml": seven, "charms/rich_hand.yaml": scaled}) == []
    )
