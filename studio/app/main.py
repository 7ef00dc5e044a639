"""Start the editor: ``studio edit [PACK_DIR]...``, or ``studio play`` (the editor with a playtest run)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from studio import desktop
from studio.app import palette
from studio.app.main_window import MainWindow


class PlaytestStart(NamedTuple):
    """The run ``studio play`` starts once the content is in (None: the panel's default)."""

    seed: int
    deck: str | None = None
    difficulty: int | None = None
    charms: tuple[str, ...] = ()


def run(pack_dirs: list[Path], *, trust: bool = False, playtest: PlaytestStart | None = None) -> int:
    """Open the main window on the base game plus ``pack_dirs``; return the exit code.

    ``playtest``: open the Playtest dock with that run started as soon as the content is loaded.
    """
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("Charm Studio")
    app.setOrganizationName("Charm Studio")
    app.setDesktopFileName(desktop.NAME)  # the launcher `studio desktop install` writes: its icon, on Wayland
    window = MainWindow()
    sys.excepthook = window.report_exception
    theme = window.settings.value("theme", "system")
    palette.apply(app, {"dark": True, "light": False}.get(str(theme)))
    app.styleHints().colorSchemeChanged.connect(lambda _scheme: window.follow_system())
    window.show()
    if playtest is not None:
        start_playtest(window, playtest)
    window.open_packs(pack_dirs, trust=trust)
    return app.exec()


def start_playtest(window: MainWindow, start: PlaytestStart) -> None:
    """Once the content is in (and the first layout is set), show the Playtest dock with the run started."""

    def begin() -> None:
        panel = window.playtest.open()
        panel.start(start.seed, start.deck, start.difficulty, start.charms)

    def on_loaded() -> None:
        window.loaded.disconnect(on_loaded)
        QTimer.singleShot(0, begin)  # after the layout the window settles on load

    window.loaded.connect(on_loaded)
