"""``studio test``: scenarios with an ``expect`` pass or fail with a per-step diff of the trace."""

from __future__ import annotations

import re
from pathlib import Path

from code_packs import code_pack

SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.MULTILINE)

APPENDIX = """\
name: the rules appendix flush
played: KH 10H:glass 6H 4H 2H
held: "5D:steel"
money: 17
charms: [even_mult, money_mult, plain_mult, splash]
expect: {hand_type: flush, total: 3082, points: 67, mult: 46, money: 17}
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def summary(out: str) -> tuple[int, int]:
    m = SUMMARY.search(out)
    assert m, out
    return int(m[1]), int(m[2])


def diff_rows(out: str, label: str) -> list[str]:
    """Return the trace rows printed under ``FAIL <label>``."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("FAIL ") and label in line)
    rows = []
    for line in lines[start + 1 :]:
        if not line.startswith("  "):
            break
        if re.match(r"^\s+\d+\s", line):
            rows.append(line)
    return rows


def test_base_content_scenarios_all_pass(studio):
    run = studio("test")
    assert run.code == 0, run.out
    assert run.err == ""
    passed, failed = summary(run.out)
    assert failed == 0
    assert "FAIL" not in run.out and "ERROR" not in run.out
    if (Path(__file__).resolve().parents[2] / "content" / "tests").is_dir():
        assert passed > 0


def test_a_folder_holding_no_test_is_an_error_not_a_pass(studio, tmp_path):
    """A modder's CI pointed at the wrong folder must fail, not pass having tested nothing."""
    empty = tmp_path / "empty"
    empty.mkdir()
    loose = write(tmp_path / "loose/plain.yaml", "played: AS AH\n")  # a scenario, but no expect: no test
    passing = write(tmp_path / "appendix.yaml", APPENDIX)
    charms = Path(__file__).resolve().parents[2] / "content" / "charms"  # entries, never read as scenarios
    run = studio("test", str(empty), str(loose.parent), str(passing), str(charms))
    assert run.code == 1
    assert summary(run.out) == (1, 0)
    why = "a test is a scenario with an 'expect', in a .yaml or .json file"
    assert run.err.splitlines() == [
        f"studio test: error: no scenario found in {empty}: {why}",
        f"studio test: error: no scenario found in {loose.parent}: {why}",
        f"studio test: error: no scenario found in {charms}: {why}",
    ]


def test_passing_file_exits_0(studio, tmp_path):
    path = write(tmp_path / "appendix.yaml", APPENDIX)
    run = studio("test", str(path))
    assert run.code == 0, run.out
    assert summary(run.out) == (1, 0)
    assert "FAIL" not in run.out


def test_json_scenario_file_runs_too(studio, tmp_path):
    path = write(tmp_path / "pair.json", '{"played": "AS AH", "expect": {"hand_type": "pair", "total": 64}}')
    run = studio("test", str(path))
    assert run.code == 0, run.out
    assert summary(run.out) == (1, 0)


def test_failing_expectation_exits_1_with_expected_and_got(studio, tmp_path):
    path = write(
        tmp_path / "wrong.yaml", "name: aces\nplayed: AS AH\nexpect: {hand_type: flush, total: 65}\n"
    )
    run = studio("test", str(path))
    assert run.code == 1
    assert run.err == ""
    assert summary(run.out) == (0, 1)
    assert f"FAIL {path}: aces" in run.out
    assert "hand_type: expected flush, got pair" in run.out
    assert "total: expected 65, got 64" in run.out


def test_failure_prints_the_actual_trace_step_by_step(studio, tmp_path):
    path = write(tmp_path / "wrong.yaml", "name: aces\nplayed: AS AH\nexpect: {total: 65}\n")
    rows = diff_rows(studio("test", str(path)).out, "aces")
    assert len(rows) == 3
    assert re.search(r"1\s+base pair .*-> 10 x 2", rows[0])
    assert re.search(r"2\s+scored_card AS \+11 Points -> 21 x 2", rows[1])
    assert re.search(r"3\s+scored_card AH \+11 Points -> 32 x 2", rows[2])


def test_a_failure_without_expected_events_shows_the_trace_alone_and_with_them_names_each_column(
    studio, tmp_path
):
    path = write(tmp_path / "wrong.yaml", "name: aces\nplayed: AS AH\nexpect: {total: 65}\n")
    lines = studio("test", str(path)).out.splitlines()
    assert lines[2].split() == ["#", "trace"]  # no empty expected column, no unnamed marker column
    path.write_text(
        "name: aces\nplayed: AS AH\nexpect:\n  events: [{step: base, source: pair, points: 10, mult: 3}]\n",
        encoding="utf-8",
    )
    lines = studio("test", str(path)).out.splitlines()
    assert lines[2].split() == ["#", "!", "actual", "expected"]


