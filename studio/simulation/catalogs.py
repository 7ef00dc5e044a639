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
from studio.simulation.spec import SimulationSpec

if TYPE_CHECKING:
    from studio.content.packs import Pack


class ContentError(ValueError):
    """The content a simulation names does not load; the message names the first problem."""


_CACHE: dict[tuple[tuple[str, ...], bool, bool], Catalog] = {}


def catalog_for(spec: SimulationSpec) -> Catalog:
    """Return the catalog of the spec's packs, loading it on the first call in this process."""
    key = (spec.packs, spec.no_base, spec.trust)
    if key not in _CACHE:
        _CACHE[key] = load_catalog(spec.packs, no_base=spec.no_base, trust=spec.trust)
    return _CACHE[key]


def load_catalog(packs: tuple[str, ...], no_base: bool = False, trust: bool = False) -> Catalog:
    """Load the base game (unless ``no_base``) and the named packs; raise ContentError on a problem.

    ``trust`` lets the named packs' code run; otherwise code runs only where the
    user's trust store already allows it, and the snapshot of the last sound
    load of the same packs serves when nothing changed (as for the CLI), so each
    worker process starts without validating the content again.
    """
    if not trust:
        snapshot = restore(request_for(packs, no_base))
        if snapshot is not None:
            return snapshot.catalog
    # The content layer (and pydantic) only when no snapshot serves: a worker then starts far faster.
    from studio.content.packs import base_pack, installed_packs, resolve
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

    def trusted(pack: Pack) -> bool:
        return pack.builtin or (trust and pack.id in named) or store.is_trusted(pack)

    content = load_packs(resolution.order, trusted)
    if content.catalog is None:
        more = len(content.problems) - 1
        raise ContentError(f"{content.problems[0]}" + (f" (and {more} more)" if more else ""))
    return content.catalog


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
