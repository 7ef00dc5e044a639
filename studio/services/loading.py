"""Content for a service: the packs asked for, with the base game, their dependencies and trust.

Every service loads through :mod:`studio.plugins.pipeline`, as the editor's
workspace and the simulation workers do, so code runs under the same rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from studio.content.check.problems import PLUGIN
from studio.content.io.parsed import parsed_cache
from studio.content.io.paths import is_base_content
from studio.content.models import ScenarioModel
from studio.content.packs.installed import installed_packs
from studio.content.packs.pack import BASE_ID, Pack, base_pack, pack_root
from studio.content.registry import Content
from studio.content.scenarios import score_scenario
from studio.engine.trace import ScoreResult
from studio.plugins.faults import describe_fault, is_fault
from studio.plugins.pipeline import Requested, UnknownPack, load_prepared, open_requested, prepare
from studio.services.errors import ServiceError


@dataclass
class Loaded:
    """Loaded content (its problems inside) and the warnings to show: hidden packs, untrusted code."""

    content: Content
    warnings: list[str]


def load(
    packs: Sequence[str | Path], *, no_base: bool = False, trust: bool = False, context: Sequence[Path] = ()
) -> Loaded:
    """Load the base game (unless ``no_base``), ``packs`` (folders, zips, installed ids) and the
    ``context`` pack folders (those that hold a file named on the command line).

    ``trust`` lets the packs asked for run their code and remembers it per pack content, as
    ``--trust`` does; never the context's, which the user named no pack of. A pack that cannot
    load is left out with the packs that need it, and the others load, so one mistake is one
    problem. An unknown pack name raises ServiceError.
    """
    installed, _ = installed_packs()
    try:
        asked = open_requested([*packs, *map(str, context)], installed, no_base=no_base)
    except UnknownPack as exc:
        raise ServiceError(str(exc)) from None
    prepared = prepare(asked, installed, trust=trust, remember=True, leave_out=True, context=context)
    content = load_prepared(prepared)
    if not prepared.complete:
        return Loaded(content, asked.warnings)
    parsed_cache().save()
    return Loaded(content, [*asked.warnings, *(str(w) for w in content.warnings)])


def load_pack(pack: Pack, installed: Sequence[Pack], trust: bool = False) -> Content:
    """Load one opened pack with the base game (unless it is a copy of it) and its dependencies, as a
    player would; a pack that does not resolve gives its problems and nothing loads."""
    packs = [pack] if pack.id == BASE_ID else [base_pack(), pack]
    prepared = prepare(Requested(packs), installed, trust=trust, remember=True)
    if prepared.problems:
        return Content(problems=prepared.problems)
    return load_prepared(prepared)


def sound(content: Content, warnings: Sequence[str] = ()) -> Content:
    """Content with its catalog, or raise ServiceError naming the first problem (carrying ``warnings``).

    A plugin that failed to load is code that ran and failed (``ran``); other problems are input
    that cannot be read.
    """
    if content.catalog is None:
        first = content.problems[0]
        more = len(content.problems) - 1
        tail = f" (and {more} more; run 'studio validate')" if more else ""
        raise ServiceError(f"{first}{tail}", ran=first.stage == PLUGIN, warnings=list(warnings))
    return content


def score(model: ScenarioModel, content: Content) -> ScoreResult:
    """Score a scenario of sound content; raise ServiceError with one line if it cannot be scored.

    Bad cards or ids are bad input. A code charm that raises ran and failed: the line names the
    charm, its pack and plugin file.
    """
    assert content.catalog is not None
    try:
        return score_scenario(model, content.catalog)
    except Exception as exc:  # a behaviour hook may raise anything; the user gets one line
        raise failure(exc, content) from None


def failure(exc: Exception, content: Content) -> ServiceError:
    """The one line for a hand that failed to score: bad cards or ids, or the code charm that raised."""
    if isinstance(exc, ValueError) and not is_fault(exc, content):
        return ServiceError(str(exc))
    return ServiceError(describe_fault(exc, content), ran=True)


def owning_packs(
    packs: Sequence[str], no_base: bool, paths: Sequence[Path]
) -> tuple[list[str], list[Path], dict[Path, Path]]:
    """The packs the paths belong to (walking up to each one's ``pack.yaml``), to load with ``packs``.

    Returns ``packs`` with every pack folder given as a path itself (a pack named, as with
    ``--pack``), the folders of the packs that only hold a file given (loaded for context: ``--trust``
    does not reach them), and path -> pack folder: a file is then checked, and a scenario run, in the
    context of its pack, so the ids it names are those its pack (with the base game) defines.
    """
    out = list(packs)
    context: list[Path] = []
    roots = {}
    for path in paths:
        root = pack_root(path)
        if root is None:
            continue
        roots[path] = root
        given = {Path(spec).resolve() for spec in out if Path(spec).exists()} | {c.resolve() for c in context}
        if root in given or (is_base_content(root) and not no_base):
            continue
        if path.resolve() == root:
            out.append(_as_given(root))
        else:
            context.append(Path(_as_given(root)))
    return out, context, roots


def _as_given(folder: Path) -> str:
    """Name a folder relative to the working folder when it is inside it, as the user would."""
    try:
        return str(folder.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(folder)


def pack_at(content: Content, root: Path) -> Pack | None:
    """The loaded pack whose folder is ``root``."""
    return next((p for p in content.packs if p.origin.resolve() == root), None)


def tested_packs(content: Content) -> list[Pack]:
    """The packs whose tests/ a check covers: those asked for besides the base game, else all asked for."""
    return [p for p in content.requested if not p.builtin] or content.requested
