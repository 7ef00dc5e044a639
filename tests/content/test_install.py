"""Installing and removing packs: hostile archives change nothing; installs are atomic."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import stat
import time
import zipfile
from pathlib import Path

import pytest

from studio.cli.main import main as studio_main
from studio.content.io.paths import installed_packs_dir
from studio.content.packs.install import InstallError, install, remove
from studio.content.packs.installed import installed_packs
from studio.content.packs.staging import LOCK_NAME, Staging

MANIFEST = "id: mod\nname: Mod\nversion: {version}\n"


def good(path: Path, version: str = "1.0.0", extra: dict[str, str] | None = None) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("pack.yaml", MANIFEST.format(version=version))
        z.writestr("charms/mod_one.yaml", "id: mod_one\nname: One\npassive: [splash]\n")
        for name, text in (extra or {}).items():
            z.writestr(name, text)
    return path


#: Enough files that extracting and checking take a while, so random kills land in every phase.
BIG = {f"charms/mod_{i}.yaml": f"id: mod_{i}\nname: Mod {i}\npassive: [splash]\n" for i in range(60)}


def left_behind() -> list[str]:
    """What the packs folder holds, but for the lock file that stays as the folder's lock."""
    root = installed_packs_dir()
    return sorted(p.name for p in root.iterdir() if p.name != LOCK_NAME) if root.exists() else []


def _symlink(z: zipfile.ZipFile) -> None:
    info = zipfile.ZipInfo("charms/link.yaml")
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    z.writestr(info, "/etc/passwd")


HOSTILE = {
    "absolute path": lambda z: z.writestr("/tmp/evil.yaml", "x"),
    "dotdot": lambda z: z.writestr("charms/../../evil.yaml", "x"),
    "symlink": _symlink,
    "duplicate names": lambda z: (z.writestr("charms/a.yaml", "x"), z.writestr("charms/A.yaml", "y")),
    "file over the size limit": lambda z: z.writestr(
        zipfile.ZipInfo("charms/huge.yaml"), os.urandom(6 * 1024 * 1024), zipfile.ZIP_STORED
    ),
    "zip bomb": lambda z: z.writestr("charms/bomb.yaml", b"0" * (4 * 1024 * 1024)),
}


@pytest.mark.filterwarnings("ignore:Duplicate name")
@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_hostile_archive_is_refused_and_leaves_nothing_behind(tmp_path: Path, kind: str) -> None:
    archive = tmp_path / "evil.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("pack.yaml", MANIFEST.format(version="1.0.0"))
        HOSTILE[kind](z)
    with pytest.raises(InstallError):
        install(archive)
    assert left_behind() == []
    assert not (tmp_path.parent / "evil.yaml").exists()


def test_an_archive_without_a_manifest_is_refused(tmp_path: Path) -> None:
    archive = tmp_path / "x.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("charms/a.yaml", "id: a\n")
    with pytest.raises(InstallError, match=r"no pack\.yaml"):
        install(archive)
    assert left_behind() == []


def test_an_archive_with_invalid_content_is_refused(tmp_path: Path) -> None:
    archive = good(tmp_path / "x.zip", extra={"charms/mod_bad.yaml": "id: mod_bad\nname: Bad\ncolour: red\n"})
    with pytest.raises(InstallError, match="unknown field 'colour'"):
        install(archive)
    assert left_behind() == []


def test_installing_a_new_version_replaces_the_old_one(tmp_path: Path) -> None:
    install(good(tmp_path / "one.zip", "1.0.0"))
    pack = install(good(tmp_path / "two.zip", "2.0.0"))
    assert str(pack.version) == "2.0.0"
    assert left_behind() == ["mod"]


def test_a_failed_update_keeps_the_installed_version(tmp_path: Path) -> None:
    install(good(tmp_path / "one.zip", "1.0.0"))
    broken = good(tmp_path / "two.zip", "2.0.0", {"charms/mod_bad.yaml": "id: [\n"})
    with pytest.raises(InstallError):
        install(broken)
    assert left_behind() == ["mod"]
    assert "1.0.0" in (installed_packs_dir() / "mod/pack.yaml").read_text(encoding="utf-8")


