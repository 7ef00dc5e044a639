"""``studio validate``: clean content passes; every mistake of a broken tree is reported at its line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PROBLEM = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<message>.+)$")
SUMMARY = re.compile(r"^(\d+) problem\(s\) in (\d+) file\(s\)$")


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def problems(out: str, root: Path) -> list[tuple[str, int, int, str]]:
    """Parse every ``FILE:LINE:COL: message`` line (files relative to ``root``); check the summary."""
    lines = out.splitlines()
    summary = SUMMARY.match(lines[-1])
    assert summary, lines[-1]
    found = []
    for line in lines[:-1]:
        m = PROBLEM.match(line)
        assert m, f"not FILE:LINE:COL: message: {line!r}"
        file = Path(m["file"]).relative_to(root).as_posix()
        found.append((file, int(m["line"]), int(m["col"]), m["message"]))
    assert int(summary[1]) == len(found)
    assert int(summary[2]) == len({f for f, *_ in found})
    return found


CHARM = """\
id: {id}
name: A Charm
rarity: common
cost: 4
abilities:
  - trigger: hand
    effects:
      - {{kind: mult, amount: 4}}
"""


@pytest.fixture
def broken_tree(small_tree: Path) -> Path:
    """The small tree with one deliberate mistake per file (line numbers noted beside each)."""
    root = small_tree
    write(  # unknown field on line 3
        root / "charms/plain_mult.yaml",
        "id: plain_mult\nname: Plain\nrarty: common\ncost: 4\n"
        "abilities:\n  - trigger: hand\n    effects:\n      - {kind: mult, amount: 4}\n",
    )
    write(  # bad enum value on line 6, column 5
        root / "charms/even_mult.yaml",
        "id: even_mult\nname: Even\nrarity: common\ncost: 4\n"
        "abilities:\n  - trigger: scored_crd\n    effects:\n      - {kind: mult, amount: 4}\n",
    )
    write(  # missing required field 'name': reported at the mapping, line 2 (after a comment)
        root / "bosses/flint.yaml",
        "# no name\nid: flint\ntext: Base Points and Mult are halved\nmin_ante: 2\n",
    )
    write(root / "charms/broken.yaml", "id: broken\nname: [unclosed\ncost: 4\n")  # malformed YAML
    write(  # unknown hand type on line 8, column 7
        root / "charms/pair_mult.yaml",
        "id: pair_mult\nname: Double Trouble\nrarity: common\ncost: 4\n"
        "abilities:\n  - trigger: hand\n    when:\n      contains: pairr\n"
        "    effects:\n      - {kind: mult, amount: 8}\n",
    )
    # The same id in two files: the second one loaded (charms/ten_mult.yaml, id on line 2)
    # is reported and names the first (charms/more/ten_mult.yaml, id on line 3).
    write(root / "charms/more/ten_mult.yaml", "# first\n# copy\n" + CHARM.format(id="ten_mult"))
    write(root / "charms/ten_mult.yaml", "# second copy\n" + CHARM.format(id="ten_mult"))
    write(  # a straight flush is always a flush: below flush's 600 it can never win (line 3)
        root / "hands/straight_flush.yaml",
        "id: straight_flush\nname: Straight Flush\nstrength: 550\ngroups: []\n"
        "needs_straight: true\nneeds_flush: true\npoints: 100\nmult: 8\nlevel_points: 40\nlevel_mult: 4\n",
    )
    write(  # a JSON file: unknown field on line 4, column 3
        root / "charms/json_charm.json",
        '{\n  "id": "json_charm",\n  "name": "Json",\n  "colour": "red",\n  "rarity": "common",\n'
        '  "cost": 4,\n  "abilities": [{"trigger": "hand", "effects": [{"kind": "mult", "amount": 1}]}]\n}\n',
    )
    write(root / "tests/bad_card.yaml", "name: a bad card\nplayed: AS XX KD\nexpect: {total: 1}\n")
    write(root / "tests/bad_field.yaml", "played: AS AH\nexpect:\n  total: lots\n")
    return root


def test_base_content_is_clean(studio):
    run = studio("validate")
    assert run.code == 0, run.out
    assert run.err == ""
    assert re.fullmatch(r"ok: \d+ file\(s\) checked\n", run.out), run.out


def test_small_copied_tree_is_clean_on_its_own(studio, small_tree):
    run = studio("validate", "--no-base", "--pack", str(small_tree))
    assert run.code == 0, run.out
    assert run.out.startswith("ok: ")


def test_small_tree_given_as_a_path_is_clean_without_base(studio, small_tree):
    run = studio("validate", "--no-base", str(small_tree))
    assert run.code == 0, run.out


def test_copied_tree_on_top_of_the_base_repeats_its_ids(studio, small_tree):
    run = studio("validate", str(small_tree))
    assert run.code == 1
    assert "charm id 'pair_mult' is already defined in" in run.out
    assert "list 'charm/pair_mult' under replaces:" in run.out


def test_broken_tree_exits_1_and_prints_every_problem_with_its_line(studio, broken_tree):
    run = studio("validate", "--no-base", str(broken_tree))
    assert run.code == 1
    assert run.err == ""
    found = problems(run.out, broken_tree)
    assert sorted((file, line) for file, line, _, _ in found) == [
        ("bosses/flint.yaml", 2),
        ("charms/broken.yaml", 2),  # where the unclosed [ opens
        ("charms/even_mult.yaml", 6),
        ("charms/json_charm.json", 4),
        ("charms/pair_mult.yaml", 8),
        ("charms/plain_mult.yaml", 3),
        ("charms/ten_mult.yaml", 2),
        ("hands/straight_flush.yaml", 3),
        ("tests/bad_card.yaml", 2),
        ("tests/bad_field.yaml", 3),
    ]


def test_broken_tree_problems_say_what_is_wrong(studio, broken_tree):
    found = problems(studio("validate", "--no-base", "--pack", str(broken_tree)).out, broken_tree)
    by_file = {file: (line, col, message) for file, line, col, message in found}

    assert by_file["charms/plain_mult.yaml"] == (
        3,
        1,
        "$.rarty: unknown field 'rarty' (did you mean 'rarity'?)",
    )
    assert by_file["charms/json_charm.json"][:2] == (4, 3)
    assert "unknown field 'colour'" in by_file["charms/json_charm.json"][2]

    line, col, message = by_file["charms/even_mult.yaml"]
    assert (line, col) == (6, 14)
    assert "'scored_crd' is not one of" in message
    assert "(did you mean 'scored_card'?)" in message

    assert "'name' is required but missing" in by_file["bosses/flint.yaml"][2]
    assert by_file["charms/broken.yaml"][2].startswith("malformed YAML")

    line, col, message = by_file["charms/pair_mult.yaml"]
    assert (line, col) == (8, 17)
    assert "unknown hand type 'pairr' (did you mean 'pair'?)" in message

    line, _, message = by_file["hands/straight_flush.yaml"]
    assert "'straight_flush' can never win" in message
    assert "'flush'" in message

    assert "bad card 'XX'" in by_file["tests/bad_card.yaml"][2]
    assert "total" in by_file["tests/bad_field.yaml"][2]


def test_duplicate_id_names_both_files(studio, broken_tree):
    found = problems(studio("validate", "--no-base", str(broken_tree)).out, broken_tree)
    [(line, message)] = [(line, msg) for file, line, _, msg in found if file == "charms/ten_mult.yaml"]
    assert line == 2
    assert "charm id 'ten_mult' is already defined in" in message
    assert f"{broken_tree / 'charms/more/ten_mult.yaml'}:3" in message


def test_a_pack_is_checked_against_the_base_it_extends(studio, tmp_path):
    pack = tmp_path / "mod"
    write(pack / "pack.yaml", "id: mod\nname: Mod\nversion: 1.0.0\n")
    write(pack / "charms/ten_mult.yaml", CHARM.format(id="ten_mult"))
    write(
        pack / "charms/flush_fan.yaml",
        "id: flush_fan\nname: Fan\nrarity: common\ncost: 4\nabilities:\n  - trigger: hand\n"
        "    when: {contains: flsh}\n    effects:\n      - {kind: mult, amount: 4}\n",
    )
    write(pack / "tests/uses_base.yaml", "played: AS AH\ncharms: [pair_mult, ten_mult]\nexpect: {total: 1}\n")
    run = studio("validate", str(pack))
    assert run.code == 1
    found = problems(run.out, pack)
    assert len(found) == 1
    file, line, _, message = found[0]
    assert (file, line) == ("charms/flush_fan.yaml", 7)
    assert "unknown hand type 'flsh' (did you mean 'flush'?)" in message


def test_a_clean_pack_on_top_of_the_base_passes(studio, tmp_path):
    pack = tmp_path / "mod"
    write(pack / "pack.yaml", "id: mod\nname: Mod\nversion: 1.0.0\n")
    write(pack / "charms/ten_mult.yaml", CHARM.format(id="ten_mult"))
    write(pack / "tests/ten.yaml", "played: AS AH\ncharms: [pair_mult, ten_mult]\n")
    run = studio("validate", "--pack", str(pack))
    assert run.code == 0, run.out


def test_one_content_file_is_checked_by_its_folders_kind(studio, tmp_path):
    path = write(tmp_path / "charms/odd.yaml", CHARM.format(id="odd") + "colr: red\n")
    run = studio("validate", str(path))
    assert run.code == 1
    [(file, line, col, message)] = problems(run.out, tmp_path)
    assert (file, line, col) == ("charms/odd.yaml", 9, 1)
    assert "unknown field 'colr'" in message


def test_a_file_that_fails_its_schema_has_the_ids_it_names_checked_too(studio, tmp_path):
    """Every mistake of a file at once: an unknown field does not hide a misspelt hand type."""
    text = CHARM.format(id="odd").replace("trigger: hand", "trigger: hand\n    when: {contains: flsh}")
    write(tmp_path / "neon/pack.yaml", "id: neon\nname: Neon\nversion: 1.0.0\n")
    write(tmp_path / "neon/charms/odd.yaml", text + "colr: red\n")
    loose = write(tmp_path / "charms/odd.yaml", text + "colr: red\n")
    flsh = (7, 22, "$.abilities[0].when.contains: unknown hand type 'flsh' (did you mean 'flush'?)")
    for given, file in ((tmp_path / "neon", "neon/charms/odd.yaml"), (loose, "charms/odd.yaml")):
        found = problems(studio("validate", str(given)).out, tmp_path)
        assert found == [(file, 10, 1, "$.colr: unknown field 'colr'"), (file, *flsh)]


def test_a_file_in_no_kinds_folder_is_told_by_its_schema_line_or_as_a_scenario(studio, tmp_path):
    line = "# yaml-language-server: $schema=../schemas/charm.schema.json\n"
    charm = write(tmp_path / "drafts/odd.yaml", line + CHARM.format(id="odd") + "colr: red\n")
    hands = write(tmp_path / "drafts/hands.yaml", "- played: AS AH\n- played: AS QQ\n")
    run = studio("validate", str(charm), str(hands))
    assert run.code == 1
    found = [(f, line, message.split(": ")[-1]) for f, line, _, message in problems(run.out, tmp_path)]
    assert found[0] == ("drafts/odd.yaml", 10, "unknown field 'colr'")
    assert found[1][:2] == ("drafts/hands.yaml", 2) and "bad card 'QQ'" in run.out


def test_a_blind_named_must_be_one_of_the_run_tables(studio, tmp_path):
    """A condition or scenario naming a blind the run has not would never hold: it is a problem."""
    text = CHARM.format(id="odd").replace("trigger: hand", "trigger: hand\n    when: {blind: [bos]}")
    write(tmp_path / "neon/pack.yaml", "id: neon\nname: Neon\nversion: 1.0.0\n")
    write(tmp_path / "neon/charms/odd.yaml", text)
    write(tmp_path / "neon/tests/late.yaml", "played: AS\nblind: bos\n")
    found = problems(studio("validate", str(tmp_path / "neon")).out, tmp_path)
    assert [(f, line, m) for f, line, _, m in found] == [
        (
            "neon/charms/odd.yaml",
            7,
            "$.abilities[0].when.blind[0]: unknown blind 'bos' (did you mean 'boss'?)",
        ),
        ("neon/tests/late.yaml", 2, "$.blind: unknown blind 'bos' (did you mean 'boss'?)"),
    ]


def test_a_scenarios_charm_variables_are_those_it_declares_holding_what_they_hold(studio, tmp_path):
    text = "- played: AS\n  charms: [{id: idol, vars: {rank: Seven}}]\n- played: AS\n  charms: [{id: idol, vars: {rnk: Q}}]\n"
    found = problems(studio("validate", str(write(tmp_path / "tests/v.yaml", text))).out, tmp_path)
    assert [(line, m) for _, line, _, m in found] == [
        (2, "$[0].charms[0].vars.rank: a rank variable holds 2-10, J, Q, K or A, not 'Seven'"),
        (
            4,
            "$[1].charms[0].vars.rnk: idol has no variable 'rnk' (did you mean 'rank'?): its variables are rank",
        ),
    ]


def test_a_folder_of_a_pack_checks_its_files_with_their_pack(studio, tmp_path):
    pack = tmp_path / "neon"
    write(pack / "pack.yaml", 'id: neon\nname: Neon\nversion: "1.0.0"\n')
    write(pack / "charms/good.yaml", CHARM.format(id="good"))
    write(pack / "charms/odd.yaml", CHARM.format(id="odd") + "colr: red\n")
    write(pack / "tests/fine.yaml", "played: AS AH\ncharms: [good]\n")
    run = studio("validate", str(pack / "charms"))  # no manifest of its own: its pack's files
    assert run.code == 1
    [(file, line, _, message)] = problems(run.out, tmp_path)
    assert (file, line) == ("neon/charms/odd.yaml", 9) and "unknown field 'colr'" in message
    run = studio("validate", str(REPO / "content" / "hands"), str(REPO / "content" / "tests"))
    assert (run.code, run.out.strip()) == (
        0,
        f"ok: {_files(REPO / 'content', 'hands', 'tests')} file(s) checked",
    )
    write(pack / "plugins/glow.py", "x = 1\n")
    write(pack / "plugins/notes.txt", "not code\n")
    run = studio("validate", str(pack / "plugins"))  # the pack's code is a content file of it
    assert (run.code, run.out.strip().splitlines()[-1]) == (0, "ok: 1 file(s) checked"), run.err
    write(pack / "notes/ideas.yaml", "a: 1\n")  # a folder of the pack that holds no content
    for folder in ("empty", "notes"):
        (pack / folder).mkdir(exist_ok=True)
        run = studio("validate", str(pack / folder))
        assert run.code == 2 and "a folder of a pack with no content file to check" in run.err


def _files(root: Path, *folders: str) -> int:
    return sum(1 for f in folders for p in (root / f).rglob("*.yaml"))


def test_content_files_outside_a_pack_name_only_ids_that_exist(studio, tmp_path):
    odd = CHARM.format(id="odd").replace(
        "  - trigger: hand\n", "  - trigger: hand\n    when: {contains: pairr}\n"
    )
    path = write(tmp_path / "charms/odd.yaml", odd)
    run = studio("validate", str(path))
    assert run.code == 1
    [(file, line, _, message)] = problems(run.out, tmp_path)
    assert (file, line) == ("charms/odd.yaml", 7)
    assert "unknown hand type 'pairr' (did you mean 'pair'?)" in message
    pair = (REPO / "content/hands/pair.yaml").read_text(encoding="utf-8")
    mine = write(
        tmp_path / "hands/odd_pair.yaml", pair.replace("id: pair", "id: odd_pair").replace("200", "201")
    )
    hand = write(tmp_path / "charms/even.yaml", odd.replace("odd", "even").replace("pairr", "odd_pair"))
    assert studio("validate", str(mine), str(hand)).code == 0, "a loose file may name another loose one"


def test_one_scenario_file_is_checked_against_the_content(studio, tmp_path):
    path = write(tmp_path / "tests/hand.yaml", "name: x\nplayed: AS AH\nheld: KS QQ\ncharms: [pair_mul]\n")
    run = studio("validate", str(path))
    assert run.code == 1
    found = problems(run.out, tmp_path)
    assert [(f, line) for f, line, _, _ in found] == [("tests/hand.yaml", 3), ("tests/hand.yaml", 4)]
    assert "bad card 'QQ'" in found[0][3]
    assert "unknown charm 'pair_mul' (did you mean 'pair_mult'?)" in found[1][3]


def test_scenario_file_holding_a_list_reports_each_bad_item(studio, tmp_path):
    path = write(
        tmp_path / "tests/many.yaml",
        "- played: AS AH\n- played: AS ZZ\n- played: AS AH\n  boss: flnt\n",
    )
    run = studio("validate", str(path))
    assert run.code == 1
    found = problems(run.out, tmp_path)
    assert [(line, "'ZZ'" in m or "'flnt'" in m) for _, line, _, m in found] == [(2, True), (4, True)]


def test_what_a_scenario_expects_and_its_hand_size_are_checked(studio, tmp_path):
    path = write(
        tmp_path / "tests/expect.yaml",
        "- played: AS AH\n"
        "  expect: {hand_type: pairr}\n"
        "- played: AS AH\n"
        "  expect: {scoring: [AS, XX]}\n"
        "- played: AS AH\n"
        "  expect:\n"
        "    events: [{step: bse, source: pair, points: 10, mult: 2}]\n"
        "- played: AS AH AS AS AS AS AS\n"
        "  expect: {total: 1}\n",
    )
    run = studio("validate", str(path))
    assert run.code == 1
    assert [(line, col, m) for _, line, col, m in problems(run.out, tmp_path)] == [
        (2, 23, "$[0].expect.hand_type: unknown hand type 'pairr' (did you mean 'pair'?)"),
        (
            4,
            26,
            "$[1].expect.scoring[1]: bad card 'XX': a card is a rank (2-10, T, J, Q, K, A) then a suit "
            "(S, H, C, D), e.g. 'AS' or '10h:glass'",
        ),
        (
            7,
            21,
            "$[2].expect.events[0].step: unknown step 'bse': a hand's steps are boss, before, base, "
            "scored_card, held_card, hand (did you mean 'base'?)",
        ),
        (8, 11, "$[3].played: a played hand holds 1 to 5 cards, not 7"),
    ]


def pack_of(root: Path, files: dict[str, str]) -> Path:
    """A pack folder named after its id, holding ``files`` (relative path -> text) besides its manifest."""
    write(root / "pack.yaml", f"id: {root.name}\nname: {root.name.title()}\nversion: 1.0.0\n")
    for rel, text in files.items():
        write(root / rel, text)
    return root


def test_a_played_hand_may_hold_as_many_cards_as_its_charms_allow(studio, tmp_path):
    root = pack_of(
        tmp_path / "big",
        {
            "charms/big_hand.yaml": "id: big_hand\nname: Big Hand\nmodify: [{value: max_played, add: 1}]\n",
            "tests/six.yaml": "- played: AS AH KS KH QS QH\n  charms: [big_hand]\n  expect: {total: 1}\n"
            "- played: AS AH KS KH QS QH\n  expect: {total: 1}\n",
        },
    )
    run = studio("validate", str(root))
    assert run.code == 1
    assert [(f, line, m) for f, line, _, m in problems(run.out, tmp_path)] == [
        ("big/tests/six.yaml", 4, "$[1].played: a played hand holds 1 to 5 cards, not 6")
    ]


def test_a_packs_hand_type_that_hides_a_base_type_is_the_packs_problem(studio, tmp_path):
    pack = pack_of(  # any pair beats every base type it implies up to flush's 600
        tmp_path / "demo",
        {
            "hands/demo_pairish.yaml": "id: demo_pairish\nname: Pairish\nstrength: 590\ngroups: [2]\n"
            "points: 10\nmult: 2\nlevel_points: 10\nlevel_mult: 1\n"
        },
    )
    run = studio("validate", str(pack))
    assert run.code == 1
    lines = run.out.strip().splitlines()
    assert lines[:-1] == [
        f"{pack / 'hands/demo_pairish.yaml'}:3:11: $.strength: hand type 'demo_pairish' hides '{t}' of pack "
        f"'base': every hand that fits '{t}' also fits 'demo_pairish', which is stronger, so '{t}' can "
        f"never win (its strength is {s})"
        for t, s in sorted(zip(("pair", "three_of_a_kind", "two_pair"), (200, 400, 300), strict=True))
    ]
    assert "content/hands" not in run.out  # never at the base game's files, which the modder cannot edit


def test_a_hand_of_five_is_checked_against_a_boss_that_allows_fewer(studio, tmp_path):
    pack = pack_of(  # content that names max_played: hands of five are checked too, not only those past five
        tmp_path / "demo",
        {
            "bosses/demo_narrow.yaml": "id: demo_narrow\nname: The Narrow\ntext: Four cards at most\n"
            "modify:\n  - {value: max_played, set: 4}\n",
            "tests/narrow.yaml": "- played: AS AH KD 5C 2H\n  boss: demo_narrow\n  expect: {total: 1}\n"
            "- played: AS AH KD 5C 2H\n  expect: {hand_type: pair}\n",
        },
    )
    run = studio("validate", str(pack))
    assert run.code == 1
    assert [(line, m) for _, line, _, m in problems(run.out, tmp_path)] == [
        (1, "$[0].played: a played hand holds 1 to 4 cards, not 5")
    ]


def test_every_unknown_field_of_a_mapping_is_its_own_problem(studio, tmp_path):
    path = write(
        tmp_path / "charms/odd.yaml",
        "id: odd\nnam: Odd\nrarty: common\nabilities:\n  - trigger: hand\n    efects: [{kind: mult, amount: 2}]\n",
    )
    run = studio("validate", str(path))
    assert run.code == 1
    assert [(line, message) for _, line, _, message in problems(run.out, tmp_path)] == [
        (2, "$.nam: unknown field 'nam' (did you mean 'name'?)"),
        (3, "$.rarty: unknown field 'rarty' (did you mean 'rarity'?)"),
        (6, "$.abilities[0].efects: unknown field 'efects' (did you mean 'effects'?)"),
    ]


def test_a_bad_value_is_reported_at_the_value_and_a_bad_key_at_the_key(studio, tmp_path):
    """An editor jumping to ``LINE:COL`` lands on what to change: ``XX`` of ``played: XX``, but the key
    ``pairr`` of ``levels: {pairr: 2}`` (an id written as a key) and an unknown field's name."""

    def found(text: str) -> list[tuple[int, int, str]]:
        path = write(tmp_path / "tests/t.yaml", text)
        out = studio("validate", str(path)).out
        return [(line, col, m.split(":")[0]) for _, line, col, m in problems(out, tmp_path)]

    assert found("played: XX\n") == [(1, 9, "$.played")]
    assert found("played: AS\nhled: KS\n") == [(2, 1, "$.hled")]
    assert found("played: AS\nlevels: {pairr: 2}\n") == [(2, 10, "$.levels.pairr")]


