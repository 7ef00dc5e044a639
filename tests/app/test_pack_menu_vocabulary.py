"""Checking, testing, building or installing a pack from the Pack menu never changes the kinds of rule
the open workspace's trusted plugins added: its forms, schemas, checks and preview keep them."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import json
from pathlib import Path

from plugin_kinds import write_halver
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox

from studio.app.main_window import MainWindow
from studio.cli.main import main as studio_main
from studio.content.packs.skeleton import write_skeleton
from studio.workspace import Workspace
from tests.app.test_pack_menu import _lines, _trigger

OTHER_PLUGIN = (
    'from studio.plugins import Behaviour\n\n\nclass Quiet(Behaviour):\n    id = "other_quiet"\n\n'
    "    def hand(self, ctx, charm):\n        pass\n"
)


pytestmark = pytest.mark.usefixtures("plugin_kinds_forgotten")  # the halver's kinds stay in its tests


def other_zip(tmp_path: Path) -> Path:
    """A built pack with code of its own (and no kinds of rule), as a player would download it."""
    other = tmp_path / "other"
    write_skeleton(other, "other")
    (other / "plugins").mkdir()
    (other / "plugins" / "quiet.py").write_text(OTHER_PLUGIN, encoding="utf-8")
    archive = tmp_path / "other-0.1.0.zip"
    assert studio_main(["pack", "build", str(other), "-o", str(archive)]) == 0
    return archive


def keeps_the_kinds(window: MainWindow, name: str) -> None:
    """The workspace's schema, checks after an edit (renaming the charm ``name``) and preview all still
    know the halver's kinds."""
    assert window.session is not None
    ws = window.session.ws
    schema = json.dumps(ws.schema("charm"))
    assert '"halve_points"' in schema and '"all_red"' in schema and '"rank_total"' in schema
    ref = next(r for r in ws.entries("charm") if r.id == "halver_red_giant")
    window.session.perform("rename", lambda: ws.set_field(ref, ("name",), name))
    assert [p.message for p in ws.problems() if p.severity == "error"] == []
    window.preview.set_state({"played": "KH KD", "charms": ["halver_red_giant"]})
    assert window.preview.result is not None and window.preview.result.total == 60


def test_the_pack_menus_work_leaves_the_open_workspaces_plugin_kinds(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, content: Path, monkeypatch
) -> None:
    archive = other_zip(tmp_path)
    halver = tmp_path / "halver"
    write_skeleton(halver, "halver")
    write_halver(halver)
    window = MainWindow(
        recovery_dir=tmp_path / "recovery",
        settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat),
    )
    window.ask_save = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    qtbot.addWidget(window)
    window.set_workspace(Workspace.open([halver], base=content, trust=True))  # trusted for this session
    keeps_the_kinds(window, "Red Giant, opened")

    built = tmp_path / "halver-0.1.0.zip"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a: (str(built), ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a: (str(archive), ""))
    for text in ("Validate", "Run tests", "Build zip", "Install zip"):
        _trigger(window, "Pack", text)
        dialog = window.pack_menu.dialog
        assert dialog is not None
        qtbot.waitUntil(lambda d=dialog: d.lines.count() > 0, timeout=60_000)
        keeps_the_kinds(window, f"Red Giant after {text}")
    assert _lines(dialog)[-1].startswith("installed other 0.1.0")
