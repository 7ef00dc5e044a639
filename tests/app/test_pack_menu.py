"""The Pack menu runs the CLI's own commands on the pack being edited and lists what they print."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from PySide6.QtCore import QSettings

from studio.app.main_window import MainWindow
from studio.content.skeleton import write_skeleton
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


def test_output_lines_are_told_apart() -> None:
    from studio.app.pack_menu import line_tone

    assert line_tone("ok: 127 file(s) checked") == "good"
    assert line_tone("171 passed, 0 failed") == "good"
    assert line_tone("1 passed, 2 failed") == "bad"
    assert line_tone("created pack 'x'; next: studio validate x") == "good"
    assert line_tone("sha256 0123abcd") == ""
    assert line_tone("/x/charms/a.yaml:3:1: $.name: field required") == "bad"
    assert line_tone("FAIL tests/a.yaml[0]: total: expected 1, got 2") == "bad"
    assert line_tone("studio pack: error: x: no such pack folder") == "bad"
