"""Bad input to every command: exit 2 with one line on stderr naming what is wrong, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

#: Files the cases below refer to as ``{tmp}/<name>``.
FILES = {
    "malformed.yaml": "played: AS\nheld: [KS\n",
    "bad_schema.yaml": "# money must be a number\nplayed: AS AH\nmoney: lots\n",
    "bad_field.json": '{\n  "played": "AS AH",\n  "chrams": ["pair_mult"]\n}\n',
    "unknown_charm.yaml": "played: AS AH\ncharms:\n  - pair_mult\n  - pair_mul\n",
    "bad_card.yaml": "name: a bad card\nplayed: AS XX\n",
    "list.yaml": "- played: AS\n- played: AS AH\n",
    "empty.yaml": "",
    "no_played.yaml": "held: KS\n",
    "loose.yaml": "id: loose\n",
    "empty_edition.yaml": 'played: AS AH\ncharms: ["pair_mult:"]\n',
}

# (id, argv, fragments the one stderr line must contain)
BAD_INPUT = [
    # score: cards
    ("bad_played_card", ["score", "AS XX KD"], ["bad card 'XX'", "rank", "suit", "e.g."]),
    ("bad_held_card", ["score", "AS AH", "--held", "5D 1Z"], ["bad card '1Z'"]),
    ("unknown_card_modifier", ["score", "AS AH:glas"], ["'AH:glas'", "did you mean 'glass'"]),
    ("two_upgrades_on_a_card", ["score", "AS:glass:steel"], ["'AS:glass:steel'", "at most one upgrade"]),
    ("no_played_cards", ["score", ""], ["error: the hand: empty: write at least one card, e.g. AS"]),
    ("only_blanks_played", ["score", "   "], ["error: the hand: empty: write at least one card, e.g. AS"]),
    ("nothing_after_a_colon", ["score", "AS:"], ["bad card 'AS:': nothing after a ':'", "e.g. 10H:glass"]),
    ("a_modifier_like_none", ["score", "AS:nope"], ["unknown modifier 'nope' (one of bonus, foil, glass"]),
    ("a_level_given_twice", ["score", "AS", "--level", "pair=2", "--level", "pair=3"], ["given twice"]),
    (
        "a_level_past_any_use",
        ["score", "AS", "--level", "pair=" + "9" * 400],
        ["bad --level 'pair=999", "…'"],
    ),
    ("six_played_cards", ["score", "AS AH KD 5C 2H 3H"], ["1 to 5 cards", "not 6"]),
    # score: ids
    (
        "charm_with_an_empty_edition",
        ["score", "AS AH", "--charm", "pair_mult:"],
        ["error: --charm pair_mult:: write an edition after ':' (e.g. pair_mult:foil)"],
    ),
    (
        "too_many_charms",
        ["score", "AS", *["--charm", "pair_mult"] * 101],
        ["--charm: 101 charms: at most 100"],
    ),
    (
        "charm_with_no_id",
        ["score", "AS", "--charm", ":foil"],
        ["--charm :foil: write the charm's id before ':'"],
    ),
    (
        "scenario_charm_with_an_empty_edition",
        ["score", "--scenario", "{tmp}/empty_edition.yaml"],
        ["empty_edition.yaml:2:", "$.charms[0]", "id or id:edition"],
    ),
    (
        "unknown_charm",
        ["score", "AS AH", "--charm", "pair_mul"],
        ["--charm pair_mul: unknown charm 'pair_mul'", "'pair_mult'"],
    ),
    (
        "unknown_edition",
        ["score", "AS", "--charm", "plain_mult:foyl"],
        ["--charm plain_mult:foyl: unknown edition 'foyl'"],
    ),
    (
        "unknown_level",
        ["score", "AS AH", "--level", "pari=2"],
        ["--level pari=2: unknown hand type 'pari'", "'pair'"],
    ),
    (
        "unknown_charm_written_with_spaces",
        ["score", "AS AH", "--charm", " pair_mul "],
        ["--charm  pair_mul : unknown charm 'pair_mul'", "'pair_mult'"],
    ),
    (
        "unknown_charm_with_an_at_sign",
        ["score", "AS AH", "--charm", "bus_rider@3"],
        ["--charm bus_rider@3: unknown charm 'bus_rider@3'", "'bus_rider'"],
    ),
    (
        "unknown_charm_in_capitals",
        ["score", "AS AH", "--charm", "PAIR_MULT"],
        ["--charm PAIR_MULT: unknown charm 'PAIR_MULT'", "did you mean 'pair_mult'"],
    ),
    (
        "unknown_level_in_capitals",
        ["score", "AS AH", "--level", "PAIR=2"],
        ["--level PAIR=2: unknown hand type 'PAIR'", "did you mean 'pair'"],
    ),
    (
        "unknown_boss",
        ["score", "AS AH", "--boss", "flnt"],
        ["unknown boss", "'flnt'", "did you mean 'flint'"],
    ),
    (
        "unknown_charm_edition",
        ["score", "AS AH", "--charm", "pair_mult:foyl"],
        ["unknown edition 'foyl'", "did you mean 'foil'"],
    ),
    ("unknown_deck", ["score", "AS AH", "--deck", "standrd"], ["unknown deck 'standrd'", "'standard'"]),
    (
        "unknown_hand_type_in_level",
        ["score", "AS AH", "--level", "pare=2"],
        ["unknown hand type 'pare'", "did you mean 'pair'"],
    ),
    # score: malformed options
    ("level_without_number", ["score", "AS AH", "--level", "pair"], ["bad --level 'pair'", "TYPE=N"]),
    ("level_not_a_number", ["score", "AS AH", "--level", "pair=two"], ["bad --level 'pair=two'"]),
    ("level_without_type", ["score", "AS AH", "--level", "=2"], ["bad --level '=2'"]),
    (
        "level_below_1",
        ["score", "AS AH", "--level", "pair=0"],
        ["--level pair:", "0 is less than the minimum of 1"],
    ),
    ("negative_hands_left", ["score", "AS AH", "--hands-left", "-1"], ["--hands-left -1:"]),
    ("negative_seed", ["score", "AS AH", "--seed", "-1"], ["--seed: want a whole number from 0", "not -1"]),
    # every command takes the seeds a scenario and a save take, and no other
    ("run_negative_seed", ["run", "--seed", "-5"], ["--seed: want a whole number from 0", "not -5"]),
    (
        "simulate_huge_seed",
        ["simulate", "--runs", "1", "--seed", "1" + "0" * 19],
        ["--seed: want", "not 1000"],
    ),
    (
        "odds_seed_not_a_number",
        ["odds", "--deal", "5", "--samples", "9", "--seed", "x"],
        ["--seed: want", "'x'"],
    ),
    (
        "money_too_low",
        ["score", "AS AH", "--money", "-5000000"],
        ["--money -5000000: -5000000 is less than the minimum of -1000000"],
    ),
    ("money_not_a_number", ["score", "AS AH", "--money", "lots"], ["--money", "'lots'"]),
    ("no_hand_given", ["score"], ["give exactly one of a hand, --scenario FILE or --batch FILE"]),
    (
        "hand_and_scenario_given",
        ["score", "AS", "--scenario", "{tmp}/bad_card.yaml"],
        ["give exactly one"],
    ),
    # score: scenario files
    (
        "hand_options_with_a_scenario",
        ["score", "--scenario", "{tmp}/list.yaml", "--charm", "pair_mult", "--money", "50"],
        ["--charm, --money", "only with a hand given on the command line", "--scenario file gives its own"],
    ),
    (
        "hand_options_with_a_batch",
        ["score", "--batch", "{tmp}/list.yaml", "--boss", "psychic"],
        ["--boss", "--batch line gives its own"],
    ),
    (
        "missing_scenario_file",
        ["score", "--scenario", "{tmp}/nope.yaml"],
        ["{tmp}/nope.yaml", "no such file"],
    ),
    (
        "malformed_yaml_scenario",
        ["score", "--scenario", "{tmp}/malformed.yaml"],
        ["{tmp}/malformed.yaml:2:", "malformed YAML"],
    ),
    (
        "scenario_failing_schema",
        ["score", "--scenario", "{tmp}/bad_schema.yaml"],
        ["{tmp}/bad_schema.yaml:3:8:", "money", "'lots'"],
    ),
    (
        "json_scenario_with_an_unknown_field",
        ["score", "--scenario", "{tmp}/bad_field.json"],
        ["{tmp}/bad_field.json:3:3:", "unknown field 'chrams'", "did you mean 'charms'"],
    ),
    (
        "scenario_naming_an_unknown_charm",
        ["score", "--scenario", "{tmp}/unknown_charm.yaml"],
        ["{tmp}/unknown_charm.yaml:4:5:", "unknown charm 'pair_mul'", "did you mean 'pair_mult'"],
    ),
    (
        "scenario_with_a_bad_card",
        ["score", "--scenario", "{tmp}/bad_card.yaml"],
        ["{tmp}/bad_card.yaml:2:9:", "'XX'"],
    ),
    (
        "scenario_without_played",
        ["score", "--scenario", "{tmp}/no_played.yaml"],
        ["{tmp}/no_played.yaml:1:1:", "'played'"],
    ),
    ("empty_scenario_file", ["score", "--scenario", "{tmp}/empty.yaml"], ["{tmp}/empty.yaml", "empty"]),
    ("scenario_path_is_a_folder", ["score", "--scenario", "{tmp}"], ["is a folder", "studio test"]),
    ("missing_batch_file", ["score", "--batch", "{tmp}/nope.jsonl"], ["{tmp}/nope.jsonl", "cannot read"]),
    (
        "score_with_a_missing_pack",
        ["score", "AS", "--pack", "{tmp}/nope"],
        ["{tmp}/nope", "no such pack folder, zip or installed pack"],
    ),
    # odds
    ("odds_without_exhaustive_or_deal", ["odds"], ["--exhaustive --hand-size N", "--deal N --samples N"]),
    ("odds_exhaustive_without_hand_size", ["odds", "--exhaustive"], ["--hand-size"]),
    (
        "odds_too_many_samples",
        ["odds", "--deal", "8", "--samples", "10000001"],
        ["--samples 1 to 10,000,000", "--exact"],
    ),
    ("odds_deal_without_samples", ["odds", "--deal", "8"], ["--samples"]),
    ("odds_hand_size_above_the_deck", ["odds", "--exhaustive", "--hand-size", "53"], ["between 1 and 52"]),
    ("validate_a_device", ["validate", "/dev/null"], ["/dev/null: cannot read file: not a regular file"]),
    ("batch_of_a_folder", ["score", "--batch", "{tmp}"], ["cannot read file: it is a folder"]),
    ("odds_zero_samples", ["odds", "--deal", "8", "--samples", "0"], ["--samples 1 to 10,000,000"]),
    (
        "odds_two_ways_to_count",
        ["odds", "--exhaustive", "--hand-size", "5", "--deal", "8", "--samples", "3"],
        ["--exhaustive and --samples", "one way to count"],
    ),
    (
        "odds_hand_size_with_a_deal",
        ["odds", "--hand-size", "5", "--deal", "8", "--exact"],
        ["--hand-size goes"],
    ),
    ("odds_seed_of_an_exact_count", ["odds", "--deal", "8", "--exact", "--seed", "3"], ["--seed goes with"]),
    (
        "odds_unknown_deck",
        ["odds", "--exhaustive", "--hand-size", "5", "--deck", "standrd"],
        ["--deck standrd: unknown deck 'standrd'", "did you mean 'standard'"],
    ),
    (
        "odds_unknown_charm",
        ["odds", "--deal", "8", "--samples", "5", "--charm", "four_fingr"],
        ["--charm four_fingr: unknown charm 'four_fingr'", "did you mean 'four_fingers'"],
    ),
    (
        "odds_with_a_missing_pack",
        ["odds", "--deal", "8", "--samples", "5", "--pack", "{tmp}/nope"],
        ["{tmp}/nope"],
    ),
    (
        "odds_hand_size_not_a_number",
        ["odds", "--exhaustive", "--hand-size", "five"],
        ["--hand-size", "'five'"],
    ),
    # validate
    ("validate_a_missing_path", ["validate", "{tmp}/nope"], ["{tmp}/nope", "no such file or folder"]),
    (
        "validate_a_missing_pack",
        ["validate", "--pack", "{tmp}/nope"],
        ["{tmp}/nope", "no such pack folder, zip or installed pack"],
    ),
    (
        "validate_a_file_of_no_kind",
        ["validate", "{tmp}/loose.yaml"],
        ["{tmp}/loose.yaml", "cannot tell the kind"],
    ),
    # test
    ("test_a_missing_path", ["test", "{tmp}/nope"], ["{tmp}/nope", "no such file or folder"]),
    ("test_with_a_missing_pack", ["test", "--pack", "{tmp}/nope"], ["{tmp}/nope"]),
    # schema
    (
        "schema_export_into_a_file",
        ["schema", "export", "{tmp}/loose.yaml"],
        ["{tmp}/loose.yaml", "is a file; give a folder"],
    ),
    ("schema_without_an_action", ["schema"], ["ACTION"]),
    # the command line itself
    ("no_subcommand", [], ["COMMAND"]),
    ("unknown_subcommand", ["scor", "AS"], ["invalid choice: 'scor' (did you mean 'score'?)"]),
    ("unknown_choice", ["list", "charm"], ["invalid choice: 'charm' (did you mean 'charms'?)"]),
    ("a_choice_like_none", ["list", "jokers"], ["invalid choice: 'jokers' (choose from 'charms', 'hands'"]),
    ("unknown_option", ["score", "AS", "--bogus"], ["studio score: error: unrecognized arguments: --bogus"]),
    ("unknown_option_of_odds", ["odds", "--bogus"], ["studio odds: error: unrecognized arguments: --bogus"]),
    ("two_words_for_one", ["score", "AS", "AH"], ["studio score: error: unrecognized arguments: AH"]),
    (
        "an_option_before_the_command",
        ["--pack", "good", "score", "AS"],
        ["options go after the command: studio score --pack good AS"],
    ),
]


@pytest.fixture
def tmp(tmp_path: Path) -> Path:
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def fill(items: list[str], tmp: Path) -> list[str]:
    return [item.replace("{tmp}", str(tmp)) for item in items]


def assert_one_line_error(run, fragments: list[str]) -> None:
    assert run.code == 2, (run.code, run.out, run.err)
    assert "Traceback" not in run.out + run.err
    assert run.out == ""
    lines = run.err.splitlines()
    assert len(lines) == 1, run.err
    assert lines[0].startswith("studio"), lines[0]
    assert "error: " in lines[0]
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


@pytest.mark.parametrize(("argv", "fragments"), [c[1:] for c in BAD_INPUT], ids=[c[0] for c in BAD_INPUT])
def test_bad_input_exits_2_with_one_line_naming_the_problem(studio_cli, tmp, argv, fragments):
    assert_one_line_error(studio_cli(*fill(argv, tmp)), fill(fragments, tmp))


def test_every_command_has_a_bad_input_case():
    commands = {argv[0] for _, argv, _ in BAD_INPUT if argv}
    assert commands >= {"score", "odds", "validate", "test", "schema"}


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["score", "AS XX"], ["bad card 'XX'"]),
        (["score", "--scenario", "{tmp}/bad_schema.yaml"], ["{tmp}/bad_schema.yaml:3:8:"]),
        ([], ["COMMAND"]),
        (["odds", "--bogus"], ["--bogus"]),
    ],
    ids=["bad_card", "scenario_failing_schema", "no_subcommand", "unknown_option"],
)
def test_console_script_prints_one_line_and_no_traceback(studio_exe, tmp, argv, fragments):
    assert_one_line_error(studio_exe(*fill(argv, tmp), cwd=tmp), fill(fragments, tmp))


# --- problems found: exit 1, reported on stdout, still no traceback -----------------------------


def test_batch_with_only_bad_lines_exits_1_with_an_error_per_line(studio, tmp):
    path = tmp / "bad.jsonl"
    path.write_text('{"played": "AS AH KD 5C 2H 3H"}\n["AS"]\n{"played": ""}\n{oops\n', encoding="utf-8")
    run = studio("score", "--batch", str(path))
    assert run.code == 1
    assert run.err == ""
    out = [json.loads(line) for line in run.out.splitlines()]
    assert [list(o) for o in out] == [["error"]] * 4
    assert [o["error"].split(":")[1] for o in out] == ["1", "2", "3", "4"]
    assert "not 6" in out[0]["error"]


def test_validate_of_a_broken_file_exits_1_with_no_traceback(studio, tmp_path):
    path = tmp_path / "charms" / "bad.yaml"
    path.parent.mkdir()
    path.write_text("id: bad\nname: [oops\n", encoding="utf-8")
    run = studio("validate", str(path))
    assert run.code == 1
    assert run.err == ""
    assert run.out.startswith(f"{path}:")
    assert "malformed YAML" in run.out


def test_test_of_an_unreadable_scenario_exits_1_with_no_traceback(studio, tmp_path):
    path = tmp_path / "bin.yaml"
    path.write_bytes(b"\xff\xfe\x00played")
    run = studio("test", str(path))
    assert run.code == 1
    assert run.err == ""
    assert f"ERROR {path}:1:1: cannot read file" in run.out
