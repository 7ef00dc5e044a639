"""``studio test``: run every scenario that carries an ``expect``; show a per-step diff on failure."""

from __future__ import annotations

import argparse
from pathlib import Path

from studio.cli.common import loaded, owning_packs, pack_at, scored, tested_packs
from studio.cli.errors import OK, PROBLEMS, UsageError
from studio.cli.loading import add_pack_options
from studio.cli.render import table
from studio.content.documents import DocumentError
from studio.content.packs import MANIFEST
from studio.content.problems import Problem
from studio.content.registry import Content
from studio.content.scenarios import (
    Scenario,
    iter_events_diff,
    mismatches,
    pack_scenarios,
    read_scenarios,
    scenario_files,
)
from studio.content.text import printable


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
    """Run the subcommand: a pack folder runs that pack's tests/, a file or folder its scenarios."""
    for path in args.paths:
        if not path.exists():
            raise UsageError(f"{path}: no such file or folder")
    args.paths = [p.parent if p.name == MANIFEST else p for p in args.paths]  # a manifest means its pack
    roots = owning_packs(args, args.paths)
    content = loaded(args)
    found: list[tuple[list[Scenario], list[Problem]]] = []
    for path in args.paths:
        pack = pack_at(content, roots[path]) if path in roots and path.resolve() == roots[path] else None
        if pack is not None:
            found.append(pack_scenarios(pack))
        else:
            found += [_read(file) for file in scenario_files(path)]
    if not args.paths:
        found = [pack_scenarios(pack) for pack in tested_packs(content)]
    passed = failed = 0
    for scenarios, problems in found:
        for problem in problems:
            print(f"ERROR {problem}")
            failed += 1
        for s in scenarios:
            if s.model.expect is None:
                continue
            if _check(s, content):
                passed += 1
            else:
                failed += 1
    print(f"{passed} passed, {failed} failed")
    return PROBLEMS if failed else OK


def _read(path: Path) -> tuple[list[Scenario], list[Problem]]:
    try:
        return read_scenarios(path)
    except DocumentError as exc:
        return [], [exc.problem]


def _check(s: Scenario, content: Content) -> bool:
    """Run one scenario; print what went wrong, with a per-step trace diff; return True if it passed.

    A scenario that cannot be scored (a bad card, a code charm that raises)
    is one ERROR line, and the next scenario runs.
    """
    try:
        result = scored(s.model, content)
    except UsageError as exc:
        print(f"ERROR {s.label}: {printable(str(exc))}")
        return False
    wrong = mismatches(s.model, result)
    if not wrong:
        return True
    print(f"FAIL {s.label}")
    for line in wrong:
        print(f"  {printable(line)}")
    rows = list(iter_events_diff(s.model, result))
    print("  " + table(["#", "", "actual", "expected"], rows).replace("\n", "\n  "))
    return False
