"""The Pack menu calls the services the CLI calls on the pack being edited and lists their results."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from PySide6.QtCore import QSettings

from studio.app.main_window import MainWindow
from studio.content.packs.skeleton import write_skeleton
from studio.workspace import Workspace


@pytest.fixture
def pack_window(qtbot, tmp_path: Path, content: Path) -> tuple[MainWindow, Path]:  # type: ignore[no-untyped-def]
    """The window on the base game and a new pack made as ``studio pack new`` makes it."""
    pack = tmp_path / "mypack"
    write_skeleton(pack, "mypack")
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(recovery_dir=tmp_path / "recovery", settings=settings)
    qtbot.addWidget(window)
    window.set_workspace(Workspace.open([pack], base=content))
    return window, pack


def _lines(dialog) -> list[str]:  # type: ignore[no-untyped-def]
    return [dialog.lines.item(i).text() for i in range(dialog.lines.count())]


def test_run_tests_lists_the_results_of_studio_test(pack_window: tuple[MainWindow, Path], qtbot) -> None:  # type: ignore[no-untyped-def]
    window, pack = pack_window
    assert window.pack_menu.folder() == pack
    dialog = window.pack_menu.run_tests()
    qtbot.waitUntil(lambda: dialog.lines.count() > 0, timeout=30_000)
    assert _lines(dialog)[-1] == "1 passed, 0 failed"
    assert "done (exit 0)" in dialog.summary.text()


def test_validate_names_a_broken_file(pack_window: tuple[MainWindow, Path], qtbot) -> None:  # type: ignore[no-untyped-def]
    window, pack = pack_window
    (pack / "charms" / "mypack_pair_bonus.yaml").write_text(
        "id: mypack_pair_bonus\nname: [\n", encoding="utf-8"
    )
    dialog = window.pack_menu.validate()
    qtbot.waitUntil(lambda: dialog.lines.count() > 0, timeout=30_000)
    assert any("mypack_pair_bonus.yaml:" in line for line in _lines(dialog))
    assert "problems found (exit 1)" in dialog.summary.text()


def test_result_lines_carry_their_tone(tmp_path: Path) -> None:
    from studio.services.checks import ScenarioResult, ScenarioRun, Validation
    from studio.services.packs import new_pack

    assert Validation([], 127).lines()[0].tone == "good"
    assert ScenarioRun([ScenarioResult("a", "passed")]).lines()[-1] == ("1 passed, 0 failed", "good")
    failing = ScenarioRun([ScenarioResult("a", "failed", mismatches=["total: expected 1, got 2"], diff="x")])
    assert [line.tone for line in failing.lines()] == ["bad", "", "", "bad"]
    assert new_pack("x", tmp_path).lines()[-1].tone == "good"


def test_the_menu_calls_the_services_in_another_process_and_never_writes_to_stdout(  # type: ignore[no-untyped-def]
    pack_window: tuple[MainWindow, Path], tmp_path: Path, studio_home: Path, monkeypatch, qtbot
) -> None:
    import sys

    from PySide6.QtWidgets import QFileDialog

    class Unwritable:
        def write(self, _text: str) -> int:
            raise AssertionError("the Pack menu wrote to sys.stdout")

        def flush(self) -> None:  # starting a process flushes the standard streams: nothing is written
            pass

    window, _pack = pack_window
    built = tmp_path / "mypack-0.1.0.zip"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a: (str(built), ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a: (str(built), ""))
    monkeypatch.setattr(sys, "stdout", Unwritable())
    for text, first in (
        ("Validate", "ok: "),
        ("Run tests", "1 passed, 0 failed"),
        ("Build zip", f"built {built}"),
        ("Install zip", "installed mypack 0.1.0"),
    ):
        _trigger(window, "Pack", text)
        dialog = window.pack_menu.dialog
        assert dialog is not None
        qtbot.waitUntil(lambda d=dialog: d.lines.count() > 0, timeout=30_000)
        assert _lines(dialog)[0].startswith(first), _lines(dialog)
        assert "done (exit 0)" in dialog.summary.text()
    assert (studio_home / "packs" / "mypack" / "pack.yaml").is_file()


def _trigger(window: MainWindow, menu: str, text: str) -> None:
    """Choose a menu entry as a person would (the text without its & and …)."""
    for top in window.menuBar().actions():
        if top.text().replace("&", "") == menu and top.menu() is not None:
            for action in top.menu().actions():
                if action.text().replace("&", "").rstrip("…") == text:
                    action.trigger()
                    return
    raise AssertionError(f"no {menu} > {text}")


def test_open_pack_folder_adds_the_pack_to_the_running_workspace(  # type: ignore[no-untyped-def]
    window: MainWindow, tmp_path: Path, monkeypatch, qtbot
) -> None:
    from PySide6.QtWidgets import QFileDialog

    pack = tmp_path / "mypack"
    write_skeleton(pack, "mypack")
    asked: list[str] = []

    def choose(_parent, _title, start):  # type: ignore[no-untyped-def]
        asked.append(start)
        return str(pack / "charms")  # a folder inside the pack opens the pack

    monkeypatch.setattr(QFileDialog, "getExistingDirectory", choose)
    assert window.tree.select("charm", "mypack_pair_bonus") is None
    _trigger(window, "File", "Open pack folder")
    assert asked == [str(Path.home())]  # the base game alone: never the folder Studio started in
    assert window.tree.select("charm", "mypack_pair_bonus") is not None
    assert window.pack_menu.folder() == pack
    assert window.session is not None and window.session.ws.problems() == []
    assert window.session.ws.catalog is not None and "mypack_pair_bonus" in window.session.ws.catalog.charms
    window.preview.add_charm("mypack_pair_bonus")  # the preview scores with it at once
    assert window.preview.result is not None


def test_new_pack_makes_the_skeleton_and_opens_it(  # type: ignore[no-untyped-def]
    pack_window: tuple[MainWindow, Path], tmp_path: Path, monkeypatch, qtbot
) -> None:
    from PySide6.QtWidgets import QFileDialog, QInputDialog

    window, pack = pack_window
    asked: list[str] = []

    def where(_parent, _title, start):  # type: ignore[no-untyped-def]
        asked.append(start)
        return str(tmp_path)

    monkeypatch.setattr(QInputDialog, "getText", lambda *_a, **_k: ("neon", True))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", where)
    _trigger(window, "Pack", "New pack")
    assert asked == [str(pack.parent)]  # beside the pack being edited
    qtbot.waitUntil(lambda: window.pack_menu.folder() == tmp_path / "neon", timeout=30_000)
    assert window.tree.select("charm", "neon_pair_bonus") is not None
    dialog = window.pack_menu.dialog
    assert dialog is not None and "created pack 'neon'" in " ".join(_lines(dialog))


def test_build_asks_where_to_write_starting_beside_the_pack(  # type: ignore[no-untyped-def]
    pack_window: tuple[MainWindow, Path], tmp_path: Path, monkeypatch, qtbot
) -> None:
    from PySide6.QtWidgets import QFileDialog

    window, pack = pack_window
    asked: list[str] = []

    def save_as(_parent, _title, start, _filter):  # type: ignore[no-untyped-def]
        asked.append(start)
        return start, _filter

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_as)
    _trigger(window, "Pack", "Build zip")
    assert asked == [str(pack.parent / "mypack-0.1.0.zip")]
    dialog = window.pack_menu.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.lines.count() > 0, timeout=30_000)
    assert (pack.parent / "mypack-0.1.0.zip").is_file(), _lines(dialog)


def test_install_zip_installs_the_pack_as_studio_pack_install_does(  # type: ignore[no-untyped-def]
    pack_window: tuple[MainWindow, Path], tmp_path: Path, studio_home: Path, monkeypatch, qtbot
) -> None:
    from PySide6.QtWidgets import QFileDialog

    from studio.cli.main import main as studio_main

    window, pack = pack_window
    built = tmp_path / "mypack-0.1.0.zip"
    assert studio_main(["pack", "build", str(pack), "-o", str(built)]) == 0
    asked: list[str] = []

    def choose(_parent, _title, start, _filter):  # type: ignore[no-untyped-def]
        asked.append(start)
        return str(built), _filter

    monkeypatch.setattr(QFileDialog, "getOpenFileName", choose)
    _trigger(window, "Pack", "Install zip")
    assert asked == [str(pack.parent)]
    dialog = window.pack_menu.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.lines.count() > 0, timeout=30_000)
    assert _lines(dialog)[0].startswith("installed mypack 0.1.0 into")
    assert (studio_home / "packs" / "mypack" / "pack.yaml").is_file()


def test_validate_of_a_copy_of_the_base_game_checks_the_copy(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    """A copy opened as the base game is the pack being edited: its own files are checked, as
    ``studio validate COPY`` checks them, not the shipped base game's."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(recovery_dir=tmp_path / "recovery", settings=settings)
    qtbot.addWidget(window)
    window.set_workspace(Workspace.open([], base=content))
    assert window.pack_menu.is_base() and window.pack_menu.checked() == [content]
    charm = content / "charms" / "plain_mult.yaml"
    charm.write_text(charm.read_text(encoding="utf-8").replace("rarity:", "rarityy:"), encoding="utf-8")
    dialog = window.pack_menu.validate()
    qtbot.waitUntil(lambda: dialog.lines.count() > 0, timeout=30_000)
    assert any("plain_mult.yaml:" in line and "rarityy" in line for line in _lines(dialog)), _lines(dialog)
    assert "problems found (exit 1)" in dialog.summary.text()


