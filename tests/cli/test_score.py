"""``studio score``: the appendix hand, every option, scenario files and JSON-lines batches."""

from __future__ import annotations

import json
import re
from pathlib import Path

from folder_packs import folder_pack
from spec_data import APPENDIX_TRACE, CLI_SCENARIO

#: RULES.md appendix: the hand, held card, money and charms in row order.
APPENDIX = (
    "KH 10H:glass 6H 4H 2H",
    "--held",
    "5D:steel",
    "--money",
    "17",
    "--charm",
    "even_mult",
    "--charm",
    "money_mult",
    "--charm",
    "plain_mult",
    "--charm",
    "splash",
)


STEPS = {"boss", "before", "base", "scored_card", "held_card", "hand"}


def score_json(studio, *argv: str) -> dict:
    """Run ``studio score ... --json`` and return the parsed result."""
    run = studio("score", *argv, "--json")
    assert run.code == 0, run.err
    assert run.err == ""
    return json.loads(run.out)


def trace(result: dict) -> list[tuple[str, str, int, float]]:
    return [(e["step"], e["source"], e["points"], e["mult"]) for e in result["events"]]


def table_rows(out: str) -> dict[int, list[str]]:
    """Return the numbered rows of the readable trace table, each split into its cells."""
    rows = {}
    for line in out.splitlines():
        if re.match(r"^\s*\d+\s{2}", line):
            cells = re.split(r"\s{2,}", line.strip())
            rows[int(cells[0])] = cells[1:]
    return rows


# --- the appendix hand --------------------------------------------------------------------------


def test_appendix_hand_prints_a_readable_table_ending_in_total_3082(studio):
    run = studio("score", *APPENDIX)
    assert run.code == 0, run.err
    assert run.err == ""
    assert "Total = 67 x 46 = 3082" in run.out
    assert re.search(r"^Hand:\s+flush\b", run.out, re.MULTILINE)
    header = next(line for line in run.out.splitlines() if "step" in line and "source" in line)
    for column in ("#", "step", "source", "change", "Points", "Mult", "money"):
        assert column in header


def test_appendix_table_lists_every_step_of_the_rules_appendix(studio):
    rows = table_rows(studio("score", *APPENDIX).out)
    assert sorted(rows) == list(range(1, len(APPENDIX_TRACE) + 1))
    for number, (step, source, points, mult) in enumerate(APPENDIX_TRACE, 1):
        cells = rows[number]
        assert cells[0] == step, number
        assert cells[1] == source, number
        assert cells[-3:-1] == [str(points), str(mult)], number


def test_appendix_table_shows_the_change_of_chosen_rows(studio):
    rows = table_rows(studio("score", *APPENDIX).out)
    assert rows[1][:2] == ["base", "flush"]
    assert rows[1][2].startswith("35 Points, 4 Mult")
    assert rows[1][3:] == ["35", "4", "$17"]
    assert rows[4] == ["scored_card", "10H glass", "x2 Mult", "55", "8", "$17"]
    assert rows[12] == ["held_card", "5D steel", "x1.5 Mult", "67", "36", "$17"]
    assert rows[13] == ["hand", "money_mult", "+6 Mult", "67", "42", "$17"]


def test_appendix_hand_as_json_totals_3082_with_the_appendix_trace(studio):
    result = score_json(studio, *APPENDIX)
    assert result["hand_type"] == "flush"
    assert result["scoring"] == ["KH", "10H:glass", "6H", "4H", "2H"]
    assert (result["points"], result["mult"], result["total"], result["money"]) == (67, 46, 3082, 17)
    assert trace(result) == APPENDIX_TRACE


def test_json_result_has_the_contract_shape(studio):
    result = score_json(studio, *APPENDIX)
    for key in ("hand_type", "scoring", "points", "mult", "total", "money", "events"):
        assert key in result
    assert isinstance(result["hand_type"], str)
    assert isinstance(result["scoring"], list) and all(isinstance(c, str) for c in result["scoring"])
    assert isinstance(result["total"], int) and not isinstance(result["total"], bool)
    assert isinstance(result["points"], int)
    assert isinstance(result["mult"], int | float)
    assert isinstance(result["money"], int)
    assert result["events"], "a scored hand has a trace"
    for event in result["events"]:
        assert {"step", "source", "points", "mult", "money"} <= set(event)
        assert event["step"] in STEPS
        assert isinstance(event["source"], str) and event["source"]


