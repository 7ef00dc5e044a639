"""The question that offers recovered work names every file it brings back and every file it would remove."""

from __future__ import annotations

from pathlib import Path

from studio.app.safety import recovery_question
from studio.workspace.recovery import Recovery


def item(tmp_path: Path, name: str, old: str | None = None) -> Recovery:
    return Recovery(
        tmp_path / f"{name}.recovery.json",
        tmp_path / "neon" / "charms" / f"{name}.yaml",
        "neon",
        f"charms/{name}.yaml",
        "id: x\n",
        1.0,
        None,
        tmp_path / "neon" / "charms" / f"{old}.yaml" if old else None,
    )


def test_every_file_and_every_removal_is_named(tmp_path):
    items = [item(tmp_path, f"c{i}") for i in range(14)] + [item(tmp_path, "new", old="old")]
    text = recovery_question(items)
    for i in items:
        assert str(i.path) in text
    assert f"renamed from {tmp_path / 'neon' / 'charms' / 'old.yaml'}, which saving removes" in text


def crash_with_unsaved_pack_work(qtbot, tmp_path: Path, content: Path) -> Path:  # type: ignore[no-untyped-def]
    """A pack made as `studio pack new` makes it, its charm's cost edited, autosaved, and the window gone
    without its clean exit; return the charm's file."""
    from studio.services.packs import new_pack
    from tests.app.conftest import crash, open_window
    from tests.app.test_changes_on_disk import set_field

    pack = new_pack("neon", tmp_path / "packs").folder
    first = open_window(qtbot, tmp_path, content, packs=(pack,))
    set_field(first, "charm", "neon_pair_bonus", ("cost",), 7)
    first.safety.autosave()
    crash(first)  # the window dies without its clean exit
    return pack / "charms" / "neon_pair_bonus.yaml"


