"""A pack folder added to an open workspace joins its catalog, problems and entries, with no restart."""

from __future__ import annotations

from pathlib import Path

import pytest
from ws_support import ref_of

from studio.cli.main import main as studio_main
from studio.content.packs.skeleton import write_skeleton
from studio.workspace import Workspace, WorkspaceError


def test_an_added_pack_is_checked_and_scored_with_the_rest(ws: Workspace, tmp_path: Path) -> None:
    pack = tmp_path / "neon"
    write_skeleton(pack, "neon")
    charm = ref_of(ws, "charm", "plain_mult")
    ws.set_field(charm, ("cost",), 3)  # an unsaved edit stays
    change = ws.add_pack(pack / "charms")  # a folder inside the pack opens the pack
    assert [p.id for p in ws.packs] == ["base", "neon"]
    assert {r.id for r in change.entries} == {"neon_pair_bonus", "example"}
    assert change.catalog_changed and change.problems_changed
    assert ws.catalog is not None and "neon_pair_bonus" in ws.catalog.charms
    assert ref_of(ws, "charm", "neon_pair_bonus").pack_id == "neon"
    assert ws.problems() == []
    assert ws.is_dirty(charm) and ws.data(charm)["cost"] == 3


def test_an_added_packs_mistakes_and_missing_dependencies_are_problems(ws: Workspace, tmp_path: Path) -> None:
    pack = tmp_path / "neon"
    write_skeleton(pack, "neon")
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text() + "  - {id: glow, version: ^1.0.0}\n", encoding="utf-8")
    bonus = pack / "charms" / "neon_pair_bonus.yaml"
    bonus.write_text(bonus.read_text().replace("contains: pair", "contains: pairr"), encoding="utf-8")
    ws.add_pack(pack)
    found = [p.message for p in ws.problems()]
    assert any("needs pack 'glow'" in m for m in found), found
    assert "unknown hand type 'pairr' (did you mean 'pair'?)" in found


def test_an_added_pack_brings_the_installed_packs_it_needs(ws: Workspace, tmp_path: Path) -> None:
    glow = tmp_path / "glow"
    write_skeleton(glow, "glow")
    assert studio_main(["pack", "build", str(glow), "-o", str(tmp_path / "glow.zip")]) == 0
    assert studio_main(["pack", "install", str(tmp_path / "glow.zip")]) == 0
    neon = tmp_path / "neon"
    write_skeleton(neon, "neon")
    manifest = neon / "pack.yaml"
    manifest.write_text(manifest.read_text() + "  - {id: glow, version: ^0.1.0}\n", encoding="utf-8")
    ws.add_pack(neon)
    assert [p.id for p in ws.packs] == ["base", "glow", "neon"]
    assert ws.catalog is not None and "glow_pair_bonus" in ws.catalog.charms


def test_a_pack_open_already_or_a_folder_that_is_no_pack_is_refused(ws: Workspace, tmp_path: Path) -> None:
    pack = tmp_path / "neon"
    write_skeleton(pack, "neon")
    ws.add_pack(pack)
    with pytest.raises(WorkspaceError, match="the pack 'neon' is open already"):
        ws.add_pack(pack)
    with pytest.raises(WorkspaceError, match="no such pack"):
        ws.add_pack(tmp_path / "nothing")
    assert [p.id for p in ws.packs] == ["base", "neon"]
