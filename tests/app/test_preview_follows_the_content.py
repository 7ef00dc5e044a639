"""The preview's boss, deck and levels follow the content: a rename is followed, an id typed away or
deleted stays chosen, marked missing and scored without, and comes back when the id does."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from typing import Any

from PySide6.QtCore import Qt

from studio.app.main_window import MainWindow
from studio.app.preview.charm_tokens import renamed, slot_of
from studio.app.preview.situation import SituationBox
from studio.content.plain_scenarios import plain_situation
from studio.engine.scoring import score


def _scorer_total(window: MainWindow, **shown: Any) -> str:
    """The real scorer's total of the preview's inputs with ``shown`` in place, as the preview writes it."""
    assert window.session is not None and window.session.ws.catalog is not None
    catalog = window.session.ws.catalog
    total = score(plain_situation({**window.preview.state(), **shown}, catalog), catalog).total
    assert isinstance(total, int)
    return f"{total:,}"


def _pick(combo: Any, entry_id: str) -> None:
    """Choose the entry of id ``entry_id`` ("" for no boss) in the preview's boss or deck box."""
    index = combo.findData(entry_id)
    assert index >= 0, entry_id
    combo.setCurrentIndex(index)


def _type_in_id(window: MainWindow, qtbot: Any, kind: str, entry_id: str, keys: str) -> None:
    """Open the entry and type at the end of its id in the YAML tab (Backspace as ``\\b``), as a designer
    would (the form's Id field renames instead)."""
    assert window.tree.select(kind, entry_id) is not None and window.editor is not None
    window.editor.tabs.setCurrentWidget(window.editor.yaml)
    edit = window.editor.yaml.edit
    text = edit.toPlainText()
    at = text.index(f"id: {entry_id}\n") + len(f"id: {entry_id}")
    cursor = edit.textCursor()
    cursor.setPosition(at)
    edit.setTextCursor(cursor)
    edit.setFocus()
    for key in keys:
        if key == "\b":
            qtbot.keyClick(edit, Qt.Key.Key_Backspace)
        else:
            qtbot.keyClicks(edit, key)
    window.editor.yaml.flush()


@pytest.mark.parametrize(
    ("kind", "box", "entry_id", "noun"),
    [("boss", "boss", "flint", "boss rule"), ("deck", "deck", "checkered", "deck")],
)
def test_a_chosen_boss_or_deck_typed_away_stays_chosen_scored_without_and_comes_back(
    window: MainWindow,
    qtbot: Any,
    kind: str,
    box: str,
    entry_id: str,
    noun: str,
) -> None:
    preview = window.preview
    combo = getattr(preview.situation, box)
    _pick(combo, entry_id)
    chosen = preview.total_label.text()
    assert chosen == _scorer_total(window)
    _type_in_id(window, qtbot, kind, entry_id, "\b")
    assert combo.currentText() == entry_id == SituationBox.chosen(combo) and preview.situation.missing(combo)
    assert preview.total_label.text() == _scorer_total(window, **{box: None})
    message = preview.error_label.text()
    assert f"unknown {noun} '{entry_id}'" in message and "scored without it" in message
    assert entry_id in combo.toolTip()
    _type_in_id(window, qtbot, kind, entry_id[:-1], entry_id[-1])
    assert SituationBox.chosen(combo) == entry_id and not preview.situation.missing(combo)
    assert preview.total_label.text() == chosen
    assert preview.error_label.text() == ""
    assert not window.windowTitle().endswith("unsaved changes")


def test_the_flint_typed_away_scores_as_no_boss_and_back_as_the_flint(window: MainWindow, qtbot: Any) -> None:
    preview = window.preview
    preview.set_state({"played": "AS AH KD 3C 7S", "boss": "flint"})
    with_flint = preview.total_label.text()
    _pick(preview.situation.boss, "")
    without = preview.total_label.text()
    assert with_flint != without
    _pick(preview.situation.boss, "flint")
    _type_in_id(window, qtbot, "boss", "flint", "\b")
    assert preview.total_label.text() == without and SituationBox.chosen(preview.situation.boss) == "flint"
    _type_in_id(window, qtbot, "boss", "flin", "t")
    assert preview.total_label.text() == with_flint


