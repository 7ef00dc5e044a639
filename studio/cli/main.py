"""The ``studio`` command: score, odds, validate, test and schema."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import NoReturn

from studio import __version__
from studio.cli import listing, odds, pack, schema, score, testing, validate
from studio.cli.common import UsageError, fail
from studio.content.documents import DocumentError


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, as the CLI contract asks."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def parser() -> argparse.ArgumentParser:
    """Return the argument parser of every subcommand."""
    p = _Parser(prog="studio", description="Author, package and preview a poker-scoring roguelike.")
    p.add_argument("--version", action="version", version=f"studio {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (score, odds, validate, testing, listing, schema, pack):
        module.add_parser(sub)
    for name in ("run", "simulate"):  # the bot's commands; each imports the run engine only when it runs
        module = import_module(f"studio.cli.{name}")
        module.add_arguments(sub.add_parser(name, help=module.SUMMARY, description=module.SUMMARY))
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (0 ok, 1 problems found, 2 bad input)."""
    args = parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except UsageError as exc:
        return fail(args.command, str(exc))
    except DocumentError as exc:
        return fail(args.command, str(exc.problem))
    except ValueError as exc:
        return fail(args.command, str(exc))
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
