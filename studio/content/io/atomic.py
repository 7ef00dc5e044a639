"""The one way Studio replaces a file: all of it or none of it, keeping what the file was.

A temporary file in the same folder is written (and synced), given the
replaced file's permission bits, then renamed over it: a crash leaves the old
file or the new one, never half of either. A failed write removes its
temporary file; a process killed while writing leaves it, hidden (a name
starting with a dot, ending in ``.tmp``), which no folder scan reads. A new
file gets the usual permissions (the user's umask applied), not ``mkstemp``'s
owner-only 0600 that would hide a shared content file from its group. A
symbolic link stays a link: the file it points to is replaced.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path


def write_atomically(
    path: Path, data: bytes | str, *, sync: bool = True, mode: int | None = None, folders: bool = True
) -> None:
    """Replace ``path`` with ``data`` (text is written as UTF-8, line ends as given).

    ``sync`` waits for the disk (recovery records and caches skip it); ``mode`` sets the
    permission bits exactly (a built pack is always 0644), else an existing file keeps its own;
    ``folders`` makes the missing folders on the way (a new entry's kind folder), else a missing
    folder is an error (a save the user named). Raises OSError, having left nothing behind.
    """
    target = path.resolve() if path.is_symlink() else path
    if folders:
        target.parent.mkdir(parents=True, exist_ok=True)
    keep: int | None
    try:
        keep = stat.S_IMODE(target.stat().st_mode) if mode is None else mode
    except FileNotFoundError:
        keep = mode
    tmp = target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    except OSError as err:  # said of the file asked for: the temporary name means nothing to the user
        raise type(err)(err.errno, err.strerror, str(target)) from None
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data.encode("utf-8") if isinstance(data, str) else data)
            out.flush()
            if sync:
                os.fsync(out.fileno())
        if keep is not None:
            os.chmod(tmp, keep)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
