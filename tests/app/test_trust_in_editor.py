"""Pack > Trust code: each loaded pack with code is listed, checked while its code runs; an untrusted
pack's code runs once the user confirms, with no restart, whether it is the pack being edited, another
pack folder opened, a zip or an installed dependency; until then the preview marks its code charms,
whose code does nothing."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from code_packs import code_pack
from PySide6.QtGui import QAction

from studio.app.main_window import MainWindow
from studio.app.preview.hand_row import LOCKED
from studio.content.packs.installed import installed_packs
from studio.content.packs.pack import Pack, open_pack
from studio.content.packs.skeleton import write_skeleton
from studio.content.packs.trust import TrustStore
from studio.workspace import Workspace
from tests.app.conftest import open_window

DOUBLER = """from studio.engine.hooks import CharmContext
from studio.engine.inplay import ActiveCharm
from studio.plugins import Behaviour


class Doubler(Behaviour):
    id = "doubler"

    def hand(self, ctx: CharmContext, charm: ActiveCharm) -> None:
        ctx.add_xmult(2, charm)
"""


def _code_pack(tmp_path: Path) -> Path:
    """A pack folder on disk with a plugin and the charm that uses it."""
    return code_pack(tmp_path / "doublepack", "doubler", DOUBLER, "x2 Mult")


def _zip(tmp_path: Path) -> Path:
    """The code pack built into a zip, as ``studio pack build`` builds it."""
    from studio.cli.main import main as studio_main

    archive = tmp_path / "doublepack.zip"
    assert studio_main(["pack", "build", str(_code_pack(tmp_path)), "-o", str(archive)]) == 0
    return archive


def _answering(window: MainWindow) -> list[str]:
    """Answer the window's trust questions "trust"; the Pack menu's messages go to the returned list."""
    told: list[str] = []
    window.ask_trust = lambda _pack: True  # type: ignore[method-assign]
    window.pack_menu.tell = lambda _title, text: told.append(text)  # type: ignore[method-assign]
    window.preview.set_state({"played": "AS AH", "charms": ["doubler"]})
    return told


def _window(qtbot, tmp_path: Path, content: Path) -> tuple[MainWindow, Path, list[str]]:  # type: ignore[no-untyped-def]
    """The window on the base game and the code pack, with the doubler in the preview."""
    pack = _code_pack(tmp_path)
    window = open_window(qtbot, tmp_path, content, packs=(pack,))
    return window, pack, _answering(window)


def _entries(window: MainWindow) -> dict[str, QAction]:
    """Pack > Trust code's entries as it shows them, by text."""
    window.pack_menu.trust_menu.aboutToShow.emit()
    return {action.text(): action for action in window.pack_menu.trust_menu.actions()}


def _tile_lock(window: MainWindow) -> object:
    return window.preview.charms.row.item(0).data(LOCKED)