def test_events_mismatch_marks_the_differing_steps_with_a_bang(studio, tmp_path):
    path = write(
        tmp_path / "trace.yaml",
        "name: trace\n"
        "played: AS AH\n"
        "expect:\n"
        "  events:\n"
        "    - {step: base, source: pair, points: 10, mult: 2}\n"
        "    - {step: scored_card, source: AS, points: 21, mult: 2}\n"
        "    - {step: scored_card, source: AH, points: 33, mult: 2}\n"
        "    - {step: hand, source: plain_mult, points: 33, mult: 6}\n",
    )
    run = studio("test", str(path))
    assert run.code == 1
    assert "events: the trace differs" in run.out
    rows = diff_rows(run.out, "trace")
    assert len(rows) == 4
    marked = [bool(re.match(r"^\s+\d+\s+!\s", row)) for row in rows]
    assert marked == [False, False, True, True]
    assert "expected scored_card AH -> 33 x 2" in rows[2]
    assert "expected hand plain_mult -> 33 x 6" in rows[3]
    assert re.match(r"^\s+4\s+!\s+-\s", rows[3]), "a missing actual step shows as '-'"


def test_matching_events_pass(studio, tmp_path):
    path = write(
        tmp_path / "trace.yaml",
        "played: AS AH\n"
        "expect:\n"
        "  events:\n"
        "    - {step: base, source: pair, points: 10, mult: 2}\n"
        "    - {step: scored_card, source: AS, points: 21, mult: 2}\n"
        "    - {step: scored_card, source: AH, points: 32, mult: 2}\n",
    )
    run = studio("test", str(path))
    assert run.code == 0, run.out


def test_folder_runs_every_file_and_skips_scenarios_without_expect(studio, tmp_path):
    write(tmp_path / "suite/appendix.yaml", APPENDIX)
    write(
        tmp_path / "suite/more/list.yaml",
        "- name: ok pair\n  played: AS AH\n  expect: {total: 64}\n"
        "- name: just a hand\n  played: AS\n"
        "- name: bad total\n  played: KS KH\n  expect: {total: 1}\n",
    )
    run = studio("test", str(tmp_path / "suite"))
    assert run.code == 1
    assert summary(run.out) == (2, 1)
    assert re.search(r"^FAIL .*list\.yaml:\d+: bad total$", run.out, re.MULTILINE)
    assert "just a hand" not in run.out


def test_unscorable_or_invalid_scenarios_count_as_errors(studio, tmp_path):
    write(tmp_path / "t/bad_card.yaml", "name: bad\nplayed: AS XX\nexpect: {total: 1}\n")
    write(tmp_path / "t/bad_field.yaml", "played: AS AH\nexpct: {total: 64}\n")
    write(tmp_path / "t/broken.yaml", "played: [AS\n")
    run = studio("test", str(tmp_path / "t"))
    assert run.code == 1
    assert summary(run.out) == (0, 3)
    errors = [line for line in run.out.splitlines() if line.startswith("ERROR ")]
    assert len(errors) == 3
    assert any("bad card 'XX'" in e for e in errors)
    assert any(f"{tmp_path / 't/bad_field.yaml'}:2:1:" in e and "did you mean 'expect'" in e for e in errors)
    assert any(f"{tmp_path / 't/broken.yaml'}:" in e and "malformed YAML" in e for e in errors)
    assert "Traceback" not in run.out + run.err


def test_a_packs_tests_folder_runs_by_default(studio, tmp_path):
    pack = tmp_path / "mod"
    write(pack / "pack.yaml", "id: mod\nname: Mod\nversion: 1.0.0\n")
    write(
        pack / "charms/ten_mult.yaml",
        "id: ten_mult\nname: Ten\nrarity: common\ncost: 4\n"
        "abilities:\n  - trigger: hand\n    effects:\n      - {kind: mult, amount: 10}\n",
    )
    write(pack / "tests/ten.yaml", "played: AS AH\ncharms: [ten_mult]\nexpect: {total: 384}\n")
    run = studio("test", "--pack", str(pack))
    assert run.code == 0, run.out
    passed, failed = summary(run.out)
    assert failed == 0 and passed >= 1