def test_json_last_event_carries_the_results_running_values(studio):
    for argv in (APPENDIX, ("AS AH", "--charm", "pair_mult:polychrome"), ("KS KH", "--boss", "flint")):
        result = score_json(studio, *argv)
        last = result["events"][-1]
        assert (last["points"], last["mult"], last["money"]) == (
            result["points"],
            result["mult"],
            result["money"],
        )
        assert result["total"] == int(result["points"] * result["mult"])


def test_splash_changes_nothing_in_the_appendix_flush(studio):
    without = score_json(studio, *APPENDIX[:-2])
    assert without["total"] == 3082


# --- options ------------------------------------------------------------------------------------


def test_level_option_raises_the_hand_types_base(studio):
    plain = score_json(studio, "AS AH")
    levelled = score_json(studio, "AS AH", "--level", "pair=3")
    assert trace(plain)[0] == ("base", "pair", 10, 2)
    # pair: 10 Points, 2 Mult at level 1; +15 Points and +1 Mult per level above 1.
    assert trace(levelled)[0] == ("base", "pair", 40, 4)
    assert (plain["total"], levelled["total"]) == (64, 248)


def test_level_option_for_a_type_not_played_changes_nothing(studio):
    assert score_json(studio, "AS AH", "--level", "flush=5")["total"] == 64


def test_charm_with_an_edition_applies_the_edition_after_its_effect(studio):
    result = score_json(studio, "AS AH", "--charm", "pair_mult:polychrome")
    assert trace(result)[-2:] == [("hand", "pair_mult", 32, 10), ("hand", "pair_mult polychrome", 32, 15)]
    assert result["total"] == 480


def test_foil_charm_adds_points_before_its_own_effect(studio):
    result = score_json(studio, "AS AH", "--charm", "plain_mult:foil")
    assert trace(result)[-2:] == [("hand", "plain_mult foil", 82, 2), ("hand", "plain_mult", 82, 6)]
    assert result["total"] == 492


def test_charms_fire_in_the_order_given(studio):
    a = score_json(studio, "AS AH", "--charm", "plain_mult", "--charm", "pair_x2")
    b = score_json(studio, "AS AH", "--charm", "pair_x2", "--charm", "plain_mult")
    assert [e["source"] for e in a["events"][-2:]] == ["plain_mult", "pair_x2"]
    assert [e["source"] for e in b["events"][-2:]] == ["pair_x2", "plain_mult"]
    assert (a["total"], b["total"]) == (32 * 12, 32 * 8)


def test_flint_boss_halves_the_base(studio):
    result = score_json(studio, "AS AH", "--boss", "flint")
    assert trace(result)[:2] == [("base", "pair", 10, 2), ("base", "flint", 5, 1)]
    assert result["total"] == 27


def test_psychic_boss_refuses_a_short_hand_with_a_boss_event(studio):
    result = score_json(studio, "AS AH", "--boss", "psychic")
    assert result["total"] == 0
    assert [e["step"] for e in result["events"]] == ["boss"]
    assert result["events"][0]["source"] == "psychic"
    readable = studio("score", "AS AH", "--boss", "psychic")
    assert readable.code == 0
    assert "refused" in readable.out


def test_money_option_is_the_money_held(studio):
    result = score_json(studio, "AS AH", "--charm", "money_mult", "--money", "17")
    assert result["money"] == 17
    assert all(e["money"] == 17 for e in result["events"])
    # +2 Mult per $5 held: $17 -> +6 Mult.
    assert trace(result)[-1] == ("hand", "money_mult", 32, 8)


def test_hands_left_option_decides_the_last_hand(studio):
    last = score_json(studio, "AS AH", "--charm", "last_hand_x3", "--hands-left", "0")
    not_last = score_json(studio, "AS AH", "--charm", "last_hand_x3", "--hands-left", "1")
    assert (last["total"], not_last["total"]) == (192, 64)


def test_discards_left_option_feeds_discard_charms(studio):
    result = score_json(studio, "AS AH", "--charm", "discards_points", "--discards-left", "2")
    assert (result["points"], result["total"]) == (92, 184)


def test_seed_option_makes_chance_effects_reproducible(studio):
    def lucky(seed: int) -> dict:
        return score_json(studio, "AH KH", "--charm", "lucky_hearts", "--seed", str(seed))

    first = lucky(0)
    assert lucky(0) == first
    assert first["rng"]["seed"] == 0
    # AH scores alone (high card): 16 x 1, or x1.5 when the 1 in 2 chance hits; seeds 0 and 2 differ.
    assert {first["total"], lucky(2)["total"]} == {16, 24}


