"""What a command line asks to load: the pack options, and the catalog of commands that need nothing else.

A command that only scores (``score``, ``odds``, ``run``, ``simulate``) asks
for the catalog here. While no file it was built from has changed, the
snapshot of the last sound load of the same packs serves it without importing
the content models (see :mod:`studio.plugins.snapshot`); otherwise the full
load runs, reports its problems as usual, and leaves a snapshot for next time.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from studio.cli.errors import warn
from studio.engine.catalog import Catalog
from studio.plugins.snapshot import request_for, restore, save

if TYPE_CHECKING:
    from studio.content.registry import Content


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


def request_of(args: argparse.Namespace) -> tuple[str, ...]:
    """What the command line asks to load (the snapshot's name)."""
    return request_for(args.pack, args.no_base)


def quick_catalog(args: argparse.Namespace) -> Catalog | None:
    """The catalog from a current snapshot (printing its warnings, as a load does), or None.

    ``--trust`` always loads in full: trusting a pack is recorded by the load.
    """
    if args.trust:
        return None
    snapshot = restore(request_of(args))
    if snapshot is None:
        return None
    for warning in snapshot.warnings:
        warn(warning)
    return snapshot.catalog


def catalog_of(args: argparse.Namespace) -> Catalog:
    """The catalog of sound content, or raise UsageError naming the first problem (as a full load does)."""
    found = quick_catalog(args)
    if found is not None:
        return found
    content = full_load(args)
    assert content.catalog is not None
    return content.catalog


def full_load(args: argparse.Namespace) -> Content:
    """Load in full (UsageError on problems, see :func:`studio.cli.common.loaded`) and leave a snapshot."""
    from studio.cli.common import loaded  # the content layer: only when no snapshot serves

    content = loaded(args)
    save(request_of(args), content)
    return content
