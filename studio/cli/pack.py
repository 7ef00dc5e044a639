"""``studio pack``: new, schemas, build, install, list, remove and diff content packs."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from studio.cli.common import dump_json, scored
from studio.cli.errors import OK, PROBLEMS, UsageError, warn
from studio.cli.render import table
from studio.content.diff import ArtDiff, diff_packs
from studio.content.io.paths import in_installed_base
from studio.content.io.text import printable
from studio.content.packs.distributions import source
from studio.content.packs.editor_files import refresh
from studio.content.packs.installed import installed_packs
from studio.content.packs.pack import MANIFEST, Pack
from studio.content.registry import Content
from studio.content.scenarios import Scenario, pack_scenarios
from studio.services.errors import Line
from studio.services.loading import load_pack
from studio.services.packs import (
    InstalledPack,
    build,
    install_pack,
    list_installed,
    new_pack,
    open_pack_spec,
    remove_pack,
    written_lines,
)


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
    return _print(new_pack(args.id, args.dir).lines())


def _print(lines: list[Line]) -> int:
    for line in lines:
        print(line.text)
    return OK


def _schemas(args: argparse.Namespace) -> int:
    if not (args.folder / MANIFEST).is_file():
        raise UsageError(f"{args.folder}: not a pack folder (no {MANIFEST})")
    if in_installed_base(args.folder):  # files pip does not know of would outlive an upgrade or uninstall
        raise UsageError(
            f"{args.folder}: the base game is installed with Studio and read-only, and its files already use"
            " the schemas Studio ships; a copy of it (File > Copy the base game) takes its own"
        )
    try:
        written = refresh(args.folder)
    except OSError as exc:
        raise UsageError(f"{args.folder}: cannot write the schemas: {exc.strerror or exc}") from None
    return _print(written_lines(args.folder, written))


def _build(args: argparse.Namespace) -> int:
    result = build(args.folder, args.output, trust=args.trust)
    for warning in result.warnings:
        warn(warning)
    _print(result.lines())
    return OK if result.ok else PROBLEMS


def _install(args: argparse.Namespace) -> int:
    installed = install_pack(args.archive, force=args.force, trust=args.trust)
    for warning in installed.warnings:
        warn(warning)
    return _print(installed.lines())


def _list(args: argparse.Namespace) -> int:
    listing = list_installed()
    if args.json:
        rows = [p.to_json() for p in listing.packs]
        print(dump_json({"packs": rows, "problems": [str(p) for p in listing.problems]}))
        return OK
    for problem in listing.problems:
        print(f"broken: {problem}")
    for installed in listing.packs:
        pack = installed.pack
        for hidden in pack.hides:
            used = f"the one from {source(pack)} is used, not the one from {hidden}"
            print(f"warning: two packs '{pack.id}': {used}")
        if installed.unfit:  # installed under an older Studio, say: loading it is refused
            print(f"warning: pack '{pack.id}' {installed.unfit}: it does not load")
    if not listing.packs:
        print("no packs installed")
        return OK
    cells = [
        [p.pack.id, str(p.pack.version), p.pack.manifest.name, _trust_text(p), p.where] for p in listing.packs
    ]
    print(table(["id", "version", "name", "code", "from"], cells))
    return OK


def _trust_text(p: InstalledPack) -> str:
    if not p.code:
        return "-"
    return "trusted" if p.trusted else "not trusted"


def _remove(args: argparse.Namespace) -> int:
    return _print(remove_pack(args.id).lines())


def _diff(args: argparse.Namespace) -> int:
    installed = installed_packs()[0]
    old, new = _open(args.old, installed), _open(args.new, installed)
    changes = diff_packs(old, new)
    totals, idle = _total_changes(old, new, args.trust, installed)
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
        rows = [[str(t["scenario"]), _cell(t, "old"), _cell(t, "new")] for t in totals]
        print(table(["scenario", "old", "new"], rows))
        for side, pack in (("old", old), ("new", new)):
            for charm, why in idle[side].items():
                if any(charm in t.get("did_nothing", {}).get(side, []) for t in totals):
                    print(printable(f"{charm} did nothing in the {side} version ({pack.version}): {why}"))
    else:
        print("no scenario result changes")
    return OK


def _cell(row: dict[str, Any], side: str) -> str:
    """A result of the diff's table, with the code charms that did nothing in it."""
    idle = row.get("did_nothing", {}).get(side)
    return f"{row[side]} ({', '.join(idle)} did nothing)" if idle else str(row[side])


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
    """Open a pack folder, zip or installed id, warning of the installed packs of that id it hides."""
    pack, hides = open_pack_spec(spec, installed)
    for warning in hides:
        warn(warning)
    return pack


def _total_changes(
    old: Pack, new: Pack, trust: bool, installed: list[Pack]
) -> tuple[list[dict[str, Any]], dict[str, dict[str, str]]]:
    """Score both versions' scenarios under each version; return those whose result changes, and for each
    side (``old``, ``new``) the code charms that did nothing there, with why.

    A scenario is the same in both versions when its name and situation are (its ``expect`` aside); one
    that only a version holds is named with that version, so an old test changed under the same name
    is scored too, not hidden by the new one. A row whose scenario has a code charm that did nothing on a
    side (its pack not trusted, an edit having changed its content) says so under ``did_nothing``: the
    change is then not what the charm does.
    """
    before, after = load_pack(old, installed, trust), load_pack(new, installed, trust)
    for warning in dict.fromkeys(str(w) for content in (before, after) for w in content.warnings):
        warn(warning)  # an untrusted version's code charms do nothing: why its results move
    found: dict[str, tuple[Scenario, list[Pack]]] = {}
    for pack in (old, new):
        for s in pack_scenarios(pack)[0]:
            key = s.label.split(": ", 1)[-1] + s.model.model_dump_json(exclude={"name", "expect"})
            found.setdefault(key, (s, []))[1].append(pack)
    out: list[dict[str, Any]] = []
    idle: dict[str, dict[str, str]] = {"old": {}, "new": {}}
    for s, holders in found.values():
        results = [_result(s.model, content) for content in (before, after)]
        if results[0] != results[1]:
            name = s.model.name or s.label
            only = f" (only in {holders[0].version})" if len(holders) == 1 else ""
            row: dict[str, Any] = {"scenario": name + only, "old": results[0], "new": results[1]}
            for side, content in (("old", before), ("new", after)):
                for charm in dict.fromkeys(slot.id for slot in s.model.slots()):
                    why = content.idle(charm)
                    if why is not None:
                        row.setdefault("did_nothing", {"old": [], "new": []})[side].append(charm)
                        idle[side][charm] = why
            out.append(row)
    return out, idle


def _result(model: Any, content: Content) -> str:
    if content.catalog is None:
        return "content has problems"
    try:
        result = scored(model, content)
    except UsageError as exc:
        return f"error: {exc}"
    return f"{result.hand_type} {result.total}"