def test_pack_option_adds_a_charm_from_a_content_folder(studio, tmp_path):
    charm = tmp_path / "mypack" / "charms" / "ten_mult.yaml"
    charm.parent.mkdir(parents=True)
    (tmp_path / "mypack" / "pack.yaml").write_text(
        "id: mypack\nname: Mine\nversion: 1.0.0\n", encoding="utf-8"
    )
    charm.write_text(
        "id: ten_mult\nname: Ten\nrarity: common\ncost: 4\n"
        "abilities:\n  - trigger: hand\n    effects:\n      - {kind: mult, amount: 10}\n",
        encoding="utf-8",
    )
    result = score_json(studio, "AS AH", "--charm", "ten_mult", "--pack", str(tmp_path / "mypack"))
    assert result["total"] == 32 * 12


# --- scenario files -----------------------------------------------------------------------------


def test_a_scenarios_difficulty_counts_its_levels_modifiers_in_the_hand(studio, tmp_path):
    pack = tmp_path / "bent"
    (pack / "difficulties").mkdir(parents=True)
    (pack / "pack.yaml").write_text("id: bent\nname: Bent\nversion: 1.0.0\n", encoding="utf-8")
    (pack / "difficulties" / "bent.yaml").write_text(
        "id: bent\nname: Bent\nlevel: 6\nmodify:\n  - {value: four_fingers, set: 1}\n", encoding="utf-8"
    )
    scenario = tmp_path / "four_hearts.yaml"
    for level, hand_type in ((0, "high_card"), (5, "high_card"), (6, "flush")):
        scenario.write_text(f"played: 2H 5H 7H 9H\ndifficulty: {level}\n", encoding="utf-8")
        run = studio("score", "--scenario", str(scenario), "--json", "--pack", str(pack))
        assert run.code == 0 and json.loads(run.out)["hand_type"] == hand_type, (level, run.err)
    scenario.write_text("played: 2H 5H 7H 9H\ndifficulty: 7\n", encoding="utf-8")
    run = studio("score", "--scenario", str(scenario), "--pack", str(pack))
    assert run.code == 2
    assert run.err.strip().endswith(
        f"{scenario}:2:13: $.difficulty: unknown difficulty 7 (0 for none, or one of: 1, 2, 3, 4, 5, 6)"
    )


def test_scenario_yaml_file_scores_like_the_command_line(studio, tmp_path):
    path = tmp_path / "appendix.yaml"
    path.write_text(
        "# the RULES.md appendix hand\n"
        "played: KH 10H:glass 6H 4H 2H\n"
        "held: '5D:steel'\n"
        "money: 17\n"
        "charms: [even_mult, money_mult, plain_mult, splash]\n",
        encoding="utf-8",
    )
    assert score_json(studio, "--scenario", str(path)) == score_json(studio, *APPENDIX)
    readable = studio("score", "--scenario", str(path))
    assert readable.code == 0
    assert "Total = 67 x 46 = 3082" in readable.out


def test_scenario_json_file_takes_every_field(studio, tmp_path):
    path = tmp_path / "full.json"
    scenario = CLI_SCENARIO
    path.write_text(json.dumps(scenario), encoding="utf-8")
    from_file = score_json(studio, "--scenario", str(path))
    from_args = score_json(
        studio,
        "AS AH KD 5C 2H",
        "--held",
        "KS KC",
        "--charm",
        "pair_mult",
        "--charm",
        "king_held_x:foil",
        "--charm",
        "bus_rider",
        "--level",
        "pair=2",
        "--boss",
        "flint",
        "--money",
        "12",
        "--hands-left",
        "2",
        "--discards-left",
        "1",
        "--seed",
        "7",
    )
    assert from_file["hand_type"] == "pair"
    assert from_file["money"] == 12
    assert ("base", "flint") in [(e["step"], e["source"]) for e in from_file["events"]]
    assert [e["source"] for e in from_file["events"] if e["step"] == "held_card"] == [
        "KS king_held_x",
        "KC king_held_x",
    ]
    # bus_rider starts at 3 in the file (the command line cannot set a counter); no face card
    # scores (KD is a kicker), so it grows by one either way.
    assert (from_file["counters"][2], from_args["counters"][2]) == (4, 1)
    assert [e for e in from_file["events"] if e["source"] != "bus_rider"][:4] == [
        e for e in from_args["events"] if e["source"] != "bus_rider"
    ][:4]
    assert from_file["rng"]["seed"] == from_args["rng"]["seed"] == 7


