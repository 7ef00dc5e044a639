"""Conditions on cards and on the blind: a card's upgrade, edition, seal and place, the played
hand's suits, the held cards, and the blind being played."""

from __future__ import annotations

import dataclasses

from studio.engine.catalog import Catalog
from studio.engine.charms import Ability, CharmDef, CharmSlot
from studio.engine.conditions import Conditions
from studio.engine.describe import describe_ability
from studio.engine.effects import Effect
from studio.engine.scoring import Situation, score
from studio.engine.trace import ScoreResult


def probe(catalog: Catalog, trigger: str, **tests: object) -> Catalog:
    """The catalog with a charm ``probe``: +1 Mult at ``trigger`` when the tests hold."""
    ability = Ability(trigger, (Effect("mult", 1),), Conditions(**tests))
    charms = {**catalog.charms, "probe": CharmDef("probe", abilities=(ability,))}
    return dataclasses.replace(catalog, charms=charms, memo={})


def fired(catalog: Catalog, played: str, held: str = "", **kw: object) -> list[str]:
    """Score with the probe charm; return the sources of its events."""
    r: ScoreResult = score(
        Situation(catalog.cards(played), catalog.cards(held), (CharmSlot("probe"),), **kw),  # type: ignore[arg-type]
        catalog,
    )
    return [e.source for e in r.events if e.source.endswith("probe")]


def test_upgrades_editions_and_seals_read_the_triggering_card(catalog: Catalog) -> None:
    played = "KS:glass KH:foil KD:red_seal KC"
    assert fired(probe(catalog, "scored_card", upgrades=frozenset({"glass"})), played) == ["KS probe"]
    assert fired(probe(catalog, "scored_card", editions=frozenset({"foil"})), played) == ["KH probe"]
    # the red seal retriggers its card, and the charm fires on each trigger
    assert fired(probe(catalog, "scored_card", seals=frozenset({"red_seal"})), played) == ["KD probe"] * 2


def test_a_modifier_condition_on_held_cards_reads_each_held_card(catalog: Catalog) -> None:
    cat = probe(catalog, "held_card", upgrades=frozenset({"steel", "gold"}))
    assert fired(cat, "AS", held="2S:steel 3H 4D:gold") == ["2S probe", "4D probe"]


def test_first_scoring_is_a_place_so_an_equal_card_later_is_not_first(catalog: Catalog) -> None:
    cat = probe(catalog, "scored_card", first_scoring=True)
    assert fired(cat, "9S 9S 9H") == ["9S probe"]
    assert fired(probe(catalog, "scored_card", first_scoring=False), "9S 9S 9H") == ["9S probe", "9H probe"]


def test_first_scoring_skips_kickers_before_the_scoring_cards(catalog: Catalog) -> None:
    # 3D is a kicker of the pair: the first scoring card is the first king
    assert fired(probe(catalog, "scored_card", first_scoring=True), "3D KS KH") == ["KS probe"]


def test_suits_present_needs_a_card_for_each_suit(catalog: Catalog) -> None:
    cat = probe(catalog, "hand", suits_present=frozenset("SHCD"))
    assert fired(cat, "AS 2H 3C 4D") == ["probe"]
    assert fired(cat, "AS 2H 3C 4C") == []


def test_suits_present_lets_a_wild_card_stand_for_one_missing_suit(catalog: Catalog) -> None:
    cat = probe(catalog, "hand", suits_present=frozenset("SHCD"))
    assert fired(cat, "AS 2H 3C 4H:wild") == ["probe"]
    assert fired(cat, "AS 2H 3H:wild") == []  # one wild card, two missing suits
    assert fired(probe(catalog, "hand", suits_present=frozenset("CD")), "5S:wild 6S:wild") == ["probe"]


def test_suits_present_reads_kickers_and_no_suit_on_a_debuffed_card(catalog: Catalog) -> None:
    cat = probe(catalog, "hand", suits_present=frozenset("SC"))
    assert fired(cat, "AS AH 2C") == ["probe"]  # 2C is a kicker, and still played
    assert fired(cat, "AS AH 2C", boss="club_debuff") == []


def test_all_held_holds_when_every_held_card_passes_and_when_none_is_held(catalog: Catalog) -> None:
    cat = probe(catalog, "hand", all_held=Conditions(suits=frozenset("SC")))
    assert fired(cat, "AS", held="2S 3C 4S:wild") == ["probe"]  # a wild card is of every suit
    assert fired(cat, "AS", held="2S 3H") == []
    assert fired(cat, "AS") == ["probe"]


def test_all_held_reads_a_debuffed_held_card_as_of_no_suit(catalog: Catalog) -> None:
    cat = probe(catalog, "hand", all_held=Conditions(suits=frozenset("C")))
    assert fired(cat, "AH", held="2C 3C") == ["probe"]
    assert fired(cat, "AH", held="2C 3C", boss="club_debuff") == []


def test_all_held_is_worked_out_once_and_holds_on_every_trigger(catalog: Catalog) -> None:
    cat = probe(catalog, "scored_card", all_held=Conditions(upgrades=frozenset({"steel"})))
    assert fired(cat, "2S 2H 2D", held="KS:steel QH:steel") == ["2S probe", "2H probe", "2D probe"]


def test_blind_holds_in_the_named_blinds_and_never_outside_a_run(catalog: Catalog) -> None:
    cat = probe(catalog, "hand", blind=frozenset({"small", "boss"}))
    assert fired(cat, "AS", blind="boss") == ["probe"]
    assert fired(cat, "AS", blind="big") == []
    assert fired(cat, "AS") == []


def test_card_tests_join_into_one_phrase() -> None:
    def text(trigger: str, **tests: object) -> str:
        return describe_ability(Ability(trigger, (Effect("mult", 2),), Conditions(**tests)), {})

    glass = frozenset({"glass"})
    assert text("scored_card", suits=frozenset("D"), upgrades=glass) == "+2 Mult for each scored ♦ Glass card"
    assert text("held_card", seals=frozenset({"red_seal", "gold_seal"})) == (
        "+2 Mult for each card held in hand with a Gold Seal or Red Seal"
    )
    assert text("scored_card", first_scoring=True, ranks=frozenset({14})) == (
        "+2 Mult for the first scoring card if it is an Ace"
    )
    assert text("discard", first_discarded=True) == "When discarding: +2 Mult once per discard"
    assert text("discard", first_discarded=False, face=True) == (
        "When discarding: +2 Mult for each discarded face card other than the first one"
    )
    assert text("hand", all_held=Conditions(face=True)) == "+2 Mult if every card held in hand is a face card"
    assert (
        text("hand", suits_present=frozenset("HD")) == "+2 Mult if the played hand has a ♥ card and a ♦ card"
    )
    assert text("hand", blind=frozenset({"boss"})) == "+2 Mult in the boss blind"