def test_remove_deletes_the_pack_and_refuses_unknown_ids(tmp_path: Path) -> None:
    install(good(tmp_path / "one.zip"))
    remove("mod")
    assert left_behind() == []
    with pytest.raises(InstallError, match="no installed pack 'mod'"):
        remove("mod")
    with pytest.raises(InstallError):
        remove("../etc")


def test_an_older_version_does_not_replace_a_newer_one_without_force(tmp_path: Path) -> None:
    install(good(tmp_path / "new.zip", "1.2.0"))
    with pytest.raises(
        InstallError, match=r"mod 1\.0\.0 is older than the installed mod 1\.2\.0; give --force"
    ):
        install(good(tmp_path / "old.zip", "1.0.0"))
    assert left_behind() == ["mod"]
    assert "1.2.0" in (installed_packs_dir() / "mod" / "pack.yaml").read_text(encoding="utf-8")
    assert str(install(good(tmp_path / "old.zip", "1.0.0"), force=True).version) == "1.0.0"


def test_installing_a_folder_says_to_build_it_or_use_pack(tmp_path: Path) -> None:
    folder = tmp_path / "mod"
    folder.mkdir()
    (folder / "pack.yaml").write_text(MANIFEST.format(version="1.0.0"), encoding="utf-8")
    with pytest.raises(InstallError) as caught:
        install(folder)
    assert f"studio pack build {folder} -o FILE.zip" in str(caught.value)
    assert f"--pack {folder}" in str(caught.value)
    assert left_behind() == []


# --- atomic under kills, safe when concurrent ---------------------------------------------------------------


def installed_version() -> str | None:
    """The version of 'mod' a command sees now (after recovering what a killed install left)."""
    packs, problems = installed_packs()
    assert not problems, problems
    found = [str(p.version) for p in packs if p.id == "mod"]
    return found[0] if found else None


def test_a_kill_between_the_two_renames_leaves_the_old_version_restored_by_the_next_command(
    tmp_path: Path,
) -> None:
    install(good(tmp_path / "one.zip", "1.0.0"))
    root = installed_packs_dir()
    # the disk as an install killed between its renames leaves it, with a killed staging and removal beside
    os.replace(root / "mod", root / ".old-mod-0123456789abcdef0123456789abcdef")
    (root / ".staging-feedfacefeedfacefeedfacefeedface" / "pack").mkdir(parents=True)
    (root / ".staging-feedfacefeedfacefeedfacefeedface.lock").write_text("")
    (root / ".removing-gone-00000000000000000000000000000000" / "charms").mkdir(parents=True)
    assert installed_version() == "1.0.0"
    assert left_behind() == ["mod"]


def test_the_staging_folder_of_a_running_install_is_left_alone(tmp_path: Path) -> None:
    root = installed_packs_dir()
    root.mkdir(parents=True)
    with Staging(root) as staging:
        staging.mkdir()
        assert installed_packs() == ([], [])  # another command recovers leftovers: not this live one
        assert staging.is_dir()
    assert left_behind() == []


def _install_quietly(archive: Path) -> None:
    """The body of a killed child: install, and exit without running the parent's pytest machinery."""
    code = 0
    try:
        install(archive, force=True)
    except InstallError:
        code = 3
    os._exit(code)


def test_installs_killed_at_random_moments_always_leave_the_old_or_the_new_version(tmp_path: Path) -> None:
    fork = multiprocessing.get_context("fork")
    archives = [good(tmp_path / "one.zip", "1.0.0"), good(tmp_path / "two.zip", "2.0.0", BIG)]
    install(archives[0])
    start = time.perf_counter()
    install(archives[1])
    duration = time.perf_counter() - start
    rng = random.Random(7)
    seen = set()
    for i in range(24):
        child = fork.Process(target=_install_quietly, args=(archives[i % 2],))
        child.start()
        time.sleep(rng.uniform(0, duration * 1.2))
        os.kill(child.pid or 0, signal.SIGKILL)
        child.join()
        version = installed_version()
        assert version in ("1.0.0", "2.0.0"), i
        seen.add(child.exitcode)
    assert -signal.SIGKILL in seen  # some kills landed mid-install
    install(archives[0], force=True)
    assert installed_version() == "1.0.0"
    assert left_behind() == ["mod"]


