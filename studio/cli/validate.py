"""``studio validate``: every schema and cross-reference problem, as ``FILE:LINE:COL: message``."""

from __future__ import annotations

import argparse
from pathlib import Path

from studio.cli.errors import OK, PROBLEMS, warn
from studio.cli.loading import add_pack_options
from studio.services.checks import validate


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    p.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="pack folders, zips or single files, each checked with its pack (default: the loaded packs)",
    )
    add_pack_options(p)
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the subcommand (see :func:`studio.services.checks.validate`)."""
    result = validate(args.paths, args.pack, no_base=args.no_base, trust=args.trust)
    for warning in result.warnings:
        warn(warning)
    for line in result.lines():
        print(line.text)
    return OK if result.ok else PROBLEMS
