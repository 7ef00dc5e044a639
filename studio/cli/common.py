"""What every subcommand shares: loading the packs named on the command line, and failing well.

The loading itself is the service layer's (:mod:`studio.services.loading`); here it meets the command
line: ``--pack``, ``--no-base`` and ``--trust``, warnings on stderr, and errors as exit codes.
"""

from __future__ import annotations

import argparse
from pathlib import Path

# Exit codes and UsageError live in studio.cli.errors (light, for --help); command modules may
# import them from here too.
from studio.cli.errors import BAD_INPUT as BAD_INPUT
from studio.cli.errors import OK as OK
from studio.cli.errors import PROBLEMS as PROBLEMS
from studio.cli.errors import UsageError as UsageError
from studio.cli.errors import fail as fail
from studio.cli.errors import usage_error, warn
from studio.cli.jsonout import dump_json as dump_json  # every command writes JSON through this one
from studio.content.models import ScenarioModel
from studio.content.registry import Content
from studio.engine.trace import ScoreResult
from studio.services import loading
from studio.services.errors import ServiceError


def owning_packs(args: argparse.Namespace, paths: list[Path]) -> dict[Path, Path]:
    """Load with ``args.pack`` the pack each path belongs to (``--trust`` does not reach the packs that
    only hold a file given); return path -> pack folder (see
    :func:`studio.services.loading.owning_packs`)."""
    args.pack, args.context, roots = loading.owning_packs(args.pack, args.no_base, paths)
    return roots


def load(args: argparse.Namespace) -> Content:
    """Load what the command line names; print warnings to stderr; problems stay in the result.

    A pack that cannot load (its manifest, a missing dependency, a conflict)
    yields its own problems and is left out, with the packs that need it; the
    others load and are checked as usual, so one mistake is one problem.
    """
    try:
        found = loading.load(
            args.pack,
            no_base=args.no_base,
            trust=getattr(args, "trust", False),
            context=getattr(args, "context", ()),
        )
    except ServiceError as exc:
        raise usage_error(exc) from None
    for warning in found.warnings:
        warn(warning)
    return found.content


def loaded(args: argparse.Namespace) -> Content:
    """Return sound content (with its catalog), or raise UsageError naming the first cause.

    A plugin that failed to load is code that ran and failed: exit 1, as a
    failed check does; other problems make the input unreadable: exit 2.
    """
    try:
        return loading.sound(load(args))
    except ServiceError as exc:
        raise usage_error(exc) from None


def scored(model: ScenarioModel, content: Content) -> ScoreResult:
    """Score a scenario of sound content; raise UsageError with one line if it cannot be scored.

    Bad cards or ids exit 2. A code charm that raises is code that ran and
    failed: one line naming the charm, its pack and plugin file, exit 1.
    """
    try:
        return loading.score(model, content)
    except ServiceError as exc:
        raise usage_error(exc) from None


def failure(exc: Exception, content: Content) -> UsageError:
    """The one line for a hand that failed to score: bad cards or ids (exit 2), or the code charm that raised
    (exit 1, naming the charm, its pack and plugin file)."""
    return usage_error(loading.failure(exc, content))