def test_build_of_the_base_game_starts_in_the_home_folder(
    qtbot, tmp_path: Path, content: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QFileDialog

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(recovery_dir=tmp_path / "recovery", settings=settings)
    qtbot.addWidget(window)
    window.set_workspace(Workspace.open([], base=content))
    asked: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (asked.append(a[2]), ("", ""))[1])
    window.pack_menu.build()
    version = window.session.ws.packs[0].version  # type: ignore[union-attr]
    assert asked == [str(Path.home() / f"base-{version}.zip")]  # never beside the checkout's content folder


def test_a_check_of_a_pack_with_unsaved_edits_says_it_read_the_saved_files(  # type: ignore[no-untyped-def]
    pack_window: tuple[MainWindow, Path], tmp_path: Path, monkeypatch, qtbot
) -> None:
    """Validate, Run tests and Build zip read the files on disk: an edit not saved is not in the
    zip, and the dialog says so (and what to do) instead of looking like the edit was built."""
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    window, _pack = pack_window
    window.ask_save = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    ref = window.tree.select("charm", "mypack_pair_bonus")
    assert ref is not None and window.session is not None
    ws = window.session.ws
    text = ws.text(ref).replace("name: ", "name: Edited ", 1)
    window.session.perform("edit", lambda: ws.replace_text(ws.ref(ref.path), text))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(tmp_path / "b.zip"), ""))
    _trigger(window, "Pack", "Build zip")
    dialog = window.pack_menu.dialog
    assert dialog is not None
    assert _lines(dialog)[0] == (
        "1 file of this pack has unsaved edits, which this leaves out: File > Save all, then run it again"
    )
    qtbot.waitUntil(lambda: dialog.lines.count() > 1, timeout=30_000)
    edited = window.session.ws.dirty()
    assert [r.path for r in edited] == [ref.path]  # nothing of the user's was lost
