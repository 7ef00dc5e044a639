"""The one way packs are loaded: open what is asked for, resolve it with the installed packs, decide trust.

The command line, the service functions, the editor's workspace and the
simulation workers all go through here, so code runs under one rule
everywhere: the built-in base game always; a pack asked for when the caller
trusts it for this load or the user trusted its content before (the trust
record); a dependency only by its trust record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from studio.content.check.problems import MANIFEST as MANIFEST_STAGE
from studio.content.check.problems import Problem, ordered
from studio.content.io.documents import read_document
from studio.content.io.paths import is_base_content
from studio.content.packs.distributions import source
from studio.content.packs.pack import (
    BASE_ID,
    MANIFEST,
    Pack,
    base_pack,
    open_pack,
    resolve,
    stand_in_for_base,
)
from studio.content.packs.trust import TrustStore
from studio.engine.names import did_you_mean

if TYPE_CHECKING:
    from studio.content.registry import Content


class UnknownPack(ValueError):
    """A pack asked for by a name that is no folder, zip or installed pack id."""

    def __init__(self, spec: str, known: Sequence[str]) -> None:
        super().__init__(f"{spec}: no such pack folder, zip or installed pack{did_you_mean(spec, known)}")
        self.spec = spec
        self.known = list(known)


@dataclass
class Requested:
    """The packs asked for, opened, in the order given; the problems and warnings of opening them."""

    packs: list[Pack] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def open_spec(spec: str | Path, installed: Sequence[Pack]) -> tuple[Pack | None, list[Problem], list[str]]:
    """Open one pack asked for: a folder or zip, else (a ``str`` only) an installed pack id.

    Returns the pack, its problems, and a warning per installed pack of that id it hides;
    raises :class:`UnknownPack` if it names nothing.
    """
    path = Path(spec)
    if is_base_content(path):
        return base_pack(), [], []
    by_id = next((p for p in installed if p.id == spec), None) if isinstance(spec, str) else None
    if path.exists() and by_id is not None and not _holds_a_pack(path):
        # A folder or file of that name here that is no pack (an empty folder, notes): the installed pack.
        return by_id, [], [f"--pack {spec}: {path} here is not a pack, so the installed pack is used"]
    if path.exists() or isinstance(spec, Path):
        pack, problems = open_pack(path)
        return pack, problems, []
    if by_id is not None:
        hidden = [
            f"--pack {spec}: the pack from {source(by_id)} is used, not the one from {h}" for h in by_id.hides
        ]
        return by_id, [], hidden
    raise UnknownPack(spec, [p.id for p in installed])


def _holds_a_pack(path: Path) -> bool:
    """Whether ``path`` is what a pack is given as: a folder with a manifest, or a ``.zip`` file."""
    return (path / MANIFEST).is_file() if path.is_dir() else path.suffix.lower() == ".zip"


def open_requested(
    specs: Sequence[str | Path], installed: Sequence[Pack], *, no_base: bool = False, base: Pack | None = None
) -> Requested:
    """Open the base game (unless ``no_base``), then each pack asked for, in order.

    ``base`` stands in for the built-in base game (a copy being edited); a spec naming its folder is
    that base. The built-in base named again is loaded once. Another pack whose id is ``base``, given
    while no ``base`` is, is loaded instead of the built-in one, so it is checked as the base game.
    """
    out = Requested()
    for spec in specs:
        if base is not None and not no_base and Path(spec).resolve() == base.origin.resolve():
            continue
        pack, problems, warnings = open_spec(spec, installed)
        out.problems += problems
        out.warnings += warnings
        if pack is not None and not (pack.builtin and any(p.builtin for p in out.packs)):
            out.packs.append(pack)
    copies = [p for p in out.packs if p.id == BASE_ID and not p.builtin]
    if not no_base and copies:
        stand_in_for_base(copies[0])  # trusted as the base game only while its code is the base game's
    if not no_base and not any(p.id == BASE_ID for p in out.packs):
        out.packs.insert(0, base or base_pack())
    return out


@dataclass
class Prepared:
    """Packs ready to load: in load order, those asked for, the problems found, and those trusted."""

    order: list[Pack]
    requested: list[Pack]
    problems: list[Problem]
    trusted: list[Pack]
    #: False when a dependency's own mistake (a cycle, a conflict) leaves nothing loadable.
    complete: bool = True

    def is_trusted(self, pack: Pack) -> bool:
        """Whether ``pack``'s code may run (decided once, on the files as read)."""
        return any(pack is p for p in self.trusted)


def prepare(
    asked: Requested,
    installed: Sequence[Pack],
    *,
    trust: bool = False,
    remember: bool = False,
    leave_out: bool = False,
    context: Sequence[Path] = (),
) -> Prepared:
    """Resolve the packs asked for with the installed ones and decide which may run code.

    ``leave_out`` drops a pack that cannot load (its manifest, a missing dependency, a conflict) and
    the packs that need it, so the others load and one mistake is one problem; without it every pack
    stays, for an editor to mend. ``trust`` and ``remember``: see :func:`trusted_packs`; they never
    reach the packs in ``context`` (folders loaded only because a file named on the command line lies
    in them, which the user did not ask to trust).
    """
    packs, problems = list(asked.packs), list(asked.problems)
    if leave_out:
        claimed = {i for p in problems if (i := _claimed_id(p.file))} - {p.id for p in packs if p.builtin}
        packs = _without(packs, claimed)
    while True:
        resolution = resolve(packs, installed)
        if not leave_out:
            break
        failed = {p.file for p in resolution.problems}
        left = _without(packs, {p.id for p in packs if p.manifest_doc.name in failed})
        if not resolution.problems or len(left) == len(packs):
            break
        problems += resolution.problems
        packs = left
    problems = [*problems, *resolution.problems]
    if leave_out:
        problems = [p.at_stage(MANIFEST_STAGE) for p in problems]
        if resolution.problems:
            return Prepared(resolution.order, packs, problems, [], complete=False)
    around = {folder.resolve() for folder in context}
    named = [p for p in packs if p.origin.resolve() not in around]
    trusted = trusted_packs(resolution.order, named, trust=trust, remember=remember)
    return Prepared(resolution.order, packs, problems, trusted)


def trusted_packs(
    packs: Sequence[Pack], asked: Sequence[Pack], *, trust: bool = False, remember: bool = False
) -> list[Pack]:
    """The packs whose code may run: built-in ones, those of recorded trust, and (with ``trust``) those asked.

    ``remember`` records the trust given to the packs asked for, per content hash, for later loads.
    """
    store = TrustStore()
    given = [p for p in asked if not p.builtin]
    if trust and remember:
        for pack in given:
            store.trust(pack)
    return [p for p in packs if store.is_trusted(p) or (trust and any(p is g for g in given))]


def load_prepared(prepared: Prepared) -> Content:
    """Load prepared packs (their trusted code, entries, cross-checks); problems of preparing come first.

    Content with problems has no catalog.
    """
    from studio.content.registry import Content  # the content models: only to load, not to prepare
    from studio.plugins.loading import load_packs

    if not prepared.complete:
        return Content(
            packs=prepared.order, requested=prepared.requested, problems=ordered(prepared.problems)
        )
    content = load_packs(prepared.order, prepared.is_trusted, prepared.requested)
    content.problems = ordered([*prepared.problems, *content.problems])
    if content.problems:
        content.catalog = None
    return content


def _claimed_id(manifest: str) -> str:
    """The id a manifest that failed to load says it has ("" if unreadable), to leave out its dependents."""
    path = Path(manifest)
    if path.name != MANIFEST or not path.is_file():
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
