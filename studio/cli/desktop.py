"""``studio desktop install|remove``: list the editor in the desktop's application menu, or take it out."""

from __future__ import annotations

import argparse
import importlib.util
import sys

from studio import desktop
from studio.cli.errors import OK, UsageError


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    p.add_argument(
        "action",
        choices=["install", "remove"],
        help="install: write the launcher and the icon into $XDG_DATA_HOME; remove: delete them",
    )
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the subcommand: print each file written or removed."""
    if sys.platform in ("win32", "darwin"):
        raise UsageError("desktop launchers are for freedesktop desktops (Linux, BSD); run studio-editor")
    if args.action == "install" and importlib.util.find_spec("PySide6") is None:
        raise UsageError(
            "the editor is not installed in this environment (Qt, the 'app' extra), so a launcher would"
            " not open: install charm-studio[app] first"
        )
    home = desktop.data_home()
    try:
        done = desktop.install(home) if args.action == "install" else desktop.remove(home)
    except OSError as exc:  # a read-only or full data folder, a file where a folder goes: one line
        where = exc.filename or home
        raise UsageError(f"{where}: cannot {args.action} the launcher: {exc.strerror or exc}") from None
    for path in done:
        print(f"{'wrote' if args.action == 'install' else 'removed'} {path}")
    return OK
