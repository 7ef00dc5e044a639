"""Images that another program draws, redraws or removes while the editor is open, taken into their packs.

Content files are watched through their stamps (:meth:`Workspace.check_disk`); an image is not a
content file, so an entry naming a PNG drawn after the pack was opened would keep its "no file"
problem and its face, and a redrawn one its old picture, until the pack was opened again. This watch
stats the images that entries of pack folders name and reads one again only when its size,
modification time or inode changed, as a regular file of bounded size (never through a link).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from studio.content.io.limits import MAX_FILE_BYTES
from studio.content.io.regular_files import FileRefused, read_regular
from studio.content.packs.pack import Pack

#: What a file looked like: (modification time, size, inode); None: no regular file there.
Look = tuple[int, int, int] | None


class ArtWatch:
    """The last look at each named image, by pack folder and path inside it."""

    def __init__(self) -> None:
        self._seen: dict[tuple[Path, str], Look] = {}

    def take_in(self, named: Iterable[tuple[Pack, str]]) -> list[tuple[Pack, str]]:
        """Look at each (pack, image path) again; put the bytes of those changed on disk into the pack's
        files (or take them out) and return them.

        The first look at an image compares its bytes with the pack's, so a change made between
        opening the pack and the first look counts too. A link or a device counts as no image (a pack
        holds regular files only); a file over a pack file's limit is left as the pack has it, and read
        again only when it changes.
        """
        changed = []
        for pack, rel in named:
            path = pack.origin / rel
            look = _look(path)
            key = (pack.origin, rel)
            if key in self._seen and self._seen[key] == look:
                continue
            self._seen[key] = look
            try:
                data = (
                    None
                    if look is None
                    else read_regular(path, "read the image", MAX_FILE_BYTES, "a pack file's limit")
                )
            except FileRefused:
                continue
            if data == pack.files.get(rel):
                continue
            if data is None:
                pack.files.pop(rel, None)
            else:
                pack.files[rel] = data
            changed.append((pack, rel))
        return changed


def _look(path: Path) -> Look:
    """The file's (modification time, size, inode) if it is a regular file (links not followed)."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    return info.st_mtime_ns, info.st_size, info.st_ino
