"""Find usages and revert in the real window: the Entry menu, the tree's and the form's context menus."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from typing import Any

from PySide6.QtCore import QPoint, QTimer
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QLabel, QMenu

from studio.app.entry_tools import field_of
from studio.app.main_window import MainWindow
from studio.workspace import EntryRef
from tests.app.conftest import history


def _ref(window: MainWindow, kind: str, entry_id: str) -> EntryRef:
    assert window.session is not None
    return next(r for r in window.session.ws.entries(kind) if r.id == entry_id)


def _rows(window: MainWindow) -> list[tuple[str, str, str]]:
    found = window.usages.list
    return [
        (found.topLevelItem(i).text(0), found.topLevelItem(i).text(1), found.topLevelItem(i).text(2))  # type: ignore[union-attr]
        for i in range(found.topLevelItemCount())
    ]


def _field(window: MainWindow, path: tuple[Any, ...]) -> Any:
    assert window.editor is not None
    field = window.editor.field_at(path)
    assert field is not None
    return field


def test_find_usages_of_a_hand_type_lists_charms_and_scenarios_and_jumps_to_the_field(
    window: MainWindow,
    qtbot,  # type: ignore[no-untyped-def]
) -> None:
    window.tree.select("hand_type", "pair")
    usages = window.tools.actions["usages"]
    assert [k.toString() for k in usages.shortcuts()] == ["Shift+F12", "Alt+F7"]
    usages.trigger()
    assert window.usages_dock.isVisible() and window.usages.list.objectName() == "usagesList"
    rows = _rows(window)
    assert ("charm", "cupid") in {(w.split("/")[0].removesuffix("s"), e) for w, e, _ in rows}
    assert any(e.startswith("bosses: ") and f.endswith("Expect › Hand type") for _, e, f in rows)
    assert "is named in" in window.usages.title.text()
    cupid = next(i for i, row in enumerate(rows) if row[1] == "cupid")
    item = window.usages.list.topLevelItem(cupid)
    window.usages.list.itemActivated.emit(item, 0)  # a double-click
    assert window.editor is not None and window.editor.ref is not None and window.editor.ref.id == "cupid"
    target = _field(window, ("abilities", 0, "effects", 0, "hand_type"))
    qtbot.waitUntil(target.isVisible)  # a new form shows once the event loop runs
    focused = field_of(QApplication.focusWidget())
    assert window.editor.tabs.currentIndex() == 0 and focused is not None
    assert focused.path == ("abilities", 0, "effects", 0, "hand_type")


def test_find_usages_of_a_charm_opens_the_scenario_that_names_it(window: MainWindow) -> None:
    found = window.tools.find_usages(_ref(window, "charm", "money_mult"))
    assert any(u.entry.id == "appendix" and u.json_path == ("charms", 1) for u in found)
    appendix = next(i for i, row in enumerate(_rows(window)) if row[1] == "appendix")
    assert _rows(window)[appendix][2] == "Charm 2"  # as the form names it (the JSON path in its tooltip)
    window.usages.list.itemActivated.emit(window.usages.list.topLevelItem(appendix), 0)
    assert window.editor is not None and window.editor.ref is not None
    assert window.editor.ref.kind == "scenario" and window.editor.ref.id == "appendix"


def test_the_usages_follow_edits_and_the_tree_offers_find_usages(window: MainWindow) -> None:
    pair = _ref(window, "hand_type", "pair")
    menu = window.entries.menu(pair)
    texts = [a.text() for a in menu.actions()]
    assert "Find usages" in texts and "Revert to saved" in texts
    next(a for a in menu.actions() if a.text() == "Find usages").trigger()
    assert any(row[1] == "cupid" for row in _rows(window))
    window.tree.select("charm", "cupid")
    _field(window, ("abilities", 0, "effects", 0, "hand_type")).report("flush")  # an edit in the form
    assert not any(row[1] == "cupid" for row in _rows(window))
    window.history.undo()
    assert any(row[1] == "cupid" for row in _rows(window))


def test_revert_entry_puts_back_the_saved_text_as_one_undo_step(window: MainWindow) -> None:
    assert window.session is not None
    ws = window.session.ws
    ref = window.tree.select("charm", "money_mult")
    assert ref is not None
    saved = ws.text(ref)
    _field(window, ("cost",)).box.setValue(9)
    _field(window, ("rarity",)).report("rare")
    edited = ws.text(ref)
    assert len(history(window)) == 2
    window.tools.actions["entry"].trigger()
    assert ws.text(ref) == saved and not ws.is_dirty(ref) and len(history(window)) == 3
    assert _field(window, ("cost",)).box.value() == 6
    window.history.undo()
    assert ws.text(ref) == edited
    window.history.redo()
    assert ws.text(ref) == saved


def test_revert_field_puts_back_only_the_focused_field(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert window.session is not None
    ws = window.session.ws
    ref = window.tree.select("charm", "money_mult")
    assert ref is not None
    cost = _field(window, ("cost",))
    cost.box.setValue(9)
    _field(window, ("rarity",)).report("rare")
    window.activateWindow()
    cost.box.setFocus()
    qtbot.waitUntil(lambda: field_of(QApplication.focusWidget()) is cost)
    window.tools.actions["field"].trigger()
    data = ws.data(ref)
    assert (data["cost"], data["rarity"]) == (6, "rare") and ws.is_dirty(ref)
    assert cost.box.value() == 6
    window.history.undo()
    assert ws.data(ref)["cost"] == 9


def test_right_clicking_a_fields_label_offers_to_revert_that_field(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert window.session is not None and window.editor is not None
    ref = window.tree.select("charm", "money_mult")
    assert ref is not None
    cost = _field(window, ("cost",))
    cost.box.setValue(8)
    _field(window, ("rarity",)).report("rare")
    label = next(w for w in window.editor.holder.findChildren(QLabel) if w.buddy() is cost)
    qtbot.waitUntil(label.isVisible)
    offered: list[tuple[str, bool]] = []

    def choose() -> None:  # the menu is open: note what it offers, then pick Revert cost
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        offered.extend((a.text(), a.isEnabled()) for a in menu.actions())
        next(a for a in menu.actions() if a.text() == "Revert cost to saved").trigger()
        menu.close()

    QTimer.singleShot(100, choose)
    spot = QPoint(3, 3)
    QApplication.sendEvent(
        label, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, spot, label.mapToGlobal(spot))
    )
    assert ("Revert cost to saved", True) in offered and ("Find usages", True) in offered
    data = window.session.ws.data(ref)
    assert (data["cost"], data["rarity"]) == (6, "rare") and cost.box.value() == 6
    assert field_of(label) is cost and field_of(cost.box) is cost


def test_a_new_entry_cannot_be_reverted_and_says_why(window: MainWindow) -> None:
    window.entries.ask = lambda *_: "fresh_charm"
    ref = window.entries.new("charm")
    assert ref is not None
    assert window.tools.revert_entry(ref) is False and len(history(window)) == 0
    assert "never saved" in window.statusBar().currentMessage()
