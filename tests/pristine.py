"""Copies of files that tests may change, made again only once a test has changed one.

Copying the base game (some 250 files) costs a tenth of a second; most tests that get a copy only
read it. So one copy serves test after test while it stays as it was made, and a test that changed it
(a file written, added, removed, renamed, its mode or times changed) leaves it behind: the next test
gets a new copy (:class:`Copies`). Likewise the warm cache files every test's data folder starts with
are hard links to shared copies (:class:`Links`). Each test starts from files exactly as a fresh
copy's.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

#: What a file or folder is checked by: inode, size, mode, modification and change times, and the bytes
#: of a file (times alone miss a rewrite of the same size within the clock's tick).
Stamp = tuple[int, int, int, int, int, bytes]


class Copies:
    """Copies of ``source``, each named ``name`` in a folder of its own under ``where``."""

    def __init__(self, source: Path, where: Path, name: str) -> None:
        self.source, self.where, self.name = source, where, name
        self._copy: Path | None = None
        self._made: dict[str, Stamp] | None = None

    def pristine(self) -> Path:
        """A copy of ``source`` as it was made: the last one, unless anything in or next to it changed."""
        if self._copy is None or self._made is None or _stamps(self._copy.parent) != self._made:
            self._copy = Path(tempfile.mkdtemp(dir=self.where)) / self.name
            shutil.copytree(self.source, self._copy)
            self._made = _stamps(self._copy.parent)
        return self._copy


def _stamps(root: Path) -> dict[str, Stamp] | None:
    """The stamp of every file and folder under ``root``, ``root`` included; None if one cannot be read
    (a test took its permissions away: the copy is not as it was made)."""
    found: dict[str, Stamp] = {}
    for folder, _folders, files in os.walk(root):
        for path in (folder, *(os.path.join(folder, name) for name in files)):
            try:
                info = os.lstat(path)
                data = b""
                if path != folder and stat.S_ISREG(info.st_mode):  # never a FIFO a test left: it would block
                    with open(path, "rb") as handle:
                        data = handle.read()
            except OSError:
                return None
            found[path] = (info.st_ino, info.st_size, info.st_mode, info.st_mtime_ns, info.st_ctime_ns, data)
    return found


class Links:
    """Files linked into each test's folder rather than copied (half a megabyte of cache files a test).

    Studio replaces a cache file by renaming a new one over it, never by writing into it, so a link
    passes no change on; a test that writes into its link (to damage a cache on purpose) changes the
    shared file, which is then replaced by a fresh copy before it is linked again.
    """

    def __init__(self, files: dict[str, Path], where: Path) -> None:
        """``files``: each file to link, by its path relative to the folders it goes into."""
        self.where = where
        self.files = {name: path.read_bytes() for name, path in files.items()}
        self.modes = {name: self._fresh(name) for name in self.files}

    def _fresh(self, name: str) -> int:
        """Write the shared file ``name`` anew (a changed one is left to the tests that link it); its mode."""
        shared = self.where / name
        shared.unlink(missing_ok=True)
        shared.parent.mkdir(parents=True, exist_ok=True)
        shared.write_bytes(self.files[name])
        return stat.S_IMODE(shared.stat().st_mode)

    def link_into(self, folder: Path) -> None:
        """Link each file into ``folder`` (its subfolders made as needed), each as it was first read."""
        for name, data in self.files.items():
            shared = self.where / name
            try:
                same = shared.read_bytes() == data and stat.S_IMODE(shared.stat().st_mode) == self.modes[name]
            except OSError:
                same = False
            if not same:
                self.modes[name] = self._fresh(name)
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            os.link(shared, target)
