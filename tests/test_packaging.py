"""The wheel and the sdist carry what an installed Studio needs: the base game, the license, the
type marker, the desktop launcher and icon, and metadata whose version is the package's own."""

from __future__ import annotations

import shutil
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

from dists import build_dists

import studio

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_ships_the_base_game_license_marker_and_desktop_files(built: Path) -> None:
    (wheel,) = built.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    info = f"charm_studio-{studio.__version__}.dist-info"
    for name in (
        f"{info}/licenses/LICENSE",
        "studio/py.typed",
        "studio/desktop/charm-studio.desktop",
        "studio/desktop/charm-studio.svg",
        "studio/_base/content/charms/pair_mult.yaml",
        "studio/_base/plugins/five_alive.py",
        "studio/_base/schemas/charm.schema.json",
    ):
        assert name in names, name
    assert not [name for name in names if "__pycache__" in name]


def test_the_wheel_metadata_has_the_version_classifiers_and_the_editor_script(built: Path) -> None:
    (wheel,) = built.glob("*.whl")
    archive = zipfile.ZipFile(wheel)
    info = f"charm_studio-{studio.__version__}.dist-info"
    metadata = Parser().parsestr(archive.read(f"{info}/METADATA").decode("utf-8"))
    assert metadata["Version"] == studio.__version__
    assert metadata["License-Expression"] == "MIT"
    assert "Typing :: Typed" in metadata.get_all("Classifier")
    entry_points = archive.read(f"{info}/entry_points.txt").decode("utf-8")
    assert "[gui_scripts]\nstudio-editor = studio.cli.main:editor" in entry_points
    assert "[console_scripts]\nstudio = studio.cli.main:main" in entry_points


def test_the_sdist_ships_the_license(built: Path) -> None:
    (sdist,) = built.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    top = f"charm_studio-{studio.__version__}"
    assert f"{top}/LICENSE" in names and f"{top}/PKG-INFO" in names


def test_the_wheel_leaves_out_what_a_working_checkout_holds_beside_the_base_game(tmp_path: Path) -> None:
    # A pack's editor set-up (`studio pack schemas content`), an editor's swap file, a Finder's .DS_Store:
    # hidden files git is not told to ignore, which a wheel built from a working checkout must not ship.
    checkout = tmp_path / "checkout"
    for name in ("studio", "content", "plugins", "schemas"):
        shutil.copytree(ROOT / name, checkout / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, checkout / name)
    strays = ("content/.studio/schemas/charm.schema.json", "content/charms/.pair_mult.yaml.swp")
    for stray in (*strays, "plugins/.DS_Store", "schemas/.DS_Store"):
        (checkout / stray).parent.mkdir(parents=True, exist_ok=True)
        (checkout / stray).write_text("{}", encoding="utf-8")
    build_dists(checkout, tmp_path, "--wheel")
    (wheel,) = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert [name for name in names if "/." in name] == []
    assert "studio/_base/content/charms/pair_mult.yaml" in names
