"""A simulation plays the workspace as it is on screen: unsaved, new, renamed and removed files included."""

from __future__ import annotations

from pathlib import Path

from studio.simulation.catalogs import load_catalog
from studio.simulation.local import simulate
from studio.simulation.spec import SimulationSpec
from studio.workspace import Workspace
from tests.workspace.ws_support import ref_of

AMOUNT = ("abilities", 0, "effects", 0, "amount")


def _amount(catalog: object, charm: str) -> object:
    return catalog.charms[charm].abilities[0].effects[0].amount  # type: ignore[attr-defined]


def test_a_clean_workspace_has_no_edits(ws: Workspace) -> None:
    assert ws.unsaved_edits() == ()


def test_edits_laid_over_the_packs_give_the_catalog_on_screen(ws: Workspace) -> None:
    ws.set_field(ref_of(ws, "charm", "plain_mult"), AMOUNT, 40)
    ws.create("charm", "brand_new", "base")
    ws.rename(ref_of(ws, "charm", "even_mult"), "even_mult_two")
    edits = ws.unsaved_edits()
    # The rename also rewrites the scenarios that name even_mult (they are files of the pack too).
    assert {(rel, text is None) for _, rel, text in edits if rel.startswith("charms/")} == {
        ("charms/plain_mult.yaml", False),
        ("charms/brand_new.yaml", False),
        ("charms/even_mult_two.yaml", False),
        ("charms/even_mult.yaml", True),
    }
    catalog = load_catalog((), edits=edits)
    assert _amount(catalog, "plain_mult") == _amount(ws.catalog, "plain_mult") == 40
    assert "brand_new" in catalog.charms and "even_mult_two" in catalog.charms
    assert "even_mult" not in catalog.charms
    assert set(catalog.charms) == set(ws.catalog.charms)  # type: ignore[union-attr]


def test_the_base_copy_is_compared_with_the_shipped_base_game(ws: Workspace, base_copy: Path) -> None:
    """Saved changes to a copy of the base game are not on disk where a worker reads the base game."""
    ref = ref_of(ws, "charm", "plain_mult")
    ws.set_field(ref, AMOUNT, 9)
    ws.save(ref)
    assert not ws.dirty()
    assert ws.unsaved_edits() == (("base", "charms/plain_mult.yaml", ws.text(ws.ref(ref.path))),)


def test_worker_processes_play_the_edits(ws: Workspace) -> None:
    """Spawned workers read the packs from disk and lay the spec's edits over them."""
    ws.create("charm", "brand_new", "base")
    ws.set_field(ref_of(ws, "charm", "brand_new"), ("cost",), 3)
    spec = SimulationSpec(bot="fast", runs=2, seed=5, charms=("brand_new",), edits=ws.unsaved_edits())
    report = simulate(spec, workers=2)
    assert report.runs == 2 and report == simulate(spec)
