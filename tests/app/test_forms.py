"""Forms come from the schemas: every kind gets a form, ids come from x-ref, bounds from the schema."""

from __future__ import annotations

import json

import pytest
from data_paths import field_paths, with_field

pytest.importorskip("PySide6")

from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from studio.app.forms.base import FormContext
from studio.app.forms.builder import build
from studio.app.forms.lists import ChoicesField, ListField
from studio.app.forms.objects import NullableField
from studio.app.forms.scalars import ChoiceField, IntField
from studio.app.forms.unions import UnionField
from studio.app.main_window import MainWindow
from studio.workspace.model import value_at
from tests.app.conftest import history


def test_a_field_with_x_ref_offers_the_loaded_ids(window: MainWindow) -> None:
    assert window.session is not None
    ws = window.session.ws
    schema = ws.schema("charm")
    ctx = FormContext(schema, ws.ids)
    form = build(schema, ctx)
    form.set_value(
        {
            "id": "x",
            "name": "X",
            "abilities": [
                {"trigger": "hand", "when": {"contains": "pair"}, "effects": [{"kind": "mult", "amount": 1}]}
            ],
        }
    )
    contains = ctx.fields[("abilities", 0, "when", "contains")]
    assert isinstance(contains, NullableField)
    assert isinstance(contains.inner, ChoiceField)
    assert "flush" in contains.inner.choices and "pair" in contains.inner.choices
    assert contains.inner.box.currentText() == "pair"


def _charm_form(window: MainWindow) -> FormContext:
    """A charm's form built from the loaded schema, showing one ability with one Mult effect."""
    assert window.session is not None
    schema = window.session.ws.schema("charm")
    ctx = FormContext(schema, window.session.ws.ids)
    build(schema, ctx).set_value({"abilities": [{"trigger": "hand", "effects": [{"kind": "mult"}]}]})
    return ctx


def test_bounds_enums_and_lists_come_from_the_schema(window: MainWindow) -> None:
    ctx = _charm_form(window)
    cost = ctx.fields[("cost",)]
    assert isinstance(cost, IntField) and (cost.box.minimum(), cost.box.maximum()) == (0, 100)
    assert isinstance(ctx.fields[("passive",)], ChoicesField)
    assert isinstance(ctx.fields[("abilities",)], ListField)
    assert "How often the shop offers it" in ctx.fields[("rarity",)].toolTip()


def test_each_hand_rule_tick_and_the_kind_chosen_say_what_they_do(window: MainWindow) -> None:
    """The passive rules' ticks and the effect's Kind had no tooltip: a designer had to know the names."""
    from studio.engine.kinds import VALUES

    ctx = _charm_form(window)
    passive = ctx.fields[("passive",)]
    assert isinstance(passive, ChoicesField)
    tips = {tick.text(): tick.toolTip() for tick in passive.ticks}
    assert tips == {k.name: k.text for k in VALUES if k.flag} and all(tips.values())
    assert tips["splash"] == "Every played card scores"
    kind = ctx.fields[("abilities", 0, "effects", 0)]
    assert isinstance(kind, UnionField) and kind.picker.toolTip() == "+Mult."
    kind.set_value({"kind": "points", "amount": 10})
    assert kind.picker.toolTip().startswith("+Points (whole numbers")


def test_adding_removing_and_moving_effects_are_undoable_edits(window: MainWindow) -> None:
    window.tree.select("charm", "money_mult")
    assert window.editor is not None and window.session is not None
    effects = window.editor.field_at(("abilities", 0, "effects"))
    assert isinstance(effects, ListField)
    effects.add()
    data = window.session.ws.data(window.session.ws.ref(window.editor.file))
    assert len(data["abilities"][0]["effects"]) == 2
    assert data["abilities"][0]["effects"][1] == {"kind": "points", "amount": 30}  # as docs/editor.md says
    effects = window.editor.field_at(("abilities", 0, "effects"))
    effects.move_item(1, -1)
    data = window.session.ws.data(window.session.ws.ref(window.editor.file))
    assert data["abilities"][0]["effects"][1]["per"] == "money"
    window.history.undo()
    window.history.undo()
    data = window.session.ws.data(window.session.ws.ref(window.editor.file))
    assert len(data["abilities"][0]["effects"]) == 1


