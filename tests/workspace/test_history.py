"""The workspace's undo history, with no window: the steps the editor's Undo and Redo take."""

from __future__ import annotations

from pathlib import Path

import pytest
from ws_support import ref_of

from studio.workspace import Workspace, WorkspaceError

AMOUNT = ("abilities", 0, "effects", 0, "amount")


def _path(ws: Workspace, entry_id: str) -> Path:
    return ref_of(ws, "charm", entry_id).path


def _text(ws: Workspace, entry_id: str) -> str:
    return ws.text(ref_of(ws, "charm", entry_id))


def _two_costs(ws: Workspace) -> None:
    """Two steps: plain_mult's cost 5, then money_mult's 8."""
    ws.history.set_field(_path(ws, "plain_mult"), ("cost",), 5)
    ws.history.set_field(_path(ws, "money_mult"), ("cost",), 8)


def test_an_edit_undoes_to_the_text_before_and_redoes_to_the_text_after(ws: Workspace) -> None:
    plain = _path(ws, "plain_mult")
    saved = _text(ws, "plain_mult")
    change = ws.history.set_field(plain, ("cost",), 5)
    edited = _text(ws, "plain_mult")
    assert plain in change.files and "cost: 5" in edited
    assert len(ws.history) == 1 and ws.history.undo_label == "Edit plain_mult cost"

    undone = ws.history.undo()
    assert plain in undone.files and _text(ws, "plain_mult") == saved
    assert not ws.is_dirty(ref_of(ws, "charm", "plain_mult"))
    assert ws.history.done == 0 and ws.history.redo_label == "Edit plain_mult cost"
    ws.history.redo()
    assert _text(ws, "plain_mult") == edited
    assert ws.history.undo_label == "Edit plain_mult cost" and ws.history.redo_label == ""


def test_typing_in_one_field_is_one_step_and_another_field_starts_a_new_one(ws: Workspace) -> None:
    plain = _path(ws, "plain_mult")
    saved = _text(ws, "plain_mult")
    for amount in (1, 12, 123):
        ws.history.set_field(plain, AMOUNT, amount, typing=True)
    assert len(ws.history) == 1
    ws.history.set_field(plain, ("cost",), 9, typing=True)
    ws.history.set_field(plain, ("cost",), 8)  # not typing: stands alone
    assert len(ws.history) == 3
    for _ in range(3):
        ws.history.undo()
    assert _text(ws, "plain_mult") == saved


def test_typing_back_to_where_it_began_leaves_nothing_to_undo(ws: Workspace) -> None:
    plain = _path(ws, "plain_mult")
    saved = _text(ws, "plain_mult")
    ws.history.replace_text(plain, saved + "# a note\n", typing=True)
    ws.history.replace_text(plain, saved, typing=True)
    assert len(ws.history) == 0 and ws.history.undo_label == ""


def test_an_edit_that_changes_nothing_or_is_refused_leaves_no_step(ws: Workspace) -> None:
    plain = _path(ws, "plain_mult")
    ws.history.set_field(plain, ("cost",), 2)  # the cost it has
    assert len(ws.history) == 0
    ws.history.replace_text(plain, "id: [unclosed\n")
    with pytest.raises(WorkspaceError, match="does not parse"):
        ws.history.set_field(plain, ("cost",), 3)
    assert len(ws.history) == 1 and ws.history.undo_label == "Edit plain_mult.yaml text"


def test_a_new_edit_drops_the_steps_that_could_be_redone(ws: Workspace) -> None:
    plain = _path(ws, "plain_mult")
    ws.history.set_field(plain, ("cost",), 5)
    ws.history.set_field(plain, ("cost",), 6)
    ws.history.undo()
    ws.history.set_field(plain, ("cost",), 7)
    assert len(ws.history) == 2 and ws.history.redo_label == ""
    ws.history.undo()
    assert "cost: 5" in _text(ws, "plain_mult")


def test_a_group_over_several_files_undoes_and_redoes_whole(ws: Workspace) -> None:
    plain, money = _path(ws, "plain_mult"), _path(ws, "money_mult")
    before = (_text(ws, "plain_mult"), _text(ws, "money_mult"))
    with ws.history.group("Set cost on 2 charms"):
        ws.history.set_field(plain, ("cost",), 5)
        with ws.history.group("inner"):  # joins the outer step
            ws.history.set_field(money, ("cost",), 8)
    with ws.history.group("Set nothing"):
        pass
    assert len(ws.history) == 1 and ws.history.undo_label == "Set cost on 2 charms"
    change = ws.history.undo()
    assert change.files == {plain, money}
    assert (_text(ws, "plain_mult"), _text(ws, "money_mult")) == before
    ws.history.redo()
    assert "cost: 5" in _text(ws, "plain_mult") and "cost: 8" in _text(ws, "money_mult")


def test_a_group_that_edits_one_file_twice_undoes_to_the_text_before_the_first(ws: Workspace) -> None:
    plain = _path(ws, "plain_mult")
    saved = _text(ws, "plain_mult")
    with ws.history.group("Apply"):
        ws.history.set_field(plain, ("cost",), 5)
        ws.history.set_field(plain, AMOUNT, 7)
    edited = _text(ws, "plain_mult")
    ws.history.undo()  # the amount's edit is taken back first: the cost's puts back the text before both
    assert _text(ws, "plain_mult") == saved
    ws.history.redo()
    assert _text(ws, "plain_mult") == edited


def test_a_group_that_puts_back_what_it_changed_leaves_no_step(ws: Workspace) -> None:
    plain = _path(ws, "plain_mult")
    saved = _text(ws, "plain_mult")
    cost = ws.data(ws.ref(plain))["cost"]
    with ws.history.group("Apply"):
        ws.history.set_field(plain, ("cost",), cost + 3)
        ws.history.set_field(plain, ("cost",), cost)
    assert _text(ws, "plain_mult") == saved
    assert len(ws.history) == 0 and ws.history.undo_label == ""


