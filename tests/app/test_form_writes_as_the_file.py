"""What the form adds is saved as the file (or the base game) writes that field, and valid where it can be."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from studio.app.forms.lists import ChoicesField, ListField
from studio.app.forms.objects import NullableField
from studio.app.main_window import MainWindow


def _saved(window: MainWindow, path: Path) -> str:
    """Save the entry shown (File > Save) and read its file back from the disk."""
    window.save_action.trigger()
    return path.read_text(encoding="utf-8")


def test_added_modifiers_are_one_line_each_as_every_bosss_are(window: MainWindow, content: Path) -> None:
    """Each starts valid: a modifier gives exactly one of set, add or times."""
    path = content / "bosses" / "arm.yaml"
    window.tree.select("boss", "arm")  # no modifiers yet
    assert window.editor is not None and window.session is not None
    modify = window.editor.field_at(("modify",))
    assert isinstance(modify, ListField)
    modify.add_button.click()
    modify.add_button.click()
    assert [p.message for p in window.session.ws.problems() if p.path == path] == []
    assert _saved(window, path).endswith(
        "min_ante: 2\nmodify:\n  - {value: hand_size, add: 1}\n  - {value: hand_size, add: 1}\n"
    )


def add_an_ability_with_an_effect(window: MainWindow) -> None:
    """In money_mult's form, Add ability, then that ability's Add effect, as a designer clicks them."""
    window.tree.select("charm", "money_mult")
    assert window.editor is not None
    abilities = window.editor.field_at(("abilities",))
    assert isinstance(abilities, ListField)
    abilities.add_button.click()
    effects = window.editor.field_at(("abilities", 1, "effects"))
    assert isinstance(effects, ListField)
    effects.add_button.click()


def test_a_new_abilitys_first_effect_is_written_as_the_other_effects_are(
    window: MainWindow, content: Path
) -> None:
    add_an_ability_with_an_effect(window)
    assert _saved(window, content / "charms" / "money_mult.yaml").endswith(
        "    effects:\n      - {kind: points, amount: 30}\n"
    )


def test_ticking_debuffed_cards_gives_a_valid_filter_with_its_first_test(
    window: MainWindow, content: Path
) -> None:
    """An empty card filter is an error; ticked, it starts with its first test's first choice."""
    path = content / "bosses" / "wall.yaml"
    window.tree.select("boss", "wall")
    assert window.editor is not None and window.session is not None
    debuff = window.editor.field_at(("debuff",))
    assert isinstance(debuff, NullableField)
    debuff.tick.click()
    suits = window.editor.field_at(("debuff", "suits"))
    assert isinstance(suits, NullableField) and isinstance(suits.inner, ChoicesField)
    assert suits.tick.isChecked() and [t.text() for t in suits.inner.ticks if t.isChecked()] == ["S"]
    assert debuff.message() == ""
    assert [p.message for p in window.session.ws.problems() if p.path == path] == []
    assert "debuff: {suits: [S]}\n" in _saved(window, path)


def test_add_scenario_in_a_file_of_many_adds_a_valid_one_written_as_the_others(
    window: MainWindow, content: Path
) -> None:
    """The file is a list of scenarios: its form's Add sets the whole file (it was refused, adding nothing)."""
    path = content / "tests" / "rules.yaml"
    window.tree.select("scenario", "rules")
    assert window.editor is not None and window.session is not None and window.editor.ref is not None
    before = len(window.session.ws.data(window.editor.ref))
    scenarios = window.editor.field_at(())
    assert isinstance(scenarios, ListField)
    scenarios.add_button.click()
    assert len(window.session.ws.data(window.editor.ref)) == before + 1
    assert [p.message for p in window.session.ws.problems() if p.path == path] == []
    # after a blank line and in the quotes its other scenarios' played cards wear
    assert _saved(window, path).endswith('    total: 16\n\n- played: "AS"\n')
    window.history.undo()
    assert len(window.session.ws.data(window.editor.ref)) == before