def test_moving_an_ability_up_and_back_down_leaves_the_file_as_it_was(window: MainWindow) -> None:
    window.tree.select("charm", "jackknife")
    assert window.editor is not None and window.session is not None
    ws = window.session.ws
    saved = ws.text(ws.ref(window.editor.file))
    abilities = window.editor.field_at(("abilities",))
    assert isinstance(abilities, ListField)
    buttons = {b.accessibleName(): b for b in abilities.findChildren(QPushButton)}
    buttons["Move up ability 2"].click()
    text = ws.text(ws.ref(window.editor.file))
    assert "  - trigger: hand\n    effects:\n      - {kind: xmult, amount: 0.5, per: counter}  # X(1" in text
    assert "  - trigger: discard\n    when:\n      ranks: [J]\n" in text
    assert window.windowTitle().endswith("unsaved changes") and len(history(window)) == 1
    buttons["Move down ability 1"].click()
    window.editor.tabs.setCurrentIndex(1)  # the YAML tab
    assert ws.text(ws.ref(window.editor.file)) == saved == window.editor.yaml.edit.toPlainText()
    assert not window.windowTitle().endswith("unsaved changes") and len(history(window)) == 0


def test_ranks_are_one_tick_each_and_a_ticked_rank_is_written_as_the_list_writes_them(
    window: MainWindow,
) -> None:
    window.tree.select("charm", "even_mult")
    assert window.editor is not None and window.session is not None
    ws = window.session.ws
    ranks = window.editor.field_at(("abilities", 0, "when", "ranks")).inner  # an optional field's own
    assert isinstance(ranks, ChoicesField)
    shown = [t.text() for t in ranks.ticks]
    assert len(shown) == len(set(shown)) and shown[:9] == [
        str(r) for r in range(2, 11)
    ]  # "2" and 2: one tick
    assert [t.text() for t in ranks.ticks if t.isChecked()] == ["2", "4", "6", "8", "10"]
    ranks.ticks[shown.index("3")].click()
    assert "      ranks: [2, 3, 4, 6, 8, 10]\n" in ws.text(ws.ref(window.editor.file))  # numbers, as written
    assert "T" not in shown  # T spells 10: one tick for both, so a deck cannot list its tens twice
    ranks.set_value(["T", "J"])
    assert [t.text() for t in ranks.ticks if t.isChecked()] == ["10", "J"]
    ranks.ticks[shown.index("Q")].click()
    assert "      ranks: [T, J, Q]\n" in ws.text(ws.ref(window.editor.file))  # T stays as it was written