def test_work_of_a_pack_not_opened_is_neither_offered_nor_dropped(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    from tests.app.conftest import open_window

    charm = crash_with_unsaved_pack_work(qtbot, tmp_path, content)
    for answer in (True, False):  # neither answer reaches the work of a pack this editor did not open
        base_only = open_window(qtbot, tmp_path, content, recover=answer)
        assert base_only.session is not None and base_only.session.ws.dirty() == []
        base_only.close()  # a clean exit
    back = open_window(qtbot, tmp_path, content, recover=True, packs=(charm.parents[1],))
    assert back.session is not None
    assert "cost: 7" in back.session.ws.text(back.session.ws.ref(charm))


EDITOR = """
import sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
from studio.app.main_window import MainWindow
from studio.workspace import Workspace

app = QApplication([])
recovery, content, pack = map(Path, sys.argv[1:4])
window = MainWindow(recovery_dir=recovery)
window.safety.ask_recover = lambda _text: False
window.set_workspace(Workspace.open([pack], base=content))
ws = window.session.ws
ws.set_field(ws.ref(pack / "charms" / "neon_pair_bonus.yaml"), ("cost",), 7)
window.safety.autosave()
print("ready", flush=True)
app.exec()
"""


def test_the_work_of_an_editor_still_running_is_neither_offered_nor_dropped(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    import os
    import signal
    import subprocess
    import sys

    from studio.services.packs import new_pack
    from tests.app.conftest import open_window

    pack = new_pack("neon", tmp_path / "packs").folder
    charm = pack / "charms" / "neon_pair_bonus.yaml"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(Path(__file__).parents[2])}
    args = [sys.executable, "-c", EDITOR, str(tmp_path / "recovery"), str(content), str(pack)]
    first = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout is not None and first.stdout.readline().strip() == "ready"
        asked: list[str] = []
        second = open_window(qtbot, tmp_path, content, packs=(pack,))
        second.safety.ask_recover = lambda text: bool(asked.append(text))
        assert second.safety.offer_recovery() == 0 and asked == []
        second.close()  # a clean exit of the second editor
    finally:
        first.send_signal(signal.SIGKILL)  # then the first one crashes
        first.wait()
    third = open_window(qtbot, tmp_path, content, recover=True, packs=(pack,))
    assert third.session is not None
    assert "cost: 7" in third.session.ws.text(third.session.ws.ref(charm))


def test_a_file_saved_leaves_no_record_to_offer_after_a_crash_at_once(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    """The record of a saved file went only at the next autosave: killed within those seconds, the editor
    asked at its next start about work that was saved."""
    from studio.services.packs import new_pack
    from studio.workspace import Workspace
    from tests.app.conftest import crash, open_window
    from tests.app.test_changes_on_disk import set_field

    pack = new_pack("neon", tmp_path / "packs").folder
    first = open_window(qtbot, tmp_path, content, packs=(pack,))
    set_field(first, "charm", "neon_pair_bonus", ("cost",), 7)
    first.safety.autosave()
    assert len(Workspace.recoverable(first.safety.folder)) == 1
    first.save_all()
    assert Workspace.recoverable(first.safety.folder) == []  # no autosave tick needed
    crash(first)


def test_a_pack_opened_later_is_offered_its_recovered_work_when_it_opens(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    """The work of a pack opened in a running editor (File > Open pack folder) was offered only at the
    next start."""
    from tests.app.conftest import open_window

    charm = crash_with_unsaved_pack_work(qtbot, tmp_path, content)
    asked: list[str] = []
    window = open_window(qtbot, tmp_path, content)
    window.safety.ask_recover = lambda text: asked.append(text) is None
    assert asked == []  # the base game alone has no work to offer
    assert window.pack_menu.open_folder(charm.parents[1])
    assert len(asked) == 1 and str(charm) in asked[0]
    assert window.session is not None
    assert "cost: 7" in window.session.ws.text(window.session.ws.ref(charm))
    assert window.tree._items[str(charm)].text().startswith("● ")


LOCK = """
import os, sys
from PySide6.QtCore import QLockFile
lock = QLockFile(sys.argv[1])
assert lock.tryLock(0)
os._exit(0)  # killed: the lock file stays, naming a process that is gone
"""


def test_a_dead_editors_lock_goes_when_another_editor_starts(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    """The lock of an editor killed with no unsaved work stayed in the recovery folder forever; a running
    editor's lock stays."""
    import subprocess
    import sys

    from studio.app.safety import _lock
    from tests.app.conftest import open_window

    folder = tmp_path / "recovery"
    folder.mkdir()
    dead = folder / "0123456789abcdef0123456789abcdef.lock"
    subprocess.run([sys.executable, "-c", LOCK, str(dead)], check=True)
    assert dead.is_file()
    running = _lock(folder, "fedcba9876543210fedcba9876543210")
    assert running.tryLock(0)
    try:
        window = open_window(qtbot, tmp_path, content)
        assert not dead.exists()
        assert (folder / "fedcba9876543210fedcba9876543210.lock").is_file()
        assert (folder / f"{window.safety.owner}.lock").is_file()
    finally:
        running.unlock()


def test_a_damaged_record_is_set_aside_and_named_once(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    """A record that cannot be read was skipped at every start, never offered nor dropped: it is moved
    out of the way, kept (it may hold the only copy of some work) and named in Problems, once."""
    from tests.app.conftest import open_window

    folder = tmp_path / "recovery"
    folder.mkdir()
    record = folder / "0123456789abcdef.recovery.json"
    record.write_text('{"path": "/packs/neon/charms/half', encoding="utf-8")
    first = open_window(qtbot, tmp_path, content)
    kept = folder / "damaged" / record.name
    assert not record.exists() and kept.read_text(encoding="utf-8").startswith('{"path"')
    said = [m for m in first.problems.extra if record.name in m]
    assert len(said) == 1 and str(kept) in said[0]
    first.close()
    again = open_window(qtbot, tmp_path, content)
    assert not [m for m in again.problems.extra if record.name in m]


def test_the_work_of_an_editor_that_died_meanwhile_outlives_a_clean_exit(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    """An editor killed while another ran on the same pack: the survivor never offered its work (it was
    live at the survivor's start), and the survivor's clean exit dropped it all the same."""
    from studio.services.packs import new_pack
    from tests.app.conftest import crash, open_window
    from tests.app.test_changes_on_disk import set_field

    pack = new_pack("neon", tmp_path / "packs").folder
    charm = pack / "charms" / "neon_pair_bonus.yaml"
    survivor = open_window(qtbot, tmp_path, content, packs=(pack,))
    doomed = open_window(qtbot, tmp_path, content, packs=(pack,))
    set_field(doomed, "charm", "neon_pair_bonus", ("cost",), 7)
    doomed.safety.autosave()
    crash(doomed)
    survivor.close()  # a clean exit, with nothing of its own unsaved
    back = open_window(qtbot, tmp_path, content, recover=True, packs=(pack,))
    assert back.session is not None
    assert "cost: 7" in back.session.ws.text(back.session.ws.ref(charm))
