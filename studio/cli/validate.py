"""``studio validate``: every schema and cross-reference problem, as ``FILE:LINE:COL: message``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from studio.cli.common import OK, PROBLEMS, UsageError, add_pack_options, content_roots, load
from studio.content.documents import DocumentError, read_document
from studio.content.models import FOLDER_KINDS
from studio.content.problems import Problem
from studio.content.registry import Content, content_files
from studio.content.scenarios import read_scenarios, scenario_files, scenario_problems
from studio.content.validation import validate_document


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
    folders = [p for p in args.paths if p.is_dir()]
    files = [p for p in args.paths if not p.is_dir()]
    args.pack = [*args.pack, *folders]
    content = load(args)
    problems = list(content.problems)
    checked = sum(1 for root in content_roots(args) for _ in content_files(root))
    for root in content_roots(args):
        found, count = _scenarios(root / "tests", content)
        problems += found
        checked += count
    for path in files:
        problems += _file(path)
        checked += 1
    for problem in sorted(set(problems)):
        print(problem)
    if problems:
        print(f"{len(set(problems))} problem(s) in {len({p.file for p in problems})} file(s)")
        return PROBLEMS
    print(f"ok: {checked} file(s) checked")
    return OK


def _scenarios(folder: Path, content: Content) -> tuple[list[Problem], int]:
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
        if content.catalog is not None:
            for s in scenarios:
                problems += scenario_problems(s, content.catalog)
    return problems, len(files)


def _file(path: Path) -> list[Problem]:
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
        return read_scenarios(path)[1]
    return validate_document(kind, doc, str(path))[1]
