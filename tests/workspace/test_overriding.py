"""An entry that cannot be saved where it is changes in a pack that replaces it, or in a copy of the base game."""

from __future__ import annotations

import shutil
import stat
import zipfile
from pathlib import Path

import pytest
from ws_support import ref_of

from studio.workspace import Workspace, WorkspaceError
from studio.workspace.overriding import copy_base_game


def test_the_installed_base_game_is_read_only_and_says_what_to_do(installed_base: Path) -> None:
    ws = Workspace.open([])
    ref = ref_of(ws, "charm", "plain_mult")
    before = ref.path.read_text(encoding="utf-8")
    ws.set_field(ref, ("cost",), 9)  # edits are allowed: the preview shows them
    with pytest.raises(WorkspaceError, match=r"installed with Studio and read-only.*Override in a pack"):
        ws.save(ref)
    assert ref.path.read_text(encoding="utf-8") == before
    with pytest.raises(WorkspaceError, match="read-only"):
        ws.rename(ref, "plainer_mult")


def test_override_in_a_new_pack_moves_the_edits_to_a_replacing_copy(
    installed_base: Path, tmp_path: Path
) -> None:
    ws = Workspace.open([])
    ref = ref_of(ws, "charm", "plain_mult")
    ws.set_field(ref, ("cost",), 9)
    copy = ws.override_in_pack(ref, tmp_path / "My Changes")
    manifest = (tmp_path / "My Changes" / "pack.yaml").read_text(encoding="utf-8")
    assert "id: my_changes" in manifest and "- charm/plain_mult" in manifest
    assert copy.path == tmp_path / "My Changes" / "charms" / "plain_mult.yaml"
    first = copy.path.read_text(encoding="utf-8").splitlines()[0]  # its schema: the new pack's own copy
    assert first == "# yaml-language-server: $schema=../.studio/schemas/charm.schema.json"
    assert (copy.path.parent / first.split("=", 1)[1]).resolve().is_file()
    assert (tmp_path / "My Changes" / ".vscode" / "settings.json").is_file()
    assert ws.data(copy)["cost"] == 9 and not ws.is_dirty(copy)
    assert not ws.is_dirty(ref) and ws.data(ref)["cost"] != 9
    assert ws.problems() == []
    catalog = ws.catalog
    assert catalog is not None and catalog.charm("plain_mult").cost == 9
    ws.set_field(copy, ("cost",), 8)
    ws.save(copy)
    assert "cost: 8" in copy.path.read_text(encoding="utf-8")


def test_a_second_override_joins_the_same_pack(installed_base: Path, tmp_path: Path) -> None:
    ws = Workspace.open([])
    ws.override_in_pack(ref_of(ws, "charm", "plain_mult"), tmp_path / "mine")
    ws.override_in_pack(ref_of(ws, "hand_type", "pair"), tmp_path / "mine")
    manifest = (tmp_path / "mine" / "pack.yaml").read_text(encoding="utf-8")
    assert "charm/plain_mult" in manifest and "hand_type/pair" in manifest
    assert ws.problems() == []
    with pytest.raises(WorkspaceError, match="has this file already"):
        ws.override_in_pack(ref_of(ws, "hand_type", "pair"), tmp_path / "mine")


ZIPPY = """\
id: zippy
name: Zippy
rarity: common
cost: 3
abilities:
  - trigger: hand
    effects:
      - {kind: mult, amount: 2}
"""


def test_a_member_of_a_zip_pack_is_overridden_the_same_way(ws: Workspace, tmp_path: Path) -> None:
    zipped = tmp_path / "zipped.zip"
    with zipfile.ZipFile(zipped, "w") as z:
        z.writestr("pack.yaml", "id: zipped\nname: Zipped\nversion: 1.0.0\n")
        z.writestr("charms/zippy.yaml", ZIPPY)
    ws.add_pack(zipped)
    ref = ref_of(ws, "charm", "zippy")
    with pytest.raises(WorkspaceError, match="zip"):
        ws.save(ref)
    copy = ws.override_in_pack(ref, tmp_path / "unzipped")
    assert copy.path.is_file() and ws.problems() == []


