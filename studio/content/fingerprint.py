"""A fingerprint of Studio's own code and the Python environment running it, for caches built by code.

A cache of something the code computes (the JSON Schemas generated from the
models, a snapshot of a load) is only valid for the code that computed it.
The fingerprint covers every module of the package (path, size, modification
time, inode), Studio's version, the Python version and prefix, and the folders
on ``sys.path`` that packages are installed into: the site folders and any
folder holding a ``.dist-info`` (``pip install --target`` on ``PYTHONPATH``).
Installing or removing a package changes its folder. Folders on the path that
hold no distribution (the script's, usually the working folder) are left out,
so ``studio`` and ``python -m studio`` share their caches.
"""

from __future__ import annotations

import hashlib
import os
import sys
from functools import cache

import studio


@cache
def code_fingerprint() -> str:
    """The fingerprint (hex) of the code and environment of this process."""
    digest = hashlib.sha256(f"{sys.version}\0{sys.prefix}\0{studio.__version__}\0".encode())
    modules: list[tuple[str, os.stat_result]] = []
    _modules(os.path.dirname(studio.__file__), modules)
    for path, info in sorted(modules):
        stamp = f"{path}\0{info.st_size}\0{info.st_mtime_ns}\0{info.st_ino}\0"
        digest.update(stamp.encode("utf-8", "surrogatepass"))
    for folder in sys.path:  # installing a package (a new entry point, another pydantic) changes its folder
        if _holds_packages(folder):
            digest.update(f"{folder}\0{os.stat(folder).st_mtime_ns}\0".encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _holds_packages(folder: str) -> bool:
    """True for a site folder, or any folder on the path that pip installed a distribution into."""
    if folder.endswith(("site-packages", "dist-packages")):
        return os.path.isdir(folder)
    try:
        with os.scandir(folder or ".") as entries:
            return any(e.name.endswith(".dist-info") for e in entries)
    except OSError:
        return False


def _modules(folder: str, found: list[tuple[str, os.stat_result]]) -> None:
    """Add each ``*.py`` file under ``folder`` (symlinked folders not followed), with its status.

    Every command that may use a cache asks for the fingerprint: ``os.scandir`` walks the package
    several times faster than ``Path.rglob``.
    """
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                _modules(entry.path, found)
            elif entry.name.endswith(".py"):
                found.append((entry.path, entry.stat()))
