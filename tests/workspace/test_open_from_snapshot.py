"""An open that read the same files as the last sound open shows its snapshot, and is never stale."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from folder_packs import folder_pack
from test_workspace_packs import PLUGIN
from ws_support import ref_of

from studio.content.io.paths import installed_packs_dir
from studio.content.packs.pack import open_pack
from studio.content.packs.trust import TrustStore
from studio.plugins.snapshot import detach
from studio.workspace import Workspace
from studio.workspace.snapshot import request_for, snapshot_path

AMOUNT = ("abilities", 0, "effects", 0, "amount")


def seen(ws: Workspace) -> tuple[Any, ...]:
    """Everything a person or a tool reads from a workspace: files, problems, disabled code, the catalog."""
    files = [
        (ref, ref.name, ws.data(ref), ws.text(ref), ws.is_dirty(ref))
        for k in ws.kinds()
        for ref in ws.entries(k)
    ]
    assert ws.catalog is not None
    plain, attached = detach(ws.catalog)
    return ws.kinds(), files, ws.problems(), ws.disabled, plain, attached


def test_a_second_open_shows_the_first_opens_state_and_checks_it_when_asked(base_copy: Path) -> None:
    full = Workspace.open([], base=base_copy)
    again = Workspace.open([], base=base_copy)
    assert full.checked and not again.checked
    assert seen(again) == seen(full)
    assert again.catalog is not None and again.catalog.charms["five_alive"].behaviour is not None  # code runs
    again.warm()
    assert again.checked and seen(again) == seen(full)
    assert again.ids("charm") == full.ids("charm") and again.registry.keys() == full.registry.keys()


def test_the_first_edit_after_a_snapshot_open_behaves_as_after_a_full_open(base_copy: Path) -> None:
    full = Workspace.open([], base=base_copy)
    again = Workspace.open([], base=base_copy)
    assert not again.checked
    for ws in (full, again):
        ref = ref_of(ws, "charm", "plain_mult")
        bad = ws.set_field(ref, AMOUNT, "lots")
        [problem] = ws.problems()
        assert (problem.entry, problem.json_path) == (ref, AMOUNT) and bad.problems_changed
        assert (
            ws.catalog is not None and ws.catalog.charms["plain_mult"].description == "+4 Mult"
        )  # last good
        ws.set_field(ref, AMOUNT, 6)
        ws.rename(ref_of(ws, "charm", "even_mult"), "even_more")
        ws.create("scenario", "new_test", "base")
    assert again.checked and seen(again) == seen(full)
    for ws in (full, again):  # undo, as the editor does: the saved texts again
        for ref in ws.dirty():
            if ref.kind == "charm" and ref.id == "plain_mult":
                ws.replace_text(ref, ws.reverted_text(ref))
    assert seen(again) == seen(full)
    assert again.catalog is not None and again.catalog.charms["plain_mult"].description == "+4 Mult"


def test_an_edit_made_while_a_thread_checks_the_content_waits_for_it(base_copy: Path) -> None:
    Workspace.open([], base=base_copy)
    ws = Workspace.open([], base=base_copy)
    worker = threading.Thread(target=ws.warm)
    worker.start()
    ws.set_field(ref_of(ws, "charm", "plain_mult"), AMOUNT, 6)
    worker.join()
    assert ws.problems() == []
    assert ws.catalog is not None and ws.catalog.charms["plain_mult"].description == "+6 Mult"


def _edit(path: Path) -> None:
    path.write_text(path.read_text(encoding="utf-8").replace("amount: 4", "amount: 5"), encoding="utf-8")


def _add(base: Path) -> None:
    text = (base / "charms" / "plain_mult.yaml").read_text(encoding="utf-8")
    (base / "charms" / "plain_copy.yaml").write_text(
        text.replace("plain_mult", "plain_copy"), encoding="utf-8"
    )


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda base: _edit(base / "charms" / "plain_mult.yaml"), id="a file changed"),
        pytest.param(_add, id="a file added"),
        pytest.param(lambda base: (base / "tests" / "seals.yaml").unlink(), id="a file removed"),
        pytest.param(
            lambda base: folder_pack(installed_packs_dir(), "extra", {"charms/glow.yaml": "id: glow\n"}),
            id="a pack installed",
        ),
    ],
)
def test_any_change_to_what_the_open_read_makes_the_next_open_full(base_copy: Path, change: Any) -> None:
    Workspace.open([], base=base_copy)
    change(base_copy)
    ws = Workspace.open([], base=base_copy)
    assert ws.checked
    fresh = Workspace.open([], base=base_copy)  # the full open left a snapshot of what it read
    assert not fresh.checked and seen(fresh) == seen(ws)


def test_a_snapshot_of_other_code_or_a_damaged_one_is_never_used(base_copy: Path) -> None:
    Workspace.open([], base=base_copy)
    path = snapshot_path(request_for([], True, False, base_copy))
    raw = path.read_bytes()
    header, _, body = raw.partition(b"\n")
    fingerprint, _, pickled = body.partition(b"\n")
    path.write_bytes(header + b"\n" + b"0" * len(fingerprint) + b"\n" + pickled)  # Studio's code changed
    assert Workspace.open([], base=base_copy).checked
    path.write_bytes(path.read_bytes()[:-100])
    assert Workspace.open([], base=base_copy).checked


def test_trust_given_later_opens_in_full_and_the_warnings_stay_those_of_a_full_open(
    base_copy: Path, tmp_path: Path
) -> None:
    charm = "id: twice\nname: Twice\nbehaviour: doubler\ndescription: X2 Mult\n"
    mod = folder_pack(tmp_path, "mod", {"plugins/doubler.py": PLUGIN, "charms/twice.yaml": charm})
    untrusted = Workspace.open([mod], base=base_copy)
    again = Workspace.open([mod], base=base_copy)
    assert not again.checked and seen(again) == seen(untrusted)
    assert "not trusted" in again.disabled["twice"] and again.problems()[0].severity == "warning"
    assert Workspace.open([mod], base=base_copy, trust=True).checked  # trust for the session only
    pack, _ = open_pack(mod)
    assert pack is not None
    TrustStore().trust(pack)
    trusted = Workspace.open([mod], base=base_copy)
    assert trusted.checked and "twice" not in trusted.disabled and trusted.problems() == []


def test_an_open_with_problems_keeps_no_snapshot(base_copy: Path) -> None:
    path = base_copy / "charms" / "plain_mult.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("amount: 4", "amount: lots"), encoding="utf-8")
    first = Workspace.open([], base=base_copy)
    second = Workspace.open([], base=base_copy)
    assert first.checked and second.checked
    assert first.problems() == second.problems() != []
    assert not snapshot_path(request_for([], True, False, base_copy)).exists()
