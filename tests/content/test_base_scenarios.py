"""The base game's scenarios pass through the real `studio test`, and cover every required id."""

from __future__ import annotations

from test_base_content import REQUIRED_BOSSES, REQUIRED_CHARMS

from studio.cli.main import main
from studio.content.io.paths import base_content_dir
from studio.content.scenarios import read_scenarios, scenario_files, size_rules
from studio.engine.catalog import Catalog

HAND_BOSSES = ["club_debuff", "heart_debuff", "face_debuff", "flint", "psychic", "arm", "eye", "mouth"]


def test_every_base_scenario_passes(capsys) -> None:  # type: ignore[no-untyped-def]
    code = main(["test"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.strip().endswith("0 failed")


def test_scenarios_cover_every_required_charm_modifier_and_hand_boss(catalog: Catalog) -> None:
    charms, modifiers, bosses = set(), set(), set()
    for path in scenario_files(base_content_dir() / "tests"):
        for s in read_scenarios(path)[0]:
            charms.update(slot.id for slot in s.model.slots())
            modifiers.update(slot.edition for slot in s.model.slots() if slot.edition)
            for card in (*catalog.cards(s.model.played), *catalog.cards(s.model.held)):
                modifiers.update(m for m in (card.upgrade, card.edition, card.seal) if m)
            bosses.add(s.model.boss)
    assert set(REQUIRED_CHARMS) <= charms
    assert {*catalog.upgrades, *catalog.editions, *catalog.seals} <= modifiers
    assert set(HAND_BOSSES) <= bosses and set(HAND_BOSSES) <= set(REQUIRED_BOSSES)


def test_the_base_game_has_no_rule_of_a_played_hands_size(catalog: Catalog) -> None:
    """So the size of its scenarios' hands of 1 to 5 cards is not checked (each check opens a scoring
    context, on every workspace open): the settings a code charm's effect takes name ``max_played``
    among every value, but they are no rule."""
    assert "max_played" in repr(catalog.effect_settings)
    assert size_rules(catalog) == ()
