"""The modder's whole workflow through the real `studio` command: new, edit, validate, test,
build, install, score with it, diff two versions, remove; and what is refused on the way."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest

HAND = """\
id: flush_pair
name: Flush Pair
strength: 650
groups: [2]
needs_flush: true
points: 50
mult: 5
level_points: 20
level_mult: 2
"""
SECOND_CHARM = """\
id: neon_nights_glow
name: Neon Glow
abilities:
  - trigger: hand
    when: {{hand_types: [flush_pair]}}
    effects: [{{kind: xmult, amount: {factor}}}]
"""
TEST = """\
- name: a flush with a pair is a Flush Pair, and Neon Glow doubles it
  played: AH AH 2H 5H 9H
  charms: [neon_nights_glow]
  # flush_pair 50 x 5; 11 + 11 + 2 + 5 + 9 = 38 -> 88 x 5; glow x{factor} -> 88 x {mult}
  expect: {{hand_type: flush_pair, total: {total}}}
"""


def make_pack(studio_exe, where: Path, factor: int = 2) -> Path:
    run = studio_exe("pack", "new", "neon_nights", "--dir", str(where))
    assert run.code == 0, run.err
    pack = where / "neon_nights"
    (pack / "hands/flush_pair.yaml").parent.mkdir()
    (pack / "hands/flush_pair.yaml").write_text(HAND, encoding="utf-8")
    (pack / "charms/neon_nights_glow.yaml").write_text(SECOND_CHARM.format(factor=factor), encoding="utf-8")
    (pack / "tests/glow.yaml").write_text(
        TEST.format(factor=factor, mult=5 * factor, total=88 * 5 * factor), encoding="utf-8"
    )
    return pack


def test_the_whole_workflow_from_an_empty_folder_to_an_installed_pack(
    studio_exe, tmp_path: Path, studio_home: Path
) -> None:
    pack = make_pack(studio_exe, tmp_path)
    assert {p.relative_to(pack).as_posix() for p in pack.rglob("*") if p.is_file()} >= {
        "pack.yaml",
        "charms/neon_nights_pair_bonus.yaml",
        "tests/example.yaml",
        ".vscode/settings.json",
        "README.md",
    }
    assert studio_exe("validate", str(pack)).code == 0
    tested = studio_exe("test", "--pack", str(pack))
    assert tested.code == 0 and tested.out.strip().endswith("2 passed, 0 failed"), tested.out

    archive = tmp_path / "neon_nights-0.1.0.zip"
    built = studio_exe("pack", "build", str(pack), "-o", str(archive))
    assert built.code == 0, built.out + built.err
    again = tmp_path / "again.zip"
    studio_exe("pack", "build", str(pack), "-o", str(again))
    assert archive.read_bytes() == again.read_bytes()
    with zipfile.ZipFile(archive) as z:
        names = z.namelist()
    assert names == sorted(names) and ".vscode/settings.json" not in names
    tested = studio_exe("test", str(archive))  # a built pack is tested as its folder is
    assert tested.code == 0 and tested.out.strip().endswith("2 passed, 0 failed"), tested.out

    installed = studio_exe("pack", "install", str(archive))
    assert installed.code == 0, installed.err
    assert (studio_home / "packs/neon_nights/pack.yaml").is_file()
    listed = json.loads(studio_exe("pack", "list", "--json").out)
    assert [(p["id"], p["version"]) for p in listed["packs"]] == [("neon_nights", "0.1.0")]

    scored = studio_exe(
        "score", "AH AH 2H 5H 9H", "--pack", "neon_nights", "--charm", "neon_nights_glow", "--json"
    )
    assert scored.code == 0, scored.err
    result = json.loads(scored.out)
    assert (result["hand_type"], result["total"]) == ("flush_pair", 880)

    removed = studio_exe("pack", "remove", "neon_nights")
    assert removed.code == 0
    assert not (studio_home / "packs/neon_nights").exists()
    gone = studio_exe("score", "AS", "--pack", "neon_nights")
    assert gone.code == 2 and "no such pack folder, zip or installed pack" in gone.err


def test_diff_shows_entries_field_by_field_and_the_scenario_totals_that_change(
    studio, tmp_path: Path
) -> None:
    old = make_pack(studio, tmp_path / "v1", factor=2)
    new = make_pack(studio, tmp_path / "v2", factor=3)
    (new / "pack.yaml").write_text(
        (new / "pack.yaml").read_text().replace("0.1.0", "0.2.0", 1), encoding="utf-8"
    )
    (new / "charms/neon_nights_pair_bonus.yaml").unlink()
    (new / "charms/neon_nights_extra.yaml").write_text(
        "id: neon_nights_extra\nname: Extra\npassive: [splash]\n", encoding="utf-8"
    )
    run = studio("pack", "diff", str(old), str(new))
    assert run.code == 0, run.err
    assert "neon_nights 0.1.0 -> neon_nights 0.2.0" in run.out
    assert "+ charm/neon_nights_extra" in run.out
    assert "- charm/neon_nights_pair_bonus" in run.out
    assert "$.abilities[0].effects[0].amount: 2 -> 3" in run.out
    data = json.loads(studio("pack", "diff", str(old), str(new), "--json").out)
    changed = {(s["scenario"], s["old"], s["new"]) for s in data["scenarios"]}
    assert (
        "a flush with a pair is a Flush Pair, and Neon Glow doubles it",
        "flush_pair 880",
        "flush_pair 1320",
    ) in changed


def test_diff_scores_an_old_scenario_that_a_new_one_of_the_same_name_replaced(studio, tmp_path: Path) -> None:
    test = "- name: my charm on a pair\n  played: AS AH\n  charms: [{charm}]\n"
    charm = "id: {charm}\nname: C\nabilities:\n  - trigger: hand\n    effects: [{{kind: xmult, amount: 2}}]\n"
    for version, made in (("1.0.0", "dv_glow"), ("2.0.0", "dv_plus")):
        folder = tmp_path / version
        (folder / "charms").mkdir(parents=True)
        (folder / "tests").mkdir()
        (folder / "pack.yaml").write_text(f"id: dv\nname: D\nversion: {version}\n", encoding="utf-8")
        (folder / f"charms/{made}.yaml").write_text(charm.format(charm=made), encoding="utf-8")
        (folder / "tests/t.yaml").write_text(test.format(charm=made), encoding="utf-8")
    data = json.loads(studio("pack", "diff", str(tmp_path / "1.0.0"), str(tmp_path / "2.0.0"), "--json").out)
    assert sorted((s["scenario"], s["old"], s["new"]) for s in data["scenarios"]) == [
        ("my charm on a pair (only in 1.0.0)", "pair 128", "error: unknown charm 'dv_glow'"),
        ("my charm on a pair (only in 2.0.0)", "error: unknown charm 'dv_plus'", "pair 128"),
    ]


def test_build_refuses_a_pack_whose_tests_fail_and_writes_nothing(studio, tmp_path: Path) -> None:
    pack = make_pack(studio, tmp_path)
    (pack / "tests/glow.yaml").write_text(TEST.format(factor=2, mult=10, total=1), encoding="utf-8")
    out = tmp_path / "x.zip"
    run = studio("pack", "build", str(pack), "-o", str(out))
    assert run.code == 1
    assert "not built: 1 failing test(s)" in run.out and "total: expected 1, got 880" in run.out
    assert not out.exists()


def test_build_refuses_a_pack_with_problems_and_lists_them_all(studio, tmp_path: Path) -> None:
    pack = make_pack(studio, tmp_path)
    (pack / "charms/neon_nights_glow.yaml").write_text(
        "id: neon_nights_glow\nname: X\ncolour: red\npassive: [splash]\n"
    )
    (pack / "hands/flush_pair.yaml").write_text(HAND.replace("points: 50", "points: lots"))
    run = studio("pack", "build", str(pack), "-o", str(tmp_path / "x.zip"))
    assert run.code == 1
    assert "unknown field 'colour'" in run.out and "'lots' is not a whole number" in run.out
    assert "not built: 2 problem(s)" in run.out


def test_build_never_writes_over_the_packs_own_files_or_a_file_that_is_not_a_zip(
    studio, tmp_path: Path
) -> None:
    pack = make_pack(studio, tmp_path)
    manifest = (pack / "pack.yaml").read_bytes()
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n", encoding="utf-8")
    for out, reason in (
        (pack / "pack.yaml", "inside the pack folder"),
        (pack / "dist/neon.zip", "inside the pack folder"),
        (notes, "exists and is not a zip"),
        (tmp_path, "is a folder"),
    ):
        run = studio("pack", "build", str(pack), "-o", str(out))
        assert run.code == 2 and reason in run.err and str(out) in run.err, run.err
    assert (pack / "pack.yaml").read_bytes() == manifest and not (pack / "dist").exists()
    assert notes.read_text(encoding="utf-8") == "mine\n"
    old = tmp_path / "neon.zip"  # an earlier build is replaced
    assert studio("pack", "build", str(pack), "-o", str(old)).code == 0
    assert studio("pack", "build", str(pack), "-o", str(old)).code == 0


def test_a_hostile_zip_is_refused_with_a_reason_and_leaves_nothing_behind(
    studio_exe, tmp_path: Path, studio_home: Path
) -> None:
    evil = tmp_path / "evil.zip"
    with zipfile.ZipFile(evil, "w") as z:
        z.writestr("pack.yaml", "id: evil\nname: Evil\nversion: 1.0.0\n")
        z.writestr("../../escape.txt", "gotcha")
    run = studio_exe("pack", "install", str(evil))
    assert run.code == 2 and len(run.err.splitlines()) == 1
    assert "escape.txt" in run.err and "Traceback" not in run.err
    assert not (tmp_path.parent / "escape.txt").exists()
    packs = studio_home / "packs"
    assert not packs.exists() or [p.name for p in packs.iterdir()] in (
        [],
        [".lock"],
    )  # the folder lock may stay


def _add_code_charm(pack: Path) -> None:
    """Give the pack a plugin and the charm that names its behaviour (x3 Mult in a hand)."""
    (pack / "plugins").mkdir()
    (pack / "plugins/triple.py").write_text(
        "from studio.plugins import Behaviour\n\n\nclass Triple(Behaviour):\n    id = 'neon_triple'\n\n"
        "    def hand(self, ctx, charm):\n        ctx.add_xmult(3, charm)\n",
        encoding="utf-8",
    )
    (pack / "charms/neon_nights_triple.yaml").write_text(
        "id: neon_nights_triple\nname: Triple\nbehaviour: neon_triple\ndescription: X3 Mult\n",
        encoding="utf-8",
    )


def test_installing_an_untrusted_code_pack_disables_its_code_charms_until_trusted(
    studio_exe, tmp_path: Path
) -> None:
    pack = make_pack(studio_exe, tmp_path)
    _add_code_charm(pack)
    refused = studio_exe("pack", "build", str(pack), "-o", str(tmp_path / "p.zip"))
    assert refused.code == 0, refused.out  # its tests use no code charm
    assert studio_exe("pack", "install", str(tmp_path / "p.zip")).code == 0
    plain = studio_exe("score", "AS", "--pack", "neon_nights", "--charm", "neon_nights_triple", "--json")
    assert plain.code == 2 and plain.out == ""  # refused: its code would not run
    assert "disabled charms: neon_nights_triple (trust it with --trust)" in plain.err
    trusted = studio_exe(
        "score", "AS", "--pack", "neon_nights", "--charm", "neon_nights_triple", "--json", "--trust"
    )
    assert json.loads(trusted.out)["mult"] == 3
    again = studio_exe("score", "AS", "--pack", "neon_nights", "--charm", "neon_nights_triple", "--json")
    assert json.loads(again.out)["mult"] == 3 and again.err == ""


def test_pack_new_refuses_a_bad_id_and_an_existing_folder(studio, tmp_path: Path) -> None:
    bad = studio("pack", "new", "Neon-Nights", "--dir", str(tmp_path))
    assert bad.code == 2 and "bad pack id" in bad.err and "(did you mean 'neon_nights'?)" in bad.err
    assert studio("pack", "new", "neon", "--dir", str(tmp_path)).code == 0
    twice = studio("pack", "new", "neon", "--dir", str(tmp_path))
    assert twice.code == 2 and "already exists" in twice.err


def test_remove_of_an_unknown_pack_suggests_an_installed_one(studio, tmp_path: Path) -> None:
    pack = make_pack(studio, tmp_path)
    studio("pack", "build", str(pack), "-o", str(tmp_path / "p.zip"))
    studio("pack", "install", str(tmp_path / "p.zip"))
    run = studio("pack", "remove", "neon_night")
    assert run.code == 2 and "(did you mean 'neon_nights'?)" in run.err


def test_a_zip_given_with_pack_loads_without_installing(studio, tmp_path: Path) -> None:
    pack = make_pack(studio, tmp_path)
    studio("pack", "build", str(pack), "-o", str(tmp_path / "p.zip"))
    run = studio("score", "AH AH 2H 5H 9H", "--pack", str(tmp_path / "p.zip"), "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["hand_type"] == "flush_pair"


def test_a_pack_whose_zip_install_would_refuse_is_not_built(
    studio, tmp_path: Path, studio_home: Path
) -> None:
    # Text that repeats deflates past the compression ratio install refuses as a zip bomb (MAX_RATIO):
    # build says so at the file, exit 1, and writes no zip, so what builds installs.
    pack = tmp_path / "src" / "echo_pack"
    assert studio("pack", "new", "echo_pack", "--dir", str(pack.parent)).code == 0
    (pack / "README.md").write_text("# Echo\n" + "echo " * 40000, encoding="utf-8")
    built = tmp_path / "echo.zip"
    run = studio("pack", "build", str(pack), "-o", str(built))
    assert run.code == 1, run.out + run.err
    assert f"{pack / 'README.md'}:1:1: compression ratio" in run.out
    assert "not built: 1 problem(s) that install would refuse" in run.out
    assert not built.exists()
    assert studio("pack", "list").out.strip() == "no packs installed"


def test_an_install_the_packs_folder_cannot_hold_blames_the_folder_not_the_zip(
    studio, tmp_path: Path, studio_home: Path
) -> None:
    # A file-size limit makes writing the pack fail as a full disk does (EFBIG instead of ENOSPC): the
    # line names the packs folder that could not take it, not the zip, and nothing is left installed.
    import os
    import resource
    import signal
    import subprocess
    import sys

    pack = tmp_path / "src" / "big_readme"
    assert studio("pack", "new", "big_readme", "--dir", str(pack.parent)).code == 0
    (pack / "README.md").write_text(" ".join(str(n * n) for n in range(6000)), encoding="utf-8")
    built = tmp_path / "big.zip"
    assert studio("pack", "build", str(pack), "-o", str(built)).code == 0

    def small_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead of killing
        resource.setrlimit(resource.RLIMIT_FSIZE, (16384, 16384))

    done = subprocess.run(
        [str(Path(sys.executable).with_name("studio")), "pack", "install", str(built)],
        capture_output=True,
        text=True,
        env={**os.environ},
        preexec_fn=small_files,
        check=False,
    )
    packs = studio_home / "packs"
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"studio pack: error: cannot install into {packs}: File too large\n"
    assert [p for p in os.listdir(packs) if not p.startswith(".lock")] == []


def test_an_installed_pack_is_found_by_id_past_a_same_named_folder_that_is_no_pack(
    studio, tmp_path: Path, studio_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--pack neon_nights` in a folder holding an empty `neon_nights/` (or a file of that name) said
    "no such pack": the name here, though no pack, hid the installed one."""
    pack = make_pack(studio, tmp_path / "src")
    archive = tmp_path / "neon_nights.zip"
    assert studio("pack", "build", str(pack), "-o", str(archive)).code == 0
    assert studio("pack", "install", str(archive)).code == 0
    here = tmp_path / "work"
    (here / "neon_nights").mkdir(parents=True)
    monkeypatch.chdir(here)
    scored = studio("score", "AS", "--pack", "neon_nights", "--charm", "neon_nights_glow", "--json")
    assert scored.code == 0, scored.err
    assert "neon_nights here is not a pack, so the installed pack is used" in scored.err
    (here / "neon_nights").rmdir()
    (here / "neon_nights").write_text("notes", encoding="utf-8")
    assert studio("score", "AS", "--pack", "neon_nights", "--json").code == 0
    (here / "neon_nights").unlink()
    (here / "neon_nights").mkdir()
    (here / "neon_nights" / "pack.yaml").write_text("id: neon_nights\nname: Mine\nversion: 9.0.0\n")
    mine = studio("list", "charms", "--pack", "neon_nights", "--json")  # a pack folder here is that pack
    assert mine.code == 0 and "neon_nights_glow" not in mine.out and "is not a pack" not in mine.err


