"""Installing and removing packs: hostile archives change nothing; installs are atomic."""

from __future__ import annotations

import os
import stat
import zipfile
from pathlib import Path

import pytest

from studio.content.install import InstallError, install, remove
from studio.content.paths import installed_packs_dir

MANIFEST = "id: mod\nname: Mod\nversion: {version}\n"


def good(path: Path, version: str = "1.0.0", extra: dict[str, str] | None = None) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("pack.yaml", MANIFEST.format(version=version))
        z.writestr("charms/mod_one.yaml", "id: mod_one\nname: One\npassive: [splash]\n")
        for name, text in (extra or {}).items():
            z.writestr(name, text)
    return path


def left_behind() -> list[str]:
    root = installed_packs_dir()
    return sorted(p.name for p in root.iterdir()) if root.exists() else []


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
