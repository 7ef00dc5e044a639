"""Pack folders read as bytes, and the hash of a pack's files: the half of the pack gate every command needs.

A folder is held to the rules of an archive member (:mod:`studio.content.packs.archive`, the zip half, which
shares the refusals here), and telling whether a snapshot is current reads the base game's folder and
hashes it. So a command that only scores imports neither the zip reader nor :mod:`zipfile`.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from studio.content.io import limits as bounds
from studio.content.io.text import clip
from studio.content.packs.names import clash, name_problem


class ArchiveError(ValueError):
    """An archive refused; the message names the member (if any) and why, in one line; ``member`` and
    ``reason`` hold them apart, for a problem located at the member."""

    def __init__(self, message: str, member: str | None = None, reason: str = "") -> None:
        super().__init__(message)
        self.member, self.reason = member, reason or message


class Limits(NamedTuple):
    """How much an archive may hold; sizes are uncompressed bytes, the ratio is uncompressed / compressed.

    A named tuple, not a dataclass: a dataclass's generated methods are built at every start.
    """

    max_files: int = bounds.MAX_FILES
    max_file_bytes: int = bounds.MAX_FILE_BYTES  # one member, uncompressed
    max_total_bytes: int = bounds.MAX_PACK_BYTES  # all members, uncompressed
    max_ratio: float = bounds.MAX_RATIO  # uncompressed / compressed, per member and overall


LIMITS = Limits()


def refuse(reason: str, member: str | None = None) -> ArchiveError:
    """The error refusing a pack (or ``member`` of it): one short line, whatever an exception's text held.

    Names and zipfile's messages (which quote names) can run to 64 KiB.
    """
    reason = clip(" ".join(reason.split()), 200)
    if member is None:
        return ArchiveError(reason)
    return ArchiveError(f"{clip(repr(member), 120)}: {reason}", member, reason)


def check_names(names: list[tuple[str, bool]]) -> None:
    """Refuse the first name `name_problem` or `clash` finds wrong."""
    for name, is_folder in names:
        problem = name_problem(name, is_folder)
        if problem:
            raise refuse(problem, name)
    found = clash(names)
    if found:
        raise refuse(found[1], found[0])


def folder_files(folder: Path, limits: Limits = LIMITS) -> dict[str, bytes]:
    """The files of a pack folder that belong in a build: relative POSIX paths, skipping hidden files and
    folders (any path part starting with '.'), __pycache__ folders and *.pyc; refuses symlinks inside
    (ArchiveError).

    Names, depth, count and sizes are held to the same rules as archive members (checked before a folder
    is entered or a file read), so a folder that builds is a pack that installs.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise refuse(f"{str(folder)!r} is not a folder")
    files: dict[str, bytes] = {}
    _walk(folder, "", files, [0], limits)
    check_names([(name, False) for name in files])
    return dict(sorted(files.items()))


#: What tools leave beside a file they change (a backup, a swap file, a merge's leftovers): never content.
BACKUP_SUFFIXES = ("~", ".bak", ".orig", ".rej", ".swp", ".swo", ".tmp")


def left_out(part: str) -> bool:
    """A path part that never belongs in a pack: hidden files (editor, VCS, Finder), compiled Python, and
    what tools leave beside a file (``x.yaml~``, ``x.yaml.bak``: a build shipped them)."""
    return (
        part.startswith(".")
        or part in ("__pycache__", "__MACOSX")
        or part.endswith((".pyc", ".pyo"))
        or part.lower().endswith(BACKUP_SUFFIXES)
    )


def _walk(folder: Path, prefix: str, files: dict[str, bytes], used: list[int], limits: Limits) -> None:
    """Read the files under ``folder`` into ``files``; ``used`` holds the bytes read so far."""
    with os.scandir(folder) as it:
        entries = sorted(it, key=lambda e: e.name)
    for entry in entries:
        name = prefix + entry.name
        if left_out(entry.name):
            continue
        info = entry.stat(follow_symlinks=False)
        if entry.is_symlink() or getattr(info, "st_file_attributes", 0) & stat.FILE_ATTRIBUTE_REPARSE_POINT:
            raise refuse("is a symlink (or another link to elsewhere)", name)
        problem = name_problem(name)
        if problem:
            raise refuse(problem, name)
        if stat.S_ISDIR(info.st_mode):
            _walk(Path(entry.path), name + "/", files, used, limits)
        elif stat.S_ISREG(info.st_mode):
            if len(files) >= limits.max_files:
                raise refuse(f"more than {limits.max_files} files in the pack (MAX_FILES)")
            if info.st_size > limits.max_file_bytes:
                why = f"{info.st_size} bytes, more than {limits.max_file_bytes} (MAX_FILE_BYTES)"
                raise refuse(why, name)
            with open(entry.path, "rb") as handle:
                data = handle.read(limits.max_file_bytes + 1)
            if len(data) > limits.max_file_bytes:
                raise refuse(f"more than {limits.max_file_bytes} bytes (MAX_FILE_BYTES)", name)
            files[name] = data
            used[0] += len(data)
            if used[0] > limits.max_total_bytes:
                why = f"the pack's files hold more than {limits.max_total_bytes} bytes (MAX_PACK_BYTES)"
                raise refuse(why)
        else:
            raise refuse("is not a regular file (a device, FIFO or socket)", name)


def content_hash(files: Mapping[str, bytes]) -> str:
    """sha256 hex of the files: for each path in sorted order,
    path utf-8 + b'\\0' + str(len).encode() + b'\\0' + bytes.

    The same files give the same hash whether they come from a folder or a zip.
    """
    digest = hashlib.sha256()
    for name in sorted(files):
        data = files[name]
        digest.update(name.encode("utf-8") + b"\0" + str(len(data)).encode() + b"\0")
        digest.update(data)
    return digest.hexdigest()
