"""The real main window offscreen, on a copy of the base game's content (so saves touch only the copy).

Without the ``app`` extra (PySide6) nothing here is collected, so the rest of
the suite still runs.
"""

from __future__ import annotations

import gc
import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from pristine import Copies

if TYPE_CHECKING:
    from studio.app.main_window import MainWindow
    from studio.workspace.history import History

REPO = Path(__file__).resolve().parents[2]

if importlib.util.find_spec("PySide6") is None or importlib.util.find_spec("pytestqt") is None:
    collect_ignore_glob = ["test_*.py"]


@pytest.fixture(autouse=True)
def _modifier_keys_released() -> Iterator[None]:
    """``QTest.keyClick(..., modifier)`` leaves Qt believing the modifier is still held (the state is
    that of the last key event), and a later test's ``selectRow`` would then extend or toggle a
    selection; a key release with no modifier puts the state back."""
    yield
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QWidget

    if (
        QApplication.instance() is not None
        and QApplication.keyboardModifiers() != Qt.KeyboardModifier.NoModifier
    ):
        QTest.keyRelease(QWidget(), Qt.Key.Key_Shift)
        assert QApplication.keyboardModifiers() == Qt.KeyboardModifier.NoModifier


@pytest.fixture(autouse=True)
def _python_collects_again() -> Iterator[None]:
    """Each window hands garbage collection back when it closes; make sure the next tests have it.

    A closed widget is only hidden; Qt still holds the Python slots its signals call, and they hold
    the widget, so no window or form of a test would ever be freed (each one's workspace and catalog
    too) and every later collection would walk them all. The top-level widgets a test leaves (qtbot
    has closed them by now; no fixture outlives a test) are deleted here.
    """
    yield
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is not None:
        for widget in QApplication.topLevelWidgets():
            if not widget.isVisible():
                widget.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if not gc.isenabled():
        gc.collect()
        gc.enable()


def history(window: MainWindow) -> History:
    """The undo history of the workspace on screen (the window's Undo and Redo act on it)."""
    assert window.session is not None
    return window.session.ws.history


@pytest.fixture(scope="session")
def content_copies(tmp_path_factory: pytest.TempPathFactory) -> Copies:
    """The copies of the base game's content folder the tests of this process get."""
    return Copies(REPO / "content", tmp_path_factory.mktemp("content_copies"), "content")


@pytest.fixture
def content(content_copies: Copies) -> Path:
    """A copy of the base game's content folder, as a fresh copy is (shared with the tests before it
    while none of them changed it, see :mod:`pristine`)."""
    return content_copies.pristine()


def open_window(
    qtbot, tmp_path: Path, content: Path, recover: bool = False, packs: tuple[Path, ...] = ()
) -> MainWindow:  # type: ignore[no-untyped-def]
    """Open the main window on ``content`` and ``packs``; closing it discards edits; recovery answers
    ``recover``."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from studio.app.main_window import MainWindow
    from studio.workspace import Workspace

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(recovery_dir=tmp_path / "recovery", settings=settings)
    window.ask_save = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    window.ask_save_run = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    window.safety.ask_recover = lambda _text: recover
    qtbot.addWidget(window)
    window.set_workspace(Workspace.open(list(packs), base=content))
    window.show()
    return window


def crash(window: MainWindow) -> None:
    """The window dies without its clean exit, as a killed editor does: its session and its lock go."""
    window.session = None
    window.safety.release()


@pytest.fixture
def window(qtbot, tmp_path: Path, content: Path) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    """The main window on a copy of the base game, with the sample hand in the preview."""
    yield open_window(qtbot, tmp_path, content)
