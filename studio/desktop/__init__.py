"""The editor on the desktop: its icon and its freedesktop launcher, shipped beside this module.

``studio desktop install`` copies both into the user's XDG data folder so the
application menu lists Charm Studio; the launcher runs the ``studio-editor``
script of the environment Studio is installed in, found by its full path, as
a desktop session's ``PATH`` may not hold the folder pipx, a venv or
``pip install --user`` puts it in.
"""

from __future__ import annotations

import importlib.metadata
import os
import sysconfig
from pathlib import Path

#: The name the launcher and the icon are installed under (the icon theme looks it up by it).
NAME = "charm-studio"
ICON = Path(__file__).with_name(f"{NAME}.svg")
LAUNCHER = Path(__file__).with_name(f"{NAME}.desktop")
#: Characters that make a desktop entry's ``Exec`` argument need quotes (Desktop Entry spec).
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def data_home() -> Path:
    """The user's XDG data folder: ``$XDG_DATA_HOME``, or ``~/.local/share``."""
    home = os.environ.get("XDG_DATA_HOME", "")
    return Path(home) if os.path.isabs(home) else Path.home() / ".local" / "share"


def installed_files(home: Path) -> tuple[Path, Path]:
    """Where the launcher and the icon go under the XDG data folder ``home``."""
    return home / "applications" / f"{NAME}.desktop", home / "icons/hicolor/scalable/apps" / f"{NAME}.svg"


def install(home: Path) -> tuple[Path, Path]:
    """Write the icon, then the launcher (running this environment's ``studio-editor``); return their paths.

    Raises OSError where a file cannot be written; the menu entry is written last, so a failure never
    leaves one without its icon.
    """
    launcher, icon = installed_files(home)
    script = editor_script()
    command = _exec_arg(str(script)) if script is not None else "studio-editor"
    text = LAUNCHER.read_text(encoding="utf-8").replace("Exec=studio-editor", f"Exec={command}")
    for path, data in ((icon, ICON.read_bytes()), (launcher, text.encode("utf-8"))):  # the menu entry last
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return launcher, icon


def editor_script() -> Path | None:
    """This installation's ``studio-editor``: where pip wrote it, as the distribution's RECORD says (a
    venv's or pipx's ``bin``, ``~/.local/bin`` for ``pip install --user``), else in the interpreter's
    scripts folder; None if neither holds it."""
    try:
        files = importlib.metadata.distribution("charm-studio").files or []
    except importlib.metadata.PackageNotFoundError:  # run from a checkout that was never installed
        files = []
    found = [Path(os.path.normpath(f.locate())) for f in files if f.name == "studio-editor"]
    found.append(Path(sysconfig.get_path("scripts")) / "studio-editor")
    return next((path for path in found if path.is_file()), None)


def remove(home: Path) -> list[Path]:
    """Delete the launcher and the icon ``install`` wrote; return those that were there."""
    removed = [path for path in installed_files(home) if path.is_file()]
    for path in removed:
        path.unlink()
    return removed


def _exec_arg(arg: str) -> str:
    """Quote an ``Exec`` argument as the Desktop Entry spec asks (a literal ``%`` is ``%%``, which
    would otherwise start a field code), then escape it as a string value."""
    arg = arg.replace("%", "%%")
    if _RESERVED.intersection(arg):
        arg = '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'
    return arg.replace("\\", "\\\\")
