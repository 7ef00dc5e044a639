"""The icons are drawn from the Font Awesome font as qtawesome draws them, without importing qtawesome."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import os
import subprocess
import sys

CODE = """
import sys
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon, QImage
from PySide6.QtWidgets import QApplication
app = QApplication([])
from studio.app import palette
from studio.app.content_tree import KIND_ICONS

names = sorted({*KIND_ICONS.values(), "fa5s.save", "fa5s.undo", "fa5s.trash-alt", "fa5s.bug"})
modes = (QIcon.Mode.Normal, QIcon.Mode.Disabled)
keys = [(n, s, m, c) for n in names for s in (16, 24) for m in modes for c in (palette.ICON_INK, "#d32f2f")]
ours = {(n, s, m, c): palette.icon(n, c).pixmap(QSize(s, s), m).toImage() for n, s, m, c in keys}
print("qtawesome" in sys.modules)
import qtawesome

def theirs(name, size, mode, colour):
    made = qtawesome.icon(name, color=colour, color_disabled=palette.ICON_DISABLED)
    return made.pixmap(QSize(size, size), mode).toImage()

blank = QImage(ours[(names[0], 24, modes[0], palette.ICON_INK)])
blank.fill(Qt.GlobalColor.transparent)
print(all(image == theirs(*key) for key, image in ours.items()))
print(all(image != blank for key, image in ours.items() if key[1] == 24))  # a glyph, not an empty square
"""


def test_icons_are_the_pixels_qtawesome_draws_and_qtawesome_is_not_imported_for_them() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["False", "True", "True"]
