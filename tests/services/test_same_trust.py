"""One trust rule for the command line and the editor: an untrusted pack's code charm does nothing in
both, and a pack trusted for the call runs in both."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.content.models import ScenarioModel
from studio.content.scenarios import score_scenario
from studio.simulation.catalogs import load_catalog
from studio.workspace import Workspace

CHARM = "id: neon_quad\nname: Quad\ndescription: Times four\nbehaviour: neon_quad\n"
PLUGIN = """\
from studio.plugins import Behaviour


class Quad(Behaviour):
    id = "neon_quad"

    def hand(self, ctx, charm):
        ctx.add_xmult(4, charm)
"""
#: A pair of aces is 32 x 2 = 64; the code charm makes it 32 x 8.
TEST = "name: quad\nplayed: AS AH\ncharms: [neon_quad]\nexpect: {total: 256}\n"


@pytest.fixture
def neon(tmp_path: Path) -> Path:
    root = tmp_path / "neon"
    for folder in ("charms", "plugins", "tests"):
        (root / folder).mkdir(parents=True)
    (root / "pack.yaml").write_text("id: neon\nname: Neon\nversion: 1.0.0\n", encoding="utf-8")
    (root / "charms" / "neon_quad.yaml").write_text(CHARM, encoding="utf-8")
    (root / "plugins" / "quad.py").write_text(PLUGIN, encoding="utf-8")
    (root / "tests" / "quad.yaml").write_text(TEST, encoding="utf-8")
    return root


def _editor_total(ws: Workspace) -> float:
    assert ws.catalog is not None
    return score_scenario(ScenarioModel(played="AS AH", charms=["neon_quad"]), ws.catalog).total


def test_untrusted_code_is_disabled_in_the_cli_and_the_editor(studio, neon: Path) -> None:  # type: ignore[no-untyped-def]
    cli = studio("test", str(neon))
    assert cli.code == 1 and "0 passed, 1 failed" in cli.out
    assert "pack 'neon' is not trusted" in cli.err
    ws = Workspace.open([neon])
    assert "neon_quad" in ws.disabled and _editor_total(ws) == 64
    assert load_catalog((str(neon),)).charms["neon_quad"].behaviour is None


def test_code_trusted_for_the_call_runs_in_the_cli_and_the_editor(studio, neon: Path) -> None:  # type: ignore[no-untyped-def]
    ws = Workspace.open([neon], trust=True)  # the editor trusts for this session only
    assert "neon_quad" not in ws.disabled and _editor_total(ws) == 256
    assert load_catalog((str(neon),), trust=True).charms["neon_quad"].behaviour is not None
    assert studio("test", str(neon)).code == 1  # nothing was remembered
    assert studio("test", str(neon), "--trust").out.endswith("1 passed, 0 failed\n")


def test_trust_remembered_by_the_cli_holds_in_the_editor(studio, neon: Path) -> None:  # type: ignore[no-untyped-def]
    assert studio("validate", str(neon), "--trust").code == 0
    ws = Workspace.open([neon])
    assert "neon_quad" not in ws.disabled and _editor_total(ws) == 256
    assert studio("test", str(neon)).code == 0
