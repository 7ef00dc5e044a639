"""The preview's longer work and its files: best play off the GUI thread, scenarios in and out."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from studio.app.main_window import MainWindow
from studio.app.preview.best_play import best_play, plays
from studio.cli.main import main as studio
from studio.content.scenarios import read_scenarios
from studio.engine.scoring import Situation

REPO = Path(__file__).resolve().parents[2]


def test_there_are_218_plays_of_one_to_five_cards_out_of_eight() -> None:
    assert len(plays(8)) == 218


def test_best_play_scores_every_play_with_the_real_scorer(window: MainWindow) -> None:
    assert window.session is not None
    catalog = window.session.ws.catalog
    assert catalog is not None
    cards = catalog.cards("AS AH AD KS KH 2C 7D 9S")
    best = best_play(cards, Situation(played=cards[:1]), catalog)
    assert best.tried == 218
    assert best.result.hand_type == "full_house"
    assert sorted(str(c) for c in best.played) == ["AD", "AH", "AS", "KH", "KS"]


def test_best_play_runs_in_the_background_and_shows_the_play(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    preview = window.preview
    preview.set_state({"played": "AS AH AD KS", "held": "KH 2C 7D 9S", "levels": {"full_house": 10}})
    job = preview.start_best_play()
    assert job is not None
    with qtbot.waitSignal(job.done, timeout=10_000):
        pass
    assert sorted(preview.played_input.text().split()) == ["AD", "AH", "AS", "KH", "KS"]
    assert preview.result is not None and preview.result.hand_type == "full_house"
    assert preview.result.total >= 1000  # the status bar groups its thousands, as the total does
    assert (
        window.statusBar().currentMessage()
        == f"Best play of 218: full_house for {preview.total_label.text()}"
    )
    qtbot.waitUntil(lambda: preview.best.button.isEnabled())


def test_best_play_can_be_cancelled(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    preview = window.preview
    preview.set_state({"played": "AS AH AD KS", "held": "KH 2C 7D 9S"})
    job = preview.start_best_play()
    assert job is not None
    with qtbot.waitSignal(job.cancelled, timeout=10_000):
        preview.best.cancel_button.click()
    assert preview.played_input.text() == "AS AH AD KS"  # nothing replaced
    qtbot.waitUntil(lambda: not preview.best.progress.isVisible())


def test_a_test_scenario_shows_expected_against_actual(window: MainWindow) -> None:
    window.tree.select("scenario", "appendix")
    model = window.preview.trace_model
    assert model.columnCount() == 8  # the expected column
    assert model.mismatches() == []
    assert "matches what the scenario expects" in window.preview.error_label.text()
    window.preview.situation.money.setValue(window.preview.situation.money.value() + 50)
    assert model.mismatches()
    assert "total: expected 3082, got" in window.preview.error_label.text()


def test_save_as_scenario_writes_a_test_that_passes(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "tests" / "sample.yaml"
    window.preview.save_scenario(path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=")
    assert "total: 3082" in text
    assert studio(["test", str(path)]) == 0


def test_a_file_of_scenarios_folds_them_and_opening_one_shows_it_in_the_preview(window: MainWindow) -> None:
    from studio.app.forms.lists import ListField

    window.tree.select("scenario", "charms_hand")
    assert window.editor is not None
    scenarios = window.editor.field_at(())
    assert isinstance(scenarios, ListField) and len(scenarios.items) > 3
    assert all(item is None for item in scenarios.items)  # nothing built before it is opened
    fold = scenarios.folds[1]
    assert fold is not None
    fold.expand(animate=False)  # what clicking "details" does
    assert window.editor.field_at((1, "played")) is not None
    assert window.preview.played_input.text() == "AS AH"
    assert window.preview.total_label.text() == "320"
    assert "matches what the scenario expects" in window.preview.error_label.text()


def test_a_scenario_charm_with_a_counter_keeps_it_through_the_preview(
    window: MainWindow, tmp_path: Path
) -> None:
    path = REPO / "content" / "tests" / "charms_hand.yaml"
    scenarios, _ = read_scenarios(path)
    index = next(i for i, s in enumerate(scenarios) if any(s.counter for s in s.model.slots()))
    slots = scenarios[index].model.slots()
    window.preview.open_scenario(path, index)
    assert window.preview.situation_now().charms == slots
    assert window.preview.trace_model.mismatches() == []
    assert "matches what the scenario expects" in window.preview.error_label.text()
    saved = tmp_path / "tests" / "grown.yaml"
    window.preview.save_scenario(saved)
    assert "counter:" in saved.read_text(encoding="utf-8")
    assert studio(["test", str(saved)]) == 0


@pytest.mark.parametrize(
    ("file", "name"),
    [
        ("effects.yaml", "snowball grows by 2 on a Three of a Kind and adds 1 Mult per size"),
        ("vocabulary.yaml", "a perishable charm is debuffed once its rounds are up"),
    ],
)
def test_a_charms_variables_stickers_and_rounds_keep_through_the_preview(
    window: MainWindow, tmp_path: Path, file: str, name: str
) -> None:
    path = REPO / "content" / "tests" / file
    scenarios, _ = read_scenarios(path)
    index = next(i for i, s in enumerate(scenarios) if s.model.name == name)
    window.preview.open_scenario(path, index)
    assert window.preview.situation_now().charms == scenarios[index].model.slots()
    assert "matches what the scenario expects" in window.preview.error_label.text()
    saved = tmp_path / "tests" / "kept.yaml"
    window.preview.save_scenario(saved)
    assert studio(["test", str(saved)]) == 0
    written = saved.read_text(encoding="utf-8")
    assert (
        ("vars:" in written)
        if file == "effects.yaml"
        else ("stickers:" in written and "rounds: 5" in written)
    )


def _vocabulary_index(name: str) -> int:
    scenarios, _ = read_scenarios(REPO / "content" / "tests" / "vocabulary.yaml")
    return next(i for i, s in enumerate(scenarios) if s.model.name == name)


def test_a_scenario_naming_vouchers_previews_as_studio_test_scores_it(
    window: MainWindow, tmp_path: Path
) -> None:
    path = REPO / "content" / "tests" / "vocabulary.yaml"
    window.preview.open_scenario(path, _vocabulary_index("coupon_book adds +4 Mult per voucher bought"))
    situation = window.preview.situation
    assert situation.vouchers.text() == "spare_hand waste_bin extra_shelf"
    assert window.preview.situation_now().vouchers == ("spare_hand", "waste_bin", "extra_shelf")
    assert window.preview.total_label.text() == "448"
    assert "matches what the scenario expects" in window.preview.error_label.text()
    situation.vouchers.setText("spare_hand")  # one voucher: +4 Mult
    assert window.preview.total_label.text() == "192"
    saved = tmp_path / "tests" / "one_voucher.yaml"
    window.preview.save_scenario(saved)
    assert "vouchers: [spare_hand]" in saved.read_text(encoding="utf-8")
    assert studio(["test", str(saved)]) == 0


def test_the_preview_reads_consumables_held(window: MainWindow) -> None:
    path = REPO / "content" / "tests" / "vocabulary.yaml"
    window.preview.open_scenario(
        path, _vocabulary_index("travel_light does nothing while a consumable is held")
    )
    situation = window.preview.situation
    assert situation.consumables.value() == 2
    assert window.preview.total_label.text() == "64"
    assert "matches what the scenario expects" in window.preview.error_label.text()
    situation.consumables.setValue(0)  # none held: x1.5
    assert window.preview.total_label.text() == "96"


def test_an_unknown_voucher_in_the_preview_is_named_with_a_suggestion(window: MainWindow) -> None:
    window.preview.set_state({"played": "AS AH", "charms": ["coupon_book"], "vouchers": ["spare_hnd"]})
    assert window.preview.result is None
    text = window.preview.error_label.text()
    assert "vouchers: unknown voucher 'spare_hnd'" in text and "spare_hand" in text


def test_a_scenarios_run_fields_without_inputs_still_reach_the_preview(window: MainWindow) -> None:
    path = REPO / "content" / "tests" / "vocabulary.yaml"
    window.preview.open_scenario(path, _vocabulary_index("veteran adds +2 Mult per ante"))
    assert window.preview.situation_now().ante == 3
    assert window.preview.total_label.text() == "112"
    assert "ante 3" in window.preview.situation.run_label.text()
    assert "matches what the scenario expects" in window.preview.error_label.text()
    window.preview.set_state({"played": "AS", "charms": ["veteran"]})  # a new hand: the run's defaults
    assert window.preview.situation_now().ante == 1
    assert window.preview.situation.run_label.isHidden()


def test_an_empty_inputs_grey_hint_says_what_empty_means_before_an_example(window: MainWindow) -> None:
    """The hints were bare examples (``pair=2 flush=3``) that read as values typed in."""
    preview, situation = window.preview, window.preview.situation
    hints = {
        box.accessibleName(): box.placeholderText()
        for box in (preview.played_input, preview.held_input, situation.levels, situation.vouchers)
    }
    assert hints == {
        "Played cards": "no card played, e.g. AS KH 10D:glass",
        "Held cards": "none held, e.g. AS KH 10D:glass",
        "Hand levels": "all at level 1, e.g. pair=2 flush=3",
        "Vouchers bought": "none bought, e.g. spare_hand waste_bin",
    }
    assert situation.consumables.value() == 0 and situation.consumables.text() == "none"