def test_concurrent_installs_of_one_pack_all_succeed_and_leave_one_version(tmp_path: Path) -> None:
    fork = multiprocessing.get_context("fork")
    archives = [good(tmp_path / f"v{i}.zip", f"1.0.{i}") for i in range(4)]
    children = [fork.Process(target=_install_quietly, args=(a,)) for a in archives * 2]
    for child in children:
        child.start()
    for child in children:
        child.join()
    assert [c.exitcode for c in children] == [0] * len(children)
    assert installed_version() in {f"1.0.{i}" for i in range(4)}
    assert left_behind() == ["mod"]


# --- what install refuses, build refuses too ----------------------------------------------------------------


def test_the_id_base_is_refused(tmp_path: Path) -> None:
    archive = tmp_path / "base.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("pack.yaml", "id: base\nname: Fake base\nversion: 9.0.0\n")
    with pytest.raises(InstallError, match="the id 'base' is the base game's"):
        install(archive)
    assert left_behind() == []


@pytest.mark.parametrize(
    ("name", "text", "reason"),
    [
        ("tests/t.yaml", "played: AS\ncolour: red\n", "unknown field 'colour'"),
        ("tests/t.yaml", "played: AS\nx: !!python/object:os.system ls\n", "YAML tag"),
        (
            "patches/p.yaml",
            "target: charm/mod_one\nsett: {name: X}\n",
            r"x\.zip/patches/p\.yaml:2:1: \$\.sett: unknown field 'sett' \(did you mean 'set'\?\)",
        ),
        (
            "patches/p.yaml",
            "target: charm/mod_one\nset: &a {name: *a}\n",
            "refers to a node that contains it",
        ),
    ],
)
def test_tests_and_patches_are_checked_like_every_other_file(
    tmp_path: Path, name: str, text: str, reason: str
) -> None:
    with pytest.raises(InstallError, match=reason):
        install(good(tmp_path / "x.zip", extra={name: text}))
    assert left_behind() == []


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else False, reason="root writes anywhere")
def test_a_read_only_data_folder_is_one_clear_error(tmp_path: Path) -> None:
    install(good(tmp_path / "one.zip"))
    root = installed_packs_dir()
    root.chmod(0o500)
    try:
        with pytest.raises(InstallError, match="cannot"):
            install(good(tmp_path / "two.zip", "2.0.0"))
        with pytest.raises(InstallError, match="cannot"):
            remove("mod")
    finally:
        root.chmod(0o700)
    assert installed_version() == "1.0.0"


@pytest.mark.parametrize(
    ("files", "reason"),
    [
        ({"pack.yaml": "id: base\nname: Base\nversion: 1.0.0\n"}, "the id 'base' is the base game's"),
        (
            {"pack.yaml": MANIFEST.format(version="1.0.0"), "tests/t.yaml": "played: AS\nchrams: []\n"},
            "chrams",
        ),
        (
            {"pack.yaml": MANIFEST.format(version="1.0.0"), "patches/p.yaml": "target: charm/x\nsett: {}\n"},
            "unknown field 'sett' (did you mean 'set'?)",
        ),
        ({"pack.yaml": MANIFEST.format(version="1.0.0"), "charms/aux.yaml": "x: 1\n"}, "reserved on Windows"),
    ],
)
def test_build_refuses_what_install_would_refuse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], files: dict[str, str], reason: str
) -> None:
    folder = tmp_path / "pack"
    for rel, text in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8")
    code = studio_main(["pack", "build", str(folder), "-o", str(tmp_path / "out.zip")])
    captured = capsys.readouterr()
    assert code in (1, 2)
    assert reason in captured.out + captured.err
    assert not (tmp_path / "out.zip").exists()
