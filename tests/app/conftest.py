"""The real main window offscreen, on a copy of the base game's content (so saves touch only the copy)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from studio.app.main_window import MainWindow
from studio.workspace import Workspace

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A fresh copy of the base game's content folder."""
    folder = tmp_path / "content"
    shutil.copytree(REPO / "content", folder)
    return folder


def open_window(qtbot, tmp_path: Path, content: Path, recover: bool = False) -> MainWindow:  # type: ignore[no-untyped-def]
    """Open the main window on ``content``; closing it discards edits; recovery answers ``recover``."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(recovery_dir=tmp_path / "recovery", settings=settings)
    window.ask_save = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    window.safety.ask_recover = lambda _text: recover
    qtbot.addWidget(window)
    window.set_workspace(Workspace.open([], base=content))
    window.show()
    return window


@pytest.fixture
def window(qtbot, tmp_path: Path, content: Path) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    """The main window on a copy of the base game, with the sample hand in the preview."""
    yield open_window(qtbot, tmp_path, content)