def test_a_file_changed_outside_the_history_loses_only_its_own_steps(ws: Workspace) -> None:
    _two_costs(ws)
    told: list[str] = []
    ws.history.listen(lambda: told.append("changed"))
    ws.replace_text(ref_of(ws, "charm", "money_mult"), _text(ws, "money_mult") + "# by hand\n")
    assert len(ws.history) == 1 and told == ["changed"]  # asking dropped money_mult's step, and told
    assert ws.history.prune() == set()
    ws.history.undo()
    assert "cost: 2" in _text(ws, "plain_mult") and "# by hand" in _text(ws, "money_mult")


def test_a_rename_drops_the_steps_of_the_files_it_rewrote(ws: Workspace) -> None:
    _two_costs(ws)
    ws.rename(ref_of(ws, "charm", "money_mult"), "fat_wallet")
    assert len(ws.history) == 1 and ws.history.undo_label == "Edit plain_mult cost"


def test_recorded_steps_come_back_after_a_crash_and_undo_one_by_one(
    ws: Workspace, base_copy: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "recovery"
    money = _path(ws, "money_mult")
    saved = _text(ws, "money_mult")
    ws.history.set_field(money, ("cost",), 7)
    ws.history.set_field(money, AMOUNT, 3)
    ws.autosave(folder, ws.history.steps())

    after_crash = Workspace.open([], base=base_copy)
    for item in Workspace.recoverable(folder):
        after_crash.recover(item)
        after_crash.history.restore({item.path: item.undo})
    assert len(after_crash.history) == 2
    assert after_crash.history.undo_label == "Edit money_mult abilities.0.effects.0.amount"
    after_crash.history.undo()
    assert "cost: 7" in _text(after_crash, "money_mult") and "amount: 3" not in _text(
        after_crash, "money_mult"
    )
    after_crash.history.undo()
    assert _text(after_crash, "money_mult") == saved and after_crash.dirty() == []


def test_after_an_undo_the_history_expects_the_text_the_undo_left(ws: Workspace) -> None:
    plain = _path(ws, "plain_mult")
    ws.history.set_field(plain, ("cost",), 5)
    ws.history.set_field(plain, ("cost",), 6)
    redone = _text(ws, "plain_mult")
    assert ws.history.undo_label == "Edit plain_mult cost"  # asked once before the undo
    ws.history.undo()
    ws.replace_text(ref_of(ws, "charm", "plain_mult"), redone)  # the redone text, but not by a redo
    assert len(ws.history) == 0 and ws.history.redo_label == ""


def test_asking_inside_a_group_keeps_the_earlier_steps_of_the_files_it_edits(ws: Workspace) -> None:
    plain, money = _path(ws, "plain_mult"), _path(ws, "money_mult")
    saved = _text(ws, "plain_mult")
    ws.history.set_field(plain, ("cost",), 5)
    with ws.history.group("Set cost on 2 charms"):
        ws.history.set_field(plain, ("cost",), 6)
        assert ws.history.undo_label == "Edit plain_mult cost"  # the Edit menu, redrawn after each edit
        ws.history.set_field(money, ("cost",), 9)
    assert len(ws.history) == 2
    ws.history.undo()
    ws.history.undo()
    assert _text(ws, "plain_mult") == saved


def _cost_then_costs_of_two(ws: Workspace) -> None:
    """Two steps: plain_mult's cost 5, then (one step) plain_mult's 6 and money_mult's 9."""
    ws.history.set_field(_path(ws, "plain_mult"), ("cost",), 5)
    with ws.history.group("Set cost on 2 charms"):
        ws.history.set_field(_path(ws, "plain_mult"), ("cost",), 6)
        ws.history.set_field(_path(ws, "money_mult"), ("cost",), 9)


def test_undo_never_takes_back_an_edit_of_a_step_that_went(ws: Workspace) -> None:
    _cost_then_costs_of_two(ws)
    ws.rename(ref_of(ws, "charm", "money_mult"), "fat_wallet")  # the group goes whole
    ws.history.undo()  # plain_mult's cost 5 would take back the group's 6 too: it went with the group
    assert "cost: 6" in _text(ws, "plain_mult")
    assert (len(ws.history), ws.history.undo_label, ws.history.redo_label) == (0, "", "")


def test_the_steps_after_a_step_that_went_still_undo(ws: Workspace) -> None:
    _cost_then_costs_of_two(ws)
    ws.history.set_field(_path(ws, "plain_mult"), AMOUNT, 7)
    ws.rename(ref_of(ws, "charm", "money_mult"), "fat_wallet")
    edited = _text(ws, "plain_mult")
    assert len(ws.history) == 1 and ws.history.undo_label == "Edit plain_mult abilities.0.effects.0.amount"
    ws.history.undo()
    assert "cost: 6" in _text(ws, "plain_mult") and "amount: 4" in _text(ws, "plain_mult")
    ws.history.redo()
    assert _text(ws, "plain_mult") == edited


def test_redo_never_makes_again_an_edit_of_a_step_that_went(ws: Workspace) -> None:
    _cost_then_costs_of_two(ws)
    ws.history.set_field(_path(ws, "plain_mult"), AMOUNT, 7)
    ws.history.undo()
    ws.history.undo()
    undone = _text(ws, "plain_mult")  # cost 5
    ws.rename(ref_of(ws, "charm", "money_mult"), "fat_wallet")
    ws.history.redo()  # the amount would bring back the group's cost of 6 too: it went with the group
    assert _text(ws, "plain_mult") == undone
    assert (len(ws.history), ws.history.done) == (1, 1)
