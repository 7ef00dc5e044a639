"""The catalog a simulation plays with, loaded once per process.

Workers (processes, or machines of a cluster) load the content themselves from
the spec's pack names instead of receiving a pickled catalog: a catalog holds
compiled charm code, and loading takes a fraction of a second once per process.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from studio.engine.catalog import Catalog
from studio.engine.names import did_you_mean
from studio.plugins.snapshot import request_for, restore
from studio.simulation.spec import Edits, SimulationSpec

if TYPE_CHECKING:
    from studio.content.packs.pack import Pack


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
    from studio.content.packs.installed import installed_packs
    from studio.plugins.pipeline import UnknownPack, load_prepared, open_requested, prepare

    installed, _ = installed_packs()
    try:
        asked = open_requested(packs, installed, no_base=no_base)
    except UnknownPack as exc:
        known = did_you_mean(exc.spec, exc.known)
        raise ContentError(f"--pack {exc.spec}: no such folder, zip or installed pack{known}") from None
    if asked.problems:
        raise ContentError(str(asked.problems[0]))
    prepared = prepare(asked, installed, trust=trust)
    if prepared.problems:
        raise ContentError(str(prepared.problems[0]))
    _lay_over(prepared.order, edits)  # trust was decided on the files as read
    content = load_prepared(prepared)
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
