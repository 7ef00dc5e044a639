"""What every subcommand shares: loading the packs named on the command line, and failing well."""

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
from studio.cli.errors import warn
from studio.cli.jsonout import dump_json as dump_json  # every command writes JSON through this one
from studio.content.dist_packs import source
from studio.content.documents import read_document
from studio.content.installed import installed_packs
from studio.content.models import ScenarioModel
from studio.content.packs import BASE_ID, Pack, base_pack, open_pack, pack_root, resolve
from studio.content.packs import MANIFEST as MANIFEST_FILE
from studio.content.parsed import parsed_cache
from studio.content.paths import is_base_content
from studio.content.problems import MANIFEST, PLUGIN, Problem, ordered
from studio.content.registry import Content
from studio.content.scenarios import run
from studio.content.trust import TrustStore
from studio.engine.names import did_you_mean
from studio.engine.trace import ScoreResult
from studio.plugins.faults import describe_fault, is_fault
from studio.plugins.loading import load_packs


def requested(args: argparse.Namespace, installed: list[Pack]) -> tuple[list[Pack], list[Problem]]:
    """Open the packs the command line asks for: the base game, then each --pack in order.

    A folder that is the built-in base game is the base game (loaded once); another pack whose id
    is ``base`` (a copy of the base game being reworked) is loaded instead of the built-in one, so
    it is checked as the base game rather than clashing with it.
    """
    packs: list[Pack] = []
    problems: list[Problem] = []
    for spec in args.pack:
        pack, found = open_spec(spec, installed)
        problems += found
        if pack is not None and not (pack.builtin and any(p.builtin for p in packs)):
            packs.append(pack)
    if not args.no_base and not any(p.id == BASE_ID for p in packs):
        packs.insert(0, base_pack())
    return packs, problems


def open_spec(spec: str, installed: list[Pack]) -> tuple[Pack | None, list[Problem]]:
    """Open ``--pack`` SPEC: a folder or zip, else an installed pack id (one the data folder holds or a
    pip distribution ships, see :func:`installed_packs`); raise UsageError if none.

    Two installed packs of that id are a warning that names the one used and the ones it hides.
    """
    path = Path(spec)
    if is_base_content(path):
        return base_pack(), []
    if path.exists():
        return open_pack(path)
    for pack in installed:
        if pack.id == spec:
            for hidden in pack.hides:
                warn(f"--pack {spec}: the pack from {source(pack)} is used, not the one from {hidden}")
            return pack, []
    ids = [p.id for p in installed]
    raise UsageError(f"{spec}: no such pack folder, zip or installed pack{did_you_mean(spec, ids)}")


def owning_packs(args: argparse.Namespace, paths: list[Path]) -> dict[Path, Path]:
    """Load the pack each path belongs to (walking up to its ``pack.yaml``); return path -> pack folder.

    A file is then checked, and a scenario run, in the context of its pack:
    the ids it names are those its pack (with the base game) defines.
    """
    roots = {}
    for path in paths:
        root = pack_root(path)
        if root is None:
            continue
        roots[path] = root
        given = {Path(spec).resolve() for spec in args.pack if Path(spec).exists()}
        if root not in given and not (is_base_content(root) and not args.no_base):
            args.pack = [*args.pack, _as_given(root)]
    return roots


def _as_given(folder: Path) -> str:
    """Name a folder relative to the working folder when it is inside it, as the user would."""
    try:
        return str(folder.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(folder)


def pack_at(content: Content, root: Path) -> Pack | None:
    """Return the loaded pack whose folder is ``root``."""
    return next((p for p in content.packs if p.origin.resolve() == root), None)


def load(args: argparse.Namespace) -> Content:
    """Load what the command line names; print warnings to stderr; problems stay in the result.

    A pack that cannot load (its manifest, a missing dependency, a conflict)
    yields its own problems and is left out, with the packs that need it; the
    others load and are checked as usual, so one mistake is one problem.
    """
    installed, _ = installed_packs()
    packs, problems = requested(args, installed)
    claimed = {i for p in problems if (i := _claimed_id(p.file))} - {p.id for p in packs if p.builtin}
    packs = _without(packs, claimed)
    while True:
        resolution = resolve(packs, installed)
        failed = {p.file for p in resolution.problems}
        left = _without(packs, {p.id for p in packs if p.manifest_doc.name in failed})
        if not resolution.problems or len(left) == len(packs):
            break
        problems += resolution.problems
        packs = left
    problems = [p.at_stage(MANIFEST) for p in [*problems, *resolution.problems]]
    if resolution.problems:  # a dependency's own mistake: nothing can load
        return Content(packs=resolution.order, requested=packs, problems=ordered(problems))
    store = TrustStore()
    if getattr(args, "trust", False):
        for pack in packs:
            if not pack.builtin:
                store.trust(pack)
    content = load_packs(resolution.order, store.is_trusted)
    parsed_cache().save()
    content.requested = packs
    content.problems = ordered([*problems, *content.problems])
    if content.problems:
        content.catalog = None
    for warning in content.warnings:
        warn(warning)
    return content


def _claimed_id(manifest: str) -> str:
    """The id a manifest that failed to load says it has ("" if unreadable), to leave out its dependents."""
    path = Path(manifest)
    if path.name != MANIFEST_FILE or not path.is_file():
        return ""
    try:
        data = read_document(path).data
    except ValueError:
        return ""
    found = data.get("id") if isinstance(data, dict) else None
    return found if isinstance(found, str) else ""


def _without(packs: list[Pack], failed: set[str]) -> list[Pack]:
    """Leave out the failed packs and every pack that needs one of them (its cause is reported)."""
    out = list(packs)
    while True:
        keep = [
            p
            for p in out
            if p.id not in failed
            and not any(d.id in failed and not d.optional for d in p.manifest.dependencies)
        ]
        if len(keep) == len(out):
            return keep
        failed |= {p.id for p in out if p not in keep}
        out = keep


def loaded(args: argparse.Namespace) -> Content:
    """Return sound content (with its catalog), or raise UsageError naming the first cause.

    A plugin that failed to load is code that ran and failed: exit 1, as a
    failed check does; other problems make the input unreadable: exit 2.
    """
    content = load(args)
    if content.catalog is None:
        first = content.problems[0]
        more = len(content.problems) - 1
        tail = f" (and {more} more; run 'studio validate')" if more else ""
        raise UsageError(f"{first}{tail}", PROBLEMS if first.stage == PLUGIN else BAD_INPUT)
    return content


def scored(model: ScenarioModel, content: Content) -> ScoreResult:
    """Score a scenario of sound content; raise UsageError with one line if it cannot be scored.

    Bad cards or ids exit 2. A code charm that raises is code that ran and
    failed: one line naming the charm, its pack and plugin file, exit 1.
    """
    assert content.catalog is not None
    try:
        return run(model, content.catalog)
    except Exception as exc:  # a behaviour hook may raise anything; the user gets one line
        raise failure(exc, content) from None


def failure(exc: Exception, content: Content) -> UsageError:
    """The one line for a hand that failed to score: bad cards or ids (exit 2), or the code charm that raised
    (exit 1, naming the charm, its pack and plugin file)."""
    if isinstance(exc, ValueError) and not is_fault(exc, content):
        return UsageError(str(exc))
    return UsageError(describe_fault(exc, content), PROBLEMS)


def tested_packs(content: Content) -> list[Pack]:
    """The packs whose tests/ a command checks: those given with --pack, else all loaded."""
    return [p for p in content.requested if not p.builtin] or content.requested
