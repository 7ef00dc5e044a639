"""Render the main window with a real preview, light and dark, to docs/screenshot-{light,dark}.png,
the table view to docs/screenshot-table.png, a frame of trace playback to
docs/screenshot-playback.png and a playtest run to docs/screenshot-playtest.png.

The window opens on the base game with the charm money_mult in the editor
and the rule book's worked hand in the preview, its Mult edited from 2 to 3
(unsaved), so the pictures show what `make run` shows after one edit. The
table picture shows the charms sorted by cost, three of them selected. The
playback picture is the preview paused on the sample hand's fifth step: a
charm adding Mult for a card. The playtest picture is seed 5 with two charms, one
hand played (its trace on the right, played back to its third step) and the strong
bot's hint for the next.

    python scripts/screenshots.py            # all five
    python scripts/screenshots.py playback   # only the playback frame
    python scripts/screenshots.py playtest   # only the playtest
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QAbstractAnimation, QItemSelectionModel, QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from studio.app import palette
from studio.app.main_window import MainWindow
from studio.workspace import Workspace

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _window(ws: Workspace, tmp: str) -> MainWindow:
    """The window on ``ws`` with settings and recovery in ``tmp``, shown, money_mult open."""
    settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(recovery_dir=Path(tmp) / "recovery", settings=settings)
    window.ask_save = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    window.ask_save_run = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    window.resize(1600, 1000)
    window.set_workspace(ws)
    window.show()
    window.tree.select("charm", "money_mult")
    return window


def render(app: QApplication, ws: Workspace, dark: bool, out: Path) -> None:
    """Show the window in one theme, make the edit, and save a picture."""
    palette.apply(app, dark)
    with tempfile.TemporaryDirectory() as tmp:
        window = _window(ws, tmp)
        assert window.editor is not None
        field = window.editor.field_at(("abilities", 0, "effects", 0, "amount"))
        assert field is not None
        field.box.setValue(3)  # type: ignore[attr-defined]
        window.preview.charm_row.item(1).setSelected(True)
        # The tests that name money_mult run in the background: wait for the one the edit breaks.
        deadline = time.monotonic() + 20
        while "failing test" not in window.docks[2].windowTitle() and time.monotonic() < deadline:
            app.processEvents()
            time.sleep(0.02)
        for _ in range(5):
            app.processEvents()
        window.grab().save(str(out))
        window.history.undo()
        window.close()


def render_table(app: QApplication, ws: Workspace, out: Path) -> None:
    """Open View > Table on the charms, sort them by cost, select three, and save a picture."""
    palette.apply(app, False)
    with tempfile.TemporaryDirectory() as tmp:
        window = _window(ws, tmp)
        app.processEvents()  # the first start's layout settles, then the table opens over it
        window.table_dock.toggleViewAction().trigger()
        table = window.table
        cost = [c.path for c in table.model.columns].index(("cost",))
        table.view.sortByColumn(cost, Qt.SortOrder.DescendingOrder)
        rows = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        for row in (2, 3, 4):
            table.view.selectionModel().select(table.proxy.index(row, 0), rows)
        table.view.selectionModel().setCurrentIndex(
            table.proxy.index(2, cost), QItemSelectionModel.SelectionFlag.NoUpdate
        )
        for _ in range(5):
            app.processEvents()
        window.grab().save(str(out))
        window.close()


def render_playback(app: QApplication, ws: Workspace, out: Path, step: int = 4) -> None:
    """Pause the preview's playback of the sample hand on ``step`` and save a picture of the preview."""
    palette.apply(app, False)
    with tempfile.TemporaryDirectory() as tmp:
        window = _window(ws, tmp)
        preview = window.preview
        preview.playback.jump(step)
        # Let the pop-up rise and the score count up to where they rest.
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(
            a.state() == QAbstractAnimation.State.Running for a in preview.findChildren(QAbstractAnimation)
        ):
            app.processEvents()
            time.sleep(0.02)
        app.processEvents()
        preview.grab().save(str(out))
        window.close()


def render_playtest(app: QApplication, ws: Workspace, out: Path) -> None:
    """Open View > Playtest, play one hand of a run and ask for a hint, and save a picture."""
    palette.apply(app, False)
    with tempfile.TemporaryDirectory() as tmp:
        window = _window(ws, tmp)
        app.processEvents()  # the first start's layout settles, then the playtest opens over it
        panel = window.playtest.open()
        window.resizeDocks([window.playtest.dock], [560], Qt.Orientation.Vertical)
        panel.start(5, "standard", 0, ("plain_mult", "even_mult"))
        panel.blind.select_button.click()
        panel.round.select([0, 2])
        panel.round.play_button.click()
        panel.playback.pause()  # the played hand's playback, shown on its third step
        panel.playback.jump(2)
        panel.hint()
        deadline = time.monotonic() + 5
        while panel.playback_bar.counter.is_counting() and time.monotonic() < deadline:
            app.processEvents()
        for _ in range(5):
            app.processEvents()
        window.grab().save(str(out))
        window.close()


def main() -> int:
    """Write the screenshots (only the playback frame or the playtest when asked for one)."""
    app = QApplication(sys.argv[:1])
    ws = Workspace.open([])
    if sys.argv[1:] == ["playback"]:
        render_playback(app, ws, DOCS / "screenshot-playback.png")
        print(DOCS / "screenshot-playback.png")
        return 0
    if sys.argv[1:] == ["playtest"]:
        render_playtest(app, ws, DOCS / "screenshot-playtest.png")
        print(DOCS / "screenshot-playtest.png")
        return 0
    for dark, name in ((False, "screenshot-light.png"), (True, "screenshot-dark.png")):
        render(app, ws, dark, DOCS / name)
        print(DOCS / name)
    render_table(app, ws, DOCS / "screenshot-table.png")
    print(DOCS / "screenshot-table.png")
    render_playback(app, ws, DOCS / "screenshot-playback.png")
    print(DOCS / "screenshot-playback.png")
    render_playtest(app, ws, DOCS / "screenshot-playtest.png")
    print(DOCS / "screenshot-playtest.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
