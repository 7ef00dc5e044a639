"""Commands keep the contract: test PACK_DIR, list-form scenario files, ids suggested by display name."""

from __future__ import annotations

import json
from pathlib import Path

from studio.content.io.paths import base_content_dir

LIST_FORM = """\
- name: a pair
  played: AS AH
  expect: {hand_type: pair, total: 64}
- name: a flush
  played: 2H 5H 7H 9H JH
  expect: {hand_type: flush}
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def glow_pack(tmp_path: Path) -> Path:
    """A pack ``neon`` with one charm, ``neon_glow`` (x2 Mult)."""
    root = tmp_path / "neon"
    write(root / "pack.yaml", "id: neon\nname: Neon\nversion: 1.0.0\n")
    write(
        root / "charms" / "neon_glow.yaml",
        "id: neon_glow\nname: Glow\nabilities:\n  - trigger: hand\n    effects: [{kind: xmult, amount: 2}]\n",
    )
    return root


def test_score_scenario_scores_every_scenario_of_a_list_form_file(studio, tmp_path):
    path = write(tmp_path / "two.yaml", LIST_FORM)
    run = studio("score", "--scenario", str(path), "--json")
    assert run.code == 0, run.err
    results = json.loads(run.out)
    assert [(r["name"], r["hand_type"], r["total"]) for r in results] == [
        ("a pair", "pair", 64),
        ("a flush", "flush", 272),
    ]  # (35 + 2 + 5 + 7 + 9 + 10) x 4
    table = studio("score", "--scenario", str(path))
    assert "== a pair ==" in table.out and "== a flush ==" in table.out


def test_score_scenario_name_picks_one_scenario(studio, tmp_path):
    path = write(tmp_path / "two.yaml", LIST_FORM)
    run = studio("score", "--scenario", str(path), "--name", "a flush", "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["hand_type"] == "flush"


def test_an_unknown_scenario_name_is_bad_input_with_a_suggestion(studio_cli, tmp_path):
    path = write(tmp_path / "two.yaml", LIST_FORM)
    run = studio_cli("score", "--scenario", str(path), "--name", "a flsh")
    assert run.code == 2
    assert run.err == f"studio score: error: {path}: no scenario named 'a flsh' (did you mean 'a flush'?)\n"


def test_test_pack_dir_runs_that_packs_tests_with_the_pack_loaded(studio, tmp_path):
    root = glow_pack(tmp_path)
    write(root / "tests" / "glow.yaml", "played: AS AH\ncharms: [neon_glow]\nexpect: {total: 128}\n")
    run = studio("test", str(root))
    assert (run.code, run.out) == (0, "1 passed, 0 failed\n")
    one_file = studio("test", str(root / "tests" / "glow.yaml"))
    assert (one_file.code, one_file.out) == (0, "1 passed, 0 failed\n")


def test_test_of_the_base_game_folder_runs_the_base_games_tests(studio):
    run = studio("test", str(base_content_dir()))
    assert run.code == 0
    passed = int(run.out.split()[0])
    assert passed > 100


def test_a_boss_given_by_its_display_name_suggests_its_id(studio_cli):
    run = studio_cli("score", "AS AH", "--boss", "The Flint")
    assert run.code == 2
    assert (
        run.err
        == "studio score: error: --boss The Flint: unknown boss rule 'The Flint' (did you mean 'flint'?)\n"
    )


def test_a_scenario_naming_a_boss_by_display_name_suggests_its_id(studio, tmp_path):
    path = write(tmp_path / "pack" / "tests" / "x.yaml", "played: AS AH\nboss: the_flint\n")
    run = studio("validate", str(path))
    assert "unknown boss rule 'the_flint' (did you mean 'flint'?)" in run.out


def test_score_scenario_of_a_packs_tests_file_loads_that_pack(studio, tmp_path):
    root = glow_pack(tmp_path)
    test = write(root / "tests" / "glow.yaml", "played: AS AH\ncharms: [neon_glow]\n")
    run = studio("score", "--scenario", str(test), "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["total"] == 128


def test_test_of_a_manifest_runs_its_packs_tests(studio):
    run = studio("test", str(base_content_dir() / "pack.yaml"))
    assert run.code == 0 and run.out.endswith(" passed, 0 failed\n")


def test_a_list_form_file_of_one_scenario_still_gives_a_list(studio, tmp_path):
    """A script reading `.[]` must not break when its file drops to one scenario; a file of one mapping
    gives one object."""
    listed = write(tmp_path / "one.yaml", "- name: a pair\n  played: AS AH\n")
    run = studio("score", "--scenario", str(listed), "--json")
    assert run.code == 0, run.err
    assert [(r["name"], r["total"]) for r in json.loads(run.out)] == [("a pair", 64)]
    mapping = write(tmp_path / "map.yaml", "name: a pair\nplayed: AS AH\n")
    assert json.loads(studio("score", "--scenario", str(mapping), "--json").out)["total"] == 64
