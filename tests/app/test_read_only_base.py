"""The installed base game is read-only in the editor: editing it offers a pack that replaces the entry, or a copy."""

from __future__ import annotations

from pathlib import Path

from studio.app.read_only import COPY, KEEP, OVERRIDE


def open_installed(qtbot, tmp_path: Path):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from studio.app.main_window import MainWindow
    from studio.workspace import Workspace

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(recovery_dir=tmp_path / "recovery", settings=settings)
    window.ask_save = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    window.safety.ask_recover = lambda _text: False
    qtbot.addWidget(window)
    window.set_workspace(Workspace.open([]))
    window.show()
    return window


def plain_mult(window):  # type: ignore[no-untyped-def]
    return next(r for r in window.session.ws.entries("charm") if r.id == "plain_mult")


def set_cost(window, value: int) -> None:  # type: ignore[no-untyped-def]
    """Type a cost into the form of the charm open in the editor, as a designer would."""
    field = window.editor.field_at(("cost",))
    assert field is not None
    field.box.setValue(value)


def test_editing_the_installed_base_offers_a_pack_that_replaces_the_entry(qtbot, tmp_path, installed_base):
    window = open_installed(qtbot, tmp_path)
    asked: list[str] = []
    window.read_only.choose = lambda path, why: asked.append(why) or OVERRIDE
    window.read_only.folder = lambda title, start: tmp_path / "my_changes"
    ref = plain_mult(window)
    before = ref.path.read_text(encoding="utf-8")
    window.tree.select("charm", "plain_mult")
    set_cost(window, 9)
    assert len(asked) == 1 and "installed with Studio" in asked[0]
    copy = tmp_path / "my_changes" / "charms" / "plain_mult.yaml"
    assert window.editor.file == copy
    assert "cost: 9" in copy.read_text(encoding="utf-8")
    assert ref.path.read_text(encoding="utf-8") == before  # the installed base game is untouched
    set_cost(window, 8)
    window.save_action.trigger()
    assert "cost: 8" in copy.read_text(encoding="utf-8")
    assert window.session.ws.catalog.charm("plain_mult").cost == 8
    assert len(asked) == 1  # the copy is the user's own: no more offers


def test_save_of_a_read_only_file_offers_again_and_writes_nothing(qtbot, tmp_path, installed_base):
    window = open_installed(qtbot, tmp_path)
    asked: list[str] = []
    window.read_only.choose = lambda path, why: asked.append(why) or KEEP
    ref = plain_mult(window)
    before = ref.path.read_text(encoding="utf-8")
    window.tree.select("charm", "plain_mult")
    set_cost(window, 9)
    window.save_action.trigger()
    assert len(asked) == 2
    assert ref.path.read_text(encoding="utf-8") == before
    assert window.session.ws.catalog.charm("plain_mult").cost == 9  # the preview shows the edit


def test_copy_the_base_game_opens_the_copy_with_the_edits_made(qtbot, tmp_path, installed_base):
    window = open_installed(qtbot, tmp_path)
    window.read_only.choose = lambda path, why: COPY
    window.read_only.folder = lambda title, start: tmp_path / "my-base"
    window.tree.select("charm", "plain_mult")
    set_cost(window, 9)
    qtbot.waitUntil(lambda: window.session.ws.packs[0].origin == tmp_path / "my-base", timeout=20_000)
    copy = plain_mult(window)
    assert copy.path == tmp_path / "my-base" / "charms" / "plain_mult.yaml"
    assert window.session.ws.data(copy)["cost"] == 9
    assert not window.history.undo_action.isEnabled()  # the step was the installed game's, not the copy's
    window.tree.select("charm", "plain_mult")
    set_cost(window, 7)
    window.save_action.trigger()
    assert "cost: 7" in copy.path.read_text(encoding="utf-8")
