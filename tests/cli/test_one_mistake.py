"""One mistake, one problem: the base game given as a path, a broken manifest, a single file, a broken id."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.content.io.paths import base_content_dir

ROOT = Path(__file__).resolve().parents[2]

GLOW = """\
id: neon_glow
name: Neon Glow
abilities:
  - trigger: hand
    when: {hand_types: [pair]}
    effects: [{kind: xmult, amount: 2}]
"""
TEST = (
    "name: glow doubles a pair\nplayed: AS AH\ncharms: [neon_glow]\nexpect: {hand_type: pair, total: 128}\n"
)


def neon(tmp_path: Path, manifest: str = "id: neon\nname: Neon\nversion: 1.0.0\n") -> Path:
    root = tmp_path / "neon"
    (root / "charms").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "pack.yaml").write_text(manifest, encoding="utf-8")
    (root / "charms" / "neon_glow.yaml").write_text(GLOW, encoding="utf-8")
    (root / "tests" / "glow.yaml").write_text(TEST, encoding="utf-8")
    return root


def test_validate_content_from_the_repository_root_is_the_base_game_and_prints_ok(studio_exe):
    run = studio_exe("validate", "content", cwd=ROOT)
    assert run.code == 0, run.out
    assert run.out.startswith("ok: ")
    assert run.err == ""


@pytest.mark.parametrize("spelling", ["content", "./content", "content/"])
def test_the_base_game_given_as_a_path_loads_once(studio, monkeypatch, spelling):
    monkeypatch.chdir(base_content_dir().parent)
    run = studio("validate", spelling)
    assert (run.code, run.out.splitlines()[-1][:3]) == (0, "ok:"), run.out


def test_a_pack_with_one_manifest_mistake_prints_one_problem(studio, tmp_path):
    root = neon(tmp_path, "id: neon\nname: Neon\nversion: 0.1\n")
    run = studio("validate", str(root), str(base_content_dir()))
    assert run.code == 1
    assert run.out.splitlines() == [
        f'{root}/pack.yaml:3:10: $.version: 0.1 is not text (YAML reads it as a number): a version is MAJOR.MINOR.PATCH in quotes, here "0.1.0"',
        "1 problem(s) in 1 file(s)",
    ]


def needing(tmp_path: Path, pack_id: str, dependency: str) -> Path:
    """A pack folder holding only a manifest that needs ``dependency`` (^1.0.0)."""
    root = tmp_path / pack_id
    root.mkdir()
    (root / "pack.yaml").write_text(
        f"id: {pack_id}\nname: {pack_id.title()}\nversion: 1.0.0\n"
        f'dependencies: [{{id: {dependency}, version: "^1.0.0"}}]\n',
        encoding="utf-8",
    )
    return root


def test_a_pack_whose_dependency_is_missing_leaves_the_other_packs_checked(studio, tmp_path):
    broken = needing(tmp_path, "lonely", "nowhere")
    good = neon(tmp_path)
    (good / "tests" / "glow.yaml").write_text(TEST.replace("neon_glow", "neon_glo"), encoding="utf-8")
    run = studio("validate", str(broken), str(good))
    assert run.out.splitlines() == [
        f"{broken}/pack.yaml:4:16: $.dependencies[0]: needs pack 'nowhere' (^1.0.0), which is neither given with --pack nor installed",
        f"{good}/tests/glow.yaml:3:10: $.charms[0]: unknown charm 'neon_glo' (did you mean 'neon_glow'?)",
        "2 problem(s) in 2 file(s)",
    ]


def test_a_single_file_is_checked_with_its_pack_so_its_references_are_checked(studio, tmp_path):
    root = neon(tmp_path)
    charm = root / "charms" / "neon_glow.yaml"
    charm.write_text(GLOW.replace("[pair]", "[pairr]"), encoding="utf-8")
    run = studio("validate", str(charm))
    assert run.code == 1
    assert run.out.splitlines() == [
        f"{charm}:5:25: $.abilities[0].when.hand_types[0]: unknown hand type 'pairr' (did you mean 'pair'?)",
        "1 problem(s) in 1 file(s)",
    ]


def test_a_single_sound_file_of_a_pack_is_ok_even_if_another_file_is_broken(studio, tmp_path):
    root = neon(tmp_path)
    (root / "charms" / "neon_other.yaml").write_text(
        "id: neon_other\nname: O\npassive: [splsh]\n", encoding="utf-8"
    )
    run = studio("validate", str(root / "tests" / "glow.yaml"))
    assert (run.code, run.out) == (0, "ok: 1 file(s) checked\n")


def test_a_charm_whose_own_file_is_broken_stays_known_to_the_scenarios_that_use_it(studio, tmp_path):
    root = neon(tmp_path)
    charm = root / "charms" / "neon_glow.yaml"
    charm.write_text(GLOW.replace("kind: xmult", "kind: xmul"), encoding="utf-8")
    run = studio("validate", str(root))
    assert run.code == 1
    lines = run.out.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"{charm}:6:22: $.abilities[0].effects[0].kind: 'xmul'")
    assert "unknown charm" not in run.out


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (GLOW.encode() + b"extra: {\n", ":7:8: malformed YAML: this '{' is not closed by a '}'"),
        (b"", ":1:1: a charm file holds a mapping of fields, not an empty document"),
        (
            GLOW.replace("name: Neon Glow", "name: \xff").encode("latin-1"),
            ":2:1: cannot read file: not UTF-8 text",
        ),
        (GLOW.encode() + b"id: neon_glow\n", ":7:1: malformed YAML: found duplicate key"),
        (
            GLOW.encode() + b"---\nid: neon_glow\n",
            ":7:1: malformed YAML: a second document ('---'): a file holds one (several items go in a list)",
        ),
        (b"id: !!python/object neon_glow\n", ":1:5: YAML tag"),
    ],
)
def test_a_charm_file_that_cannot_be_read_stays_known_by_its_file_name(studio, tmp_path, text, problem):
    root = neon(tmp_path)
    charm = root / "charms" / "neon_glow.yaml"
    charm.write_bytes(text)
    run = studio("validate", str(root))
    assert run.code == 1
    lines = run.out.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"{charm}{problem}"), run.out
    assert "unknown charm" not in run.out


def test_problems_are_listed_causes_first(studio, tmp_path):
    root = neon(tmp_path)
    (root / "plugins").mkdir()
    (root / "plugins" / "zz.py").write_text("raise RuntimeError('boom')\n", encoding="utf-8")
    (root / "charms" / "a_first.yaml").write_text(
        "id: a_first\nname: A\npassive: [splsh]\n", encoding="utf-8"
    )
    run = studio("validate", str(root), "--trust")
    lines = run.out.splitlines()
    assert lines[0].startswith(f"{root}/plugins/zz.py:1:1: pack 'neon': plugin failed to load")
    assert lines[1].startswith(f"{root}/charms/a_first.yaml:3:")


def test_a_pack_that_needs_a_failed_pack_is_left_out_without_a_second_problem(studio, tmp_path):
    broken = needing(tmp_path, "lonely", "nowhere")
    needy = needing(tmp_path, "needy", "lonely")
    run = studio("validate", str(broken), str(needy))
    assert run.out.splitlines() == [
        f"{broken}/pack.yaml:4:16: $.dependencies[0]: needs pack 'nowhere' (^1.0.0), which is neither given with --pack nor installed",
        "1 problem(s) in 1 file(s)",
    ]


def test_a_broken_file_is_listed_before_the_references_it_breaks(studio, tmp_path):
    root = neon(tmp_path)
    (root / "hands").mkdir()
    (root / "hands" / "a_weird.yaml").write_text(
        "id: a_weird\nname: W\nstrength: 1200\ngroups: [5]\npoints: 1\nmult: 1\n", encoding="utf-8"
    )
    (root / "seals").mkdir()
    (root / "seals" / "zz_bad.yaml").write_text("id: zz_bad\nname: Z\nretriggers: 99\n", encoding="utf-8")
    run = studio("validate", str(root))
    lines = run.out.splitlines()
    assert lines[0].startswith(f"{root}/seals/zz_bad.yaml:3:")  # after hands/ by name, first as a cause
    assert "a_weird" in lines[1]


def test_a_file_of_a_pack_that_holds_no_content_is_bad_usage(studio_cli, tmp_path):
    root = neon(tmp_path)
    (root / "README.md").write_text("# Neon\n", encoding="utf-8")
    run = studio_cli("validate", str(root / "README.md"))
    assert run.code == 2 and "not a content file of pack folder neon/" in run.err


def test_a_pack_that_needs_a_pack_with_a_broken_manifest_adds_no_problem(studio, tmp_path):
    root = neon(tmp_path, "id: neon\nname: Neon\nversion: 0.1\n")
    needy = needing(tmp_path, "needy", "neon")
    run = studio("validate", str(root), str(needy))
    assert run.out.splitlines() == [
        f'{root}/pack.yaml:3:10: $.version: 0.1 is not text (YAML reads it as a number): a version is MAJOR.MINOR.PATCH in quotes, here "0.1.0"',
        "1 problem(s) in 1 file(s)",
    ]
