"""``studio test``: run every scenario that carries an ``expect``; show a per-step diff on failure."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from studio.cli.common import OK, PROBLEMS, UsageError, add_pack_options, catalog, content_roots
from studio.cli.render import table
from studio.content.documents import DocumentError
from studio.content.scenarios import (
    iter_events_diff,
    mismatches,
    read_scenarios,
    run,
    scenario_files,
)


def add_parser(sub: Any) -> None:
    """Register the subcommand."""
    p = sub.add_parser("test", help="run scenarios with expected results")
    p.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="scenario files or folders (default: each pack's tests/)",
    )
    add_pack_options(p)
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    for path in args.paths:
        if not path.exists():
            raise UsageError(f"{path}: no such file or folder")
    cat = catalog(args)
    paths = args.paths or [root / "tests" for root in content_roots(args) if (root / "tests").is_dir()]
    passed = failed = 0
    for folder in paths:
        for path in scenario_files(folder):
            try:
                scenarios, problems = read_scenarios(path)
            except DocumentError as exc:
                problems, scenarios = [exc.problem], []
            for problem in problems:
                print(f"ERROR {problem}")
                failed += 1
            for s in scenarios:
                if s.model.expect is None:
                    continue
                try:
                    result = run(s.model, cat)
                except ValueError as exc:
                    print(f"ERROR {s.label}: {exc}")
                    failed += 1
                    continue
                wrong = mismatches(s.model, result)
                if not wrong:
                    passed += 1
                    continue
                failed += 1
                print(f"FAIL {s.label}")
                for line in wrong:
                    print(f"  {line}")
                rows = list(iter_events_diff(s.model, result))
                print("  " + table(["#", "", "actual", "expected"], rows).replace("\n", "\n  "))
    print(f"{passed} passed, {failed} failed")
    return PROBLEMS if failed else OK
