"""Packs that pip distributions ship (entry points in ``studio.packs``): found by id like installed
packs, listed with their distribution, under the same trust rules, and a clash is a warning."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from studio.content.packs.distributions import package_folder
from studio.content.packs.installed import installed_packs
from studio.content.packs.skeleton import write_skeleton

PLUGIN = (
    "from studio.plugins import Behaviour\n\n\nclass Triple(Behaviour):\n    id = 'glow_triple'\n\n"
    "    def hand(self, ctx, charm):\n        ctx.add_xmult(3, charm)\n"
)


def ship(
    site: Path, pack_id: str, entry: str = "", dist: str = "glow-pack", package: str = "glow_pkg"
) -> Path:
    """Lay out a distribution as pip leaves it in ``site``: the pack as folder ``package`` and a
    dist-info declaring it under ``studio.packs``; return the pack folder."""
    folder = site / package
    write_skeleton(folder, pack_id)
    info = site / f"{dist.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        f"[studio.packs]\n{pack_id} = {entry or package}\n", encoding="utf-8"
    )
    return folder


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder on sys.path, as a pip ``--target`` on PYTHONPATH would be."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    return folder


def test_a_distribution_pack_is_an_installed_pack_with_its_distribution(site: Path) -> None:
    folder = ship(site, "glow")
    packs, problems = installed_packs()
    assert problems == []
    assert [(p.id, p.distribution, p.origin, p.installed) for p in packs] == [
        ("glow", "glow-pack 1.0", folder, True)
    ]


def test_the_package_folder_is_found_without_importing_it(site: Path) -> None:
    folder = ship(site, "glow")
    (folder / "__init__.py").write_text("raise SystemExit('imported')\n", encoding="utf-8")
    assert package_folder("glow_pkg") == folder
    assert package_folder("glow_pkg:folder") is None
    assert package_folder("no_such_package") is None


def test_an_entry_point_that_names_no_package_is_a_problem(site: Path) -> None:
    ship(site, "glow", entry="glow_pkg:folder")
    packs, problems = installed_packs()
    assert packs == []
    assert "entry point glow = glow_pkg:folder of glow-pack 1.0" in str(problems[0])
    assert "give the package whose folder holds pack.yaml" in str(problems[0])


def test_it_loads_and_scores_by_id(site: Path, studio) -> None:  # type: ignore[no-untyped-def]
    ship(site, "glow")
    run = studio("score", "AS AH", "--pack", "glow", "--charm", "glow_pair_bonus", "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["total"] == 384
    assert studio("test", "--pack", "glow").out.strip() == "1 passed, 0 failed"


def test_its_code_runs_only_when_trusted(site: Path, studio) -> None:  # type: ignore[no-untyped-def]
    folder = ship(site, "glow")
    (folder / "plugins").mkdir()
    (folder / "plugins/triple.py").write_text(PLUGIN, encoding="utf-8")
    (folder / "charms/glow_triple.yaml").write_text(
        "id: glow_triple\nname: Triple\nbehaviour: glow_triple\ndescription: X3 Mult\n", encoding="utf-8"
    )
    args = ("score", "AS", "--pack", "glow", "--charm", "glow_triple", "--json")
    plain = studio(*args)  # refused: its code would not run
    assert plain.code == 2 and plain.out == ""
    assert "disabled charms: glow_triple (trust it with --trust)" in plain.err
    assert "glow_triple would do nothing in this hand" in plain.err
    assert json.loads(studio(*args, "--trust").out)["mult"] == 3


def test_list_says_where_each_pack_comes_from(site: Path, studio) -> None:  # type: ignore[no-untyped-def]
    ship(site, "glow")
    listed = studio("pack", "list")
    assert listed.out.splitlines()[-1].split() == ["glow", "0.1.0", "Glow", "-", "pip:", "glow-pack", "1.0"]
    [row] = json.loads(studio("pack", "list", "--json").out)["packs"]
    assert row["from"] == "pip: glow-pack 1.0" and row["hides"] == []


def test_the_data_folders_pack_wins_an_id_clash_with_a_warning(  # type: ignore[no-untyped-def]
    site: Path, studio, tmp_path: Path, studio_home: Path
) -> None:
    ship(site, "glow")
    write_skeleton(tmp_path / "src", "glow")
    assert studio("pack", "build", str(tmp_path / "src"), "-o", str(tmp_path / "glow.zip")).code == 0
    assert studio("pack", "install", str(tmp_path / "glow.zip")).code == 0
    [pack] = installed_packs()[0]
    assert pack.origin == studio_home / "packs" / "glow" and pack.hides == ("pip: glow-pack 1.0",)
    listed = studio("pack", "list")
    expected = (
        f"warning: two packs 'glow': the one from {pack.origin} is used, not the one from pip: glow-pack 1.0"
    )
    assert expected in listed.out
    run = studio("score", "AS AH", "--pack", "glow", "--charm", "glow_pair_bonus")
    assert run.code == 0 and "--pack glow: the pack from" in run.err and "pip: glow-pack 1.0" in run.err


def test_two_distributions_of_one_id_use_the_first_by_name(site: Path) -> None:
    ship(site, "glow", dist="b-glow", package="glow_b")
    ship(site, "glow", dist="a-glow", package="glow_a")
    [pack] = installed_packs()[0]
    assert pack.distribution == "a-glow 1.0" and pack.hides == ("pip: b-glow 1.0",)


def test_remove_points_to_pip_for_a_distribution_pack(site: Path, studio) -> None:  # type: ignore[no-untyped-def]
    ship(site, "glow")
    run = studio("pack", "remove", "glow")
    assert run.code == 2 and "pip uninstall glow-pack" in run.err


def test_the_base_id_is_refused(site: Path) -> None:
    folder = ship(site, "glow")
    manifest = folder / "pack.yaml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace("id: glow\n", "id: base\n"), encoding="utf-8"
    )
    packs, problems = installed_packs()
    assert packs == [] and "the id 'base' is the base game's" in str(problems[0])


def test_shipping_a_pack_into_a_folder_on_the_path_changes_the_code_fingerprint(site: Path) -> None:
    from studio.content.fingerprint import code_fingerprint

    fresh = code_fingerprint.__wrapped__  # the process keeps its own; a new process computes it afresh
    before = fresh()
    ship(site, "glow")
    os.utime(site, ns=(site.stat().st_atime_ns, site.stat().st_mtime_ns + 1_000_000_000))
    assert fresh() != before  # a snapshot or cache of the open before it is not used
