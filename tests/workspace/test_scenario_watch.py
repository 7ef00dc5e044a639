"""Which test scenarios an edit can change, run on the workspace's unsaved content (no Qt)."""

from __future__ import annotations

from pathlib import Path

from studio.content.scenarios import read_scenarios
from studio.workspace import Workspace
from studio.workspace.scenario_watch import Batch, ScenarioWatch, run_batch, select
from tests.workspace.ws_support import ref_of

AMOUNT = ("abilities", 0, "effects", 0, "amount")


def _on_disk(tests: Path, wanted: str | None = None) -> set[tuple[str, int]]:
    """Scenarios with an ``expect`` in ``tests`` (those whose row holds charm ``wanted``, if given)."""
    found = set()
    for path in sorted(tests.glob("*.yaml")):
        scenarios, _ = read_scenarios(path)
        for s in scenarios:
            row = {slot.id for slot in s.model.slots()}
            if s.model.expect is not None and (wanted is None or wanted in row):
                found.add((path.name, s.doc.prefix[0] if s.doc.prefix else 0))
    return found


def _picked(batch: Batch) -> set[tuple[str, int]]:
    return {(ref.path.name, s.doc.prefix[0] if s.doc.prefix else 0) for ref, s in select(batch)}


def _settled(ws: Workspace) -> ScenarioWatch:
    """A watch whose first run (everything) is done."""
    watch = ScenarioWatch()
    batch = watch.start(ws)
    assert batch is not None
    assert watch.finish(batch, run_batch(batch))
    return watch


def test_the_first_run_runs_every_scenario_that_expects_something(ws: Workspace, base_copy: Path) -> None:
    watch = ScenarioWatch()
    batch = watch.start(ws)
    assert batch is not None
    assert _picked(batch) == _on_disk(base_copy / "tests")
    assert watch.finish(batch, run_batch(batch))
    assert watch.failures() == []
    assert {p.name: t.marker for p, t in watch.tallies().items()}["charms_hand.yaml"] == "✓"
    assert watch.start(ws) is None  # nothing changed since


def test_a_charm_edit_runs_the_scenarios_naming_it_and_says_what_differs(
    ws: Workspace, base_copy: Path
) -> None:
    watch = _settled(ws)
    watch.note(ws.set_field(ref_of(ws, "charm", "plain_mult"), AMOUNT, 5))
    batch = watch.start(ws)
    assert batch is not None
    assert _picked(batch) == _on_disk(base_copy / "tests", "plain_mult")
    assert watch.finish(batch, run_batch(batch))
    failing = {o.label: o for o in watch.failures()}
    o = failing["plain_mult adds +4 Mult in the whole-hand step"]
    assert o.file.path == base_copy / "tests" / "charms_hand.yaml"
    assert o.prefix == (0,)
    p = o.problem
    assert (p.line, p.json_path) == (9, (0, "expect"))
    assert p.message == (
        "test 'plain_mult adds +4 Mult in the whole-hand step' fails: total: expected 80, got 96; "
        "mult: expected 5, got 6; the trace differs from step 3: hand plain_mult +5 Mult -> 16 x 6, "
        "expected hand plain_mult -> 16 x 5"
    )
    tally = watch.tallies()[o.file.path]
    assert (tally.marker, tally.summary) == ("✗", "1 of 30 tests fail")
    # Undone: the same scenarios run again, and pass.
    watch.note(ws.set_field(ref_of(ws, "charm", "plain_mult"), AMOUNT, 4))
    batch = watch.start(ws)
    assert batch is not None and watch.finish(batch, run_batch(batch))
    assert watch.failures() == []
    assert watch.tallies()[o.file.path].marker == "✓"


def test_an_edit_to_an_upgrade_reaches_the_scenarios_of_charms_that_name_it(ws: Workspace) -> None:
    text = "name: glazier with no glass card\nplayed: KH\ncharms: [glazier]\nexpect: {total: 15}\n"
    ws.create("scenario", "glazier_alone", "base", text)
    watch = _settled(ws)
    watch.note(ws.set_field(ref_of(ws, "upgrade", "glass"), ("name",), "Crystal"))
    batch = watch.start(ws)
    assert batch is not None
    names = {s.model.name for _, s in select(batch)}
    assert "glazier with no glass card" in names  # glazier's conditions name glass
    assert "glazier adds +6 Mult per scored Glass card" in names
    assert "plain_mult adds +4 Mult in the whole-hand step" not in names


def test_a_hand_type_edit_runs_everything(ws: Workspace, base_copy: Path) -> None:
    watch = _settled(ws)
    watch.note(ws.set_field(ref_of(ws, "hand_type", "flush"), ("points",), 36))
    batch = watch.start(ws)
    assert batch is not None
    assert _picked(batch) == _on_disk(base_copy / "tests")


def test_a_scenario_file_edit_runs_that_file_and_takes_its_new_scenarios(
    ws: Workspace, base_copy: Path
) -> None:
    watch = _settled(ws)
    ref = ref_of(ws, "scenario", "charms_hand")
    scenarios = ws.data(ref)
    del scenarios[1:]  # one scenario left of 30, unsaved
    watch.note(ws.replace(ref, scenarios))
    batch = watch.start(ws)
    assert batch is not None
    assert _picked(batch) == {("charms_hand.yaml", 0)}
    assert watch.finish(batch, run_batch(batch))
    assert watch.tallies()[ref.path].summary == "its test passes"
    assert watch.tallies()[base_copy / "tests" / "rules.yaml"].summary == "all 28 tests pass"


def test_a_changed_id_reruns_the_scenarios_naming_the_old_one(ws: Workspace) -> None:
    watch = _settled(ws)
    watch.note(ws.set_field(ref_of(ws, "charm", "pair_mult"), ("id",), "pair_bonus"))
    batch = watch.start(ws)
    assert batch is not None
    outcomes = run_batch(batch)
    assert outcomes and all(not o.passed and o.explained for o in outcomes)  # now unknown: a problem already
    assert "unknown charm 'pair_mult'" in outcomes[0].wrong[0]
    assert watch.finish(batch, outcomes)
    assert watch.failures() == []  # the workspace lists why; the tree still marks the files ✗
    assert watch.tallies()[outcomes[0].file.path].marker == "✗"


def test_results_that_arrive_after_a_newer_edit_are_dropped_and_run_again(ws: Workspace) -> None:
    watch = _settled(ws)
    charm = ref_of(ws, "charm", "plain_mult")
    watch.note(ws.set_field(charm, AMOUNT, 5))
    stale = watch.start(ws)
    assert stale is not None
    outcomes = run_batch(stale)
    watch.note(ws.set_field(ref_of(ws, "charm", "money_mult"), ("cost",), 9))  # while it ran
    assert not watch.finish(stale, outcomes)
    assert watch.failures() == []  # the stale failures are not shown
    again = watch.start(ws)
    assert again is not None
    assert _picked(stale) <= _picked(again)  # the dropped run's scenarios run with the new ones
    assert watch.finish(again, run_batch(again))
    assert watch.failures()


def test_a_save_runs_nothing(ws: Workspace) -> None:
    watch = _settled(ws)
    charm = ref_of(ws, "charm", "plain_mult")
    watch.note(ws.set_field(charm, ("cost",), 3))
    batch = watch.start(ws)
    assert batch is not None and watch.finish(batch, run_batch(batch))
    watch.note(ws.save(charm))
    assert not watch.pending
