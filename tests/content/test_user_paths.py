"""The user's folders: all under ``STUDIO_HOME`` when it is set, else the platform's (XDG on Linux)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from studio.content.io import paths

STUDIO = Path(sys.executable).with_name("studio")


def test_studio_home_holds_data_cache_recovery_and_settings(studio_home: Path) -> None:
    assert paths.user_dir() == studio_home
    assert paths.installed_packs_dir() == studio_home / "packs"
    assert paths.cache_dir() == studio_home / "cache"
    assert paths.recovery_dir() == studio_home / "recovery"
    assert paths.settings_file() == studio_home / "settings.ini"


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG folders are Linux's")
def test_without_studio_home_each_folder_is_the_xdg_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("STUDIO_HOME")
    for name in ("DATA", "CACHE", "CONFIG"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(tmp_path / name.lower()))
    assert paths.user_dir() == tmp_path / "data" / "charm-studio"
    assert paths.cache_dir() == tmp_path / "cache" / "charm-studio"
    assert paths.recovery_dir() == tmp_path / "data" / "charm-studio" / "recovery"
    assert paths.settings_file() == tmp_path / "config" / "charm-studio" / "settings.ini"


def test_commands_write_their_caches_only_under_studio_home(tmp_path: Path) -> None:
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    env = {
        **os.environ,
        "STUDIO_HOME": str(home),
        "HOME": str(elsewhere / "user"),
        **{
            f"XDG_{name}_HOME": str(elsewhere / name.lower()) for name in ("DATA", "CACHE", "CONFIG", "STATE")
        },
    }
    for argv in (["validate"], ["score", "AS AH KD 5C 2H"]):
        done = subprocess.run([str(STUDIO), *argv], env=env, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
    written = {p.relative_to(home).parts[0] for p in home.rglob("*") if p.is_file()}
    assert written == {"cache"}
    assert (home / "cache" / "parsed.marshal").is_file()
    assert not elsewhere.exists()
