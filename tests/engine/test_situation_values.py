"""Values of the run and the round around a hand, and of the charm row, as comparisons and scalings read them."""

from __future__ import annotations

import dataclasses

import pytest

from studio.engine.catalog import Catalog
from studio.engine.charms import Ability, CharmDef, CharmSlot
from studio.engine.conditions import Compare, Conditions
from studio.engine.describe import describe_ability
from studio.engine.effects import Effect, Scaling
from studio.engine.inplay import CardView
from studio.engine.kinds import situation_values
from studio.engine.scoring import Situation, score
from studio.engine.scoring.rounds import discard


def per(catalog: Catalog, value: str, arg: object = None, trigger: str = "hand", cost: int = 4) -> Catalog:
    """The catalog with a charm ``probe``: +1 Points per ``value`` (with its argument)."""
    effect = Effect("points", 1, Scaling(value, 1, arg))
    charm = CharmDef("probe", abilities=(Ability(trigger, (effect,)),), cost=cost)
    return dataclasses.replace(catalog, charms={**catalog.charms, "probe": charm}, memo={})


def read(
    catalog: Catalog, played: str = "AS", held: str = "", charms: tuple[str, ...] = (), **kw: object
) -> int:
    """The Points the probe charm adds to a hand (the value it read)."""
    slots = (*(CharmSlot(c) for c in charms), CharmSlot("probe"))
    situation = Situation(catalog.cards(played), catalog.cards(held), slots, **kw)  # type: ignore[arg-type]
    return sum(int(e.amount) for e in score(situation, catalog).events if e.source.endswith("probe"))


def test_the_run_and_round_values_read_the_situation(catalog: Catalog) -> None:
    assert read(per(catalog, "ante"), ante=4) == 4
    assert read(per(catalog, "hand_size"), hand_size=6) == 6
    assert read(per(catalog, "draw_pile"), draw_pile=31) == 31
    assert read(per(catalog, "hands_played"), hands_played=3) == 3


def test_outside_a_run_the_values_are_the_standard_runs(catalog: Catalog) -> None:
    assert read(per(catalog, "ante")) == 1
    assert read(per(catalog, "hand_size")) == 8
    assert read(per(catalog, "empty_charm_slots"), charms=("plain_mult",)) == 5 - 2
    assert read(per(catalog, "deck_count")) == 0  # no deck given


def test_hands_played_defaults_to_one_per_hand_type_played(catalog: Catalog) -> None:
    assert read(per(catalog, "hands_played"), hand_types_played=("pair", "flush")) == 2
    assert read(per(catalog, "hands_played"), hand_types_played=("pair",), hands_played=3) == 3


def test_deck_count_counts_the_full_deck_through_its_filter(catalog: Catalog) -> None:
    deck = catalog.cards("9S 9H:wild 9D:stone KD:glass 2C:glass")
    assert read(per(catalog, "deck_count"), full_deck=deck) == 5
    assert read(per(catalog, "deck_count", Conditions(ranks=frozenset({9}))), full_deck=deck) == 2
    hearts = Conditions(suits=frozenset("H"))
    assert read(per(catalog, "deck_count", hearts), full_deck=deck) == 1  # the wild 9H
    glass_face = Conditions(upgrades=frozenset({"glass"}), face=True)
    assert read(per(catalog, "deck_count", glass_face), full_deck=deck) == 1


def test_deck_count_reads_the_deck_as_the_rules_see_it_this_hand(catalog: Catalog) -> None:
    deck = catalog.cards("9S 9H 9C")
    spades = Conditions(suits=frozenset("S"))
    assert read(per(catalog, "deck_count", spades), full_deck=deck) == 1
    assert read(per(catalog, "deck_count", spades), full_deck=deck, charms=("smeared",)) == 2
    assert (
        read(per(catalog, "deck_count", spades), full_deck=deck, boss="club_debuff", charms=("smeared",)) == 0
    )


