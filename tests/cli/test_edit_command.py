"""``studio edit`` opens the editor, and only it: the other commands never load Qt."""

from __future__ import annotations

import subprocess
import sys


def test_the_command_line_loads_qt_only_for_the_editor() -> None:
    code = "import sys, studio.cli.main as m; m.parser(); print('PySide6' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_edit_names_a_missing_pack_folder(studio) -> None:  # type: ignore[no-untyped-def]
    run = studio("edit", "no/such/pack")
    assert run.code == 2
    assert "no/such/pack: no such pack folder" in run.err