def test_a_copy_of_the_base_game_opens_as_the_base_game(tmp_path: Path) -> None:
    folder = copy_base_game(tmp_path / "my-base")
    assert (folder / "pack.yaml").is_file() and (folder / "plugins").is_dir()
    ws = Workspace.open([folder])
    assert [p.origin for p in ws.packs] == [folder]
    ref = ref_of(ws, "charm", "plain_mult")
    assert ref.path == folder / "charms" / "plain_mult.yaml"
    ws.set_field(ref, ("cost",), 7)
    ws.save(ref)
    assert "cost: 7" in ref.path.read_text(encoding="utf-8")
    with pytest.raises(WorkspaceError, match="new or empty folder"):
        copy_base_game(folder)


def test_a_copy_runs_its_own_code(tmp_path: Path) -> None:
    folder = copy_base_game(tmp_path / "my-base")
    (plugin,) = [
        p for p in (folder / "plugins").glob("*.py") if "five_alive" in p.read_text(encoding="utf-8")
    ][:1]
    shutil.copy(plugin, plugin.with_name("copied.py"))
    plugin.unlink()
    ws = Workspace.open([folder], trust=True)  # its code is no longer the base game's: trusted by the user
    assert ws.problems() == []
    assert any(rel.startswith("plugins/copied") for rel in ws.packs[0].files)


def test_a_folder_that_only_claims_to_be_the_base_game_runs_no_code_untrusted(tmp_path: Path) -> None:
    """Standing in for the base game must not make a pack's own code trusted: only the base game's is."""
    folder = copy_base_game(tmp_path / "evil")
    ran = tmp_path / "ran"
    (folder / "plugins" / "evil.py").write_text(f"open({str(ran)!r}, 'w').write('ran')\n", encoding="utf-8")
    ws = Workspace.open([folder])
    assert ws.packs[0].origin == folder and not ws.packs[0].builtin
    assert not ran.exists()
    assert any("not trusted" in p.message for p in ws.problems())
    trusted = Workspace.open([folder], trust=True)
    assert trusted.packs[0].origin == folder and ran.exists()


def test_an_unchanged_copy_of_the_base_game_runs_its_code_as_the_base_game_does(tmp_path: Path) -> None:
    folder = copy_base_game(tmp_path / "mine")
    ws = Workspace.open([folder])
    assert ws.packs[0].builtin and ws.problems() == []


def test_a_copy_in_a_pack_without_schemas_keeps_no_schema_line_that_leads_nowhere(
    installed_base: Path, tmp_path: Path
) -> None:
    for name in ("bare", "beside"):  # two hand-made packs without .studio/schemas
        (tmp_path / "packs" / name).mkdir(parents=True)
        (tmp_path / "packs" / name / "pack.yaml").write_text(f"id: {name}\nname: {name}\nversion: 1.0.0\n")
    ws = Workspace.open([])
    bare = ws.override_in_pack(ref_of(ws, "charm", "plain_mult"), tmp_path / "packs" / "bare")
    assert bare.path.read_text(encoding="utf-8").startswith("id: plain_mult\n")  # ../../schemas: not there
    (tmp_path / "packs" / "schemas").mkdir()  # where the original's relative line leads from "beside"
    (tmp_path / "packs" / "schemas" / "charm.schema.json").write_text("{}")
    beside = ws.override_in_pack(ref_of(ws, "charm", "pair_mult"), tmp_path / "packs" / "beside")
    first = beside.path.read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../schemas/charm.schema.json"
    assert ws.problems() == []


def test_a_copy_of_a_read_only_installed_base_game_is_the_users_own(
    installed_base: Path, tmp_path: Path
) -> None:
    cache = installed_base.parent / "plugins" / "__pycache__"
    cache.mkdir()
    (cache / "five_alive.cpython-311.pyc").write_bytes(b"\0")
    for path in installed_base.parent.rglob("*"):  # as pip leaves a read-only site-packages
        path.chmod(0o555 if path.is_dir() else 0o444)
    folder = copy_base_game(tmp_path / "mine")
    copied = list(folder.rglob("*"))
    assert all(p.stat().st_mode & stat.S_IWUSR for p in copied)  # the user may edit and delete it
    assert not [p for p in copied if "__pycache__" in p.parts or p.suffix == ".pyc"]
    line = (folder / "charms" / "plain_mult.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert line == "# yaml-language-server: $schema=../.studio/schemas/charm.schema.json"
    assert (
        (folder / "charms" / line.rpartition("=")[2]).resolve().is_file()
    )  # a schema line that leads somewhere
    ws = Workspace.open([folder])
    assert ws.packs[0].builtin and ws.problems() == []
