"""Whole entries from the window: new, duplicate, rename (references follow), delete (references listed)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from studio.app.main_window import MainWindow


def test_a_new_charm_opens_in_the_editor_and_can_go_in_the_preview(window: MainWindow, content: Path) -> None:
    window.entries.ask = lambda *_: "lucky_thirteen"
    ref = window.entries.new("charm")
    assert ref is not None and window.editor is not None and window.editor.file == ref.path
    window.preview.add_charm("lucky_thirteen")
    assert window.preview.result is not None
    window.save_action.trigger()
    assert (content / "charms" / "lucky_thirteen.yaml").is_file()


def test_renaming_a_charm_updates_the_preview_scenarios_and_tree(window: MainWindow, content: Path) -> None:
    ref = window.tree.select("charm", "money_mult")
    assert ref is not None
    window.entries.ask = lambda *_: "fat_wallet"
    renamed = window.entries.rename(ref)
    assert renamed is not None and renamed.id == "fat_wallet"
    assert window.session is not None
    ws = window.session.ws
    assert "fat_wallet" in ws.ids("charm") and "money_mult" not in ws.ids("charm")
    assert any("fat_wallet" in ws.text(r) for r in ws.entries("scenario"))
    assert window.stack.count() == 0
    assert window.editor is not None and window.editor.ref == renamed
    assert window.preview.charm_row.tokens()[1] == "fat_wallet"
    assert window.preview.total_label.text() == "3,082"


def test_deleting_lists_the_references_first_and_can_be_declined(window: MainWindow, content: Path) -> None:
    ref = window.tree.select("charm", "money_mult")
    assert ref is not None
    asked: list[str] = []
    window.entries.confirm = lambda text: bool(asked.append(text))  # says no
    assert not window.entries.delete(ref)
    assert "Still referred to by" in asked[0] and "scenario" in asked[0]
    assert (content / "charms" / "money_mult.yaml").is_file()
    window.entries.confirm = lambda _text: True
    assert window.entries.delete(ref)
    assert not (content / "charms" / "money_mult.yaml").exists()
    assert window.editor is not None and window.editor.file is None
    assert window.problems.count() > 0  # the scenarios and preview that used it now name it unknown