def test_a_pack_without_hand_types_alone_reports_errors_not_a_crash(studio, tmp_path):
    pack = tmp_path / "mod"
    write(pack / "pack.yaml", "id: mod\nname: Mod\nversion: 1.0.0\n")
    write(pack / "tests/pair.yaml", "played: AS AH\nexpect: {total: 64}\n")
    run = studio("test", "--no-base", "--pack", str(pack))
    assert run.code == 1
    assert "no hand types" in run.out
    assert summary(run.out) == (0, 1)


def test_one_scenario_is_one_result_listing_each_problem_at_its_line_and_field(studio, tmp_path):
    path = write(
        tmp_path / "t/many.yaml",
        "- name: many\n"
        "  played: AS XX\n"
        "  held: QQ\n"
        "  charms: [pair_mul]\n"
        "  expect: {hand_type: pairr}\n"
        "- name: fields\n"
        "  played: AS AH\n"
        "  hld: KS\n"
        "  money: lots\n"
        "  expect: {total: 64}\n"
        "- name: one\n"
        "  played: AS AH\n"
        "  charms: [pair_mul]\n"
        "  expect: {total: 64}\n"
        "- name: fine\n"
        "  played: AS AH\n"
        "  expect: {total: 64}\n",
    )
    run = studio("test", str(path))
    assert run.code == 1
    bad = "a card is a rank (2-10, T, J, Q, K, A) then a suit (S, H, C, D), e.g. 'AS' or '10h:glass'"
    assert run.out.splitlines() == [
        f"ERROR {path}:1: many: 4 problems",
        f"  {path}:2:11: $[0].played: bad card 'XX': {bad}",
        f"  {path}:3:9: $[0].held: bad card 'QQ': {bad}",
        f"  {path}:4:12: $[0].charms[0]: unknown charm 'pair_mul' (did you mean 'pair_mult'?)",
        f"  {path}:5:23: $[0].expect.hand_type: unknown hand type 'pairr' (did you mean 'pair'?)",
        f"ERROR {path}:6: fields: 2 problems",
        f"  {path}:8:3: $[1].hld: unknown field 'hld' (did you mean 'held'?)",
        f"  {path}:9:10: $[1].money: 'lots' is not a whole number",
        f"ERROR {path}:13:12: $[2].charms[0]: unknown charm 'pair_mul' (did you mean 'pair_mult'?)",
        "1 passed, 3 failed",
    ]


TRIPLE = (
    "from studio.plugins import Behaviour\n\n\nclass Triple(Behaviour):\n    id = 'tr_triple'\n\n"
    "    def hand(self, ctx, charm):\n        ctx.add_xmult(3, charm)\n"
)
TRIPLE_TEST = "- name: triple on a pair\n  played: AS AH\n  charms: [tr_triple]\n  expect: {total: 192}\n"


def triple_pack(tmp_path: Path, plugin: str = TRIPLE) -> Path:
    """A pack as ``studio pack new tr`` makes it, with a code charm tr_triple (X3 Mult) and its test."""
    root = code_pack(tmp_path / "tr", "tr_triple", plugin, "X3 Mult")
    write(root / "tests/triple.yaml", TRIPLE_TEST)
    return root