@pytest.mark.parametrize(
    ("kind", "entry_id", "new_id"), [("boss", "flint", "the_flint"), ("deck", "checkered", "checkers")]
)
def test_a_renamed_boss_or_deck_stays_chosen_under_its_new_id(
    window: MainWindow, kind: str, entry_id: str, new_id: str
) -> None:
    preview = window.preview
    preview.set_state({"played": "AS AH KD 3C 7S", kind: entry_id})
    chosen = preview.total_label.text()
    ref = window.tree.select(kind, entry_id)
    assert ref is not None
    window.entries.ask = lambda *_: new_id
    assert window.entries.rename(ref) is not None
    combo = getattr(preview.situation, kind)
    assert SituationBox.chosen(combo) == new_id and not preview.situation.missing(combo)
    assert entry_id not in [combo.itemData(i) for i in range(combo.count())]
    assert preview.error_label.text() == ""
    assert preview.total_label.text() == chosen == _scorer_total(window)


def test_a_deleted_boss_stays_chosen_marked_and_scored_without(window: MainWindow) -> None:
    preview = window.preview
    _pick(preview.situation.boss, "flint")
    ref = window.tree.select("boss", "flint")
    assert ref is not None
    window.entries.confirm = lambda _text: True
    assert window.entries.delete(ref)
    assert SituationBox.chosen(preview.situation.boss) == "flint"
    assert "unknown boss rule 'flint'" in preview.error_label.text()
    assert preview.total_label.text() == _scorer_total(window, boss=None)


def test_a_renamed_hand_type_keeps_its_level_in_the_preview(window: MainWindow) -> None:
    preview = window.preview
    preview.situation.levels.setText("pair=2 flush=3")
    levelled = preview.total_label.text()
    assert levelled == _scorer_total(window)
    ref = window.tree.select("hand_type", "flush")
    assert ref is not None
    window.entries.ask = lambda *_: "colour"
    assert window.entries.rename(ref) is not None
    assert preview.situation.levels.text() == "pair=2 colour=3"
    assert preview.error_label.text() == ""
    assert preview.total_label.text() == levelled == _scorer_total(window)


@pytest.mark.parametrize(
    ("kind", "entry_id", "new_id"),
    [("upgrade", "glass", "crystal"), ("edition", "foil", "shiny"), ("seal", "red_seal", "crimson_seal")],
)
def test_a_renamed_upgrade_edition_or_seal_stays_on_the_cards_and_charms(
    window: MainWindow, kind: str, entry_id: str, new_id: str
) -> None:
    preview = window.preview
    preview.set_state(
        {
            "played": "10H:glass:red_seal  AH:Foil KH",
            "held": "5D:steel:foil",
            "charms": ["pair_mult:foil", "plain_mult:foil"],
        }
    )
    shown = preview.total_label.text()
    assert shown == _scorer_total(window) and preview.error_label.text() == ""
    ref = window.tree.select(kind, entry_id)
    assert ref is not None
    window.entries.ask = lambda *_: new_id
    assert window.entries.rename(ref) is not None
    state = preview.state()
    assert entry_id not in f"{state['played']} {state['held']} {state['charms']}".lower()
    assert new_id in f"{state['played']} {state['held']} {state['charms']}"
    assert preview.error_label.text() == ""
    assert preview.total_label.text() == shown == _scorer_total(window)


def test_a_row_token_keeps_its_counter_and_state_when_its_charm_edition_or_sticker_is_renamed() -> None:
    token = 'snowball:foil@2#{"vars":{"chips":30},"stickers":["eternal"]}'
    assert renamed(token, "charm", "snowball", "avalanche").startswith("avalanche:foil@2#")
    assert renamed(token, "edition", "foil", "shiny").startswith("snowball:shiny@2#")
    stuck = renamed(token, "sticker", "eternal", "forever")
    assert slot_of(stuck).stickers == ("forever",) and slot_of(stuck).vars == slot_of(token).vars
    assert renamed(token, "edition", "holographic", "holo") == token
    assert renamed("snowball", "charm", "snow", "x") == "snowball"


def test_the_boss_and_deck_boxes_show_names_as_the_tiles_do_and_keep_ids(window: MainWindow) -> None:
    preview = window.preview
    boss, deck = preview.situation.boss, preview.situation.deck
    assert deck.currentText() == "Standard Deck" and deck.toolTip() == "Deck: standard"
    assert [boss.itemText(i) for i in range(3)] == ["(no boss)", "The Arm", "The Cudgel"]
    _pick(boss, "club_debuff")
    assert boss.currentText() == "The Cudgel" and boss.toolTip() == "Boss rule: club_debuff"
    assert preview.state()["boss"] == "club_debuff"
    assert preview.total_label.text() == _scorer_total(window)