@pytest.mark.parametrize("name", ["pack.yml", "Pack.yml", "pack.json"])
def test_a_misnamed_manifest_is_named_with_the_name_it_needs(studio, tmp_path, name):
    root = tmp_path / "neon"
    (root / "charms").mkdir(parents=True)
    (root / name).write_text("id: neon\nname: Neon\nversion: 1.0.0\n", encoding="utf-8")
    run = studio("validate", str(root))
    assert run.code == 1
    assert run.out.splitlines()[0] == (
        f"{root}/{name}:1:1: no pack.yaml: a pack starts with a manifest (see docs/packs.md); "
        f"{name} is there: did you mean pack.yaml?"
    )


def test_a_files_own_checks_are_shown_with_its_schema_problems_every_mistake_at_once(studio, tmp_path):
    manifest = write(tmp_path / "p" / "pack.yaml", 'id: p\nname: P\nversion: "1.0"\nauthr: me\n').parent
    run = studio("validate", str(manifest))
    assert run.code == 1
    assert problems(run.out, tmp_path) == [
        (
            "p/pack.yaml",
            3,
            10,
            "$.version: '1.0' is not a semantic version (MAJOR.MINOR.PATCH, did you mean '1.0.0'?)",
        ),
        ("p/pack.yaml", 4, 1, "$.authr: unknown field 'authr' (did you mean 'authors'?)"),
    ]
    pack = write(tmp_path / "q" / "pack.yaml", "id: q\nname: Q\nversion: 1.0.0\n").parent
    write(
        pack / "charms" / "q_charm.yaml",
        "id: q_charm\nname: C\ncots: 3\nabilities:\n  - trigger: scored_card\n    effects:\n"
        "      - {kind: edit_card, seal: red_seal, remove: seal}\n",
    )
    run = studio("validate", str(pack))
    assert problems(run.out, tmp_path) == [
        ("q/charms/q_charm.yaml", 3, 1, "$.cots: unknown field 'cots' (did you mean 'cost'?)"),
        (
            "q/charms/q_charm.yaml",
            7,
            9,
            "$.abilities[0].effects[0]: edit_card sets the seal it removes: keep 'seal' or 'remove'",
        ),
    ]
