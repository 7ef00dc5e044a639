"""A copy of the base game (pack id ``base``) is checked as the base game, not as a second one."""

from __future__ import annotations

import shutil
from pathlib import Path

from studio.content.io.paths import base_content_dir, base_plugins_dir


def copy_of_base(tmp_path: Path, plugins: bool = True) -> Path:
    root = tmp_path / "my-base"
    shutil.copytree(base_content_dir(), root)
    if plugins:
        shutil.copytree(base_plugins_dir(), root / "plugins")
    return root


def test_a_copy_of_the_base_game_validates_as_the_base_game(studio, tmp_path):
    root = copy_of_base(tmp_path)
    run = studio("validate", str(root), "--trust")
    assert run.code == 0, run.out + run.err
    assert "given twice" not in run.out + run.err
    assert run.out.startswith("ok: ")


def test_a_copy_of_the_base_game_reports_its_real_problems(studio, tmp_path):
    root = copy_of_base(tmp_path, plugins=False)
    charm = root / "charms" / "ace_bonus.yaml"
    charm.write_text(charm.read_text(encoding="utf-8").replace("trigger:", "triger:", 1), encoding="utf-8")
    run = studio("validate", str(root))
    assert run.code == 1
    lines = run.out.splitlines()
    assert "given twice" not in run.out
    assert all(line.startswith(f"{charm}:") for line in lines[:-1]), run.out  # a copy of the content alone
    assert "unknown field 'triger' (did you mean 'trigger'?)" in lines[0]  # one misspelling, one problem
    assert lines[-1] == "1 problem(s) in 1 file(s)"  # runs the base game's code, as the editor opens it


def test_scenarios_of_a_copy_run_against_the_copy(studio, tmp_path):
    root = copy_of_base(tmp_path)
    hand = root / "hands" / "pair.yaml"
    hand.write_text(hand.read_text(encoding="utf-8").replace("points: 10", "points: 11", 1), encoding="utf-8")
    run = studio("test", str(root), "--trust")
    assert run.code == 1  # the copy's pair scores one Point more than its scenarios expect
    assert "FAIL" in run.out


def test_a_copy_whose_code_differs_needs_trust_to_run_it(studio, tmp_path):
    root = copy_base_game_with(tmp_path, "open(__file__ + '.ran', 'w').write('ran')\n")
    run = studio("validate", str(root))
    assert run.code == 0 and "not trusted" in run.err
    assert not (root / "plugins" / "extra.py.ran").exists()
    assert studio("validate", str(root), "--trust").code == 0
    assert (root / "plugins" / "extra.py.ran").exists()


def test_an_unchanged_copy_runs_the_base_games_code_untrusted(studio, tmp_path):
    root = copy_of_base(tmp_path)
    run = studio("validate", str(root))
    assert run.code == 0 and "not trusted" not in run.err, run.err


def copy_base_game_with(tmp_path: Path, plugin: str) -> Path:
    root = copy_of_base(tmp_path)
    (root / "plugins" / "extra.py").write_text(plugin, encoding="utf-8")
    return root


def test_an_edit_to_a_copy_of_the_base_game_is_seen_by_the_next_command(studio, tmp_path):
    import json

    root = copy_of_base(tmp_path, plugins=False)

    def mult() -> float:
        run = studio("score", "AS AH", "--pack", str(root), "--charm", "pair_mult", "--json")
        assert run.code == 0, run.err
        return float(json.loads(run.out)["mult"])

    before = mult()
    assert mult() == before  # the second command starts from the snapshot
    charm = root / "charms" / "pair_mult.yaml"
    text = charm.read_text(encoding="utf-8")
    assert "amount: 8}" in text
    charm.write_text(text.replace("amount: 8}", "amount: 100}"), encoding="utf-8")
    assert mult() == before + 92
