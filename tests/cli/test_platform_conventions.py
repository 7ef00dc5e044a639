"""Studio behaves like installed software: ``python -m studio``, ``--version``, any terminal encoding,
a desktop launcher."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import studio
from studio import desktop

STUDIO = Path(sys.executable).with_name("studio")


def _run(*argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        argv, capture_output=True, text=True, env={**os.environ, **env}, check=False, encoding="utf-8"
    )


def test_python_dash_m_studio_is_the_studio_command() -> None:
    done = _run(sys.executable, "-m", "studio", "score", "AS AH KD 5C 2H", "--json")
    assert done.returncode == 0, done.stderr
    assert '"total": 64' in done.stdout


def test_python_dash_m_studio_imports_nothing_from_the_working_folder(tmp_path: Path) -> None:
    # A pack folder may hold any .py file; `-m` puts the working folder first on sys.path.
    marker = tmp_path / "ran"
    (tmp_path / "typing.py").write_text(f"open({str(marker)!r}, 'w')\nraise ImportError('shadowed')\n")
    done = subprocess.run(
        [sys.executable, "-m", "studio", "score", "AS AH", "--json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
        encoding="utf-8",
    )
    assert done.returncode == 0, done.stderr
    assert not marker.exists()


def test_python_dash_m_studio_runs_in_a_working_folder_that_was_removed(tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    script = f"import os, runpy, sys; os.chdir({str(gone)!r}); os.rmdir({str(gone)!r}); "
    script += "sys.argv = ['studio', '--version']; runpy.run_module('studio', run_name='__main__')"
    done = _run(sys.executable, "-c", script)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("studio ") and "Traceback" not in done.stderr


def test_version_reads_qt_s_version_without_importing_qt() -> None:
    code = (
        "import sys\nfrom studio.cli.main import main\n"
        "try:\n    main(['--version'])\nexcept SystemExit:\n    print('PySide6' in sys.modules)"
    )
    done = _run(sys.executable, "-c", code)
    assert done.stdout.splitlines()[-1] == "False", done.stderr


def test_version_prints_one_line_per_component() -> None:
    lines = _run(str(STUDIO), "--version").stdout.splitlines()
    assert lines[0] == f"studio {studio.__version__}"
    assert [line.split()[0] for line in lines] == ["studio", "Python", "Qt", "pydantic"]
    assert lines[1].startswith(f"Python {sys.version_info.major}.{sys.version_info.minor}.")


@pytest.mark.parametrize(
    ("encoding", "argv"),
    [("cp1252", ("list", "charms")), ("ascii", ("score", "AS AH KD 5C 2H", "--charm", "pair_mult"))],
)
def test_output_the_terminal_cannot_show_is_escaped(encoding: str, argv: tuple[str, ...]) -> None:
    done = subprocess.run(
        [str(STUDIO), *argv],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": encoding},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode(encoding)  # every byte is of that encoding


def test_list_escapes_suits_on_a_cp1252_terminal() -> None:
    done = subprocess.run(
        [str(STUDIO), "list", "charms"],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "cp1252"},
        check=False,
    )
    assert b"\\u2663" in done.stdout  # the club suit, as an escape


#: The freedesktop menu specification's main categories: a launcher names one, or menus list it twice.
MAIN_CATEGORIES = {
    "AudioVideo", "Audio", "Video", "Development", "Education", "Game", "Graphics",
    "Network", "Office", "Science", "Settings", "System", "Utility",
}  # fmt: skip


def test_the_launcher_names_one_main_category_so_menus_list_it_once() -> None:
    [line] = [
        x for x in desktop.LAUNCHER.read_text(encoding="utf-8").splitlines() if x.startswith("Categories=")
    ]
    categories = line.removeprefix("Categories=").rstrip(";").split(";")
    assert [c for c in categories if c in MAIN_CATEGORIES] == ["Development"]


def test_desktop_install_writes_the_launcher_and_icon_under_xdg_data_home(
    studio, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    run = studio("desktop", "install")
    assert run.code == 0, run.err
    launcher = tmp_path / "applications" / "charm-studio.desktop"
    icon = tmp_path / "icons/hicolor/scalable/apps/charm-studio.svg"
    assert run.out.splitlines() == [f"wrote {launcher}", f"wrote {icon}"]
    text = launcher.read_text(encoding="utf-8")
    assert f"Exec={Path(sys.executable).with_name('studio-editor')} %F" in text
    assert "Icon=charm-studio" in text
    assert icon.read_bytes() == desktop.ICON.read_bytes()
    assert studio("desktop", "remove").out.splitlines() == [f"removed {launcher}", f"removed {icon}"]
    assert not launcher.exists() and not icon.exists()


def test_the_launcher_runs_the_script_pip_wrote_wherever_its_scheme_put_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `pip install --user` writes the scripts to ~/.local/bin, not to the interpreter's scripts folder
    # (sysconfig's default scheme), and a desktop session's PATH may not hold ~/.local/bin: the launcher
    # runs the script the distribution's RECORD lists, by its full path.
    monkeypatch.setattr(desktop.sysconfig, "get_path", lambda *_a, **_k: str(tmp_path / "no_scripts_here"))
    launcher, _icon = desktop.install(tmp_path)
    assert f"Exec={Path(sys.executable).with_name('studio-editor')} %F" in launcher.read_text(
        encoding="utf-8"
    )


def test_a_launcher_that_cannot_be_written_is_one_line_and_no_menu_entry(
    studio, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    # A file where the icon's folder goes stands for any data folder that cannot be written (read-only,
    # full): the command says where, exit 2, and leaves no menu entry without its icon.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "icons").write_text("not a folder")
    run = studio("desktop", "install")
    assert run.code == 2 and "Traceback" not in run.err
    assert run.err.startswith("studio desktop: error: ") and "cannot install the launcher" in run.err
    assert len(run.err.splitlines()) == 1
    assert not (tmp_path / "applications" / "charm-studio.desktop").exists()


def test_the_launcher_quotes_a_script_path_with_spaces() -> None:
    assert desktop._exec_arg("/home/a b/bin/studio-editor") == '"/home/a b/bin/studio-editor"'
    assert desktop._exec_arg("/opt/$x/studio-editor") == '"/opt/\\\\$x/studio-editor"'
    assert desktop._exec_arg("/opt/a%d/studio-editor") == "/opt/a%%d/studio-editor"  # not a field code
    assert desktop._exec_arg("/opt/a %d/studio-editor") == '"/opt/a %%d/studio-editor"'


def test_no_launcher_is_written_where_the_editor_is_not_installed(
    studio_cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setitem(sys.modules, "PySide6", None)  # how Python marks a package it cannot import
    run = studio_cli("desktop", "install")
    assert run.code == 2 and "the editor is not installed in this environment" in run.err
    assert not (tmp_path / "applications").exists()


def test_the_gui_script_opens_the_editor_as_studio_edit_does() -> None:
    done = _run(str(STUDIO.with_name("studio-editor")), "no/such/pack")
    assert done.returncode == 2
    assert "studio edit: error: no/such/pack: no such pack folder" in done.stderr
