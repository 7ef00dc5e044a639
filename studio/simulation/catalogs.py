"""The catalog a simulation plays with, loaded once per process.

Workers (processes, or machines of a cluster) load the content themselves from
the spec's pack names instead of receiving a pickled catalog: a catalog holds
compiled charm code, and loading takes a fraction of a second once per process.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from studio.engine.catalog import Catalog
from studio.engine.names import did_you_mean
from studio.plugins.snapshot import request_for, restore
from studio.simulation.spec import Edits, SimulationSpec

if TYPE_CHECKING:
    from studio.content.packs import Pack


class ContentError(ValueError):
    """The content a simulation names does not load; the message names the first problem."""


_CACHE: dict[tuple[tuple[str, ...], bool, bool, Edits], Catalog] = {}


def catalog_for(spec: SimulationSpec) -> Catalog:
    """Return the catalog of the spec's packs, loading it on the first call in this process."""
    key = (spec.packs, spec.no_base, spec.trust, spec.edits)
    if key not in _CACHE:
        _CACHE[key] = load_catalog(spec.packs, no_base=spec.no_base, trust=spec.trust, edits=spec.edits)
    return _CACHE[key]


def load_catalog(
    packs: tuple[str, ...], no_base: bool = False, trust: bool = False, edits: Edits = ()
) -> Catalog:
    """Load the base game (unless ``no_base``) and the named packs; raise ContentError on a problem.

    ``trust`` lets the named packs' code run; otherwise code runs only where the
    user's trust store already allows it, and the snapshot of the last sound
    load of the same packs serves when nothing changed (as for the CLI), so each
    worker process starts without validating the content again. ``edits`` are
    laid over the files read (trust is decided on the files as read, as the
    editor decided it when it opened them).
    """
    if not trust and not edits:
        snapshot = restore(request_for(packs, no_base))
        if snapshot is not None:
            return snapshot.catalog
    # The content layer (and pydantic) only when no snapshot serves: a worker then starts far faster.
    from studio.content.installed import installed_packs
    from studio.content.packs import base_pack, resolve
    from studio.content.trust import TrustStore
    from studio.plugins.loading import load_packs

    installed, _ = installed_packs()
    requested = [] if no_base else [base_pack()]
    for name in packs:
        requested.append(_open(name, installed))
    resolution = resolve(requested, installed)
    if resolution.problems:
        raise ContentError(str(resolution.problems[0]))
    store = TrustStore()
    named = {p.id for p in requested if not p.builtin}
    allowed = {
        id(p) for p in resolution.order if p.builtin or (trust and p.id in named) or store.is_trusted(p)
    }
    _lay_over(resolution.order, edits)
    content = load_packs(resolution.order, lambda pack: id(pack) in allowed)
    if content.catalog is None:
        more = len(content.problems) - 1
        raise ContentError(f"{content.problems[0]}" + (f" (and {more} more)" if more else ""))
    return content.catalog


def _lay_over(packs: list[Pack], edits: Edits) -> None:
    """Put the edited texts in place of the files read, add new files and drop removed ones."""
    by_id = {p.id: p for p in packs}
    for pack_id, rel, text in edits:
        pack = by_id.get(pack_id)
        if pack is None:
            raise ContentError(f"an edit names the pack {pack_id!r}, which is not loaded")
        if text is None:
            pack.files.pop(rel, None)
        else:
            pack.files[rel] = text.encode("utf-8")


def _open(name: str, installed: list[Pack]) -> Pack:
    from studio.content.packs import open_pack

    path = Path(name)
    if path.exists():
        pack, problems = open_pack(path)
        if pack is None or problems:
            raise ContentError(str(problems[0]) if problems else f"{name}: not a pack")
        return pack
    for pack in installed:
        if pack.id == name:
            return pack
    raise ContentError(
        f"--pack {name}: no such folder, zip or installed pack{did_you_mean(name, [p.id for p in installed])}"
    )
