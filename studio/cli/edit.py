"""``studio edit``: open the desktop editor (the app is imported only when this command runs)."""

from __future__ import annotations

import argparse
from pathlib import Path

from studio.cli.errors import UsageError


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    p.add_argument("packs", nargs="*", type=Path, metavar="PACK_DIR", help="pack folders to edit")
    p.add_argument("--trust", action="store_true", help="let the given packs' code run in this session")
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    check_folders(args.packs)
    try:
        from studio.app.main import run
    except ImportError as exc:
        raise UsageError(f"the editor needs the app extra (pip install 'charm-studio[app]'): {exc}") from None
    return run(list(args.packs), trust=args.trust)


def check_folders(folders: list[Path]) -> None:
    """Refuse what the editor cannot open: a zip (it edits files in place) or a missing folder."""
    for folder in folders:
        if folder.is_file() and folder.suffix.lower() == ".zip":
            why = "the editor edits files in place, so it opens folders; extract the zip"
            raise UsageError(f"{folder}: {why}")
        if not folder.is_dir():
            raise UsageError(f"{folder}: no such pack folder")
