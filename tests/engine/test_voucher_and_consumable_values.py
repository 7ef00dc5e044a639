"""The vouchers a run has bought and the consumables it holds, as values a charm reads, and a
voucher's modifiers reaching the hand (RULES.md section 6: deck, vouchers, charms, boss)."""

from __future__ import annotations

import dataclasses

import pytest

from studio.engine.catalog import Catalog
from studio.engine.charms import Ability, CharmDef, CharmSlot
from studio.engine.conditions import Compare, Conditions
from studio.engine.describe import describe_ability
from studio.engine.effects import Effect, Scaling
from studio.engine.scoring import Situation, score
from studio.engine.values import Modifier
from studio.engine.vouchers import VoucherDef


def probe(catalog: Catalog, value: str) -> Catalog:
    """The catalog with a charm ``probe``: +1 Points per ``value``."""
    charm = CharmDef("probe", abilities=(Ability("hand", (Effect("points", 1, Scaling(value)),)),))
    return dataclasses.replace(catalog, charms={**catalog.charms, "probe": charm}, memo={})


def read(catalog: Catalog, **kw: object) -> int:
    """The Points the probe charm adds to a high card (the value it read)."""
    situation = Situation(catalog.cards("AS"), charms=(CharmSlot("probe"),), **kw)  # type: ignore[arg-type]
    return sum(int(e.amount) for e in score(situation, catalog).events if e.source == "probe")


def test_vouchers_owned_counts_the_vouchers_bought(catalog: Catalog) -> None:
    cat = probe(catalog, "vouchers_owned")
    assert read(cat) == 0
    assert read(cat, vouchers=("spare_hand",)) == 1
    assert read(cat, vouchers=("savings_jar", "savings_bond", "waste_bin")) == 3


def test_consumables_held_counts_the_consumables_held(catalog: Catalog) -> None:
    cat = probe(catalog, "consumables_held")
    assert read(cat) == 0
    assert read(cat, consumables=2) == 2


@pytest.mark.parametrize(("held", "mult"), [(0, 3), (1, 2)])
def test_a_comparison_reads_the_consumables_held(catalog: Catalog, held: int, mult: float) -> None:
    situation = Situation(catalog.cards("AS AH"), charms=(CharmSlot("travel_light"),), consumables=held)
    assert score(situation, catalog).mult == mult  # x1.5 only with none held


def test_the_new_values_read_in_words() -> None:
    def text(value: str, every: int = 1, op: str = ">=") -> tuple[str, str]:
        scaled = Ability("hand", (Effect("mult", 2, Scaling(value, every)),))
        compared = Ability("hand", (Effect("mult", 2),), Conditions(compare=(Compare(value, op, 3),)))  # type: ignore[arg-type]
        return describe_ability(scaled, {}), describe_ability(compared, {})

    assert text("vouchers_owned") == (
        "+2 Mult for each voucher bought",
        "+2 Mult if at least 3 vouchers were bought",
    )
    assert text("vouchers_owned", every=2)[0] == "+2 Mult for every 2 vouchers bought"
    assert text("consumables_held", op="==") == (
        "+2 Mult for each consumable held",
        "+2 Mult if exactly 3 consumables are held",
    )
    assert text("consumables_held", every=2)[0] == "+2 Mult for every 2 consumables held"


def test_a_vouchers_modifier_reaches_the_values_a_hand_reads(catalog: Catalog) -> None:
    palm = VoucherDef("palm_reader", modifiers=(Modifier("hand_size", "add", 1),))
    cat = dataclasses.replace(probe(catalog, "hand_size"), vouchers={**catalog.vouchers, "palm_reader": palm})
    assert read(cat) == 8
    assert read(cat, vouchers=("palm_reader",)) == 9
    assert read(cat, vouchers=("palm_reader",), deck="standard") == 9


def test_a_vouchers_set_comes_before_the_charms_and_the_boss(catalog: Catalog) -> None:
    """Sources in order: deck, vouchers, charms, boss; the last ``set`` wins, then every ``add``."""
    small = VoucherDef("small_hands", modifiers=(Modifier("hand_size", "set", 5),))
    cat = dataclasses.replace(
        probe(catalog, "hand_size"), vouchers={**catalog.vouchers, "small_hands": small}
    )
    wide = CharmDef("wide", modifiers=(Modifier("hand_size", "set", 7),))
    cat = dataclasses.replace(cat, charms={**cat.charms, "wide": wide}, memo={})
    assert read(cat, vouchers=("small_hands",)) == 5
    slots = (CharmSlot("wide"), CharmSlot("probe"))
    situation = Situation(cat.cards("AS"), charms=slots, vouchers=("small_hands",))
    assert sum(int(e.amount) for e in score(situation, cat).events if e.source == "probe") == 7
