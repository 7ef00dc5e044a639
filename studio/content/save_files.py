"""Run save files on disk: read and written only as regular files of bounded size.

A save is named by the user, so it may be anything: a link pointing anywhere,
a FIFO whose opening waits forever for a writer, a device that never ends. It
is read only when it is a regular file (opened without following a link put in
place since it was checked) of at most :data:`MAX_SAVE_BYTES`, and written
through :func:`~studio.content.atomic.write_atomically`, which leaves no
temporary file after a failure. ``studio run`` and the editor's playtest share
these rules.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from studio.content.atomic import write_atomically
from studio.content.limits import MAX_SAVE_BYTES


class SaveFileError(ValueError):
    """A save file that cannot be read or written; the message names it and says why."""


def read_save_file(path: Path) -> bytes:
    """The bytes of a save file: a regular file (not a link, device or FIFO) of at most MAX_SAVE_BYTES."""
    check_save_path(path, "read the save", must_exist=True)
    try:
        with open(path, "rb", opener=_no_follow) as handle:
            data = handle.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise SaveFileError(f"{path}: cannot read the save: {exc}") from None
    if len(data) > MAX_SAVE_BYTES:
        raise SaveFileError(
            f"{path}: cannot read the save: more than {MAX_SAVE_BYTES:,} bytes (MAX_SAVE_BYTES)"
        )
    return data


def write_save_file(path: Path, text: str) -> None:
    """Write a save to ``path`` atomically, unless ``path`` is a link, a folder, a device or a FIFO."""
    check_save_path(path, "write the save", must_exist=False)
    try:
        write_atomically(path, text, folders=False)
    except OSError as exc:
        raise SaveFileError(f"{path}: cannot write the save: {exc}") from None


def _no_follow(path: str, flags: int) -> int:
    """Open without following a symlink put in place since it was checked."""
    return os.open(path, flags | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))


def check_save_path(path: Path, doing: str, must_exist: bool) -> None:
    """Refuse a path that is a symlink, a folder, a device, a FIFO or a socket (or missing, if it must exist).

    Opening a FIFO waits for a writer and a device may never end; a link may point anywhere.
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        if must_exist:
            raise SaveFileError(f"{path}: cannot {doing}: no such file") from None
        return
    except OSError as exc:
        raise SaveFileError(f"{path}: cannot {doing}: {exc}") from None
    if stat.S_ISLNK(info.st_mode):
        raise SaveFileError(f"{path}: cannot {doing}: it is a symbolic link (name the file itself)")
    if stat.S_ISDIR(info.st_mode):
        raise SaveFileError(f"{path}: cannot {doing}: it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise SaveFileError(f"{path}: cannot {doing}: not a regular file (a device, FIFO or socket)")
    if info.st_size > MAX_SAVE_BYTES:
        raise SaveFileError(f"{path}: cannot {doing}: more than {MAX_SAVE_BYTES:,} bytes (MAX_SAVE_BYTES)")
