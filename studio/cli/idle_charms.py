"""Refuse (exit 2) to play code charms named on the command line whose code does not run here.

A charm whose pack is not trusted (or whose code failed to load) does nothing: a score, a run or a
simulation with it would report what a charm that does nothing does, as if it were the charm's.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import TYPE_CHECKING

from studio.cli.errors import UsageError

if TYPE_CHECKING:
    from studio.content.registry import Content
    from studio.engine.catalog import Catalog


def refuse_idle_charms(
    args: argparse.Namespace, catalog: Catalog, charms: Iterable[str], option: str, where: str
) -> None:
    """Refuse the code charms of ``charms`` (ids) whose code ``catalog`` holds no behaviour for, saying
    why and what to do; ``where`` says what they would do nothing in ("in this hand")."""
    idle = [
        c
        for c in dict.fromkeys(charms)
        if (defn := catalog.charms.get(c)) is not None and defn.behaviour_id and defn.behaviour is None
    ]
    if not idle:
        return
    from studio.services.loading import load  # why, and what to do: only the full load knows its pack

    refuse_idle(load(args.pack, no_base=args.no_base, trust=args.trust).content, idle, option, where)


def refuse_idle(content: Content, charms: Iterable[str], option: str, where: str) -> None:
    """Refuse the charms of ``charms`` that do nothing in ``content``, saying why."""
    told = [f"{c} would do nothing {where}: {why}" for c in charms if (why := content.idle(c))]
    if told:
        raise UsageError(f"{option}: {'; '.join(told)}")
