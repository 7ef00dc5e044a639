"""A fingerprint of Studio's own code and the Python environment running it, for caches built by code.

A cache of something the code computes (the JSON Schemas generated from the
models, a snapshot of a load) is only valid for the code that computed it.
The fingerprint covers every module of the package (path, size, modification
time, inode), Studio's version, the Python version and prefix, and the site folders
(installing or removing a package changes them).
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
        if folder.endswith(("site-packages", "dist-packages")) and os.path.isdir(folder):
            digest.update(f"{folder}\0{os.stat(folder).st_mtime_ns}\0".encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


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
