"""The scorer follows RULES.md section 3, step by step, and records every change."""

from __future__ import annotations

import dataclasses
import math

import pytest
from spec_data import APPENDIX_TRACE

from studio.engine.behaviour import Behaviour
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmDef, CharmSlot
from studio.engine.hooks import CharmContext
from studio.engine.inplay import ActiveCharm
from studio.engine.rng import RngState
from studio.engine.scoring import HandSizeError, Situation, score
from studio.engine.trace import ScoreResult


def play(catalog: Catalog, played: str, *charms: str, held: str = "", **kw: object) -> ScoreResult:
    slots = tuple(CharmSlot(*c.split(":")) for c in charms)
    return score(Situation(catalog.cards(played), catalog.cards(held), slots, **kw), catalog)  # type: ignore[arg-type]


def steps(result: ScoreResult) -> list[tuple[str, str, int, float]]:
    return [(e.step, e.source, e.points, e.mult) for e in result.events]


def test_the_appendix_hand_scores_3082_step_by_step(catalog: Catalog) -> None:
    r = play(
        catalog,
        "KH 10H:glass 6H 4H 2H",
        "even_mult",
        "money_mult",
        "plain_mult",
        "splash",
        held="5D:steel",
        money=17,
    )
    assert steps(r) == APPENDIX_TRACE
    assert r.total == 3082


def test_the_last_event_holds_the_result(catalog: Catalog) -> None:
    r = play(catalog, "AS AH KD", "pair_mult", "ace_bonus")
    last = r.events[-1]
    assert (last.points, last.mult, last.money) == (r.points, r.mult, r.money)
    assert r.total == math.floor(r.points * r.mult)


def test_hand_levels_add_their_growth(catalog: Catalog) -> None:
    # pair at level 3: 10 + 2*15 Points, 2 + 2*1 Mult; AS AH add 22.
    assert play(catalog, "AS AH", levels={"pair": 3}).total == (40 + 22) * 4


def test_a_card_retriggers_by_its_seal_then_by_charms_in_order(catalog: Catalog) -> None:
    r = play(catalog, "2S:red_seal", "low_retrigger")
    sources = [e.source for e in r.events]
    assert sources == ["high_card", "2S", "2S red_seal", "2S", "2S low_retrigger", "2S"]
    assert r.total == (5 + 2 * 3) * 1


def test_all_triggers_of_a_card_happen_before_the_next_card(catalog: Catalog) -> None:
    r = play(catalog, "2S:red_seal 2H", "even_mult")
    assert [e.source for e in r.events][1:] == [
        "2S",
        "2S even_mult",
        "2S red_seal",
        "2S",
        "2S even_mult",
        "2H",
        "2H even_mult",
    ]


def test_a_held_card_that_did_nothing_is_not_retriggered(catalog: Catalog) -> None:
    r = play(catalog, "AS", "held_retrigger", held="5D 5C:steel")
    assert [e.source for e in r.events if e.step == "held_card"] == [
        "5C steel",
        "5C held_retrigger",
        "5C steel",
    ]
    assert r.mult == 1 * 1.5 * 1.5


def test_king_held_x_fires_per_held_king(catalog: Catalog) -> None:
    assert play(catalog, "AS", "king_held_x", held="KS KD QH").mult == 1 * 1.5 * 1.5


def test_charm_editions_wrap_the_charms_own_effect(catalog: Catalog) -> None:
    r = play(catalog, "AS", "plain_mult:polychrome", "plain_mult:foil")
    assert steps(r)[-4:] == [
        ("hand", "plain_mult", 16, 5),
        ("hand", "plain_mult polychrome", 16, 7.5),
        ("hand", "plain_mult foil", 66, 7.5),
        ("hand", "plain_mult", 66, 11.5),
    ]


def test_a_charm_edition_applies_even_without_a_hand_ability(catalog: Catalog) -> None:
    r = play(catalog, "AS", "diamond_mult:holographic")
    assert steps(r)[-1] == ("hand", "diamond_mult holographic", 16, 11)


def test_card_steps_run_points_then_mult_then_seal_money_then_xmult_then_edition(catalog: Catalog) -> None:
    r = play(catalog, "AS:glass:polychrome:gold_seal AD")
    assert [e.source for e in r.events[1:5]] == ["AS", "AS gold_seal", "AS glass", "AS polychrome"]


def test_money_earned_earlier_is_seen_later_in_the_same_hand(catalog: Catalog) -> None:
    # $2 + $3 from the gold seal = $5: money_mult gives +2 Mult.
    r = play(catalog, "AS:gold_seal", "money_mult", money=2)
    assert r.money == 5
    assert r.mult == 1 + 2


def test_a_debuffed_card_adds_nothing_and_is_no_face_card(catalog: Catalog) -> None:
    r = play(catalog, "KS KD", "face_points", boss="face_debuff")
    assert r.hand_type == "pair"
    assert steps(r) == [("base", "pair", 10, 2), ("scored_card", "KS", 10, 2), ("scored_card", "KD", 10, 2)]
    assert [(e.what, e.change, e.position) for e in r.events[1:]] == [
        ("debuffed", "debuffed by face_debuff", 0),
        ("debuffed", "debuffed by face_debuff", 1),
    ]


