"""The editor starts from the snapshot of the last sound open: the same window, then the same editing."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtGui import QStandardItem

from studio.app.main_window import MainWindow
from tests.app.conftest import open_window

AMOUNT = ("abilities", 0, "effects", 0, "amount")
#: A pack whose code is not trusted: the open warns about it.
MOD = {
    "pack.yaml": "id: mod\nname: Mod\nversion: 1.0.0\n",
    "plugins/doubler.py": (
        "from studio.plugins import Behaviour\n\n\nclass Doubler(Behaviour):\n    id = 'doubler'\n\n"
        "    def hand(self, ctx, charm):\n        ctx.add_xmult(2, charm)\n"
    ),
    "charms/twice.yaml": "id: twice\nname: Twice\nbehaviour: doubler\ndescription: X2 Mult\n",
}


def _shown(window: MainWindow) -> tuple[Any, ...]:
    """What the window shows: the tree's rows, the problems listed and their count, the preview's result."""
    model = window.tree.model

    def rows(item: QStandardItem) -> list[Any]:
        return [
            (item.child(i).text(), item.child(i).toolTip(), rows(item.child(i)))
            for i in range(item.rowCount())
        ]

    problems = window.problems
    listed = [tuple(problems.topLevelItem(i).text(c) for c in range(3)) for i in range(problems.count())]
    preview = window.preview
    return rows(model.invisibleRootItem()), listed, window.docks[2].windowTitle(), preview.total_label.text()


def test_a_window_from_the_snapshot_shows_what_a_full_open_shows_then_runs_the_tests(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, content: Path
) -> None:
    mod = tmp_path / "mod"
    for rel, text in MOD.items():
        (mod / rel).parent.mkdir(parents=True, exist_ok=True)
        (mod / rel).write_text(text, encoding="utf-8")
    full = open_window(qtbot, tmp_path, content, packs=(mod,))
    quick = open_window(qtbot, tmp_path, content, packs=(mod,))
    assert full.session is not None and full.session.ws.checked
    assert quick.session is not None and not quick.session.ws.checked
    assert _shown(quick) == _shown(full)
    assert "warning" in _shown(quick)[2]  # the untrusted code's warning, listed as after a full open
    base = open_window(qtbot, tmp_path, content)
    assert base.session is not None and base.session.ws.checked  # other packs: another snapshot
    again = open_window(qtbot, tmp_path, content)
    assert again.session is not None and not again.session.ws.checked
    qtbot.waitUntil(lambda: again.session is not None and again.session.ws.checked, timeout=30_000)
    qtbot.waitUntil(lambda: bool(again.tree.tests) and bool(base.tree.tests), timeout=60_000)
    assert again.tree.tests == base.tree.tests and _shown(again) == _shown(base)


def test_the_first_form_edit_after_a_start_from_the_snapshot_checks_and_undoes_as_ever(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, content: Path
) -> None:
    open_window(qtbot, tmp_path, content).close()
    window = open_window(qtbot, tmp_path, content)
    assert window.session is not None and not window.session.ws.checked
    assert window.tree.select("charm", "money_mult") is not None
    assert window.editor is not None
    amount, name = window.editor.field_at(AMOUNT), window.editor.field_at(("name",))
    assert amount is not None and name is not None
    amount.box.setValue(3)  # type: ignore[attr-defined]
    assert window.session.ws.checked
    assert window.preview.total_label.text() == "3,283"
    name.box.setText("")  # type: ignore[attr-defined]
    name.box.textEdited.emit("")  # type: ignore[attr-defined]
    assert window.docks[2].windowTitle() == "Problems — 1 error" and name.message()
    window.history.undo()
    window.history.undo()
    assert window.docks[2].windowTitle() == "Problems — none" and not name.message()
    assert window.preview.total_label.text() == "3,082" and not window.session.ws.dirty()


def test_the_editor_starts_from_the_snapshot_without_the_content_models_or_qtawesome(tmp_path: Path) -> None:
    """The models cost a quarter of a second to import and qtawesome a tenth: neither is on the way to a
    usable window once a snapshot serves; the models come in once the window is usable, off the GUI thread."""
    code = """
import sys
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
from studio.app.main_window import MainWindow
app = QApplication([])
w = MainWindow(recovery_dir=__import__('pathlib').Path(sys.argv[1]) / 'r',
               settings=QSettings(sys.argv[1] + '/s.ini', QSettings.Format.IniFormat))

def loaded():
    print(w.preview.total_label.text(), 'studio.content.models' in sys.modules, 'qtawesome' in sys.modules)
    checked()

def checked():
    if not w.session.ws.checked:  # checked in a worker thread once the window is usable
        QTimer.singleShot(20, checked)
        return
    print('studio.content.models' in sys.modules)
    w.close()
    app.quit()

w.show(); w.loaded.connect(loaded); w.open_packs([]); app.exec()
"""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "STUDIO_HOME": str(tmp_path / "home")}
    argv = [sys.executable, "-c", code, str(tmp_path)]
    runs = [subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], [r.stderr for r in runs]
    assert runs[0].stdout.split() == ["3,082", "True", "False", "True"]  # a full open: no snapshot yet
    assert runs[1].stdout.split() == ["3,082", "False", "False", "True"]
