"""What every subcommand shares: loading the packs named on the command line, and failing well."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from studio.cli.jsonout import dump_json as dump_json  # every command writes JSON through this one
from studio.content.packs import Pack, base_pack, installed_packs, open_pack, resolve
from studio.content.problems import Problem
from studio.content.registry import Content, load_packs
from studio.content.text import printable
from studio.content.trust import TrustStore
from studio.engine.catalog import Catalog
from studio.engine.names import did_you_mean

#: Exit codes of the CLI contract.
OK, PROBLEMS, BAD_INPUT = 0, 1, 2


class UsageError(Exception):
    """Bad usage or unreadable input: exit 2 with one line on stderr."""


def add_pack_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--pack`` (repeatable), ``--no-base`` and ``--trust``."""
    parser.add_argument(
        "--pack",
        action="append",
        default=[],
        metavar="PACK",
        help="a pack folder, .zip or installed pack id, loaded with the base game (repeatable)",
    )
    parser.add_argument("--no-base", action="store_true", help="do not load the base game")
    parser.add_argument(
        "--trust",
        action="store_true",
        help="trust the packs given with --pack to run their code (remembered per pack content)",
    )


def requested(args: argparse.Namespace, installed: list[Pack]) -> tuple[list[Pack], list[Problem]]:
    """Open the packs the command line asks for: the base game, then each --pack in order."""
    packs = [] if args.no_base else [base_pack()]
    problems: list[Problem] = []
    for spec in args.pack:
        pack, found = open_spec(spec, installed)
        problems += found
        if pack is not None:
            packs.append(pack)
    return packs, problems


def open_spec(spec: str, installed: list[Pack]) -> tuple[Pack | None, list[Problem]]:
    """Open ``--pack`` SPEC: a folder or zip, else an installed pack id; raise UsageError if none."""
    path = Path(spec)
    if path.exists():
        return open_pack(path)
    for pack in installed:
        if pack.id == spec:
            return pack, []
    ids = [p.id for p in installed]
    raise UsageError(f"--pack {spec}: no such folder, zip or installed pack{did_you_mean(spec, ids)}")


def load(args: argparse.Namespace) -> Content:
    """Load what the command line names; print warnings to stderr; problems stay in the result."""
    installed, _ = installed_packs()
    packs, problems = requested(args, installed)
    if problems:
        return Content(requested=packs, problems=problems)
    resolution = resolve(packs, installed)
    if resolution.problems:
        return Content(packs=resolution.order, requested=packs, problems=resolution.problems)
    store = TrustStore()
    if getattr(args, "trust", False):
        for pack in packs:
            if not pack.builtin:
                store.trust(pack)
    content = load_packs(resolution.order, store.is_trusted)
    content.requested = packs
    for warning in content.warnings:
        print(f"studio: warning: {warning}", file=sys.stderr)
    return content


def loaded(args: argparse.Namespace) -> Content:
    """Return sound content (with its catalog), or raise UsageError naming the first problem."""
    content = load(args)
    if content.catalog is None:
        more = len(content.problems) - 1
        tail = f" (and {more} more; run 'studio validate')" if more else ""
        raise UsageError(f"{content.problems[0]}{tail}")
    return content


def catalog(args: argparse.Namespace) -> Catalog:
    """Return the catalog of sound content, or raise UsageError naming the first problem."""
    cat = loaded(args).catalog
    assert cat is not None
    return cat


def tested_packs(content: Content) -> list[Pack]:
    """The packs whose tests/ a command checks: those given with --pack, else all loaded."""
    return [p for p in content.requested if not p.builtin] or content.requested


def fail(command: str, message: str) -> int:
    """Print one line to stderr and return the bad-input exit code."""
    print(f"studio {command}: error: {printable(message)}", file=sys.stderr)
    return BAD_INPUT
