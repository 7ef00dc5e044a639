"""What a form says about its problems: pending empty lists, messages that follow undo, no stale numbers."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QPushButton

from studio.app.forms.base import Field
from studio.app.main_window import MainWindow
from studio.app.pending import PENDING
from studio.app.problems_panel import PROBLEM
from studio.workspace import Problem

EFFECTS = ("abilities", 0, "effects")
CONTAINS = ("abilities", 0, "when", "contains")


def _field(window: MainWindow, path: tuple[str | int, ...]) -> Field:
    assert window.editor is not None
    field = window.editor.field_at(path)
    assert field is not None, path
    return field


def _button(window: MainWindow, path: tuple[str | int, ...], name: str) -> QPushButton:
    """The button of a list field a person would click, by its accessible name or text."""
    found = [
        b for b in _field(window, path).findChildren(QPushButton) if name in (b.accessibleName(), b.text())
    ]
    assert len(found) == 1, name
    return found[0]


def _listed(window: MainWindow) -> list[Problem]:
    """The problems the panel lists, as it holds them."""
    panel = window.problems
    found = [panel.topLevelItem(i).data(0, PROBLEM) for i in range(panel.topLevelItemCount())]
    return [p for p in found if isinstance(p, Problem)]


def _retype(qtbot, box: QLineEdit, text: str) -> None:  # type: ignore[no-untyped-def]
    """Select all of a text box and type ``text`` over it, as a person would."""
    qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(box, Qt.Key.Key_Backspace)
    qtbot.keyClicks(box, text)


def test_an_effect_list_emptied_while_editing_is_pending_until_the_entry_is_saved(
    window: MainWindow,
) -> None:
    window.tree.select("charm", "pair_mult")
    _button(window, EFFECTS, "Remove effect 1").click()
    effects = _field(window, EFFECTS)
    assert effects.message() == "empty: give at least one effect"
    assert effects.pending and not effects.property("problem")
    [listed] = [p for p in _listed(window) if p.json_path == EFFECTS]
    assert listed.severity == PENDING  # the panel does not call it an error either
    assert window.docks[2].windowTitle() == "Problems — 1 to do"
    window.save_action.trigger()
    assert not effects.pending and effects.property("problem")  # saved as it is: now it is an error
    [listed] = [p for p in _listed(window) if p.json_path == EFFECTS]
    assert listed.severity == "error"


def test_an_emptied_list_becomes_an_error_when_the_editor_leaves_the_entry(window: MainWindow) -> None:
    window.tree.select("charm", "pair_mult")
    _button(window, EFFECTS, "Remove effect 1").click()
    assert [p.severity for p in _listed(window) if p.json_path == EFFECTS] == [PENDING]
    window.tree.select("charm", "money_mult")
    assert [p.severity for p in _listed(window) if p.json_path == EFFECTS] == ["error"]
    window.tree.select("charm", "pair_mult")  # back again: it was left unfinished, so it stays an error
    assert not _field(window, EFFECTS).pending and _field(window, EFFECTS).message()


def test_a_new_charm_without_abilities_is_pending_not_an_error(window: MainWindow) -> None:
    assert window.session is not None
    ws = window.session.ws
    text = "id: blank\nname: Blank\nabilities: []\n"
    assert window.session.perform("new", lambda: ws.create("charm", "blank", "base", text)) is not None
    window.tree.populate(ws)
    window.tree.select("charm", "blank")
    abilities = _field(window, ("abilities",))
    assert abilities.message() == "a charm needs abilities, passive rules, modifiers or a behaviour"
    assert abilities.pending
    assert window.editor is not None and window.editor.banner.isHidden()  # under its field, not a banner
    _button(window, ("abilities",), "Add ability").click()
    assert not _field(window, ("abilities",)).message()


def test_after_undo_the_message_under_a_field_is_about_its_value_now(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.tree.select("charm", "pair_mult")
    name = _field(window, ("name",)).box  # type: ignore[attr-defined]
    _retype(qtbot, name, "")  # a broken entry: the ids it names are checked all the same
    assert _field(window, ("name",)).message() == "empty: write something here"
    line = _field(window, CONTAINS).inner.box.lineEdit()  # type: ignore[attr-defined]
    _retype(qtbot, line, "flush_par")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    unknown = "unknown hand type 'flush_par' (did you mean 'flush'?)"
    assert _field(window, CONTAINS).message() == unknown
    _retype(qtbot, name, "Pairs")
    assert _field(window, CONTAINS).message() == unknown
    window.history.undo()  # the name is empty again; contains is still flush_par
    window.history.undo()  # contains is pair again
    assert _field(window, CONTAINS).inner.box.currentText() == "pair"  # type: ignore[attr-defined]
    assert _field(window, CONTAINS).message() == ""
    assert _field(window, ("name",)).message() == "empty: write something here"


def test_a_form_whose_text_does_not_parse_shows_no_numbers_of_the_last_text_that_did(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    # The odds box counts the preview's deck: one of 40 cards is counted in a fraction of the standard
    # deck's time, and which numbers the box shows does not depend on the deck.
    window.preview.situation.deck.setCurrentText("Abandoned Deck")
    window.tree.select("hand_type", "flush")
    editor = window.editor
    assert editor is not None
    qtbot.waitUntil(lambda: editor.odds.counts is not None, timeout=20_000)
    editor.tabs.setCurrentIndex(1)
    text = editor.yaml.edit.toPlainText()
    assert "points: 35" in text
    editor.yaml.edit.setPlainText(text.replace("points: 35", "points: 99\nmult: {4"))
    editor.yaml.flush()
    editor.tabs.setCurrentIndex(0)
    assert editor.form is not None and editor.form.isHidden()  # no 35 shown as if it were the points
    assert not editor.unparsed.isHidden() and "does not parse" in editor.unparsed.text()
    assert editor.odds.counts is None and editor.odds.table.rowCount() == 0
    editor.tabs.setCurrentIndex(1)
    editor.yaml.edit.setPlainText(text.replace("points: 35", "points: 99"))
    editor.yaml.flush()
    editor.tabs.setCurrentIndex(0)
    assert not editor.form.isHidden() and editor.unparsed.isHidden()
    assert _field(window, ("points",)).box.value() == 99  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: editor.odds.counts is not None, timeout=20_000)


def test_a_charms_player_text_is_hidden_while_its_text_does_not_parse(window: MainWindow) -> None:
    window.tree.select("charm", "pair_mult")
    editor = window.editor
    assert editor is not None and not editor.text_line.isHidden()
    editor.tabs.setCurrentIndex(1)
    editor.yaml.edit.setPlainText(editor.yaml.edit.toPlainText().replace("amount: 8", "amount: [8"))
    editor.yaml.flush()
    assert editor.text_line.isHidden()
    assert editor.yaml.error.text().count("line 11") == 1  # where the [ opens, not the end of the text


def test_a_field_the_file_leaves_out_shows_its_default_in_italics_and_says_so(window: MainWindow) -> None:
    """With ``rarty:`` typed for ``rarity:`` the form showed the default rarity as if it were written."""
    from studio.app.forms.base import LEFT_OUT

    window.tree.select("charm", "money_mult")
    editor = window.editor
    assert editor is not None
    rarity, cost = _field(window, ("rarity",)), _field(window, ("cost",))
    box, cost_box = rarity.box, cost.box  # type: ignore[attr-defined]
    assert not box.font().italic() and LEFT_OUT not in box.toolTip()
    editor.tabs.setCurrentIndex(1)  # the YAML tab
    editor.yaml.edit.setPlainText(editor.yaml.edit.toPlainText().replace("rarity:", "rarty:"))
    editor.yaml.flush()
    assert box.currentText() == "common" and box.font().italic()
    assert box.toolTip().startswith(rarity.toolTip()) and box.toolTip().endswith(LEFT_OUT)
    assert not cost_box.font().italic()  # written in the file
    editor.yaml.edit.setPlainText(editor.yaml.edit.toPlainText().replace("rarty:", "rarity:"))
    editor.yaml.flush()
    assert box.currentText() == "uncommon" and not box.font().italic() and LEFT_OUT not in box.toolTip()
