"""``studio test``: run every scenario that carries an ``expect``; show a per-step diff on failure."""

from __future__ import annotations

import argparse
from pathlib import Path

from studio.cli.errors import OK, PROBLEMS, fail, warn
from studio.cli.loading import add_pack_options
from studio.services.checks import run_scenarios


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    p.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="pack folders (their tests/), scenario files or folders (default: each pack's tests/)",
    )
    add_pack_options(p)
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the subcommand: a pack folder runs that pack's tests/, a file or folder its scenarios (see
    :func:`studio.services.checks.run_scenarios`)."""
    result = run_scenarios(args.paths, args.pack, no_base=args.no_base, trust=args.trust)
    for warning in result.warnings:
        warn(warning)
    for line in result.lines():
        print(line.text)
    for where in result.untested:  # a CI that tested nothing must not pass
        fail(
            "test",
            f"no scenario found in {where}: a test is a scenario with an 'expect', in a .yaml or .json file",
        )
    return OK if result.ok and not result.untested else PROBLEMS
