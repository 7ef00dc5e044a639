"""A charm whose code raises never closes the app: the preview and the problems panel say what failed."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from code_packs import code_pack
from PySide6.QtCore import QSettings

from studio.app.main_window import MainWindow
from studio.workspace import Workspace

BOOM = """from studio.engine.hooks import CharmContext
from studio.engine.inplay import ActiveCharm
from studio.plugins import Behaviour


class Boom(Behaviour):
    id = "boom"

    def hand(self, ctx: CharmContext, charm: ActiveCharm) -> None:
        raise RuntimeError("the boom charm exploded")
"""


def test_a_plugin_that_raises_is_reported_and_the_window_goes_on(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    pack = code_pack(tmp_path / "boompack", "boom", BOOM, "Explodes")
    window = MainWindow(
        recovery_dir=tmp_path / "recovery",
        settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
    )
    qtbot.addWidget(window)
    window.set_workspace(Workspace.open([pack], base=content, trust=True))
    window.preview.set_state({"played": "AS AH", "charms": ["boom"]})  # code: scored in a worker
    qtbot.waitUntil(lambda: "the boom charm exploded" in window.preview.error_label.text(), timeout=10_000)
    assert window.preview.total_label.text() == "—"
    messages = [window.problems.topLevelItem(i).text(2) for i in range(window.problems.count())]
    assert any("RuntimeError: the boom charm exploded" in m and "boom" in m for m in messages)
    window.preview.set_state({"played": "AS AH", "charms": ["pair_mult"]})
    assert window.preview.total_label.text() != "—"
