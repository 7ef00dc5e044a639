"""The editor keeps its settings and recovered work in the user's folders (``STUDIO_HOME`` in tests),
and its window carries the application's icon."""

from __future__ import annotations

from pathlib import Path


def test_the_window_has_the_app_icon_and_uses_the_user_folders(qtbot, studio_home: Path) -> None:  # type: ignore[no-untyped-def]
    from studio.app.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    assert not window.windowIcon().isNull()
    assert not window.windowIcon().pixmap(64, 64).isNull()  # the SVG draws
    assert Path(window.settings.fileName()) == studio_home / "settings.ini"
    assert window.safety.folder == studio_home / "recovery"
