"""``studio validate``: every schema and cross-reference problem, as ``FILE:LINE:COL: message``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from studio.cli.common import OK, PROBLEMS, UsageError, add_pack_options, content_roots, load
from studio.content.documents import DocumentError, read_document
from studio.content.models import FOLDER_KINDS
from studio.content.problems import Problem
from studio.content.registry import Content, build_catalog, content_files
from studio.content.scenarios import read_scenarios, scenario_files, scenario_problems
from studio.content.validation import validate_document
from studio.engine.catalog import Catalog


def add_parser(sub: Any) -> None:
    """Register the subcommand."""
    p = sub.add_parser("validate", help="check content files and their cross-references")
    p.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="content folders or files (default: the loaded packs)",
    )
    add_pack_options(p)
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    for path in [*args.pack, *args.paths]:
        if not path.exists():
            raise UsageError(f"{path}: no such file or folder")
    folders = [p for p in args.paths if p.is_dir()]
    files = [p for p in args.paths if not p.is_dir()]
    args.pack = [*args.pack, *folders]
    content = load(args)
    problems = list(content.problems)
    checked = sum(1 for root in content_roots(args) for _ in content_files(root))
    cat = _best_catalog(content)
    for root in content_roots(args):
        found, count = _scenarios(root / "tests", cat)
        problems += found
        checked += count
    for path in files:
        problems += _file(path, cat)
        checked += 1
    for problem in sorted(set(problems)):
        print(problem)
    if problems:
        print(f"{len(set(problems))} problem(s) in {len({p.file for p in problems})} file(s)")
        return PROBLEMS
    print(f"ok: {checked} file(s) checked")
    return OK


def _best_catalog(content: Content) -> Catalog | None:
    """The catalog, or (when the content has problems) one built from the files that loaded.

    Scenarios are then still checked, so every problem shows at once; a scenario
    that names an entry from a broken file reports that id as unknown too.
    """
    if content.catalog is not None:
        return content.catalog
    try:
        return build_catalog(content.entries, content.behaviours)
    except Exception:  # best effort only: the content's own problems are already reported
        return None


def _scenarios(folder: Path, cat: Catalog | None) -> tuple[list[Problem], int]:
    """Check a tests folder's scenarios against the schema and the loaded content."""
    if not folder.is_dir():
        return [], 0
    problems: list[Problem] = []
    files = scenario_files(folder)
    for path in files:
        try:
            scenarios, found = read_scenarios(path)
        except DocumentError as exc:
            problems.append(exc.problem)
            continue
        problems += found
        if cat is not None:
            for s in scenarios:
                problems += scenario_problems(s, cat)
    return problems, len(files)


def _file(path: Path, cat: Catalog | None) -> list[Problem]:
    """Check one file on its own, its kind told by its folder."""
    if not path.exists():
        raise UsageError(f"{path}: no such file or folder")
    kind = "run" if path.name == "run.yaml" else FOLDER_KINDS.get(path.parent.name)
    if kind is None:
        raise UsageError(
            f"{path}: cannot tell the kind of content; put it in one of "
            f"{', '.join(sorted(f for f in FOLDER_KINDS if f != 'run.yaml'))}/"
        )
    try:
        doc = read_document(path)
    except DocumentError as exc:
        return [exc.problem]
    if kind == "scenario":
        scenarios, problems = read_scenarios(path)
        if cat is not None:
            for s in scenarios:
                problems += scenario_problems(s, cat)
        return problems
    return validate_document(kind, doc)[1]
