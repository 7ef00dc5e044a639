"""A charm written as text, ``id`` or ``id:edition``, reads the same wherever it is written."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from studio.content.models.scenario import ScenarioModel
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup, SetupError

TOKENS = {
    "plain_mult": ("plain_mult", None),
    "plain_mult:foil": ("plain_mult", "foil"),
    " plain_mult : foil ": ("plain_mult", "foil"),
}


@pytest.mark.parametrize(("token", "read"), TOKENS.items())
def test_a_token_names_its_charm_and_edition(token: str, read: tuple[str, str | None]) -> None:
    slot = CharmSlot.parse(token)
    assert (slot.id, slot.edition, slot.counter, slot.locked) == (*read, 0, False)
    assert CharmSlot.parse(token, locked=True).locked


@pytest.mark.parametrize("token", TOKENS)
def test_a_scenario_and_a_run_read_a_token_alike(catalog: Catalog, token: str) -> None:
    (in_scenario,) = ScenarioModel(played="AS", charms=[token]).slots()
    game = Game.start(RunSetup.from_catalog(catalog, seed=1, charms=[token]))
    (in_run,) = game.state.charms
    assert in_scenario == CharmSlot.parse(token)
    assert (in_run.id, in_run.edition) == (in_scenario.id, in_scenario.edition)


def test_a_colon_with_no_edition_is_refused_wherever_it_is_written(catalog: Catalog) -> None:
    with pytest.raises(ValueError, match="write an edition after ':'"):
        CharmSlot.parse("plain_mult:")
    with pytest.raises(ValidationError, match="string_pattern_mismatch"):
        ScenarioModel(played="AS", charms=["plain_mult: "])
    with pytest.raises(SetupError, match="write an edition after ':'"):
        RunSetup.from_catalog(catalog, seed=1, charms=["plain_mult:"])


def test_a_run_names_an_unknown_charm_or_edition(catalog: Catalog) -> None:
    with pytest.raises(SetupError, match="did you mean 'plain_mult'"):
        RunSetup.from_catalog(catalog, seed=1, charms=["plain_multt"])
    with pytest.raises(SetupError, match="foill"):
        RunSetup.from_catalog(catalog, seed=1, charms=["plain_mult:foill"])