def test_deck_count_is_worked_out_once_per_hand(catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[str] = []

    def nines(test: Conditions) -> tuple[object, ...]:
        def check(ctx: object, card: CardView, charm: object) -> bool:
            checked.append(card.token)
            return card.rank == 9

        return (check,)

    monkeypatch.setattr(situation_values, "_filter_checks", nines)
    cat = per(catalog, "deck_count", Conditions(ranks=frozenset({9})), trigger="scored_card")
    assert read(cat, "AS AH AD", full_deck=catalog.cards("9S 9H KD")) == 3 * 2
    assert checked == ["9S", "9H", "KD"]  # each deck card once, not once per scored card


def test_times_played_counts_the_played_hand_but_a_discard_is_no_play(catalog: Catalog) -> None:
    cat = per(catalog, "times_played")
    assert read(cat, "AS AH", times_played={"pair": 2, "flush": 9}) == 3
    assert read(cat, "AS AH") == 1
    paying = CharmDef(
        "probe", abilities=(Ability("discard", (Effect("money", 1, Scaling("times_played")),)),)
    )
    discarding = dataclasses.replace(catalog, charms={**catalog.charms, "probe": paying}, memo={})
    situation = Situation(charms=(CharmSlot("probe"),), times_played={"pair": 2})
    assert discard(catalog.cards("AS AH"), situation, discarding).money == 2 * 2  # $2 per discarded card


def test_lowest_held_rank_is_0_with_no_ranked_card_and_an_ace_is_14(catalog: Catalog) -> None:
    cat = per(catalog, "lowest_held_rank")
    assert read(cat, held="9S 4H KD") == 4
    assert read(cat, held="AH AD") == 14
    assert read(cat, held="2S:stone 7H") == 7  # a stone card has no rank
    assert read(cat) == 0


def test_charms_and_empty_charm_slots_read_the_row(catalog: Catalog) -> None:
    assert read(per(catalog, "charms"), charms=("plain_mult", "splash")) == 3
    assert read(per(catalog, "empty_charm_slots"), charms=("plain_mult",), charm_slots=6) == 4
    assert read(per(catalog, "empty_charm_slots"), charms=("plain_mult", "splash"), charm_slots=1) == 0


@pytest.mark.parametrize(("cost", "sells_for"), [(6, 3), (7, 3), (1, 1), (0, 1)])
def test_sell_value_is_what_the_shop_pays_half_the_cost_at_least_1(
    catalog: Catalog, cost: int, sells_for: int
) -> None:
    cat = per(catalog, "sell_value", cost=cost)
    assert cat.charms["probe"].sell_value == sells_for
    assert read(cat) == sells_for


def test_others_sell_value_adds_up_the_rest_of_the_row_bonuses_included_none_below_0(
    catalog: Catalog,
) -> None:
    cat = per(catalog, "others_sell_value")
    plain, splash = (catalog.charms[c].sell_value for c in ("plain_mult", "splash"))
    assert read(cat, charms=("plain_mult", "splash")) == plain + splash
    assert read(cat) == 0  # the probe alone: its own value is not counted
    row = (CharmSlot("plain_mult", sell_bonus=3), CharmSlot("splash", sell_bonus=-99), CharmSlot("probe"))
    situation = Situation(catalog.cards("AS"), (), row)
    assert sum(int(e.amount) for e in score(situation, cat).events if e.source == "probe") == plain + 3


def test_values_read_in_words() -> None:
    def text(value: str, arg: object = None, every: int = 1, op: str = ">=") -> tuple[str, str]:
        scaled = Ability("hand", (Effect("mult", 2, Scaling(value, every, arg)),))
        compared = Ability("hand", (Effect("mult", 2),), Conditions(compare=(Compare(value, op, 3, arg),)))  # type: ignore[arg-type]
        return describe_ability(scaled, {}), describe_ability(compared, {})

    nines = Conditions(ranks=frozenset({9}))
    assert text("deck_count", nines) == (
        "+2 Mult for each 9 in the full deck",
        "+2 Mult if 9s in the full deck is at least 3",
    )
    assert text("deck_count", Conditions(upgrades=frozenset({"stone"})), every=2)[0] == (
        "+2 Mult for every 2 Stone cards in the full deck"
    )
    assert text("deck_count")[0] == "+2 Mult for each card in the full deck"
    assert text("times_played", op="<")[1] == "+2 Mult if this hand type was played below 3 times this run"
    assert text("sell_value")[1] == "+2 Mult if its sell value is at least $3"
    assert text("others_sell_value") == (
        "+2 Mult for every $1 of the other charms' sell values",
        "+2 Mult if the other charms sell for at least $3 together",
    )
    assert text("hands_played")[1] == "+2 Mult if at least 3 hands were already played this round"


def test_hand_size_scaling_reads_once_on_a_card_trigger() -> None:
    """'for each card of hand size for each card held in hand' read as two scalings."""
    held = Ability("held_card", (Effect("mult", 2, Scaling("hand_size", 1, None)),))
    assert describe_ability(held, {}) == "+2 Mult per card of hand size for each card held in hand"
    every = Ability("hand", (Effect("mult", 2, Scaling("hand_size", 2, None)),))
    assert describe_ability(every, {}) == "+2 Mult per 2 cards of hand size"
