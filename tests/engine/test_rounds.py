"""Discard and end-of-round triggers, outside scoring a hand."""

from __future__ import annotations

from dataclasses import replace

from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.conditions import Conditions
from studio.engine.scoring.rounds import discard, end_of_round
from studio.engine.situation import Situation


def test_discard_abilities_fire_once_per_discarded_card(catalog: Catalog) -> None:
    state = Situation(charms=(CharmSlot("scrap_dealer"),), money=3)
    result = discard(catalog.cards("KS QH 2C"), state, catalog)
    assert [e.source for e in result.events] == ["KS scrap_dealer", "QH scrap_dealer"]
    assert result.money == 5
    assert all(e.step == "discard" for e in result.events)


def test_the_first_discarded_card_acts_once_per_discard_a_debuffed_one_passing_it_on(
    catalog: Catalog,
) -> None:
    dealer = catalog.charms["scrap_dealer"]  # +$1 for each discarded face card
    once = replace(
        dealer,
        id="once",
        abilities=(replace(dealer.abilities[0], conditions=Conditions(first_discarded=True)),),
    )
    cat = replace(catalog, charms={**catalog.charms, "once": once}, memo={})
    state = Situation(charms=(CharmSlot("once"),), money=3)
    result = discard(cat.cards("KC QS JH"), state, cat)
    assert [e.source for e in result.events] == ["KC once"] and result.money == 4
    assert [
        e.source for e in discard(cat.cards("KC QS JH"), replace(state, boss="club_debuff"), cat).events
    ] == ["QS once"]


def test_discard_counters_persist_in_the_result(catalog: Catalog) -> None:
    state = Situation(charms=(CharmSlot("sandcastle", counter=2),))
    assert discard(catalog.cards("2S 3S 4H"), state, catalog).counters == (4,)


def test_gold_cards_pay_when_held_at_the_end_of_a_round(catalog: Catalog) -> None:
    state = Situation(held=catalog.cards("KS:gold 2H 3D:gold"), money=1)
    result = end_of_round(state, catalog)
    assert result.money == 7
    assert [e.source for e in result.events] == ["KS gold", "3D gold"]


def test_end_of_round_charms_fire_after_held_cards(catalog: Catalog) -> None:
    state = Situation(held=catalog.cards("KS:gold"), charms=(CharmSlot("nest_egg"), CharmSlot("melting_ice")))
    result = end_of_round(state, catalog)
    assert [e.source for e in result.events] == ["KS gold", "nest_egg", "melting_ice"]
    assert result.counters == (0, 1)


def test_a_debuffed_gold_card_pays_nothing(catalog: Catalog) -> None:
    state = Situation(held=catalog.cards("KC:gold"), boss="club_debuff")
    assert end_of_round(state, catalog).events == ()
