"""Packs shipped as pip distributions: a package folder holding ``pack.yaml``, declared in the
entry-point group ``studio.packs``.

The entry point names a package, never an object (``neon = "neon_pack"``): its
folder is the pack. Studio finds that folder on ``sys.path`` without importing
the package, so nothing a pack holds runs to find it; the pack then opens as
any pack folder does, and its ``plugins/`` run only when it is trusted.
"""

from __future__ import annotations

import re
from importlib.machinery import PathFinder
from pathlib import Path
from typing import TYPE_CHECKING

from studio.content.check.problems import Problem
from studio.content.packs.pack import BASE_ID, MANIFEST, Pack, open_pack

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GROUP = "studio.packs"
_PACKAGE = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*\Z")


def with_distribution_packs(
    installed: list[Pack], problems: list[Problem]
) -> tuple[list[Pack], list[Problem]]:
    """Add the distributions' packs to the data folder's ``installed``, one pack per id.

    An id both hold is the data folder's pack: ``studio pack install`` is the user's
    own, later choice (a newer zip over a released package, say), and ``studio pack
    remove`` brings the package's back. The pack chosen names where the others
    come from in its ``hides``.
    """
    shipped, broken = distribution_packs()
    by_id = {p.id: p for p in installed}
    for pack in shipped:
        chosen = by_id.setdefault(pack.id, pack)
        if chosen is not pack:
            chosen.hides = (*chosen.hides, source(pack))
    return list(by_id.values()), [*problems, *broken]


def distribution_packs() -> tuple[list[Pack], list[Problem]]:
    """Open the pack of every ``studio.packs`` entry point, by distribution name then entry-point name."""
    import importlib.metadata  # costs more than the rest of this module: only here

    packs: list[Pack] = []
    problems: list[Problem] = []
    points = importlib.metadata.entry_points(group=GROUP)
    for ep in sorted(points, key=lambda ep: (_distribution(ep), ep.name)):
        where = f"entry point {ep.name} = {ep.value} of {_distribution(ep)}"
        folder = package_folder(ep.value)
        if folder is None:
            why = "names no package found on sys.path: give the package whose folder holds pack.yaml"
            problems.append(Problem(where, 1, 1, why))
            continue
        pack, found = open_pack(folder)
        problems += found
        if pack is not None and pack.id == BASE_ID:
            line, col = pack.manifest_doc.locate(("id",))
            problems.append(
                Problem(pack.manifest_doc.name, line, col, "the id 'base' is the base game's", "$.id")
            )
        elif pack is not None:
            pack.installed = True
            pack.distribution = _distribution(ep)
            packs.append(pack)
    return packs, problems


def package_folder(name: str) -> Path | None:
    """The folder of package ``name`` (dotted) on ``sys.path``, found without importing it; None if there
    is none (or ``name`` is no package name, such as ``module:object``)."""
    if not _PACKAGE.match(name):
        return None
    locations: list[str] | None = None
    parts = name.split(".")
    for i in range(len(parts)):
        spec = PathFinder.find_spec(".".join(parts[: i + 1]), locations)
        if spec is None or not spec.submodule_search_locations:
            return None
        locations = list(spec.submodule_search_locations)
    assert locations  # the loop ran at least once
    folders = [Path(p) for p in locations]
    return next((f for f in folders if (f / MANIFEST).is_file()), folders[0])


def source(pack: Pack) -> str:
    """Where an installed pack comes from: ``pip: DISTRIBUTION VERSION``, or its folder."""
    return f"pip: {pack.distribution}" if pack.distribution else str(pack.origin)


def _distribution(ep: EntryPoint) -> str:
    """``NAME VERSION`` of the distribution that declares an entry point."""
    return f"{ep.dist.name} {ep.dist.version}" if ep.dist is not None else "?"
