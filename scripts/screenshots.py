"""Render the main window with a real preview, light and dark, to docs/screenshot-{light,dark}.png.

The window opens on the base game with the charm money_mult in the editor
and the rule book's worked hand in the preview, its Mult edited from 2 to 3
(unsaved), so the pictures show what `make run` shows after one edit.

    python scripts/screenshots.py
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox

from studio.app import palette
from studio.app.main_window import MainWindow
from studio.workspace import Workspace

DOCS = Path(__file__).resolve().parents[1] / "docs"


def render(app: QApplication, ws: Workspace, dark: bool, out: Path) -> None:
    """Show the window in one theme, make the edit, and save a picture."""
    palette.apply(app, dark)
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(recovery_dir=Path(tmp) / "recovery", settings=settings)
        window.ask_save = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
        window.resize(1600, 1000)
        window.set_workspace(ws)
        window.show()
        window.tree.select("charm", "money_mult")
        assert window.editor is not None
        field = window.editor.field_at(("abilities", 0, "effects", 0, "amount"))
        assert field is not None
        field.box.setValue(3)  # type: ignore[attr-defined]
        window.preview.charm_row.item(1).setSelected(True)
        for _ in range(5):
            app.processEvents()
        window.grab().save(str(out))
        window.stack.undo()
        window.close()


def main() -> int:
    """Write both screenshots."""
    app = QApplication(sys.argv[:1])
    ws = Workspace.open([])
    for dark, name in ((False, "screenshot-light.png"), (True, "screenshot-dark.png")):
        render(app, ws, dark, DOCS / name)
        print(DOCS / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
