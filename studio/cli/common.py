"""What every subcommand shares: loading the packs named on the command line, and failing well."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from studio.content.paths import base_content_dir, base_plugins_dir
from studio.content.registry import Content, load_content
from studio.engine.catalog import Catalog

#: Exit codes of the CLI contract.
OK, PROBLEMS, BAD_INPUT = 0, 1, 2


class UsageError(Exception):
    """Bad usage or unreadable input: exit 2 with one line on stderr."""


def add_pack_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--pack DIR`` (repeatable) and ``--no-base``."""
    parser.add_argument(
        "--pack",
        action="append",
        default=[],
        type=Path,
        metavar="DIR",
        help="a content folder loaded after the base game (repeatable, in load order)",
    )
    parser.add_argument("--no-base", action="store_true", help="do not load the base game's content first")


def content_roots(args: argparse.Namespace) -> list[Path]:
    """Return the content folders to load, in order."""
    base = [] if args.no_base else [base_content_dir()]
    return base + list(args.pack)


def load(args: argparse.Namespace) -> Content:
    """Load the content the command line names (base plugins are trusted; packs' are not)."""
    plugins = [] if args.no_base else [base_plugins_dir()]
    return load_content(content_roots(args), plugins)


def catalog(args: argparse.Namespace) -> Catalog:
    """Return the catalog, or raise UsageError naming the first content problem."""
    content = load(args)
    if content.catalog is None:
        more = len(content.problems) - 1
        tail = f" (and {more} more; run 'studio validate')" if more else ""
        raise UsageError(f"{content.problems[0]}{tail}")
    return content.catalog


def dump_json(data: object) -> str:
    """Return strict JSON: a total past the float range is written ``1e999``.

    Python would write ``Infinity``, which JSON does not allow; ``1e999`` is a
    valid JSON number that every parser reads back as infinity.
    """
    return _INFINITY.sub(r"\g<1>1e999", json.dumps(data, ensure_ascii=False))


_INFINITY = re.compile(r'(?<![\w"])(-?)Infinity(?![\w"])')


def fail(command: str, message: str) -> int:
    """Print one line to stderr and return the bad-input exit code."""
    print(f"studio {command}: error: {message}", file=sys.stderr)
    return BAD_INPUT
