"""Packs in a workspace: patches, untrusted code, zips, scenarios, files that change on disk."""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import pytest
from folder_packs import folder_pack
from ws_support import changed_lines, ref_of

from studio.workspace import Workspace, WorkspaceError

PLUGIN = """from studio.plugins import Behaviour


class Doubler(Behaviour):
    id = "doubler"

    def hand(self, ctx, charm):
        ctx.add_xmult(2, charm)
"""


def test_editing_a_patched_entry_keeps_the_patch_on_top(base_copy: Path, tmp_path: Path) -> None:
    mod = folder_pack(
        tmp_path, "mod", {"patches/cheaper.yaml": "target: charm/plain_mult\nset:\n  cost: 9\n"}
    )
    ws = Workspace.open([mod], base=base_copy)
    base = ref_of(ws, "charm", "plain_mult")
    ws.set_field(base, ("abilities", 0, "effects", 0, "amount"), 10)
    assert ws.problems() == []
    assert ws.registry["charm/plain_mult"].model.cost == 9  # type: ignore[attr-defined]
    assert ws.catalog is not None and ws.catalog.charms["plain_mult"].description == "+10 Mult"
    patch = ref_of(ws, "patch", "cheaper")
    assert (patch, ("target",)) in ws.references(base)
    ws.set_field(patch, ("set", "cost"), "lots")
    [problem] = ws.problems()
    assert (problem.path, problem.line, problem.json_path) == (patch.path, 3, ("set", "cost"))
    ws.set_field(patch, ("set", "cost"), 8)
    ws.rename(base, "old_faithful")
    assert ws.data(patch)["target"] == "charm/old_faithful" and ws.problems() == []


def test_an_id_a_patch_sets_is_a_usage_and_a_rename_follows_it(base_copy: Path, tmp_path: Path) -> None:
    sets = (
        "target: charm/plain_mult\nset:\n  abilities:\n    - trigger: hand\n      when: {contains: flush}\n"
    )
    mod = folder_pack(
        tmp_path, "mod", {"patches/flushes.yaml": sets + "      effects: [{kind: mult, amount: 9}]\n"}
    )
    ws = Workspace.open([mod], base=base_copy)
    patch, flush = ref_of(ws, "patch", "flushes"), ref_of(ws, "hand_type", "flush")
    where = ("set", "abilities", 0, "when", "contains")
    assert [(u.json_path, u.line, u.col) for u in ws.usages(flush) if u.entry == patch] == [(where, 5, 24)]
    ws.rename(flush, "flush_hand")
    assert ws.data(patch)["set"]["abilities"][0]["when"] == {"contains": "flush_hand"}
    assert ws.problems() == []


def test_a_text_that_fails_its_schema_has_the_ids_it_names_checked_too(
    base_copy: Path, tmp_path: Path
) -> None:
    charm = "id: odd\nname: Odd\ncolr: red\nabilities:\n  - trigger: hand\n    when: {contains: flsh}\n"
    mod = folder_pack(
        tmp_path, "mod", {"charms/odd.yaml": charm + "    effects: [{kind: mult, amount: 3}]\n"}
    )
    ws = Workspace.open([mod], base=base_copy)
    said = [(p.line, p.message) for p in ws.problems()]
    assert said == [(3, "unknown field 'colr'"), (6, "unknown hand type 'flsh' (did you mean 'flush'?)")]
    ws.set_field(ref_of(ws, "charm", "odd"), ("abilities", 0, "when", "contains"), "pairr")
    assert [p.message for p in ws.problems()][1] == "unknown hand type 'pairr' (did you mean 'pair'?)"


def test_untrusted_code_is_disabled_until_trusted(base_copy: Path, tmp_path: Path) -> None:
    charm = "id: twice\nname: Twice\nbehaviour: doubler\ndescription: X2 Mult\n"
    mod = folder_pack(tmp_path, "mod", {"plugins/doubler.py": PLUGIN, "charms/twice.yaml": charm})
    ws = Workspace.open([mod], base=base_copy)
    assert "not trusted" in ws.disabled["twice"]
    assert [p.severity for p in ws.problems()] == ["warning"]
    assert "doubler" in ws.ids("behaviour")
    trusted = Workspace.open([mod], base=base_copy, trust=True)
    assert trusted.disabled == {} and trusted.problems() == []
    assert trusted.catalog is not None and trusted.catalog.charms["twice"].behaviour is not None