def test_pack_list_warns_of_an_installed_pack_this_studio_does_not_load(
    studio, tmp_path: Path, studio_home: Path
) -> None:
    """A pack installed under another Studio whose `studio:` range excludes this one listed as fine."""
    pack = make_pack(studio, tmp_path / "src")
    archive = tmp_path / "neon_nights.zip"
    assert studio("pack", "build", str(pack), "-o", str(archive)).code == 0
    assert studio("pack", "install", str(archive)).code == 0
    manifest = studio_home / "packs/neon_nights/pack.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(re.sub(r"(?m)^studio: .*$", 'studio: "^99.0.0"', text), encoding="utf-8")
    listed = studio("pack", "list")
    assert "warning: pack 'neon_nights' needs Studio ^99.0.0, this is Studio" in listed.out
    assert "it does not load" in listed.out
    rows = json.loads(studio("pack", "list", "--json").out)["packs"]
    assert [(r["id"], r["loads"]) for r in rows] == [("neon_nights", False)]
    refused = studio("score", "AS", "--pack", "neon_nights")
    assert refused.code != 0 and "needs Studio ^99.0.0" in refused.err


def test_the_skeletons_readme_commands_work_from_the_pack_folder(
    studio, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert studio("pack", "new", "neon", "--dir", str(tmp_path)).code == 0
    pack = tmp_path / "neon"
    readme = (pack / "README.md").read_text(encoding="utf-8")
    commands = [line.split()[1:] for line in readme.splitlines() if line.startswith("    studio ")]
    assert len(commands) == 3, readme
    monkeypatch.chdir(pack)
    for argv in commands:
        run = studio(*argv)
        assert run.code == 0, f"{argv}: {run.out}{run.err}"
    assert (tmp_path / "neon.zip").is_file()


def test_build_and_diff_say_why_an_untrusted_packs_code_charm_scores_nothing(studio, tmp_path: Path) -> None:
    pack = make_pack(studio, tmp_path)
    _add_code_charm(pack)
    (pack / "tests/triple.yaml").write_text(
        "name: triple\nplayed: AS AH\ncharms: [neon_nights_triple]\nexpect: {hand_type: pair, total: 192}\n",
        encoding="utf-8",
    )
    untrusted = (
        "pack 'neon_nights' is not trusted, so its code does not run; disabled charms: neon_nights_triple"
    )
    refused = studio("pack", "build", str(pack), "-o", str(tmp_path / "p.zip"))
    assert refused.code == 1 and "total: expected 192, got 64" in refused.out
    assert untrusted in refused.err
    (pack / "tests/triple.yaml").write_text(
        "name: triple\nplayed: AS AH\ncharms: [neon_nights_triple]\n", encoding="utf-8"
    )
    built = studio("pack", "build", str(pack), "-o", str(tmp_path / "p.zip"), "--trust")
    assert built.code == 0 and built.err == "", built.out + built.err
    (pack / "README.md").write_text("changed\n", encoding="utf-8")  # a new content hash: trusted no more
    diffed = studio("pack", "diff", str(tmp_path / "p.zip"), str(pack))
    assert diffed.code == 0 and "pair 192" in diffed.out and "pair 64" in diffed.out
    assert diffed.err.count(untrusted) == 1, diffed.err


def test_build_tells_a_scenario_that_cannot_be_scored_as_studio_test_does(studio, tmp_path: Path) -> None:
    pack = make_pack(studio, tmp_path)
    scenarios = pack / "tests/more.yaml"
    scenarios.write_text("- name: a typo\n  played: AS AH\n  charms: [neon_nights_glwo]\n", encoding="utf-8")
    run = studio("pack", "build", str(pack), "-o", str(tmp_path / "p.zip"))
    assert run.code == 1
    assert run.out.splitlines() == [
        f"ERROR {scenarios}:3:12: $[0].charms[0]: unknown charm 'neon_nights_glwo' (did you mean 'neon_nights_glow'?)",
        "not built: 1 failing test(s)",
    ]


def test_diff_marks_a_result_whose_code_charm_did_nothing_on_one_side(studio, tmp_path: Path) -> None:
    """An edit makes a code pack untrusted again; the diff's row for its code charm's scenario then says
    that the charm did nothing in the new version, rather than pass it off as a change of score."""
    pack = make_pack(studio, tmp_path)
    _add_code_charm(pack)
    (pack / "tests/triple.yaml").write_text(
        "name: triple on a pair\nplayed: AS AH\ncharms: [neon_nights_triple]\nexpect: {total: 192}\n",
        encoding="utf-8",
    )
    built = studio("pack", "build", str(pack), "-o", str(tmp_path / "p.zip"), "--trust")
    assert built.code == 0, built.out + built.err
    manifest = pack / "pack.yaml"
    text = re.sub(r"(?m)^description: .*$", "description: Flush pairs.", manifest.read_text(encoding="utf-8"))
    manifest.write_text(text, encoding="utf-8")
    diffed = studio("pack", "diff", str(tmp_path / "p.zip"), str(pack))
    assert diffed.code == 0, diffed.err
    row = next(line for line in diffed.out.splitlines() if line.startswith("triple on a pair"))
    assert row.split()[-4:] == ["64", "(neon_nights_triple", "did", "nothing)"]
    assert (
        "neon_nights_triple did nothing in the new version (0.1.0): its code is in pack 'neon_nights', "
        "which is not trusted (trust it with --trust)"
    ) in diffed.out.splitlines()
    as_json = json.loads(studio("pack", "diff", str(tmp_path / "p.zip"), str(pack), "--json").out)
    (scenario,) = as_json["scenarios"]
    assert scenario["did_nothing"] == {"old": [], "new": ["neon_nights_triple"]}
    refused = studio("pack", "build", str(pack), "-o", str(tmp_path / "p2.zip"))
    assert refused.code == 1
    assert "  neon_nights_triple did nothing: its code is in pack 'neon_nights', which is not trusted" in (
        refused.out
    )


def test_installing_a_zip_that_is_not_there_says_so_plainly(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """It said "not a readable zip file: [Errno 2] No such file or directory: ..."."""
    missing = tmp_path / "nope.zip"
    run = studio("pack", "install", str(missing))
    assert run.code == 2 and run.err == f"studio pack: error: {missing}: no such file\n"
