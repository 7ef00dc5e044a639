"""Layered values: base, then set, add, times and bounds, from every source in order (RULES.md section 6)."""

from __future__ import annotations

import pytest

from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.run.actions import SelectBlind
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.values import Modifier, flags_on, folded, layered


def test_sets_come_before_adds_and_adds_before_times() -> None:
    mods = (Modifier("hands", "times", 2), Modifier("hands", "add", 1), Modifier("hands", "set", 1))
    assert layered("hands", 4, mods) == 4  # (1 + 1) x 2


def test_the_last_set_wins() -> None:
    assert layered("discards", 3, (Modifier("discards", "set", 0), Modifier("discards", "set", 2))) == 2


def test_bounds_hold_after_every_layer() -> None:
    assert layered("hand_size", 8, (Modifier("hand_size", "add", -20),)) == 1
    assert layered("discards", 3, (Modifier("discards", "add", -9),)) == 0


def test_whole_values_round_half_up() -> None:
    assert layered("base_points", 35, (Modifier("base_points", "times", 0.5),)) == 18


def test_base_sources_fold_in_order_so_a_later_add_counts_after_a_set() -> None:
    mods = (Modifier("hands", "set", 2), Modifier("hands", "add", 1))
    assert folded("hands", 4, mods) == 3
    assert folded("hands", 4, tuple(reversed(mods))) == 2


def test_a_hand_rule_is_on_while_its_value_is_above_zero() -> None:
    on = Modifier("four_fingers", "set", 1)
    assert flags_on((on,)) == {"four_fingers"}
    assert flags_on((on, Modifier("four_fingers", "set", 0))) == frozenset()


@pytest.mark.parametrize(
    ("deck", "charms", "hands"),
    [
        ("standard", [], 1),  # the needle sets 1
        ("blue", [], 1),  # the deck's +1 is part of the base the needle's set replaces
    ],
)
def test_needle_sets_hands_over_the_deck(catalog: Catalog, deck: str, charms: list[str], hands: int) -> None:
    game = Game.start(RunSetup.from_catalog(catalog, deck=deck, seed=1))
    game.state.ante, game.state.blind, game.state.boss = 2, 2, "needle"
    game.state.charms = [CharmSlot(c) for c in charms]
    game.apply(SelectBlind())
    assert game.state.round is not None and game.state.round.hands_left == hands


def test_manacle_adds_to_what_the_deck_and_difficulty_give(catalog: Catalog) -> None:
    game = Game.start(RunSetup.from_catalog(catalog, difficulty=5, seed=1))  # lean times: -1 hand size
    game.state.ante, game.state.blind, game.state.boss = 2, 2, "manacle"
    game.apply(SelectBlind())
    assert game.state.round is not None and game.state.round.hand_size == 6