def test_scenario_counter_carries_into_the_score(studio, tmp_path):
    path = tmp_path / "bus.yaml"
    path.write_text("played: 2S 2H\ncharms:\n  - {id: bus_rider, counter: 3}\n", encoding="utf-8")
    result = score_json(studio, "--scenario", str(path))
    # No face card scores: the counter grows to 4 and gives +4 Mult.
    assert result["counters"] == [4]
    assert trace(result)[-1] == ("hand", "bus_rider", 14, 6)


def test_scenario_with_an_expect_is_still_scored_and_one_it_misses_exits_1(studio, tmp_path):
    path = tmp_path / "test.yaml"
    path.write_text(
        "- played: AS AH\n  expect: {hand_type: pair, total: 1}\n- played: AS\n", encoding="utf-8"
    )
    run = studio("score", "--scenario", str(path), "--json")
    assert [r["total"] for r in json.loads(run.out)] == [64, 16]
    assert run.code == 1 and run.err == (
        f"studio score: {path}:1: total: expected 1, got 64 ('studio test {path}' shows the trace against it)\n"
    )
    path.write_text("played: AS AH\nexpect: {hand_type: pair, total: 64}\n", encoding="utf-8")
    assert score_json(studio, "--scenario", str(path))["total"] == 64


# --- batches ------------------------------------------------------------------------------------


