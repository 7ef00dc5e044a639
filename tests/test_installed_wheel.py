"""Studio installed from its wheel into a fresh environment outside the checkout works as a user's would:
the commands run on the base game inside the package, and the editor keeps edits out of site-packages."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

EDIT = """
import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

import studio
from studio.app.main_window import MainWindow
from studio.app.read_only import OVERRIDE
from studio.workspace import Workspace

out = Path(sys.argv[1])
app = QApplication([])
window = MainWindow(recovery_dir=out / "recovery", settings=QSettings(str(out / "s.ini"), QSettings.Format.IniFormat))
window.set_workspace(Workspace.open([]))
ws = window.session.ws
ref = next(r for r in ws.entries("charm") if r.id == "plain_mult")
assert Path(studio.__file__).parent in ref.path.parents, ref.path  # the base game inside the package
before = ref.path.read_text(encoding="utf-8")
print("read-only:", ws.read_only(ref))
window.read_only.choose = lambda path, why: OVERRIDE
window.read_only.folder = lambda title, start: out / "my_changes"
window.tree.select("charm", "plain_mult")
window.editor.field_at(("cost",)).box.setValue(9)
window.save_action.trigger()
copy = out / "my_changes" / "charms" / "plain_mult.yaml"
assert "cost: 9" in copy.read_text(encoding="utf-8"), copy.read_text(encoding="utf-8")
assert ref.path.read_text(encoding="utf-8") == before
assert window.session.ws.catalog.charm("plain_mult").cost == 9
window.close()
print("saved to", copy)
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory, built: Path) -> Path:
    """A fresh virtual environment holding only the built wheel (its dependencies are this one's, found
    through a path file: no network, and never the checkout)."""
    where = tmp_path_factory.mktemp("installed")
    (wheel,) = built.glob("*.whl")
    venv = where / "venv"
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    python = venv / "bin" / "python"
    pip = [
        sys.executable,
        "-m",
        "pip",
        "--python",
        str(python),
        "install",
        "--quiet",
        "--no-deps",
        "--no-index",
    ]
    done = subprocess.run([*pip, str(wheel)], capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # The dependencies: this environment's site-packages as a plain path line (its own .pth files, the
    # checkout's editable install among them, are not read).
    (Path(site) / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    return venv


def run(venv: Path, cwd: Path, *argv: str, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env |= {"STUDIO_HOME": str(home or cwd / "home"), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        list(argv), cwd=cwd, env=env, capture_output=True, text=True, check=False, timeout=300
    )


def test_the_installed_commands_run_on_the_packaged_base_game(installed: Path, tmp_path: Path) -> None:
    studio_exe = str(installed / "bin" / "studio")
    where = run(
        installed, tmp_path, str(installed / "bin" / "python"), "-c", "import studio; print(studio.__file__)"
    )
    assert where.returncode == 0 and str(installed) in where.stdout, where.stdout + where.stderr
    validate = run(installed, tmp_path, studio_exe, "validate")
    assert validate.returncode == 0 and validate.stdout.startswith("ok: "), validate.stdout + validate.stderr
    tested = run(installed, tmp_path, studio_exe, "test")
    assert tested.returncode == 0 and " 0 failed" in tested.stdout, tested.stdout[-2000:] + tested.stderr
    scored = run(installed, tmp_path, studio_exe, "score", "AS AH KD 5C 2H", "--charm", "pair_mult")
    assert scored.returncode == 0 and "pair" in scored.stdout, scored.stderr
    version = run(installed, tmp_path, str(installed / "bin" / "python"), "-m", "studio", "--version")
    assert version.returncode == 0 and version.stdout.startswith("studio "), version.stdout + version.stderr
    exported = run(installed, tmp_path, studio_exe, "schema", "export")
    assert exported.returncode == 0, exported.stderr
    assert (tmp_path / "schemas" / "charm.schema.json").is_file()  # ./schemas, never into the package


def test_the_installed_editor_saves_an_edit_of_the_base_game_outside_site_packages(
    installed: Path, tmp_path: Path
) -> None:
    pytest.importorskip("PySide6")
    script = tmp_path / "edit.py"
    script.write_text(EDIT, encoding="utf-8")
    done = run(installed, tmp_path, str(installed / "bin" / "python"), str(script), str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "read-only: the base game is installed with Studio" in done.stdout
    assert (tmp_path / "my_changes" / "pack.yaml").is_file()


def test_pack_schemas_writes_nothing_into_the_installed_base_game(installed: Path, tmp_path: Path) -> None:
    # Files pip did not install would outlive an upgrade and an uninstall: the base game stays as shipped.
    python = str(installed / "bin" / "python")
    found = run(
        installed, tmp_path, python, "-c", "from studio.content.io.paths import *; print(base_content_dir())"
    )
    base = Path(found.stdout.strip())
    assert base.is_dir() and str(installed) in str(base), found.stdout + found.stderr
    done = run(installed, tmp_path, str(installed / "bin" / "studio"), "pack", "schemas", str(base))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "the base game is installed with Studio and read-only" in done.stderr
    assert not (base / ".studio").exists() and not (base / ".vscode").exists()


def test_schema_export_writes_nothing_into_the_installed_package(installed: Path, tmp_path: Path) -> None:
    # Run from the installed base game's folder, `./schemas` is the schemas Studio ships: README promises
    # the export never goes into an installed Studio, wherever the command is started.
    python = str(installed / "bin" / "python")
    found = run(installed, tmp_path, python, "-c", "import studio; print(studio.__file__)")
    package = Path(found.stdout.strip()).parent
    shipped = package / "_base" / "schemas" / "charm.schema.json"
    before = shipped.stat().st_mtime_ns
    studio_exe = str(installed / "bin" / "studio")
    for cwd, argv in (
        (package / "_base", ["schema", "export"]),
        (tmp_path, ["schema", "export", str(package / "_base" / "schemas")]),
        (tmp_path, ["schema", "export", str(package / "my_schemas")]),
    ):
        done = run(installed, cwd, studio_exe, *argv, home=tmp_path / "home")
        assert done.returncode == 2, (argv, done.stdout, done.stderr)
        assert "Studio is installed there and read-only" in done.stderr, done.stderr
    assert shipped.stat().st_mtime_ns == before
    assert not (package / "my_schemas").exists()