def _runs(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Wait for the preview to score the doubler's code."""
    qtbot.waitUntil(lambda: _tile_lock(window) is None, timeout=10_000)


def test_trusting_the_pack_runs_its_code_without_a_restart(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    window, pack, told = _window(qtbot, tmp_path, content)
    asked: list[Pack] = []
    window.ask_trust = lambda p: asked.append(p) or True  # type: ignore[method-assign]
    assert "not trusted" in str(_tile_lock(window))
    tip = window.preview.charms.row.item(0).toolTip()
    assert "pack 'doublepack'" in tip and "Pack > Trust code" in tip
    untrusted = window.preview.total_label.text()
    entry = _entries(window)["doublepack"]
    assert entry.isCheckable() and not entry.isChecked()
    assert entry.toolTip() == str(pack)

    entry.trigger()

    assert [p.id for p in asked] == ["doublepack"] and not told
    on_disk, _ = open_pack(pack)
    assert on_disk is not None and TrustStore().is_trusted(on_disk)  # as `--trust` records it
    qtbot.waitUntil(lambda: window.preview.total_label.text() not in ("—", untrusted), timeout=10_000)
    assert _tile_lock(window) is None
    assert window.preview.charms.row.item(0).toolTip() == "doubler"
    assert entry.isChecked() and _entries(window)["doublepack"].isChecked()
    assert not any("not trusted" in p.message for p in window.session.ws.problems())  # type: ignore[union-attr]

    _entries(window)["doublepack"].trigger()  # taking trust back asks nothing

    assert len(asked) == 1
    assert not TrustStore().is_trusted(on_disk)
    assert "not trusted" in str(_tile_lock(window))
    assert not _entries(window)["doublepack"].isChecked()
    qtbot.waitUntil(lambda: window.preview.total_label.text() == untrusted, timeout=10_000)


def test_cancelling_the_question_trusts_nothing(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    window, _pack, _told = _window(qtbot, tmp_path, content)
    window.ask_trust = lambda _pack: False  # type: ignore[method-assign]
    entry = _entries(window)["doublepack"]
    entry.trigger()
    assert not TrustStore().path.exists()
    assert "not trusted" in str(_tile_lock(window))
    assert not entry.isChecked()  # the click checked it; the answer unchecks it


def test_a_damaged_trust_record_is_said_and_kept(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    window, _pack, told = _window(qtbot, tmp_path, content)
    record = TrustStore().path
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text("{not json", encoding="utf-8")
    _entries(window)["doublepack"].trigger()
    assert len(told) == 1 and "could not be recorded" in told[0] and str(record) in told[0]
    assert record.read_text(encoding="utf-8") == "{not json"
    assert "not trusted" in str(_tile_lock(window))
    assert not _entries(window)["doublepack"].isChecked()


def test_a_read_only_data_folder_is_said(qtbot, tmp_path: Path, content: Path, studio_home: Path) -> None:  # type: ignore[no-untyped-def]
    window, _pack, told = _window(qtbot, tmp_path, content)
    record = TrustStore().path
    record.parent.mkdir(parents=True, exist_ok=True)
    record.mkdir()  # a folder where the record should be: it cannot be written, whoever runs the test
    _entries(window)["doublepack"].trigger()
    assert len(told) == 1 and "could not be recorded" in told[0]
    assert "not trusted" in str(_tile_lock(window))


def test_the_question_names_the_pack_its_files_and_defaults_to_cancel(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    window, pack, _told = _window(qtbot, tmp_path, content)
    on_disk, _ = open_pack(pack)
    assert on_disk is not None
    seen: list[tuple[str, bool]] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        cancel = box.button(QMessageBox.StandardButton.Cancel)
        seen.append((box.text(), box.defaultButton() is cancel))
        box.reject()

    QTimer.singleShot(0, answer)
    assert not MainWindow.ask_trust(window, on_disk)
    ((text, cancel_first),) = seen
    assert "doublepack" in text and "doubler.py" in text and "permissions" in text
    assert "trusted again" in text and cancel_first


def _warning(window: MainWindow) -> str:
    """The Problems panel's line about untrusted code."""
    said = [window.problems.topLevelItem(i).text(2) for i in range(window.problems.topLevelItemCount())]
    return next(text for text in said if "not trusted" in text)


def test_the_problems_panel_names_the_editors_way_to_trust_not_the_command_lines(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    window, _pack, _told = _window(qtbot, tmp_path, content)
    warning = _warning(window)
    assert "--trust" not in warning
    assert "disabled charms: doubler (trust it with Pack > Trust code > doublepack)" in warning


def _user_pack(tmp_path: Path, needs: str = "") -> Path:
    """A pack folder without code (needing the installed pack ``needs``, if given)."""
    user = tmp_path / "user"
    write_skeleton(user, "user")
    if needs:
        manifest = user / "pack.yaml"
        manifest.write_text(
            manifest.read_text(encoding="utf-8").replace(
                "  - {id: base", f'  - {{id: {needs}, version: "*"}}\n  - {{id: base'
            ),
            encoding="utf-8",
        )
    return user


def test_an_installed_dependency_is_trusted_from_the_menu_as_pack_id_trust_does(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    from studio.cli.main import main as studio_main

    assert studio_main(["pack", "install", str(_zip(tmp_path))]) == 0  # installed, its code not trusted
    window = open_window(qtbot, tmp_path, content, packs=(_user_pack(tmp_path, needs="doublepack"),))
    told = _answering(window)
    assert "Pack > Trust code > doublepack" in _warning(window)  # not the command line's way
    assert "--pack" not in _warning(window) and "start the editor again" not in _warning(window)
    assert "Pack > Trust code" in window.preview.charms.row.item(0).toolTip()
    entries = _entries(window)
    assert list(entries) == ["doublepack"]  # the pack being edited has no code: only the dependency

    entries["doublepack"].trigger()

    assert not told
    ((installed,),) = [[p for p in installed_packs()[0] if p.id == "doublepack"]]
    assert TrustStore().is_trusted(installed)  # what `studio score --pack doublepack --trust` records
    _runs(qtbot, window)
    assert _entries(window)["doublepack"].isChecked()
    assert not any("not trusted" in p.message for p in window.session.ws.problems())  # type: ignore[union-attr]


def test_a_pack_opened_beside_the_one_being_edited_is_trusted_from_the_menu(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    window, pack, told = _window(qtbot, tmp_path, content)
    assert window.pack_menu.open_folder(_user_pack(tmp_path))  # now the pack being edited
    assert window.pack_menu.folder().name == "user"
    entries = _entries(window)
    assert list(entries) == ["doublepack"]
    assert "Pack > Trust code > doublepack" in _warning(window)

    entries["doublepack"].trigger()

    assert not told
    on_disk, _ = open_pack(pack)
    assert on_disk is not None and TrustStore().is_trusted(on_disk)
    _runs(qtbot, window)


def test_a_zip_is_trusted_for_its_content_as_pack_zip_trust_does(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    archive = _zip(tmp_path)
    window = open_window(qtbot, tmp_path, content, packs=(archive,))
    told = _answering(window)
    assert "Pack > Trust code > doublepack" in _warning(window)
    entry = _entries(window)["doublepack"]
    assert entry.toolTip() == str(archive)

    entry.trigger()

    assert not told
    zipped, _ = open_pack(archive)
    folder, _ = open_pack(tmp_path / "doublepack")
    assert zipped is not None and folder is not None
    assert TrustStore().is_trusted(zipped) and TrustStore().is_trusted(folder)  # one content, one hash
    _runs(qtbot, window)


def test_code_trusted_for_the_session_is_checked_and_can_be_stopped(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    pack = _code_pack(tmp_path)
    window = open_window(qtbot, tmp_path, content)
    window.set_workspace(Workspace.open([pack], base=content, trust=True))  # as `studio edit --trust`
    asked = _answering(window)
    window.ask_trust = lambda p: asked.append(p.id) or True  # type: ignore[method-assign]
    _runs(qtbot, window)
    entry = _entries(window)["doublepack"]
    assert entry.isChecked()  # its code runs, though no trust is recorded

    entry.trigger()

    assert not asked and not entry.isChecked()
    assert "not trusted" in str(_tile_lock(window))


def test_the_menu_says_when_no_loaded_pack_has_code(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, tmp_path, content, packs=(_user_pack(tmp_path),))
    ((text, entry),) = _entries(window).items()
    assert text == "No loaded pack has code" and not entry.isEnabled()