def test_batch_prints_one_result_per_line(studio, tmp_path):
    path = tmp_path / "hands.jsonl"
    lines = [
        {"played": "AS AH"},
        {"played": "KH 10H:glass 6H 4H 2H", "held": "5D:steel", "money": 17, "charms": ["even_mult"]},
        {"played": "2S 3S 4S 5S 6S", "levels": {"straight_flush": 2}},
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    run = studio("score", "--batch", str(path))
    assert run.code == 0, run.err
    results = [json.loads(line) for line in run.out.splitlines()]
    assert [r["hand_type"] for r in results] == ["pair", "flush", "straight_flush"]
    assert results[0]["total"] == 64
    for r in results:
        assert isinstance(r["total"], int)
        assert r["events"][-1]["points"] == r["points"]


def test_batch_bad_lines_print_an_error_and_the_batch_goes_on(studio, tmp_path):
    path = tmp_path / "mixed.jsonl"
    path.write_text(
        '{"played": "AS AH"}\n'
        "not json at all\n"
        '{"played": "AS XX"}\n'
        '{"played": "AS AH", "charms": ["pair_mul"]}\n'
        '{"played": "AS AH", "money": "lots"}\n'
        '{"played": "KS KH"}\n',
        encoding="utf-8",
    )
    run = studio("score", "--batch", str(path))
    assert run.code == 1
    assert "Traceback" not in run.out + run.err
    out = [json.loads(line) for line in run.out.splitlines()]
    assert len(out) == 6
    assert out[0]["total"] == 64
    assert out[5]["hand_type"] == "pair" and out[5]["total"] == 60
    errors = out[1:5]
    for line_number, error in enumerate(errors, 2):
        assert set(error) == {"error"}
        assert error["error"].startswith(f"{path}:{line_number}")
    assert "'XX'" in errors[1]["error"]
    assert "did you mean 'pair_mult'" in errors[2]["error"]
    assert "money" in errors[3]["error"]


def test_batch_skips_blank_lines(studio, tmp_path):
    path = tmp_path / "blank.jsonl"
    path.write_text('\n{"played": "AS"}\n   \n{"played": "AS AH"}\n', encoding="utf-8")
    run = studio("score", "--batch", str(path))
    assert run.code == 0
    assert [json.loads(line)["hand_type"] for line in run.out.splitlines()] == ["high_card", "pair"]


# --- the installed console script ---------------------------------------------------------------


def test_console_script_scores_the_appendix_hand(studio_exe, tmp_path):
    run = studio_exe("score", *APPENDIX, "--json", cwd=tmp_path)
    assert run.code == 0, run.err
    assert run.err == ""
    result = json.loads(run.out)
    assert result["total"] == 3082
    assert trace(result) == APPENDIX_TRACE


def test_console_script_reads_a_batch_and_reports_bad_lines(studio_exe, tmp_path: Path):
    path = tmp_path / "b.jsonl"
    path.write_text('{"played": "AS AH"}\n{"played": "AS 1X"}\n', encoding="utf-8")
    run = studio_exe("score", "--batch", str(path), cwd=tmp_path)
    assert run.code == 1
    assert "Traceback" not in run.err
    first, second = (json.loads(line) for line in run.out.splitlines())
    assert first["total"] == 64
    assert "'1X'" in second["error"]


def test_a_folder_given_as_scenario_is_refused_naming_the_command_that_runs_a_folder(studio, tmp_path: Path):
    """It said "cannot read file: it is a folder" and no more."""
    folder = tmp_path / "tests"
    folder.mkdir()
    run = studio("score", "--scenario", str(folder))
    assert run.code == 2 and len(run.err.splitlines()) == 1  # long paths are clipped to keep one line
    assert ": is a folder; --scenario takes one scenario file ('studio test " in run.err
    assert run.err.endswith("' runs every scenario in it)\n")


def test_a_negative_amount_takes_points_and_mult_down_to_0_never_below(studio, tmp_path):
    """A hand scores 0 at worst: two negatives never multiply into a positive total."""
    ability = "abilities:\n  - trigger: hand\n    effects: [{{kind: {kind}, amount: {amount}}}]\n"
    pack = folder_pack(
        tmp_path,
        "cursed",
        {
            "charms/minus_mult.yaml": "id: minus_mult\nname: M\n" + ability.format(kind="mult", amount=-10),
            "charms/minus_points.yaml": "id: minus_points\nname: P\n"
            + ability.format(kind="points", amount=-99),
            "charms/fading.yaml": "id: fading\nname: F\n"
            + ability.format(kind="xmult", amount="-0.5, per: counter"),
        },
    )
    argv = ["AS AH", "--pack", str(pack), "--charm", "minus_mult", "--charm", "minus_points"]
    result = score_json(studio, *argv)
    assert [(e["points"], e["mult"]) for e in result["events"]][-2:] == [(32, 0), (0, 0)]
    assert result["total"] == 0
    scenario = pack / "tests" / "faded.yaml"
    scenario.parent.mkdir()
    scenario.write_text("played: AS AH\ncharms: [{id: fading, counter: 3}]\n", encoding="utf-8")
    faded = score_json(studio, "--scenario", str(scenario))
    assert (faded["mult"], faded["total"]) == (0, 0)  # x(1 - 0.5 x 3) is below 0
    listed = json.loads(studio("list", "charms", "--pack", str(pack), "--json").out)
    assert {c["id"]: c["description"] for c in listed}["fading"] == "X1 Mult minus X0.5 per counter"


def test_a_counter_taken_down_stops_at_its_floor(studio, tmp_path):
    """``at_least`` keeps a counter from going below it (a charm that loses Mult per discard, down to 0)."""
    charm = "id: fading\nname: F\nabilities:\n  - trigger: hand\n    effects: [{kind: grow, amount: -2, at_least: 1}]\n"
    pack = folder_pack(tmp_path, "floors", {"charms/fading.yaml": charm})
    scenario = pack / "tests" / "floors.yaml"
    scenario.parent.mkdir()
    rows = "".join(f"- played: AS\n  charms: [{{id: fading, counter: {n}}}]\n" for n in (5, 2, 0))
    scenario.write_text(rows, encoding="utf-8")
    results = json.loads(studio("score", "--scenario", str(scenario), "--json").out)
    assert [r["counters"] for r in results] == [[3], [1], [0]]  # 0 is already below: never raised
    listed = json.loads(studio("list", "charms", "--pack", str(pack), "--json").out)
    assert {c["id"]: c["description"] for c in listed}["fading"] == "-2 to its counter (never below 1)"


def test_a_charm_that_acts_only_outside_a_hand_is_named_not_left_a_mystery(studio):
    """Its hand shows nothing of it: the command says when it acts and what plays it."""
    run = studio("score", "AS AH", "--charm", "nest_egg", "--charm", "pair_mult", "--json")
    assert run.code == 0 and json.loads(run.out)["total"] == 320
    assert run.err == (
        "studio score: nest_egg acts at end_of_round, never in a scored hand: "
        "'studio run --charm nest_egg' plays it\n"
    )
