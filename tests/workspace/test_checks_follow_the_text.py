"""An entry's problems are always about its text now, edit after edit, as a full check would find them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ws_support import ref_of

from studio.workspace import Workspace

CONTAINS = ("abilities", 0, "when", "contains")


def _of(ws: Workspace, name: str) -> list[tuple[tuple[str | int, ...], str]]:
    return sorted((p.json_path, p.message) for p in ws.problems() if p.path.name == name)


def _as_a_full_check_finds(ws: Workspace, name: str) -> list[tuple[tuple[str | int, ...], str]]:
    fresh = Workspace.open([], base=ws.packs[0].origin)  # read again, then given the same unsaved texts
    for ref in ws.dirty():
        fresh.replace_text(fresh.ref(ref.path), ws.text(ref))
    return _of(fresh, name)


def test_a_broken_entry_keeps_no_reference_problem_of_its_last_good_version(ws: Workspace) -> None:
    charm = ref_of(ws, "charm", "pair_mult")
    start = ws.text(charm)
    ws.set_field(charm, ("name",), "")  # broken: the ids it names are checked all the same
    broken = ws.text(charm)
    ws.set_field(charm, CONTAINS, "flush_par")
    ws.set_field(charm, ("name",), "Pairs")  # whole: the unknown hand type is found
    assert (CONTAINS, "unknown hand type 'flush_par' (did you mean 'flush'?)") in _of(ws, "pair_mult.yaml")
    ws.replace_text(charm, broken)  # undone back to a broken text that says 'pair'
    assert _of(ws, "pair_mult.yaml") == [(("name",), "empty: write something here")]
    assert _of(ws, "pair_mult.yaml") == _as_a_full_check_finds(ws, "pair_mult.yaml")
    ws.replace_text(
        charm, start.replace("contains: pair", "contains: [pair")
    )  # and a text that does not parse
    [problem] = [p for p in ws.problems() if p.path == charm.path]
    assert problem.line == 9  # where the [ opens
    assert problem.message == "malformed YAML: this '[' is not closed by a ']', or lacks a ',' before line 10"


def test_a_blind_renamed_in_the_run_table_is_unknown_wherever_it_is_named_until_named_back(
    ws: Workspace,
) -> None:
    """The run's blinds are ids charms, difficulties and scenarios name: an edit of the run checks them all
    again, as a full check does."""
    run = ref_of(ws, "run", "run")
    ws.set_field(run, ("blinds", 2, "id"), "final")
    boss = [p.path.name for p in ws.problems() if p.message == "unknown blind 'boss'"]
    assert {"fortune_teller.yaml", "scouting_report.yaml", "vocabulary.yaml"} <= set(boss)
    assert _of(ws, "fortune_teller.yaml") == _as_a_full_check_finds(ws, "fortune_teller.yaml")
    ws.set_field(run, ("blinds", 0, "id"), "tiny")
    assert _of(ws, "tight_purse.yaml") == [(("blind_rewards", "small"), "unknown blind 'small'")]
    ws.set_field(run, ("blinds", 2, "id"), "boss")
    ws.set_field(run, ("blinds", 0, "id"), "small")
    assert ws.problems() == []


def test_a_hand_type_that_needs_six_cards_follows_the_charms_that_let_six_be_played(ws: Workspace) -> None:
    hand = ref_of(ws, "hand_type", "two_pair")
    ws.set_field(hand, ("groups",), [3, 3])
    too_many = "the groups [3, 3] need at least 6 cards, but a played hand holds at most 5: no hand can be a Two Pair"
    assert (("groups",), too_many) in _of(ws, "two_pair.yaml")
    charm = ref_of(ws, "charm", "money_mult")
    ws.set_field(
        charm, ("modify",), [{"value": "max_played", "add": 1}]
    )  # one charm edit re-checks the hands
    assert (("groups",), too_many) not in _of(ws, "two_pair.yaml")
    ws.set_field(charm, ("modify",), None)
    assert (("groups",), too_many) in _of(ws, "two_pair.yaml")
    assert _of(ws, "two_pair.yaml") == _as_a_full_check_finds(ws, "two_pair.yaml")


def test_a_charm_edited_to_make_a_consumable_of_no_family_is_a_problem_until_put_right(ws: Workspace) -> None:
    """A charm's ``create_consumable`` names a family some consumable must declare: an edit of the charm
    alone finds it, as a full check does."""
    charm = ref_of(ws, "charm", "fortune_teller")
    family = ("abilities", 0, "effects", 0, "family")
    ws.set_field(charm, family, "levle")
    wrong = "no consumable is of the family 'levle' (did you mean 'level'?)"
    assert (family, wrong) in _of(ws, "fortune_teller.yaml")
    assert _of(ws, "fortune_teller.yaml") == _as_a_full_check_finds(ws, "fortune_teller.yaml")
    ws.set_field(charm, family, "rare")
    assert _of(ws, "fortune_teller.yaml") == []


def test_a_charm_edited_to_ask_about_a_family_no_consumable_has_is_a_problem_until_put_right(
    ws: Workspace,
) -> None:
    charm = ref_of(ws, "charm", "fortune_teller")
    ws.set_field(charm, ("abilities", 0, "trigger"), "consumable_used")
    ws.set_field(charm, ("abilities", 0, "when"), {"family": ["levle"]})
    wrong = "no consumable is of the family 'levle' (did you mean 'level'?)"
    assert (("abilities", 0, "when", "family", 0), wrong) in _of(ws, "fortune_teller.yaml")
    assert _of(ws, "fortune_teller.yaml") == _as_a_full_check_finds(ws, "fortune_teller.yaml")
    ws.set_field(charm, ("abilities", 0, "when", "family", 0), "level")
    assert _of(ws, "fortune_teller.yaml") == []


def test_a_six_card_scenario_follows_the_amount_of_the_charm_that_lets_six_be_played(base_copy: Path) -> None:
    (base_copy / "tests" / "six.yaml").write_text(
        'name: six cards\nplayed: "AS AH AD AC KS KH"\ncharms: [money_mult]\n', encoding="utf-8"
    )
    ws = Workspace.open([], base=base_copy)
    charm = ref_of(ws, "charm", "money_mult")
    too_many = "a played hand holds 1 to 5 cards, not 6"
    assert (("played",), too_many) in _of(ws, "six.yaml")
    ws.set_field(charm, ("modify",), [{"value": "max_played", "add": 1}])
    assert _of(ws, "six.yaml") == []
    other = ref_of(ws, "charm", "plain_mult")  # an edit to a charm that does not change the size...
    ws.set_field(other, ("abilities", 0, "effects", 0, "amount"), 5)
    assert _of(ws, "six.yaml") == []
    ws.set_field(charm, ("modify", 0, "add"), 0)  # ...then one that does: only an amount changes, no id does
    assert (("played",), too_many) in _of(ws, "six.yaml")
    assert _of(ws, "six.yaml") == _as_a_full_check_finds(ws, "six.yaml")


def test_a_scenario_naming_a_charm_that_fails_its_checks_is_no_second_problem(
    ws: Workspace, base_copy: Path, studio: Any
) -> None:
    ws.set_field(ref_of(ws, "charm", "money_mult"), ("cost",), "Plain")
    only = [("money_mult.yaml", "'Plain' is not a whole number")]
    assert [(p.path.name, p.message) for p in ws.problems()] == only
    ws.rename(ref_of(ws, "charm", "plain_mult"), "steady_mult")  # every pack checked again
    assert [(p.path.name, p.message) for p in ws.problems()] == only
    ws.save_all()
    found = studio("validate", str(base_copy))  # as the command line finds
    assert (
        "1 problem(s) in 1 file(s)" in found.out + found.err and "unknown charm" not in found.out + found.err
    )


def test_a_charm_that_fails_its_checks_keeps_its_last_good_version_when_every_pack_is_checked_again(
    ws: Workspace,
) -> None:
    from studio.content.models import ScenarioModel
    from studio.content.scenarios import mismatches, score_scenario

    ws.set_field(ref_of(ws, "charm", "money_mult"), ("cost",), "Plain")
    ws.rename(ref_of(ws, "charm", "plain_mult"), "steady_mult")  # every pack checked again
    assert ws.catalog is not None and "money_mult" in ws.catalog.charms and "money_mult" in ws.ids("charm")
    appendix = ScenarioModel.model_validate(ws.data(ref_of(ws, "scenario", "appendix")))
    assert mismatches(appendix, score_scenario(appendix, ws.catalog)) == []  # the preview still scores it


def test_a_misspelt_charm_in_a_scenario_is_matched_against_the_charms_names_as_they_are_now(
    ws: Workspace,
) -> None:
    appendix = ref_of(ws, "scenario", "appendix")
    ws.set_field(appendix, ("charms", 1), "fat_wallet")  # the name money_mult shows, not its id
    assert "unknown charm 'fat_wallet' (did you mean 'money_mult'?)" in {
        m for _, m in _of(ws, "appendix.yaml")
    }
    ws.set_field(ref_of(ws, "charm", "money_mult"), ("name",), "Slim Purse")
    assert not [m for _, m in _of(ws, "appendix.yaml") if "money_mult" in m]
    assert _of(ws, "appendix.yaml") == _as_a_full_check_finds(ws, "appendix.yaml")


def test_an_id_changed_in_a_text_that_fails_its_checks_names_another_entry_as_a_full_check_reads_it(
    ws: Workspace, base_copy: Path
) -> None:
    pair = ref_of(ws, "hand_type", "pair")
    ws.set_field(pair, ("name",), None)  # fails its checks
    ws.replace_text(pair, ws.text(pair).replace("id: pair\n", "id: pair_b\n"))
    edited = sorted((p.path.name, p.line, p.message) for p in ws.problems())
    assert ("pair_mult.yaml", 9, "unknown hand type 'pair' (did you mean 'pair_b'?)") in edited
    ws.save_all()
    fresh = Workspace.open([], base=base_copy)
    assert edited == sorted((p.path.name, p.line, p.message) for p in fresh.problems())


def test_a_text_that_does_not_parse_stands_for_its_last_good_id_when_every_pack_is_checked_again(
    ws: Workspace,
) -> None:
    charm = ref_of(ws, "charm", "plain_mult")
    ws.replace_text(charm, ws.text(charm).replace("id: plain_mult\n", "id: steady_mult\n"))  # not its file's
    ws.replace_text(charm, ws.text(charm) + "oops: [\n")  # does not parse: its id cannot be read
    edited = _all(ws)
    assert ws.catalog is not None and "steady_mult" in ws.catalog.charms
    ws.create("charm", "new_mult", "base")  # every pack checked again
    assert ws.catalog is not None and "steady_mult" in ws.catalog.charms
    assert [p for p in _all(ws) if "new_mult" not in p[0]] == edited


def _all(ws: Workspace) -> list[tuple[str, int, str]]:
    return sorted((p.path.name, p.line, p.message) for p in ws.problems())


def test_a_scenario_renamed_as_another_of_its_file_is_a_problem_at_its_name_until_renamed_again(
    ws: Workspace,
) -> None:
    """Two scenarios of a file called alike said nothing in the editor."""
    ref = ws.ref(ws.packs[0].origin / "tests" / "bosses.yaml")
    first = ws.data(ref)[0]["name"]
    ws.set_field(ref, (1, "name"), first)
    said = "the scenario at line 8 is called '" + first + "' too: a file's scenarios need names of their own"
    assert [(p.json_path, p.message) for p in ws.problems() if p.path == ref.path] == [((1, "name"), said)]
    assert _of(ws, "bosses.yaml") == _as_a_full_check_finds(ws, "bosses.yaml")
    ws.set_field(ref, (1, "name"), first + " again")
    assert not [p for p in ws.problems() if p.path == ref.path]
