"""Every boss rule of the base game works in a run (RULES.md section 5)."""

from __future__ import annotations

import pytest

from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.run.actions import Discard, Play, SelectBlind
from studio.engine.run.game import Game
from studio.engine.run.round import debuffed_in_hand
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import Round

HAND = "KS KH 4C 4D 9S 2H 3H 5C"
#: The boss rules this file plays; a new base boss rule must get a test here.
COVERED = frozenset(
    "arm club_debuff diamond_debuff eye face_debuff flint heart_debuff hook manacle miser mouth needle "
    "psychic spade_debuff tooth vise wall water".split()
)


def at_boss(
    catalog: Catalog, boss: str, hand: str = HAND, seed: int = 2, ante: int = 2
) -> tuple[Game, Round]:
    """A run at ``ante``'s boss blind with ``boss`` as its rule, the hand set to ``hand``."""
    assert boss in COVERED
    game = Game.start(RunSetup.from_catalog(catalog, seed=seed))
    game.state.ante, game.state.blind, game.state.boss = ante, 2, boss
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None and r.boss == boss
    if hand:
        r.draw_pile += r.hand
        r.hand = list(catalog.cards(hand))[: r.hand_size]
    return game, r


def last_score(game: Game) -> float:
    entry = game.history[-1]
    assert entry.score is not None
    return entry.score.total


def test_hook_discards_two_random_held_cards_after_each_hand(catalog: Catalog) -> None:
    game, r = at_boss(catalog, "hook")
    pile = len(r.draw_pile)
    game.apply(Play((0, 1)))
    hooked = next(e for e in game.history[-1].events if e.kind == "held_discarded")
    assert hooked.amount == 2 and len(hooked.subject.split()) == 2
    assert len(r.hand) == 8 and len(r.draw_pile) == pile - 4


def test_needle_allows_one_hand(catalog: Catalog) -> None:
    game, r = at_boss(catalog, "needle")
    assert r.hands_left == 1
    game.apply(Play((4,)))
    assert game.state.phase == "lost"


def test_water_starts_with_no_discards(catalog: Catalog) -> None:
    game, r = at_boss(catalog, "water")
    assert r.discards_left == 0
    assert game.legal(Discard((0,))) == "no discards left this round"


def test_wall_quadruples_the_requirement(catalog: Catalog) -> None:
    _, r = at_boss(catalog, "wall")
    assert r.requirement == 800 * 4


def test_miser_is_smaller_and_pays_nothing(catalog: Catalog) -> None:
    _, r = at_boss(catalog, "miser")
    assert (r.requirement, r.reward) == (1200, 0)


def test_tooth_costs_a_dollar_per_card_played(catalog: Catalog) -> None:
    game, _ = at_boss(catalog, "tooth", ante=3)
    money = game.state.money
    game.apply(Play((0, 1, 4)))
    assert game.state.money == money - 3


def test_manacle_and_vise_shrink_the_hand(catalog: Catalog) -> None:
    _, r = at_boss(catalog, "manacle", hand="")
    assert r.hand_size == 7 and len(r.hand) == 7
    _, r = at_boss(catalog, "vise", hand="", ante=5)
    assert (r.hand_size, len(r.hand), r.discards_left) == (6, 6, 1)


def test_eye_refuses_a_hand_type_played_twice(catalog: Catalog) -> None:
    game, r = at_boss(catalog, "eye", ante=3)
    game.apply(Play((0, 1)))
    assert last_score(game) > 0
    r.hand[:2] = catalog.cards("QS QH")
    game.apply(Play((0, 1)))
    assert last_score(game) == 0 and game.history[-1].score.refused  # type: ignore[union-attr]


def test_mouth_refuses_a_type_other_than_the_first(catalog: Catalog) -> None:
    game, _ = at_boss(catalog, "mouth")
    game.apply(Play((4,)))  # high card first
    game.apply(Play((0, 1)))
    assert last_score(game) == 0


def test_psychic_refuses_fewer_than_five_cards(catalog: Catalog) -> None:
    game, _ = at_boss(catalog, "psychic")
    game.apply(Play((0, 1)))
    assert last_score(game) == 0
    game.apply(Play((0, 1, 2, 3, 4)))
    assert last_score(game) > 0


def test_flint_halves_the_base(catalog: Catalog) -> None:
    game, _ = at_boss(catalog, "flint")
    game.apply(Play((0, 1)))  # pair of kings: base 10 x 2 halves to 5 x 1, then +20 Points
    assert last_score(game) == 25


def test_arm_lowers_the_played_type_for_the_rest_of_the_run(catalog: Catalog) -> None:
    game, _ = at_boss(catalog, "arm")
    game.state.levels["pair"] = 3
    game.apply(Play((0, 1)))
    assert game.state.levels["pair"] == 2
    assert last_score(game) == (10 + 15 + 20) * 3


@pytest.mark.parametrize(
    ("boss", "played", "total"),
    [
        ("club_debuff", "4C 4D", (10 + 4) * 2),
        ("diamond_debuff", "4C 4D", (10 + 4) * 2),
        ("heart_debuff", "KS KH", (10 + 10) * 2),
        ("spade_debuff", "KS KH", (10 + 10) * 2),
        ("face_debuff", "KS KH", 10 * 2),
    ],
)
def test_debuffed_cards_give_nothing_but_still_make_the_hand(
    catalog: Catalog, boss: str, played: str, total: int
) -> None:
    game, r = at_boss(catalog, boss, ante=4)
    positions = tuple(r.hand.index(c) for c in catalog.cards(played))
    game.apply(Play(positions))
    entry = game.history[-1].score
    assert entry is not None and entry.hand_type == "pair" and entry.total == total


def test_a_debuff_lifts_when_the_boss_is_disabled_and_stays_lifted_for_the_round(catalog: Catalog) -> None:
    game, r = at_boss(catalog, "club_debuff", ante=4)
    game.state.charms = [CharmSlot("bribe")]
    assert debuffed_in_hand(game.state, game.setup) == {2, 7}  # 4C and 5C
    game.apply(Play((2, 3)))  # 4C 4D: bribe disables the boss before the cards score
    assert last_score(game) == (10 + 4 + 4) * 2
    assert r.boss is None and debuffed_in_hand(game.state, game.setup) == frozenset()
    r.hand[0] = catalog.cards("9C")[0]  # as if dealt after the hand
    game.apply(Play((0,)))
    assert last_score(game) == 5 + 9


def test_every_base_boss_rule_is_tested_in_a_run(catalog: Catalog) -> None:
    assert set(catalog.bosses) == COVERED


def test_bosses_respect_their_first_ante_and_do_not_repeat_early(catalog: Catalog) -> None:
    from studio.engine.bot import play_run

    for seed in range(6):
        game = play_run(catalog, RunSetup.from_catalog(catalog, seed=seed), stop_after=120)
        seen = game.state.bosses_seen
        assert len(set(seen)) == len(seen)
        for ante, boss in enumerate(seen, start=1):
            assert catalog.boss(boss).min_ante <= ante
