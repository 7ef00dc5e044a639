"""``studio schema export``: write the JSON Schemas generated from the content models."""

from __future__ import annotations

import argparse
from pathlib import Path

from studio.cli.errors import OK, UsageError
from studio.content.io.paths import default_export_dir, in_installed_studio
from studio.content.schemas import export_schemas


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    export = actions.add_parser("export", help="write one schema per content kind")
    export.add_argument(
        "directory",
        nargs="?",
        type=Path,
        help="where to write (default: ./schemas; the checkout's schemas/ when run from one)",
    )
    export.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    directory = args.directory or default_export_dir()
    if directory.exists() and not directory.is_dir():
        raise UsageError(f"{directory}: is a file; give a folder to write the schemas into")
    if in_installed_studio(directory):  # ./schemas run from inside site-packages, or a path given there
        raise UsageError(
            f"{directory}: Studio is installed there and read-only (an upgrade replaces it);"
            " give a folder of your own to write the schemas into"
        )
    try:
        written = export_schemas(directory)
    except OSError as exc:
        raise UsageError(f"{directory}: cannot write schemas: {exc.strerror or exc}") from None
    for path in written:
        print(path)
    return OK