def test_a_debuffed_wild_card_counts_only_its_printed_suit(catalog: Catalog) -> None:
    assert play(catalog, "2H 5H 9H JH KC:wild", boss="club_debuff").hand_type == "high_card"
    assert play(catalog, "2H 5H 9H JH KS:wild", boss="club_debuff").hand_type == "high_card"
    assert play(catalog, "2H 5H 9H JH KH:wild", boss="club_debuff").hand_type == "flush"


@pytest.mark.parametrize(
    ("boss", "played", "types_played", "refused"),
    [
        ("psychic", "AS AH", (), True),
        ("psychic", "AS AH KD 5C 2H", (), False),
        ("eye", "AS AH", ("pair",), True),
        ("eye", "AS AH", ("flush",), False),
        ("mouth", "AS AH", ("flush",), True),
        ("mouth", "AS AH", ("pair",), False),
        ("mouth", "AS AH", (), False),
    ],
)
def test_boss_rules_refuse_hands_with_a_reason(
    catalog: Catalog, boss: str, played: str, types_played: tuple[str, ...], refused: bool
) -> None:
    r = play(catalog, played, "plain_mult", boss=boss, hand_types_played=types_played)
    assert r.refused is refused
    if refused:
        assert r.total == 0
        assert [(e.step, e.what) for e in r.events] == [("boss", "refuse")]
        assert "refused" in r.events[0].change


def test_flint_halves_base_rounding_half_up_with_mult_at_least_one(catalog: Catalog) -> None:
    r = play(catalog, "AS", boss="flint")  # high card 5 x 1 -> 3 x 1
    assert steps(r)[:2] == [("base", "high_card", 5, 1), ("base", "flint", 3, 1)]
    assert play(catalog, "AS AH KS KH", boss="flint").events[1].points == 10  # two pair 20 -> 10


def test_arm_lowers_the_level_before_scoring_but_not_below_one(catalog: Catalog) -> None:
    r = play(catalog, "AS AH", boss="arm", levels={"pair": 3})
    assert dict(r.levels)["pair"] == 2
    assert r.events[1].points == 25
    assert dict(play(catalog, "AS AH", boss="arm").levels).get("pair", 1) == 1


def test_tooth_takes_a_dollar_per_card_played(catalog: Catalog) -> None:
    assert play(catalog, "AS AH KD", boss="tooth", money=10).money == 7


def test_bus_rider_counts_hands_without_faces_and_resets_on_a_face(catalog: Catalog) -> None:
    slot = CharmSlot("bus_rider", counter=2)
    r = score(Situation(catalog.cards("AS AH"), charms=(slot,)), catalog)
    assert r.counters == (3,)
    assert r.mult == 2 + 3
    r = score(Situation(catalog.cards("KS KH"), charms=(slot,)), catalog)
    assert r.counters == (0,)
    assert r.mult == 2


def test_first_face_x2_fires_on_each_trigger_of_the_first_face_only(catalog: Catalog) -> None:
    r = play(catalog, "KS:red_seal KH", "first_face_x2")
    assert [e.source for e in r.events if e.what == "xmult"] == ["KS first_face_x2", "KS first_face_x2"]


def test_five_alive_is_a_plugin_behaviour_loaded_from_plugins(catalog: Catalog) -> None:
    charm = catalog.charm("five_alive")
    assert charm.behaviour is not None and type(charm.behaviour).__module__.startswith(
        "studio_plugin_five_alive"
    )
    assert play(catalog, "2S 3S 4S 5S 6S", "five_alive").events[-1].change == "x1.75 Mult"
    assert play(catalog, "AS AH", "five_alive").events[-1].source == "AH"


class _DoubleAces(Behaviour):
    id = "double_aces"

    def scored_card(self, ctx: CharmContext, charm: ActiveCharm, card: object) -> None:
        if getattr(card, "rank", None) == 14:
            ctx.add_mult(2, charm)


def test_code_and_data_charms_mix_in_one_row_and_look_alike_in_the_trace(catalog: Catalog) -> None:
    code = CharmDef("double_aces", behaviour_id="double_aces", behaviour=_DoubleAces())
    mixed = dataclasses.replace(catalog, charms={**catalog.charms, "double_aces": code}, memo={})
    r = score(
        Situation(catalog.cards("AS AH"), charms=(CharmSlot("double_aces"), CharmSlot("ace_bonus"))), mixed
    )
    assert [e.source for e in r.events if e.step == "scored_card"] == [
        "AS",
        "AS double_aces",
        "AS ace_bonus",
        "AS ace_bonus",
        "AH",
        "AH double_aces",
        "AH ace_bonus",
        "AH ace_bonus",
    ]


@pytest.mark.parametrize("played", ["", "AS AH KD 5C 2H 3S"])
def test_a_played_hand_holds_one_to_five_cards(catalog: Catalog, played: str) -> None:
    with pytest.raises(HandSizeError, match="1 to 5 cards"):
        score(Situation(catalog.cards(played)), catalog)


