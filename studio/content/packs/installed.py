"""The installed packs: those ``studio pack install`` put in the user's data folder, then those pip
distributions ship (:mod:`studio.content.packs.distributions`), one per id.

Every command and the editor choose installed packs from this one list.
"""

from __future__ import annotations

from studio.content.check.problems import Problem
from studio.content.io.paths import installed_packs_dir
from studio.content.packs.distributions import with_distribution_packs
from studio.content.packs.pack import Pack, open_pack
from studio.content.packs.staging import recover


def installed_packs() -> tuple[list[Pack], list[Problem]]:
    """Return the installed packs, one per id: those in the user's data folder (``studio pack install``),
    then those pip distributions ship (:func:`studio.content.packs.distributions.with_distribution_packs`).

    Every command and the editor choose installed packs from this one list.
    """
    return with_distribution_packs(*_data_folder_packs())


def _data_folder_packs() -> tuple[list[Pack], list[Problem]]:
    """The packs ``studio pack install`` put in the user's data folder."""
    root = installed_packs_dir()
    packs, problems = [], []
    recover(root)  # a killed install's old version comes back before anyone looks
    if root.is_dir():
        for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
            pack, found = open_pack(folder)
            problems += found
            if pack is not None:
                pack.installed = True
                packs.append(pack)
    return packs, problems
