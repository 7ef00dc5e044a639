"""``studio validate``: every schema and cross-reference problem, as ``FILE:LINE:COL: message``."""

from __future__ import annotations

import argparse
from pathlib import Path

from studio.cli.common import load, owning_packs, tested_packs
from studio.cli.errors import OK, PROBLEMS, UsageError
from studio.cli.loading import add_pack_options
from studio.content.documents import CONTENT_SUFFIXES, DocumentError, read_document
from studio.content.entries import kind_of
from studio.content.models import FOLDER_KINDS
from studio.content.packs import MANIFEST as MANIFEST_FILE
from studio.content.problems import MANIFEST, SCENARIO, Problem, ordered
from studio.content.registry import Content, build_catalog
from studio.content.scenarios import pack_scenarios, read_scenarios, scenario_problems
from studio.content.validation import validate_document
from studio.engine.catalog import Catalog


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    p.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="pack folders, zips or single files, each checked with its pack (default: the loaded packs)",
    )
    add_pack_options(p)
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the subcommand.

    A folder is a pack; a file is checked in the context of the pack it
    belongs to (found by walking up to ``pack.yaml``), so its references are
    checked too, and only its own problems (and their causes) are printed.
    """
    for path in args.paths:
        if not path.exists():
            raise UsageError(f"{path}: no such file or folder")
    files = [p for p in args.paths if p.is_file() and p.suffix.lower() != ".zip"]
    roots = owning_packs(args, files)
    for path, root in roots.items():
        _check_kind(path, root)
    args.pack = [*args.pack, *(str(p) for p in args.paths if p not in files)]
    content = load(args)
    problems = list(content.problems)
    cat = _best_catalog(content)
    checked = sum(len(p.files) for p in content.packs) or len(content.requested)
    for pack in tested_packs(content):
        scenarios, found = pack_scenarios(pack)
        problems += [p.at_stage(SCENARIO) for p in found]
        if cat is not None:
            for s in scenarios:
                problems += scenario_problems(s, cat, content.broken)
    loose = [path for path in files if path not in roots]
    for path in loose:
        problems += _file(path, cat)
    if files and len(files) == len(args.paths):
        wanted = {path.resolve() for path in files}
        problems = [p for p in problems if p.stage == MANIFEST or Path(p.file).resolve() in wanted]
        checked = len(files)
    else:
        checked += len(loose)
    problems = ordered(problems)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) in {len({p.file for p in problems})} file(s)")
        return PROBLEMS
    print(f"ok: {checked} file(s) checked")
    return OK


def _check_kind(path: Path, root: Path) -> None:
    """Refuse a file of a pack that holds no content (a README, an icon): there is nothing to check."""
    rel = path.resolve().relative_to(root).as_posix()
    content = rel.endswith(CONTENT_SUFFIXES) and (
        rel == MANIFEST_FILE or kind_of(rel) is not None or rel.startswith(("tests/", "patches/"))
    )
    if not (content or (rel.startswith("plugins/") and rel.endswith(".py"))):
        raise UsageError(
            f"{path}: not a content file of pack folder {root.name}/: give a manifest, an entry "
            "(charms/, hands/, ...), a patch, a test or a plugin"
        )


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