def test_scoring_never_changes_its_inputs(catalog: Catalog) -> None:
    situation = Situation(
        catalog.cards("AS AH"), charms=(CharmSlot("bus_rider", counter=1),), levels={"pair": 2}
    )
    before = dataclasses.replace(situation)
    score(situation, catalog)
    assert situation == before and dict(situation.levels) == {"pair": 2}


def test_numbers_past_the_float_range_give_infinity_not_a_crash(catalog: Catalog) -> None:
    slots = tuple(CharmSlot("pair_x2") for _ in range(1100))
    r = score(Situation(catalog.cards("AS AH"), charms=slots), catalog)
    assert r.total == math.inf


def test_smeared_also_joins_suits_for_charm_conditions(catalog: Catalog) -> None:
    # A heart counts as a diamond for diamond_mult, but only with smeared.
    assert play(catalog, "AH", "diamond_mult").mult == 1
    assert play(catalog, "AH", "diamond_mult", "smeared").mult == 1 + 3


def test_smeared_spreads_a_suit_debuff_to_the_joined_suit(catalog: Catalog) -> None:
    # RULES.md section 5: a suit is asked the same way everywhere, boss debuffs included.
    assert play(catalog, "AS AH", boss="club_debuff").total == (10 + 22) * 2
    smeared = play(catalog, "AS AH", "smeared", boss="club_debuff")
    assert smeared.total == (10 + 11) * 2
    assert [(e.source, e.what) for e in smeared.events[1:]] == [("AS", "debuffed"), ("AH", "points")]
    assert play(catalog, "KD KS", "diamond_mult", boss="heart_debuff").total == (10 + 20) * (2 + 3)
    assert play(catalog, "KD KS", "smeared", "diamond_mult", boss="heart_debuff").total == (10 + 10) * 2


def test_glass_cards_break_after_the_hand_one_time_in_four(catalog: Catalog) -> None:
    broken = [bool(play(catalog, "AS:glass", rng=RngState(seed)).broken) for seed in range(400)]
    assert 70 < sum(broken) < 130
    r = play(catalog, "AS:glass AH:glass", rng=RngState(next(s for s in range(400) if broken[s])))
    assert r.broken[0] == "AS:glass" and r.total == (10 + 22) * 8


def test_a_refused_hand_breaks_nothing(catalog: Catalog) -> None:
    assert all(not play(catalog, "AS:glass", boss="psychic", rng=RngState(s)).broken for s in range(50))


def test_first_face_x2_picks_one_of_two_identical_cards(catalog: Catalog) -> None:
    # The checkered deck holds two of each spade: the second KS is not the first face card.
    r = play(catalog, "KS KS", "first_face_x2")
    assert [e.source for e in r.events if e.what == "xmult"] == ["KS first_face_x2"]
    assert r.mult == 2 * 2


def test_first_face_is_a_scored_card_condition_only(catalog: Catalog) -> None:
    r = play(catalog, "KS KD", "first_face_x2", held="KS")
    assert [e.step for e in r.events if e.what == "xmult"] == ["scored_card"]


def test_the_result_carries_the_generator_state_after_the_hand(catalog: Catalog) -> None:
    r = play(catalog, "AH KH", "lucky_hearts", rng=RngState(5))
    assert r.rng == RngState(5, (("chance.lucky_hearts", 1),))  # one scored heart: one draw
    untouched = play(catalog, "AS", rng=RngState(5, (("shop", 3),)))
    assert untouched.rng == RngState(5, (("shop", 3),))
    assert (untouched.hand_type, untouched.scoring, untouched.refused, untouched.broken) == (
        "high_card",
        ("AS",),
        False,
        (),
    )


def test_events_say_structurally_where_they_come_from(catalog: Catalog) -> None:
    r = play(catalog, "KS KS:red_seal", "first_face_x2", "king_held_x:foil", held="5D KD", boss="flint")
    where = [(e.source, e.source_kind, e.zone, e.position, e.slot) for e in r.events]
    assert where == [
        ("pair", "hand_type", "", -1, -1),
        ("flint", "boss", "", -1, -1),
        ("KS", "card", "played", 0, -1),
        ("KS first_face_x2", "charm", "played", 0, 0),
        ("KS", "card", "played", 1, -1),  # the equal card, told apart by its position
        ("KS red_seal", "seal", "played", 1, -1),
        ("KS", "card", "played", 1, -1),
        ("KD king_held_x", "charm", "held", 1, 1),
        ("king_held_x foil", "edition", "", -1, 1),
    ]
    assert r.events[0].to_json()["zone"] is None and r.events[-2].to_json()["position"] == 1


def test_a_situation_with_another_hand_is_what_replace_gives(catalog: Catalog) -> None:
    base = Situation(
        catalog.cards("AS"), charms=(CharmSlot("plain_mult"),), money=7, ante=3, vouchers=("spare_hand",)
    )
    played, held = catalog.cards("KH KD"), catalog.cards("2C")
    rng = RngState(9)
    assert base.with_hand(played, held, rng) == dataclasses.replace(base, played=played, held=held, rng=rng)
