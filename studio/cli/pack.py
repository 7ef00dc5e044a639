"""``studio pack``: new, schemas, build, install, list, remove and diff content packs."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

from studio.cli.common import dump_json, open_spec, scored
from studio.cli.errors import OK, PROBLEMS, UsageError
from studio.cli.render import table
from studio.content.archive import ArchiveError, write_zip
from studio.content.diff import ArtDiff, diff_packs
from studio.content.dist_packs import source
from studio.content.editor_files import SCHEMAS, refresh
from studio.content.install import InstallError, install, installable_problems, remove
from studio.content.installed import installed_packs
from studio.content.packs import BASE_ID, MANIFEST, Pack, base_pack, resolve
from studio.content.problems import ordered
from studio.content.registry import Content
from studio.content.scenarios import mismatches, pack_scenarios, scenario_problems
from studio.content.skeleton import write_skeleton
from studio.content.text import excerpt, printable
from studio.content.trust import TrustStore
from studio.plugins.loading import load_packs

_ID = re.compile(r"[a-z][a-z0-9_]{0,63}\Z")


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    new = actions.add_parser("new", help="create a working pack skeleton")
    new.add_argument("id", help="the pack id: lower-case letters, digits, underscores")
    new.add_argument("--dir", type=Path, default=Path("."), help="where to create it (default: here)")
    new.set_defaults(func=_new)
    schemas = actions.add_parser(
        "schemas", help="write this Studio's JSON Schemas (and missing VS Code files) into a pack folder"
    )
    schemas.add_argument("folder", type=Path, help="the pack folder")
    schemas.set_defaults(func=_schemas)
    build = actions.add_parser("build", help="validate, test and zip a pack reproducibly")
    build.add_argument("folder", type=Path, help="the pack folder")
    build.add_argument(
        "-o", "--output", type=Path, required=True, metavar="FILE.zip", help="the zip to write"
    )
    build.add_argument("--trust", action="store_true", help="trust the pack's code to run its tests")
    build.set_defaults(func=_build)
    inst = actions.add_parser("install", help="install a pack zip into your data folder")
    inst.add_argument("archive", type=Path, metavar="FILE.zip", help="the pack to install")
    inst.add_argument("--trust", action="store_true", help="also trust its code to run")
    inst.add_argument("--force", action="store_true", help="install even over a newer installed version")
    inst.set_defaults(func=_install)
    lst = actions.add_parser("list", help="list installed packs (pip-installed ones too)")
    lst.add_argument("--json", action="store_true", help="print JSON")
    lst.set_defaults(func=_list)
    rm = actions.add_parser("remove", help="remove an installed pack")
    rm.add_argument("id", help="the pack id")
    rm.set_defaults(func=_remove)
    diff = actions.add_parser("diff", help="what changed between two versions of a pack")
    diff.add_argument("old", help="the old pack: folder, zip or installed id")
    diff.add_argument("new", help="the new pack: folder, zip or installed id")
    diff.add_argument("--json", action="store_true", help="print JSON")
    diff.add_argument("--trust", action="store_true", help="trust both versions' code to run their tests")
    diff.set_defaults(func=_diff)


def _new(args: argparse.Namespace) -> int:
    if not _ID.match(args.id):
        raise UsageError(
            f"bad pack id {excerpt(args.id)}: use 1 to 64 lower-case letters, digits and underscores, "
            "starting with a letter"
        )
    if args.id == BASE_ID:
        raise UsageError("bad pack id 'base': it is the base game's; choose another")
    folder = args.dir / args.id
    try:
        written = write_skeleton(folder, args.id)
    except FileExistsError:
        raise UsageError(f"{folder}: already exists") from None
    except OSError as exc:
        raise UsageError(f"{folder}: cannot create the pack: {exc.strerror or exc}") from None
    _print_written(folder, written)
    print(f"created pack '{args.id}'; next: studio validate {folder} && studio test {folder}")
    return OK


def _print_written(folder: Path, written: list[Path]) -> None:
    """Name each file written, the copied schemas as one line."""
    schemas = folder / SCHEMAS
    for path in written:
        if path.parent != schemas:
            print(path)
    count = sum(path.parent == schemas for path in written)
    if count:
        print(f"{schemas}/ ({count} JSON Schemas, for editors)")


def _schemas(args: argparse.Namespace) -> int:
    if not (args.folder / MANIFEST).is_file():
        raise UsageError(f"{args.folder}: not a pack folder (no {MANIFEST})")
    try:
        written = refresh(args.folder)
    except OSError as exc:
        raise UsageError(f"{args.folder}: cannot write the schemas: {exc.strerror or exc}") from None
    _print_written(args.folder, written)
    return OK


def _build(args: argparse.Namespace) -> int:
    if not args.folder.is_dir():
        raise UsageError(f"{args.folder}: no such pack folder")
    installed = installed_packs()[0]
    pack = _open(str(args.folder), installed)
    content = _load(pack, args.trust, installed)
    if content.problems or content.catalog is None:
        for problem in ordered(content.problems):
            print(problem)
        print(f"not built: {len(ordered(content.problems))} problem(s)")
        return PROBLEMS
    refused = installable_problems(pack)
    if refused:
        for problem in ordered(refused):
            print(problem)
        print(f"not built: {len(ordered(refused))} problem(s) that install would refuse")
        return PROBLEMS
    failures = _failed_tests(pack, content)
    if failures:
        for line in failures:
            print(printable(line))
        print(f"not built: {len(failures)} failing test(s)")
        return PROBLEMS
    try:
        digest = write_zip(pack.files, args.output)
    except (ArchiveError, OSError) as exc:
        raise UsageError(f"{args.output}: cannot write: {exc}") from None
    print(f"built {args.output}: {pack.id} {pack.version}, {len(pack.files)} files")
    print(f"sha256 {digest}")
    print(f"content hash {pack.hash}")
    return OK


def _install(args: argparse.Namespace) -> int:
    try:
        pack = install(args.archive, force=args.force)
    except InstallError as exc:
        raise UsageError(str(exc)) from None
    if args.trust:
        TrustStore().trust(pack)
    print(f"installed {pack.id} {pack.version} into {pack.origin}{' (trusted)' if args.trust else ''}")
    return OK


def _list(args: argparse.Namespace) -> int:
    packs, problems = installed_packs()
    store = TrustStore()
    rows = [
        {
            "id": p.id,
            "version": str(p.version),
            "name": p.manifest.name,
            "code": bool(p.code()),
            "trusted": store.is_trusted(p),
            "path": str(p.origin),
            "from": f"pip: {p.distribution}" if p.distribution else "data folder",
            "hides": list(p.hides),
        }
        for p in packs
    ]
    if args.json:
        print(dump_json({"packs": rows, "problems": [str(p) for p in problems]}))
        return OK
    for problem in problems:
        print(f"broken: {problem}")
    for p in packs:
        for hidden in p.hides:
            print(f"warning: two packs '{p.id}': the one from {source(p)} is used, not the one from {hidden}")
    if not rows:
        print("no packs installed")
        return OK
    cells = [[str(r["id"]), str(r["version"]), str(r["name"]), _trust_text(r), str(r["from"])] for r in rows]
    print(table(["id", "version", "name", "code", "from"], cells))
    return OK


def _trust_text(row: dict[str, object]) -> str:
    if not row["code"]:
        return "-"
    return "trusted" if row["trusted"] else "not trusted"


def _remove(args: argparse.Namespace) -> int:
    shipped = [p for p in installed_packs()[0] if p.id == args.id and p.distribution]
    if shipped:
        name = shipped[0].distribution.split()[0]
        raise UsageError(
            f"{args.id} comes from pip: {shipped[0].distribution}; remove it with: pip uninstall {name}"
        )
    try:
        where = remove(args.id)
    except InstallError as exc:
        raise UsageError(str(exc)) from None
    TrustStore().forget(args.id)
    print(f"removed {args.id} from {where}")
    return OK


def _diff(args: argparse.Namespace) -> int:
    installed = installed_packs()[0]
    old, new = _open(args.old, installed), _open(args.new, installed)
    changes = diff_packs(old, new)
    totals = _total_changes(old, new, args.trust, installed)
    if args.json:
        print(dump_json({"entries": changes.to_json(), "scenarios": totals}))
        return OK
    print(f"{old.id} {old.version} -> {new.id} {new.version}")
    for key in changes.added:
        print(f"+ {key}")
    for key in changes.removed:
        print(f"- {key}")
    for key, fields in changes.changed.items():
        print(f"~ {key}")
        for change in fields:
            print(printable(f"    {change.path}: {_show(change.old)} -> {_show(change.new)}"))
    if not (changes.added or changes.removed or changes.changed):
        print("no entry changed")
    _print_art(changes.art)
    if totals:
        print("scenario results that change:")
        rows = [[str(t["scenario"]), str(t["old"]), str(t["new"])] for t in totals]
        print(table(["scenario", "old", "new"], rows))
    else:
        print("no scenario result changes")
    return OK


def _print_art(art: ArtDiff) -> None:
    """The images added (+), removed (-) and redrawn (~, with the entries that show them)."""
    for mark, paths in (("+", art.added), ("-", art.removed)):
        for path in paths:
            print(printable(f"{mark} image {path}"))
    for path in art.changed:
        shown = f" (shown by {', '.join(art.users[path])})" if art.users.get(path) else ""
        print(printable(f"~ image {path}{shown}"))


def _show(value: object) -> str:
    return "(absent)" if value is None else dump_json(value)


def _open(spec: str, installed: list[Pack]) -> Pack:
    pack, problems = open_spec(spec, installed)
    if pack is None:
        raise UsageError(str(problems[0]))
    return pack


def _load(pack: Pack, trust: bool, installed: list[Pack]) -> Content:
    """Load a pack with the base game and its dependencies, as a player would."""
    store = TrustStore()
    if trust:
        store.trust(pack)
    requested = [base_pack()] if pack.id != "base" else []
    resolution = resolve([*requested, pack], installed)
    if resolution.problems:
        return Content(problems=resolution.problems)
    return load_packs(resolution.order, store.is_trusted)


def _failed_tests(pack: Pack, content: Content) -> list[str]:
    assert content.catalog is not None
    scenarios, problems = pack_scenarios(pack)
    out = [f"ERROR {p}" for p in problems]
    for s in scenarios:
        wrong = [str(p) for p in scenario_problems(s, content.catalog, content.broken)]
        if not wrong and s.model.expect is not None:
            try:
                wrong = mismatches(s.model, scored(s.model, content))
            except UsageError as exc:
                wrong = [str(exc)]
        out += [f"FAIL {s.label}: {w}" for w in wrong]
    return out


def _total_changes(old: Pack, new: Pack, trust: bool, installed: list[Pack]) -> list[dict[str, object]]:
    """Score both versions' scenarios under each version; return those whose result changes."""
    before, after = _load(old, trust, installed), _load(new, trust, installed)
    scenarios = {
        s.label.split(": ", 1)[-1] + s.model.played: s for p in (old, new) for s in pack_scenarios(p)[0]
    }
    out: list[dict[str, object]] = []
    for s in scenarios.values():
        results = [_result(s.model, content) for content in (before, after)]
        if results[0] != results[1]:
            out.append({"scenario": s.model.name or s.label, "old": results[0], "new": results[1]})
    return out


def _result(model: Any, content: Content) -> str:
    if content.catalog is None:
        return "content has problems"
    try:
        result = scored(model, content)
    except UsageError as exc:
        return f"error: {exc}"
    return f"{result.hand_type} {result.total}"