def test_a_zip_pack_can_be_previewed_but_not_saved(base_copy: Path, tmp_path: Path) -> None:
    mod = folder_pack(
        tmp_path, "mod", {"charms/zipped.yaml": "id: zipped\nname: Z\npassive: []\nbehaviour: five_alive\n"}
    )
    archive = tmp_path / "mod.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for path in mod.rglob("*.yaml"):
            z.write(path, path.relative_to(mod).as_posix())
    ws = Workspace.open([archive], base=base_copy)
    ref = ref_of(ws, "charm", "zipped")
    assert "needs a 'description'" in ws.problems()[0].message
    ws.set_field(ref, ("description",), "Alive")
    assert ws.problems() == []
    with pytest.raises(WorkspaceError, match="the pack is a zip"):
        ws.save(ref)


def test_a_scenario_edit_is_checked_against_the_catalog(ws: Workspace) -> None:
    ref = ref_of(ws, "scenario", "appendix")
    before = ws.text(ref)
    ws.set_field(ref, ("charms", 1), "money_mul")
    [problem] = ws.problems()
    assert problem.json_path == ("charms", 1) and "money_mul" in problem.message and problem.entry == ref
    assert changed_lines(before, ws.text(ref)) == [
        "-charms: [even_mult, money_mult, plain_mult, splash]",
        "+charms: [even_mult, money_mul, plain_mult, splash]",
    ]
    assert ws.locate(ref, ("charms", 1)) == (12, 21) == (problem.line, problem.col)
    ws.set_field(ref, ("charms", 1), "money_mult")
    assert ws.problems() == []


def test_reference_dropdowns_and_a_file_removed_on_disk(ws: Workspace) -> None:
    assert {"glass", "foil", "gold_seal"} <= set(ws.ids("modifier"))
    ref = ref_of(ws, "charm", "flush_x2")
    ref.path.unlink()
    assert ws.check_disk() == [ref]
    ws.reload(ref)
    assert "flush_x2" not in ws.ids("charm") and ws.check_disk() == []
    assert ws.catalog is not None and "flush_x2" not in ws.catalog.charms


def test_a_json_entry_is_edited_and_saved_as_json(base_copy: Path, tmp_path: Path) -> None:
    charm = {
        "id": "jay",
        "name": "Jay",
        "abilities": [{"trigger": "hand", "effects": [{"kind": "mult", "amount": 1}]}],
    }
    mod = folder_pack(tmp_path, "mod", {"charms/jay.json": json.dumps(charm, indent=2) + "\n"})
    ws = Workspace.open([mod], base=base_copy)
    ref = ref_of(ws, "charm", "jay")
    ws.set_field(ref, ("abilities", 0, "effects", 0, "amount"), 5)
    ws.save(ref)
    assert json.loads(ref.path.read_text(encoding="utf-8"))["abilities"][0]["effects"][0]["amount"] == 5
    assert (
        ws.problems() == [] and ws.catalog is not None and ws.catalog.charms["jay"].description == "+5 Mult"
    )


def test_windows_line_endings_are_not_a_change_on_disk(base_copy: Path, tmp_path: Path) -> None:
    mod = folder_pack(tmp_path, "mod", {})
    (mod / "charms").mkdir()
    path = mod / "charms" / "crlf.yaml"
    path.write_bytes(b"id: crlf\r\nname: Crlf\r\npassive: [splash]\r\n")
    ws = Workspace.open([mod], base=base_copy)
    ref = ref_of(ws, "charm", "crlf")
    ws.reload(ref)
    os.utime(path, (1, 1))
    assert ws.check_disk() == []
    ws.set_field(ref, ("name",), "Carriage")
    ws.save(ref)
    assert path.read_bytes() == b"id: crlf\r\nname: Carriage\r\npassive: [splash]\r\n"
    ws.set_field(ref, ("cost",), 7)
    assert ws.text(ref) == "id: crlf\r\nname: Carriage\r\npassive: [splash]\r\ncost: 7\r\n"


def test_the_editor_refuses_a_trusted_plugin_taking_over_a_behaviour_id(
    base_copy: Path, tmp_path: Path
) -> None:
    shadow = folder_pack(tmp_path, "shadow", {"plugins/s.py": PLUGIN.replace("doubler", "five_alive")})
    ws = Workspace.open([shadow], base=base_copy, trust=True)
    taken = [p for p in ws.problems() if "already defined" in p.message]
    assert len(taken) == 1 and taken[0].path == shadow / "plugins/s.py" and taken[0].severity == "error"
    assert "behaviour id 'five_alive' is already defined in" in taken[0].message
