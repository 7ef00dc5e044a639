"""The installed Qt binding keeps Python's reference counts right (PySide6 6.12.0 did not)."""

from __future__ import annotations

import sys

import pytest

pytest.importorskip("PySide6")

from PySide6.QtWidgets import QLabel


def test_calls_returning_nothing_keep_the_reference_count_of_none(qtbot) -> None:  # type: ignore[no-untyped-def]
    label = QLabel()
    qtbot.addWidget(label)
    before = sys.getrefcount(None)
    for _ in range(2000):
        label.setText("x")
    # A binding that drops a reference per call would take 2000 off; the app would die in minutes.
    assert sys.getrefcount(None) - before > -100
