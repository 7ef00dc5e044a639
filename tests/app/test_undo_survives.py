"""Ctrl+Z keeps working for every file that a reload, a rename, a delete or a recovery did not touch."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from studio.app.main_window import MainWindow
from tests.app.conftest import crash, history, open_window
from tests.app.test_changes_on_disk import AMOUNT, set_field, written_elsewhere


def text_of(window: MainWindow, path: Path) -> str:
    assert window.session is not None
    ws = window.session.ws
    return ws.text(ws.ref(path))


def test_an_undone_edit_of_another_file_can_still_be_redone_after_a_reload(
    window: MainWindow, content: Path
) -> None:
    plain, money = content / "charms" / "plain_mult.yaml", content / "charms" / "money_mult.yaml"
    set_field(window, "charm", "money_mult", ("cost",), 8)
    window.save_action.trigger()  # clean again, its edit still in the history
    set_field(window, "charm", "plain_mult", AMOUNT, 5)
    set_field(window, "charm", "money_mult", ("cost",), 9)
    window.history.undo()  # money_mult's cost 9, undone (redo-able)
    window.history.undo()  # plain_mult's amount, undone
    written_elsewhere(money, money.read_text(encoding="utf-8").replace("cost: 8", "cost: 7"))
    window.safety.check_disk()  # money_mult was clean: read again quietly
    assert "cost: 7" in text_of(window, money)
    assert len(history(window)) == 1 and history(window).done == 0
    window.history.redo()
    assert "amount: 5" in text_of(window, plain) and "cost: 7" in text_of(window, money)


def test_a_rename_drops_only_the_history_of_the_files_it_changed(window: MainWindow, content: Path) -> None:
    set_field(window, "charm", "plain_mult", AMOUNT, 5)
    set_field(window, "charm", "money_mult", ("cost",), 8)
    assert len(history(window)) == 2
    ref = window.tree.select("charm", "money_mult")
    assert ref is not None
    window.entries.ask = lambda *_: "fat_wallet"
    assert window.entries.rename(ref) is not None
    assert len(history(window)) == 1  # money_mult's text now names fat_wallet: its edit went
    window.history.undo()
    plain = content / "charms" / "plain_mult.yaml"
    assert "amount: 4" in text_of(window, plain)
    assert "id: fat_wallet" in text_of(window, content / "charms" / "fat_wallet.yaml")


def test_a_delete_keeps_the_history_of_the_other_files(window: MainWindow, content: Path) -> None:
    set_field(window, "charm", "plain_mult", AMOUNT, 5)
    set_field(window, "charm", "money_mult", ("cost",), 8)
    ref = window.tree.select("charm", "money_mult")
    assert ref is not None
    window.entries.confirm = lambda _text: True
    assert window.entries.delete(ref)
    assert len(history(window)) == 1
    window.history.undo()
    assert "amount: 4" in text_of(window, content / "charms" / "plain_mult.yaml")


def test_recovered_edits_undo_step_by_step_and_other_files_still_undo(
    qtbot,
    tmp_path: Path,
    content: Path,  # type: ignore[no-untyped-def]
) -> None:
    plain, money = content / "charms" / "plain_mult.yaml", content / "charms" / "money_mult.yaml"
    saved = money.read_text(encoding="utf-8")
    first = open_window(qtbot, tmp_path, content)
    set_field(first, "charm", "money_mult", AMOUNT, 3)
    set_field(first, "charm", "plain_mult", AMOUNT, 5)
    set_field(first, "charm", "money_mult", ("cost",), 9)
    first.safety.autosave()
    crash(first)  # the window dies without its clean exit

    second = open_window(qtbot, tmp_path, content, recover=True)
    assert len(history(second)) == 3
    assert history(second).undo_label == "Edit money_mult: Cost"
    set_field(second, "charm", "even_mult", AMOUNT, 7)  # a file the recovery did not touch
    second.history.undo()
    assert "amount: 7" not in text_of(second, content / "charms" / "even_mult.yaml")
    second.history.undo()
    assert "cost: 6" in text_of(second, money) and "amount: 3" in text_of(second, money)
    second.history.undo()
    assert "amount: 4" in text_of(second, plain)
    second.history.undo()
    assert text_of(second, money) == saved
    assert second.session is not None and second.session.ws.dirty() == []
    second.history.redo()
    assert "amount: 3" in text_of(second, money)


def set_cost_on_two(window: MainWindow) -> None:
    """One step over two files, as a change made to several entries at once is."""
    with history(window).group("Set cost on 2 charms"):
        set_field(window, "charm", "plain_mult", ("cost",), 5)
        set_field(window, "charm", "money_mult", ("cost",), 8)


def test_a_step_over_several_files_goes_whole_when_one_of_them_is_reloaded(
    window: MainWindow, content: Path
) -> None:
    set_field(window, "charm", "even_mult", AMOUNT, 7)
    set_cost_on_two(window)
    window.save_action.trigger()  # money_mult, open in the editor, is clean again
    money = content / "charms" / "money_mult.yaml"
    written_elsewhere(money, money.read_text(encoding="utf-8").replace("cost: 8", "cost: 7"))
    window.safety.check_disk()
    assert "cost: 7" in text_of(window, money)
    assert "cost: 5" in text_of(window, content / "charms" / "plain_mult.yaml")  # kept, unsaved
    assert len(history(window)) == 1
    window.history.undo()
    assert "amount: 7" not in text_of(window, content / "charms" / "even_mult.yaml")
    assert "cost: 7" in text_of(window, money) and "cost: 5" in text_of(
        window, content / "charms" / "plain_mult.yaml"
    )


def test_a_recovered_step_over_several_files_undoes_as_one(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    first = open_window(qtbot, tmp_path, content)
    set_cost_on_two(first)
    first.safety.autosave()
    crash(first)  # the window dies without its clean exit

    second = open_window(qtbot, tmp_path, content, recover=True)
    assert second.session is not None and len(second.session.ws.dirty()) == 2
    assert len(history(second)) == 1 and history(second).undo_label == "Set cost on 2 charms"
    second.history.undo()
    assert second.session.ws.dirty() == []
