"""Files a user names, or a crash leaves, read and written only as the regular files they claim to be.

A run save or a recovery record may be anything on disk: a link pointing
anywhere, a FIFO whose opening waits forever for a writer, a device that
never ends. Such a file is read only when it is a regular file (opened without
following a link put in place since it was checked) of bounded size, and
written through :func:`~studio.content.io.atomic.write_atomically`, which leaves no
temporary file after a failure. ``studio run``, the editor's playtest and its
recovery share these rules.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from studio.content.io.atomic import write_atomically
from studio.content.io.limits import MAX_SAVE_BYTES


class FileRefused(ValueError):
    """A file that cannot be read or written as asked; the message names it and says why."""


def check_regular(path: Path, doing: str, must_exist: bool, most: int, limit: str) -> None:
    """Refuse a path that is a symlink, a folder, a device, a FIFO or a socket, one of more than ``most``
    bytes (``limit`` names the bound), or (``must_exist``) a missing one.

    Opening a FIFO waits for a writer and a device may never end; a link may point anywhere.
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        if must_exist:
            raise FileRefused(f"{path}: cannot {doing}: no such file") from None
        return
    except OSError as exc:
        raise FileRefused(f"{path}: cannot {doing}: {exc}") from None
    if stat.S_ISLNK(info.st_mode):
        raise FileRefused(f"{path}: cannot {doing}: it is a symbolic link (name the file itself)")
    if stat.S_ISDIR(info.st_mode):
        raise FileRefused(f"{path}: cannot {doing}: it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused(f"{path}: cannot {doing}: not a regular file (a device, FIFO or socket)")
    if info.st_size > most:
        raise FileRefused(f"{path}: cannot {doing}: more than {most:,} bytes ({limit})")


def read_regular(path: Path, doing: str, most: int, limit: str) -> bytes:
    """The bytes of a regular file (not a link, device or FIFO) of at most ``most`` bytes."""
    check_regular(path, doing, True, most, limit)
    try:
        with open(path, "rb", opener=_no_follow) as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # swapped since it was checked
                raise FileRefused(f"{path}: cannot {doing}: not a regular file (a device, FIFO or socket)")
            data = handle.read(most + 1)
    except OSError as exc:
        raise FileRefused(f"{path}: cannot {doing}: {exc}") from None
    if len(data) > most:
        raise FileRefused(f"{path}: cannot {doing}: more than {most:,} bytes ({limit})")
    return data


def _no_follow(path: str, flags: int) -> int:
    """Open without following a symlink put in place since it was checked, and without waiting."""
    return os.open(path, flags | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))


def read_save_file(path: Path) -> bytes:
    """The bytes of a run save: a regular file of at most MAX_SAVE_BYTES."""
    return read_regular(path, "read the save", MAX_SAVE_BYTES, "MAX_SAVE_BYTES")


def check_save_path(path: Path) -> None:
    """Refuse to write a run save where a link, a folder, a device or a FIFO is."""
    check_regular(path, "write the save", False, MAX_SAVE_BYTES, "MAX_SAVE_BYTES")


def write_save_file(path: Path, text: str) -> None:
    """Write a run save to ``path`` atomically, unless ``path`` is a link, a folder, a device or a FIFO."""
    check_save_path(path)
    try:
        write_atomically(path, text, folders=False)
    except OSError as exc:
        raise FileRefused(f"{path}: cannot write the save: {exc}") from None