def test_a_hand_type_shows_its_odds_and_place_in_the_order(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.tree.select("hand_type", "flush")
    assert window.editor is not None
    odds = window.editor.odds
    qtbot.waitUntil(lambda: odds.counts is not None, timeout=20_000)
    assert odds.counts is not None and odds.counts["flush"] == 5108
    assert list(odds.counts)[:2] == ["flush_five", "flush_house"]  # the evaluation order, strongest first
    assert sum(odds.counts.values()) == 2_598_960


def test_a_discriminated_union_switches_its_form_with_the_tag(qtbot) -> None:  # type: ignore[no-untyped-def]
    schema = {
        "$defs": {
            "Dice": {
                "type": "object",
                "properties": {
                    "kind": {"const": "dice"},
                    "sides": {"type": "integer", "minimum": 2, "default": 6},
                    "weight": {"type": "number"},
                },
                "required": ["kind", "sides"],
            },
            "Coin": {
                "type": "object",
                "properties": {
                    "kind": {"const": "coin"},
                    "heads": {"type": "boolean"},
                    "weight": {"type": "number"},
                },
                "required": ["kind"],
            },
        },
        "type": "object",
        "properties": {
            "luck": {
                "oneOf": [{"$ref": "#/$defs/Dice"}, {"$ref": "#/$defs/Coin"}],
                "discriminator": {"propertyName": "kind"},
            }
        },
    }
    ctx = FormContext(schema)
    form = build(schema, ctx)
    qtbot.addWidget(form)
    edits: list[tuple[object, object]] = []
    form.edited.connect(lambda path, value, _typing: edits.append((path, value)))
    form.set_value({"luck": {"kind": "dice", "sides": 8, "weight": 2}})
    assert ctx.fields[("luck", "sides")].box.value() == 8  # type: ignore[attr-defined]
    assert ("luck", "kind") not in ctx.fields  # the picker shows the tag
    union = ctx.fields[("luck",)]
    union.picker.activated.emit(1)  # type: ignore[attr-defined]
    assert edits == [(("luck",), {"kind": "coin", "weight": 2})]  # what both shapes have is kept
    form.set_value({"luck": {"kind": "coin", "heads": True}})
    assert ctx.fields[("luck", "heads")].box.isChecked()  # type: ignore[attr-defined]


def test_long_nested_objects_fold_and_say_what_is_given(window: MainWindow) -> None:
    window.tree.select("charm", "face_points")
    assert window.editor is not None
    when = window.editor.field_at(("abilities", 0, "when"))
    assert when is not None and when.fold is not None  # type: ignore[attr-defined]
    assert when.fold.text().startswith("1 given: face")  # type: ignore[attr-defined]


def test_editing_a_hand_types_strength_recounts_its_odds_in_the_new_order(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.tree.select("hand_type", "flush")
    assert window.editor is not None
    odds = window.editor.odds
    qtbot.waitUntil(lambda: odds.counts is not None, timeout=20_000)
    assert odds.counts is not None
    before = list(odds.counts).index("flush")
    odds.counts = None
    strength = window.editor.field_at(("strength",))
    assert strength is not None
    strength.box.setValue(50)  # below every other type: now checked last
    qtbot.waitUntil(lambda: odds.counts is not None, timeout=20_000)
    assert list(odds.counts).index("flush") > before
    assert odds.counts["flush"] < 5108  # straight flushes and straights now claim some of its hands first


def test_id_dropdowns_follow_new_entries(window: MainWindow) -> None:
    window.tree.select("charm", "money_mult")
    assert window.editor is not None
    effects = window.editor.field_at(("abilities", 0, "when", "contains"))
    assert isinstance(effects, NullableField) and isinstance(effects.inner, ChoiceField)
    assert "royal_pair" not in effects.inner.choices
    assert window.session is not None
    ws = window.session.ws
    window.session.perform("new", lambda: ws.create("hand_type", "royal_pair", "base"))
    window.editor.refresh()  # what the next edit of the charm does
    assert "royal_pair" in effects.inner.choices


def test_ticking_an_optional_field_gives_it_a_first_value(window: MainWindow) -> None:
    window.tree.select("charm", "money_mult")
    assert window.editor is not None and window.session is not None
    ws = window.session.ws
    ref = window.editor.ref
    assert ref is not None
    for key, expected in (("contains", "five_of_a_kind"), ("first_hand", False)):
        field = window.editor.field_at(("abilities", 0, "when", key))
        assert isinstance(field, NullableField)
        field.tick.setChecked(True)
        assert ws.data(ref)["abilities"][0]["when"][key] == expected


def test_a_chance_ticked_on_an_effect_or_a_condition_starts_one_that_can_fail(window: MainWindow) -> None:
    """1 in 1 is certain, which the checks refuse: a ticked chance starts at 1 in 2, not as an error."""
    window.tree.select("charm", "money_mult")
    assert window.editor is not None and window.session is not None
    ws = window.session.ws
    ref = window.editor.ref
    assert ref is not None
    for path in (("abilities", 0, "effects", 0, "chance"), ("abilities", 0, "when", "chance")):
        chance = window.editor.field_at(path)
        assert isinstance(chance, NullableField)
        chance.tick.setChecked(True)
        assert value_at(ws.data(ref), path) == {"in": 2}
    assert ws.problems() == []


#: Values of the wrong type or out of every bound, as a designer may type them in the YAML tab.
WRONG = ["lots", [1, 2], {"a": 1}, True, None, 1e30, -1e30, 3.5, 2**80, "", float("inf")]


def test_every_kind_gets_a_form_that_shows_its_data_and_any_data_the_yaml_tab_may_hold(  # type: ignore[no-untyped-def]
    window: MainWindow, qtbot
) -> None:
    """Text that parses but breaks the schema (``amount: lots``) reaches the form too: it must not raise."""
    assert window.session is not None
    ws = window.session.ws
    for kind in ws.kinds():
        refs = ws.entries(kind)
        if not refs:
            continue
        form = build(ws.schema(kind), FormContext(ws.schema(kind), ws.ids))
        qtbot.addWidget(form)
        data = ws.data(refs[0])
        for path in field_paths(data):
            for wrong in WRONG:
                form.set_value(with_field(data, path, wrong))
        form.set_value(data)


def test_the_window_takes_any_yaml_that_parses_in_every_kind_of_file(window: MainWindow) -> None:
    """Through the YAML tab, fields of one entry of each kind set to wrong values: the tree, the
    form, the preview and the problems all follow without an exception (pytest-qt fails the test
    on any exception raised in a slot). The form test above covers every field; this one samples
    eight per kind, since each edit refreshes the whole window."""
    assert window.session is not None and window.editor is not None
    ws = window.session.ws
    yaml = window.editor.yaml
    for kind in ws.kinds():
        refs = ws.entries(kind)
        if not refs:
            continue
        ref = window.tree.select(kind, refs[0].id)
        assert ref is not None
        data = ws.data(ref)
        window.editor.tabs.setCurrentIndex(1)
        paths = field_paths(data)
        for path in paths[:: max(1, len(paths) // 8)]:
            for wrong in ("lots", [1]):
                yaml.edit.setPlainText(json.dumps(with_field(data, path, wrong)))
                yaml.flush()
        yaml.edit.setPlainText(json.dumps(data))
        yaml.flush()
        history(window).clear()


@pytest.mark.usefixtures("plugin_kinds_forgotten")
def test_a_trusted_plugins_effect_kind_gets_its_form(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from plugin_kinds import write_halver

    from studio.cli.main import main as studio_main
    from studio.content.packs.pack import base_pack, open_pack
    from studio.content.schemas import schema_for
    from studio.plugins.loading import load_packs

    assert studio_main(["pack", "new", "halver", "--dir", str(tmp_path)]) == 0
    pack, problems = open_pack(write_halver(tmp_path / "halver"))
    assert pack is not None and problems == []
    assert load_packs([base_pack(), pack], trusted=lambda p: True).problems == []
    schema = schema_for("charm")
    ctx = FormContext(schema)
    form = build(schema, ctx)
    qtbot.addWidget(form)
    form.set_value(
        {"abilities": [{"trigger": "hand", "when": {"all_red": True}, "effects": [{"kind": "halve_points"}]}]}
    )
    union = ctx.fields[("abilities", 0, "effects", 0)]
    assert "halve_points" in union.tags  # type: ignore[attr-defined]
    assert union.picker.currentText() == "halve_points"  # type: ignore[attr-defined]
    assert ("abilities", 0, "when", "all_red") in ctx.fields


def test_a_new_effect_starts_with_a_useful_amount(window: MainWindow) -> None:
    window.tree.select("charm", "money_mult")
    assert window.editor is not None and window.session is not None
    effects = window.editor.field_at(("abilities", 0, "effects"))
    assert isinstance(effects, ListField)
    effects.add()
    data = window.session.ws.data(window.session.ws.ref(window.editor.file))
    added = data["abilities"][0]["effects"][1]
    assert added["kind"] in ("points", "mult", "xmult", "money") and added["amount"] in (30, 4, 1.5, 3)
    assert added["amount"] != 0
    assert window.session.ws.problems() == []


def _completions(field: ChoiceField, text: str) -> list[str]:
    """What the id field's search offers for ``text``."""
    search = field.box.completer()
    assert search is not None
    search.setCompletionPrefix(text)
    found = search.completionModel()
    return [found.index(row, 0).data() for row in range(found.rowCount())]


def _id_field(window: MainWindow, path: tuple[str | int, ...]) -> ChoiceField:
    assert window.editor is not None
    field = window.editor._nearest(path)  # opens a folded item on the way, as a problem's jump does
    if isinstance(field, NullableField):
        field = field.inner
    assert isinstance(field, ChoiceField) and field.ref, path
    return field


def test_fields_that_name_ids_are_searchable_dropdowns_of_the_loaded_ids(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.tree.select("charm", "house_money")
    hand_type_is = _id_field(
        window, ("abilities", 0, "when", "hand_types", 1)
    )  # a list of ids: each a dropdown
    assert hand_type_is.box.currentText() == "flush_house"
    assert _completions(hand_type_is, "FLUSH") == ["flush", "flush_five", "flush_house", "straight_flush"]
    window.tree.select("charm", "pair_mult")
    contains = _id_field(window, ("abilities", 0, "when", "contains"))
    assert "straight_flush" in _completions(contains, "aight")  # found anywhere in the id, in any case
    window.tree.select("charm", "five_alive")
    assert "five_alive" in _completions(_id_field(window, ("behaviour",)), "alive")
    window.tree.select("scenario", "bosses")
    boss = _id_field(window, (0, "boss"))
    assert boss.box.currentText() == "club_debuff" and "club_debuff" in _completions(boss, "CLUB")


def test_picking_a_searched_id_sets_the_field(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    window.tree.select("charm", "pair_mult")
    contains = _id_field(window, ("abilities", 0, "when", "contains"))
    line = contains.box.lineEdit()
    assert line is not None
    line.selectAll()
    qtbot.keyClicks(line, "strai")
    search = contains.box.completer()
    assert search is not None and search.popup().isVisible()
    popup = search.popup()
    assert [popup.model().index(r, 0).data() for r in range(popup.model().rowCount())] == [
        "straight",
        "straight_flush",
    ]
    qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    assert window.session is not None and window.editor is not None and window.editor.ref is not None
    assert window.session.ws.data(window.editor.ref)["abilities"][0]["when"]["contains"] == "straight"


def test_the_odds_follow_the_deck_chosen_in_the_preview(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.tree.select("hand_type", "flush")
    assert window.editor is not None
    odds = window.editor.odds
    qtbot.waitUntil(lambda: odds.counts is not None, timeout=20_000)
    assert odds.counts is not None and sum(odds.counts.values()) == 2_598_960
    odds.counts = None
    window.preview.situation.deck.setCurrentText("Abandoned Deck")  # 40 cards: no faces
    qtbot.waitUntil(lambda: odds.counts is not None, timeout=20_000)
    assert sum(odds.counts.values()) == 658_008  # every 5 of 40 cards
    assert odds.counts["flush"] != 5108
    assert "Abandoned Deck (40 cards), the preview's deck" in odds.title.text()


@pytest.mark.parametrize(
    ("kind", "entry_id", "ref_field", "ids"),
    [
        ("consumable", "bonus_stamp", ("effects", 0, "upgrade"), "bonus"),
        ("voucher", "wide_counter", ("requires",), "extra_shelf"),
        ("tag", "foil_tag", ("reward", "edition"), "foil"),
        ("sticker", "eternal", ("excludes", 0), "perishable"),
    ],
)
def test_each_run_item_opens_in_the_window_as_a_form_with_its_ids_offered(  # type: ignore[no-untyped-def]
    window: MainWindow, kind: str, entry_id: str, ref_field: tuple[object, ...], ids: str
) -> None:
    """Consumables, vouchers, tags and stickers get a tree folder and a form from their schema, no code."""
    assert window.tree.select(kind, entry_id) is not None
    assert window.editor is not None
    assert window.editor.field_at(("name",)) is not None
    field = window.editor.field_at(ref_field)
    inner = field.inner if isinstance(field, NullableField) else field
    assert isinstance(inner, ChoiceField | ChoicesField), type(inner)
    assert ids in inner.choices


def test_a_message_appearing_above_a_list_leaves_its_boxes_their_height(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    from tests.app.test_layout import laid_out

    window.resize(1280, 800)
    window.reset_layout()
    qtbot.wait(50)
    window.entries.ask = lambda *_: "zz_hand"
    assert window.entries.new("hand_type") is not None and window.editor is not None
    strength = window.editor.field_at(("strength",))
    assert isinstance(strength, IntField)
    strength.box.setValue(100)
    qtbot.waitUntil(lambda: strength.message() != "")  # same strength as high_card
    group = window.editor.field_at(("groups", 0))
    assert isinstance(group, IntField)
    qtbot.waitUntil(group.isVisible)
    qtbot.wait(500)  # the form laid out short while the message came, then given its full height
    laid_out()
    assert group.box.height() >= group.box.sizeHint().height()  # was squeezed to 14 px of 23


def test_a_charm_added_to_a_new_scenario_is_a_loaded_charm_not_a_blank_item(window: MainWindow) -> None:
    """A scenario's charms may be written ``id``, ``id:edition`` or a mapping; Add charm starts one as an id."""
    assert window.session is not None
    ws = window.session.ws
    window.entries.ask = lambda *_: "fresh_test"
    ref = window.entries.new("scenario")
    assert ref is not None and window.editor is not None
    charms = window.editor.field_at(("charms",))
    assert isinstance(charms, ListField)
    charms.add_button.click()
    assert ws.data(ref)["charms"] == [ws.ids("charm")[0]]
    assert [p.message for p in ws.problems() if p.path == ref.path] == []
    assert "charms:\n  - \n" not in ws.text(ref)


def test_an_ability_added_then_given_an_effect_is_sound(window: MainWindow) -> None:
    """A new ability started on the first trigger (before scoring), where a new +Points effect is an
    error: the defaults of new items must fit together, as a new entry's do."""
    from tests.app.test_form_writes_as_the_file import add_an_ability_with_an_effect

    add_an_ability_with_an_effect(window)
    assert window.session is not None and window.editor is not None
    ws = window.session.ws
    ref = ws.ref(window.editor.file)
    assert ws.data(ref)["abilities"][1]["trigger"] == "hand"
    assert [p.message for p in ws.problems() if p.path == ref.path] == []


def test_an_added_ability_is_scrolled_into_sight(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Below a long form's fold, a new item came with no sign: the form scrolls to it."""
    window.resize(1280, 800)
    assert window.tree.select("charm", "money_mult") is not None and window.editor is not None
    abilities = window.editor.field_at(("abilities",))
    assert isinstance(abilities, ListField)
    abilities.add_button.click()
    abilities.add_button.click()
    new, area = abilities.frames[-1], window.editor.form_area

    def seen() -> bool:
        top = new.mapTo(area.viewport(), new.rect().topLeft()).y()
        return top >= 0 and top + new.height() <= area.viewport().height()

    qtbot.waitUntil(seen)
    assert area.verticalScrollBar().value() > 0


@pytest.mark.parametrize(
    ("kind", "entry_id"),
    [
        ("charm", "pair_mult"),
        ("charm", "fortune_teller"),
        ("boss", "flint"),
        ("deck", "checkered"),
        ("scenario", "appendix"),
        ("scenario", "negative_edition"),
    ],
)
def test_a_field_is_named_from_the_schema_as_the_form_names_it(
    window: MainWindow, kind: str, entry_id: str
) -> None:
    """Find usages names a field without building a form (:func:`field_words`), in the form's words."""
    from studio.app.forms.nodes import SchemaContext, field_words, file_schema

    ref = window.tree.select(kind, entry_id)
    assert ref is not None and window.editor is not None and window.editor.ctx is not None and window.session
    ws = window.session.ws
    schema, data = ws.schema(kind), ws.data(ref)
    paths = [p for p in window.editor.ctx.fields if p]
    assert len(paths) > 5
    for path in paths:
        named = field_words(file_schema(schema, data), path, data, SchemaContext(schema))
        assert named == window.editor.ctx.words(path), path


def test_a_list_of_plain_values_heads_its_items_after_the_list(window: MainWindow) -> None:
    """A blind's id is titled "Id" in the schema, which names its type: its item reads "Blind 1", as the
    form's words for it say, not "Id 1"."""
    assert window.tree.select("charm", "fortune_teller") is not None and window.editor is not None
    blind = window.editor.field_at(("abilities", 0, "when", "blind"))
    assert isinstance(blind, NullableField) and isinstance(blind.inner, ListField)
    assert blind.inner.labels[0].text().startswith("<b>Blind&nbsp;1</b>")
    assert window.editor.ctx is not None
    assert window.editor.ctx.words(("abilities", 0, "when", "blind", 0)) == "Ability 1 › Conditions › Blind 1"


def _labels(field: QWidget) -> list[str]:
    """The row labels a designer sees in a field's form, top to bottom (a required one's star dropped)."""
    shown = [
        label
        for label in field.findChildren(QLabel)
        if label.buddy() is not None and label.isVisibleTo(field)
    ]
    shown.sort(key=lambda label: label.mapTo(field, label.rect().topLeft()).y())
    return [label.text().removesuffix(" *") for label in shown]


def test_fields_are_listed_as_an_entry_reads_not_required_ones_first(window: MainWindow) -> None:
    """A chance reads N in M, and an effect's amount belongs under its kind, above how it scales."""
    window.tree.select("charm", "trophy_case")
    assert window.editor is not None
    chance = window.editor.field_at(("abilities", 0, "effects", 0, "chance"))
    assert isinstance(chance, NullableField)
    chance.tick.setChecked(True)
    assert _labels(chance.inner) == ["N", "In"]
    grow = window.editor.field_at(("abilities", 0, "effects", 0))
    assert grow is not None
    labels = _labels(grow)
    assert labels.index("Amount") < labels.index("Per") < labels.index("Chance")
    assert labels[labels.index("Amount") + 1] == "Up to"


def test_a_ticked_condition_counts_as_given_in_the_fold_title(window: MainWindow) -> None:
    window.tree.select("charm", "face_points")
    assert window.editor is not None and window.session is not None
    when = window.editor.field_at(("abilities", 0, "when"))
    assert when is not None and when.fold is not None  # type: ignore[attr-defined]
    for key in ("upgrades", "first_hand"):
        tick = window.editor.field_at(("abilities", 0, "when", key))
        assert isinstance(tick, NullableField)
        tick.tick.setChecked(True)
    assert when.fold.text().startswith("3 given: face, upgrades, first_hand")  # type: ignore[attr-defined]
