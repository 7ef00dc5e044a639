"""Two editors with unsaved edits of one file each keep their own recovery record; records written
before records were named by owner still come back, and go once recovered."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studio.workspace import Workspace
from studio.workspace.recovery import record_name


def neon_pack(tmp_path: Path) -> Path:
    """A pack made as `studio pack new` makes it."""
    from studio.services.packs import new_pack

    return new_pack("neon", tmp_path / "packs").folder


def test_two_editors_of_one_file_each_keep_their_work_and_drop_only_their_own(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    """Named by the file's path alone, the second editor's autosave replaced the first one's record:
    the first one's clean exit then dropped the second's work (its record named the first)."""
    from tests.app.conftest import crash, open_window
    from tests.app.test_changes_on_disk import set_field

    pack = neon_pack(tmp_path)
    charm = pack / "charms" / "neon_pair_bonus.yaml"
    first = open_window(qtbot, tmp_path, content, packs=(pack,))
    second = open_window(qtbot, tmp_path, content, packs=(pack,))
    set_field(first, "charm", "neon_pair_bonus", ("cost",), 7)
    set_field(second, "charm", "neon_pair_bonus", ("cost",), 8)
    first.safety.autosave()
    second.safety.autosave()
    first.safety.autosave()
    folder = first.safety.folder
    owners = {i.owner: i.text for i in Workspace.recoverable(folder)}
    assert sorted(owners) == sorted([first.safety.owner, second.safety.owner])
    assert "cost: 7" in owners[first.safety.owner] and "cost: 8" in owners[second.safety.owner]

    first.close()  # a clean exit: its own record goes, the other's stays
    assert [i.owner for i in Workspace.recoverable(folder)] == [second.safety.owner]
    crash(second)
    back = open_window(qtbot, tmp_path, content, recover=True, packs=(pack,))
    assert back.session is not None
    assert "cost: 8" in back.session.ws.text(back.session.ws.ref(charm))


@pytest.mark.parametrize("named", [True, False], ids=["owner named", "no owner"])
def test_a_record_named_by_the_path_alone_is_offered_and_goes_once_recovered(
    qtbot, tmp_path: Path, content: Path, named: bool
) -> None:  # type: ignore[no-untyped-def]
    """A record as an older editor wrote it (its name the path's hash alone; its owner a dead editor's,
    or none) comes back; once this editor's record holds the work, it goes, so after a clean exit
    nothing is offered again."""
    from tests.app.conftest import crash, open_window
    from tests.app.test_changes_on_disk import set_field

    pack = neon_pack(tmp_path)
    charm = pack / "charms" / "neon_pair_bonus.yaml"
    old = open_window(qtbot, tmp_path, content, packs=(pack,))
    set_field(old, "charm", "neon_pair_bonus", ("cost",), 7)
    old.safety.autosave()
    crash(old)
    folder = old.safety.folder
    [written] = Workspace.recoverable(folder)
    data = json.loads(written.record.read_text(encoding="utf-8"))
    if not named:
        del data["owner"]  # as written before records named their editor
    old_style = folder / record_name(charm)
    written.record.unlink()
    old_style.write_text(json.dumps(data), encoding="utf-8")

    back = open_window(qtbot, tmp_path, content, recover=True, packs=(pack,))
    assert back.session is not None
    assert "cost: 7" in back.session.ws.text(back.session.ws.ref(charm))
    assert not old_style.exists()
    [now] = Workspace.recoverable(folder)
    assert now.record == folder / record_name(charm, back.safety.owner)

    back.close()  # a clean exit
    assert Workspace.recoverable(folder) == []


@pytest.mark.parametrize("answer", [True, False], ids=["restored", "declined"])
def test_of_two_dead_editors_text_of_one_file_the_newest_is_offered_and_the_older_kept(
    qtbot, tmp_path: Path, content: Path, answer: bool
) -> None:  # type: ignore[no-untyped-def]
    """Both editors died with unsaved text of one file: only one text can come back as the file's edits.
    The newest is offered; the older is moved into recovery/older/, kept, and named in Problems and in
    the question, and never offered again."""
    from tests.app.conftest import crash, open_window
    from tests.app.test_changes_on_disk import set_field

    pack = neon_pack(tmp_path)
    charm = pack / "charms" / "neon_pair_bonus.yaml"
    first = open_window(qtbot, tmp_path, content, packs=(pack,))
    second = open_window(qtbot, tmp_path, content, packs=(pack,))
    set_field(first, "charm", "neon_pair_bonus", ("cost",), 7)
    first.safety.autosave()
    crash(first)
    set_field(second, "charm", "neon_pair_bonus", ("cost",), 8)
    second.safety.autosave()  # the newer text
    crash(second)
    folder = first.safety.folder
    older = folder / "older" / record_name(charm, first.safety.owner)

    asked: list[str] = []
    back = open_window(qtbot, tmp_path, content)
    back.safety.ask_recover = lambda text: asked.append(text) is None and answer
    assert back.pack_menu.open_folder(pack)
    assert back.session is not None
    assert len(asked) == 1 and str(charm) in asked[0] and str(older) in asked[0]
    said = [m for m in back.problems.extra if str(older) in m]
    assert len(said) == 1 and str(charm) in said[0]
    assert "cost: 7" in json.loads(older.read_text(encoding="utf-8"))["text"]
    text = back.session.ws.text(back.session.ws.ref(charm))
    assert ("cost: 8" in text) is answer and ("cost: 7" not in text)

    back.close()  # a clean exit: the older text stays aside, nothing is left to offer
    assert Workspace.recoverable(folder) == [] and older.is_file()
