"""Start the editor: ``studio edit [PACK_DIR]...``."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from studio.app import palette
from studio.app.main_window import MainWindow


def run(pack_dirs: list[Path], *, trust: bool = False) -> int:
    """Open the main window on the base game plus ``pack_dirs``; return the exit code."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("Charm Studio")
    app.setOrganizationName("Charm Studio")
    window = MainWindow()
    sys.excepthook = window.report_exception
    theme = window.settings.value("theme", "system")
    palette.apply(app, {"dark": True, "light": False}.get(str(theme)))
    app.styleHints().colorSchemeChanged.connect(lambda _scheme: window.follow_system())
    window.show()
    window.open_packs(pack_dirs, trust=trust)
    return app.exec()