def failure_block(out: str, label: str) -> list[str]:
    """The lines of the FAIL or ERROR block whose first line names ``label``."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(("FAIL ", "ERROR ")) and label in line)
    block = [lines[start]]
    for line in lines[start + 1 :]:
        if not line.startswith("  "):
            break
        block.append(line)
    return block


def test_a_failure_says_which_code_charm_did_nothing_because_its_pack_is_not_trusted(studio, tmp_path):
    root = triple_pack(tmp_path)
    trusted = studio("test", str(root), "--trust")
    assert trusted.code == 0, trusted.out
    pack_yaml = root / "pack.yaml"
    pack_yaml.write_text(pack_yaml.read_text().replace("description:", "description: Flush pairs. #"))
    run = studio("test", str(root))  # an edit: trust is by content, so its code is off again
    assert run.code == 1
    block = failure_block(run.out, "triple on a pair")
    assert block[0] == f"FAIL {root}/tests/triple.yaml:1: triple on a pair"
    assert (
        "  tr_triple did nothing: its code is in pack 'tr', which is not trusted (trust it with --trust)"
    ) in block
    assert summary(run.out) == (1, 1)


def test_a_content_problem_is_exit_1_with_the_problems_and_the_other_scenarios_run(studio, tmp_path):
    """A validation problem is exit 1, as the exit-code table says: its problems print as validate prints
    them, a scenario naming the broken entry is an ERROR, and the others run."""
    assert studio("pack", "new", "m3", "--dir", str(tmp_path)).code == 0
    root = tmp_path / "m3"
    write(root / "charms/m3_x.yaml", "id: m3_x\nname: X\nabilites: []\n")
    write(root / "tests/x.yaml", "- name: with x\n  played: AS AH\n  charms: [m3_x]\n  expect: {total: 64}\n")
    run = studio("test", str(root))
    assert run.code == 1, run.err
    assert run.err == ""
    problem = f"{root}/charms/m3_x.yaml:3:1: $.abilites: unknown field 'abilites' (did you mean 'abilities'?)"
    assert run.out.splitlines()[:2] == [problem, "1 problem(s) in 1 file(s)"]
    assert failure_block(run.out, "with x") == [
        f"ERROR {root}/tests/x.yaml:1: with x: charm m3_x cannot be used: {problem}"
    ]
    assert summary(run.out) == (1, 1)  # the skeleton's own test passed


def test_a_folder_with_a_misnamed_manifest_is_told_so_not_read_as_scenarios(studio, tmp_path):
    assert studio("pack", "new", "e2", "--dir", str(tmp_path)).code == 0
    root = tmp_path / "e2"
    (root / "pack.yaml").rename(root / "pack.yml")
    problem = (
        f"{root}/pack.yml:1:1: no pack.yaml: a pack starts with a manifest (see docs/packs.md); "
        "pack.yml is there: did you mean pack.yaml?"
    )
    validate = studio("validate", str(root))
    assert validate.code == 1 and validate.out.splitlines()[0] == problem
    run = studio("test", str(root))
    assert run.code == 1
    assert run.out.splitlines() == [problem, "1 problem(s) in 1 file(s)", "0 passed, 0 failed"]


def test_a_plain_folder_of_scenarios_never_reads_its_hidden_folders(studio, tmp_path):
    folder = tmp_path / "checks"
    write(folder / "pair.yaml", "name: a pair\nplayed: AS AH\nexpect: {total: 64}\n")
    write(folder / ".vscode/settings.json", '{"yaml.schemas": {}}\n')
    write(folder / "sub/.cache/old.yaml", "played: XX\nexpect: {total: 1}\n")
    run = studio("test", str(folder))
    assert run.code == 0, run.out
    assert run.out.splitlines() == ["1 passed, 0 failed"]


def test_a_folder_of_packs_tests_each_as_a_pack_and_its_loose_scenarios_with_the_base_game(studio, tmp_path):
    from studio.content.packs.skeleton import write_skeleton

    write_skeleton(tmp_path / "packs" / "first", "first")
    write_skeleton(tmp_path / "packs" / "group" / "second", "second")
    write(tmp_path / "packs" / "loose.yaml", "name: loose\nplayed: AS AH\nexpect: {total: 64}\n")
    run = studio("test", str(tmp_path / "packs"))
    assert (run.code, run.out.splitlines()) == (0, ["3 passed, 0 failed"]), run.out + run.err


REPEATED = """\
- name: a pair
  played: AS AH
  expect: {total: 64}
- name: a king
  played: KS
  expect: {total: 15}
- name: a pair
  played: KS KH
  expect: {total: 60}
"""


def test_two_scenarios_of_a_file_called_alike_are_a_problem_and_both_still_run(studio, tmp_path):
    """Nothing said so: ``score --name`` scored both, and results could not be told apart."""
    path = tmp_path / "tests" / "named.yaml"
    path.parent.mkdir()
    path.write_text(REPEATED, encoding="utf-8")
    told = f"{path}:7:9: $[2].name: the scenario at line 1 is called 'a pair' too: a file's scenarios need names of their own"
    checked = studio("validate", str(path))
    assert checked.code == 1 and checked.out.splitlines()[0] == told
    tested = studio("test", str(path))
    assert tested.code == 1 and told in tested.out.splitlines()
    assert tested.out.splitlines()[-1] == "3 passed, 0 failed"  # each still runs
    scored = studio("score", "--scenario", str(path), "--name", "a pair")  # scored as given
    assert scored.code == 0 and scored.out.count("== a pair ==") == 2
    path.write_text(REPEATED.replace("- name: a pair\n  played: KS", "- name: a pair of kings\n  played: KS"))
    assert studio("validate", str(path)).code == 0
