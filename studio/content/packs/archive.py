"""Pack archives: the gate that reads, extracts, hashes and writes the .zip files content packs travel in.

Installed packs may be hostile, so every archive is checked whole (central directory first, then each
member's real bytes under running caps) before anything is returned or written. Refusals raise
`ArchiveError` with a one-line reason naming the member. Pack folders, the hash of a pack's files and
the refusals they share with archives are in :mod:`studio.content.packs.folders` (re-exported here).
"""

from __future__ import annotations

import copy
import hashlib
import io
import itertools
import os
import shutil
import stat
import struct
import zipfile
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import BinaryIO

from studio.content.io.atomic import write_atomically
from studio.content.packs.folders import (
    LIMITS,
    ArchiveError,
    Limits,
    check_names,
    content_hash,
    folder_files,
    left_out,
    refuse,
)
from studio.content.packs.names import name_problem

__all__ = [
    "LIMITS",
    "ArchiveError",
    "Limits",
    "content_hash",
    "extract_zip",
    "folder_files",
    "read_zip",
    "write_zip",
]


_CHUNK = 64 * 1024
# zipfile parses the whole central directory before we can count it, and it loops on the directory's byte
# size, not its declared entry count; so the size is capped first (a real entry is ~50-300 bytes).
_CENTRAL_BYTES_PER_FILE = 4096
# Only these: zipfile decompresses bzip2 and LZMA without an output bound (read(1024) on a 277-byte bzip2
# member allocates ~460 MB), so their bytes cannot be capped while they inflate.
_METHODS = {zipfile.ZIP_STORED: "stored", zipfile.ZIP_DEFLATED: "deflated"}
_FLAG_ENCRYPTED = 0x01 | 0x40  # traditional and strong encryption
_FLAG_PATCHED = 0x20
_LOCAL_HEADER_BYTES = 30  # the fixed part; the name and extra field follow
_EOCD = struct.Struct("<4s4H2LH")
_EOCD64_LOCATOR = struct.Struct("<4sLQL")
_EOCD64 = struct.Struct("<4sQ2H2L4Q")
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def _why(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


# --- reading ---------------------------------------------------------------------------------------------


def _directory_extent(fp: BinaryIO) -> tuple[int, int]:
    """(entries, bytes) of the central directory, read from the end record the way zipfile finds it."""
    size = fp.seek(0, os.SEEK_END)
    tail_len = min(size, _EOCD.size + 0xFFFF)
    fp.seek(size - tail_len)
    tail = fp.read()
    at = len(tail) - _EOCD.size
    if not (at >= 0 and tail[at : at + 4] == b"PK\5\6" and tail[-2:] == b"\0\0"):
        at = tail.rfind(b"PK\5\6")
        if at < 0 or len(tail) - at < _EOCD.size:
            raise refuse("not a zip file (no end of central directory record)")
    _, _, _, _, entries, cd_bytes, _, _ = _EOCD.unpack_from(tail, at)
    end = size - tail_len + at
    if end >= _EOCD64_LOCATOR.size + _EOCD64.size:
        fp.seek(end - _EOCD64_LOCATOR.size - _EOCD64.size)
        record = fp.read(_EOCD64.size + _EOCD64_LOCATOR.size)
        if record[_EOCD64.size : _EOCD64.size + 4] == b"PK\6\7" and record[:4] == b"PK\6\6":
            fields = _EOCD64.unpack_from(record)
            entries, cd_bytes = fields[7], fields[8]
    return entries, cd_bytes


def _check_directory(infos: list[zipfile.ZipInfo], archive_bytes: int, limits: Limits) -> None:
    """Every check that needs only the central directory; raises on the first problem."""
    if len(infos) > limits.max_files:
        raise refuse(f"{len(infos)} members, more than {limits.max_files} (MAX_FILES)")
    total = compressed = 0
    for info in infos:
        name = info.orig_filename  # before zipfile cuts it at a NUL (or turns '\' into '/' on Windows)
        problem = name_problem(name, folder=True)
        if problem:
            raise refuse(problem, name)
        mode = info.external_attr >> 16
        if stat.S_ISLNK(mode):
            raise refuse("is a symlink", name)
        if stat.S_IFMT(mode) and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            raise refuse(f"is not a regular file (mode {mode:#o})", name)
        if stat.S_ISDIR(mode) and not name.endswith("/"):
            raise refuse("is a folder without a trailing '/'", name)
        if info.flag_bits & _FLAG_ENCRYPTED:
            raise refuse("is encrypted", name)
        if info.flag_bits & _FLAG_PATCHED:
            raise refuse("uses compressed patched data", name)
        if info.compress_type not in _METHODS:
            raise refuse(f"compression method {info.compress_type} not allowed (stored or deflated)", name)
        if name.endswith("/") and info.file_size:
            raise refuse("is a folder entry that carries data", name)
        if info.file_size > limits.max_file_bytes:
            raise refuse(
                f"declares {info.file_size} bytes, more than {limits.max_file_bytes} (MAX_FILE_BYTES)", name
            )
        if _ratio(info.file_size, info.compress_size) > limits.max_ratio:
            raise refuse(
                f"compression ratio {_ratio(info.file_size, info.compress_size):.0f} "
                f"over {limits.max_ratio:g} (MAX_RATIO; {info.file_size} from {info.compress_size} bytes)",
                name,
            )
        total += info.file_size
        compressed += info.compress_size
    check_names([(i.orig_filename, i.orig_filename.endswith("/")) for i in infos])
    if total > limits.max_total_bytes:
        raise refuse(f"declares {total} bytes in all, more than {limits.max_total_bytes} (MAX_PACK_BYTES)")
    if _ratio(total, compressed) > limits.max_ratio:  # implied by the per-member check; kept as stated
        raise refuse(
            f"overall compression ratio {_ratio(total, compressed):.0f} over {limits.max_ratio:g} (MAX_RATIO)"
        )
    _check_layout(infos, archive_bytes)


def _ratio(size: int, compressed: int) -> float:
    if compressed == 0:
        return float("inf") if size else 0.0
    return size / compressed


def _check_layout(infos: list[zipfile.ZipInfo], archive_bytes: int) -> None:
    """Each member's data lies inside the file and apart from the others: overlapping members are a bomb trick
    (one compressed stream counted many times) that Python 3.11's zipfile does not detect."""
    spans = sorted(
        (i.header_offset, i.header_offset + _LOCAL_HEADER_BYTES + i.compress_size, i.orig_filename)
        for i in infos
    )
    for (_, end, name), (start, _, after) in itertools.pairwise(spans):
        if end > start:
            raise refuse(f"overlaps member {after!r}", name)
    if spans and spans[-1][1] > archive_bytes:
        raise refuse("data runs past the end of the archive", spans[-1][2])


def _read_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, budget: int, limits: Limits) -> bytes:
    """The member's bytes, read in chunks; refused once past the declared size, max_file_bytes or `budget`.

    zipfile silently cuts a member at its declared size (and a CRC forged for the cut passes), so the member
    is opened with a declared size a chunk and a byte larger: a header that understates shows up as extra
    bytes, refused before zipfile reaches that size and checks the CRC.
    """
    name = info.orig_filename
    declared = info.file_size
    probe = copy.copy(info)
    probe.file_size = declared + _CHUNK + 1
    parts: list[bytes] = []
    got = 0
    with zf.open(probe) as stream:
        while chunk := stream.read(_CHUNK):
            got += len(chunk)
            if got > declared:
                raise refuse(f"inflates past its declared {declared} bytes", name)
            if got > limits.max_file_bytes:
                raise refuse(f"inflates past {limits.max_file_bytes} bytes (MAX_FILE_BYTES)", name)
            if got > budget:
                why = f"inflates the archive past {limits.max_total_bytes} bytes (MAX_PACK_BYTES)"
                raise refuse(why, name)
            parts.append(chunk)
    if got != declared:
        raise refuse(f"holds {got} bytes but declares {declared}", name)
    return b"".join(parts)


_BROKEN = (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, RuntimeError, struct.error)


def read_zip(path: Path, limits: Limits = LIMITS) -> dict[str, bytes]:
    """Return every file member of a pack archive by its relative POSIX path, after checking it is safe.

    Hidden members (``.DS_Store``, ``.vscode/``) and ``__MACOSX/`` are left out, as a pack folder
    leaves them out of a build; compiled Python (``__pycache__``, ``*.pyc``) is refused: it would run
    instead of the source a reviewer read.

    The whole central directory is checked before any data is read; then each member is inflated under running
    caps. Folder entries are skipped. Any refusal, and any unreadable or corrupt file, raises `ArchiveError`.
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a FIFO would block on open, a device never end
            raise refuse("not a regular file (a device, FIFO or socket)")
        with Path(path).open("rb") as fp:
            entries, cd_bytes = _directory_extent(fp)
            if entries > limits.max_files:
                raise refuse(f"{entries} members, more than {limits.max_files} (MAX_FILES)")
            if cd_bytes > limits.max_files * _CENTRAL_BYTES_PER_FILE:
                raise refuse(
                    f"central directory of {cd_bytes} bytes is too big for {limits.max_files} files "
                    "(MAX_FILES)"
                )
            archive_bytes = fp.seek(0, os.SEEK_END)
            fp.seek(0)
            with zipfile.ZipFile(fp) as zf:
                infos = zf.infolist()
                _check_directory(infos, archive_bytes, limits)
                files: dict[str, bytes] = {}
                budget = limits.max_total_bytes
                for info in sorted(infos, key=lambda i: i.header_offset):
                    if info.orig_filename.endswith("/"):
                        continue
                    if any(left_out(part) for part in info.orig_filename.split("/")):
                        if "__pycache__" in info.orig_filename or info.orig_filename.endswith(
                            (".pyc", ".pyo")
                        ):
                            raise refuse(
                                "compiled Python is not allowed in a pack: ship the .py source",
                                info.orig_filename,
                            )
                        continue  # hidden and Finder files, as a pack folder leaves them out
                    try:
                        data = _read_member(zf, info, budget, limits)
                    except (*_BROKEN, UnicodeDecodeError) as exc:
                        raise refuse(f"corrupt: {_why(exc)}", info.orig_filename) from exc
                    budget -= len(data)
                    files[info.orig_filename] = data
    except ArchiveError:
        raise
    except (*_BROKEN, ValueError) as exc:  # not a zip, truncated, bad name encoding, unreadable file
        raise refuse(f"not a readable zip file: {_why(exc)}") from exc
    return dict(sorted(files.items()))


def extract_zip(path: Path, dest: Path, limits: Limits = LIMITS) -> dict[str, bytes]:
    """Safely write the archive's files under `dest` (which must not exist yet; created), return them.

    Everything is checked by `read_zip` before `dest` is made, and a failure while writing removes `dest`,
    so a refused or failed extraction leaves nothing behind. Files are created exclusively, default modes.
    A failure to write (a full disk, a read-only folder) raises `OSError`, not `ArchiveError`: it is the
    destination's, and the archive is not to blame.
    """
    dest = Path(dest)
    if os.path.lexists(dest):
        raise refuse(f"destination {str(dest)!r} already exists")
    files = read_zip(path, limits)
    dest.mkdir(parents=True)
    try:
        root = dest.resolve()
        for name, data in files.items():
            target = root.joinpath(*name.split("/"))
            if not target.is_relative_to(root) or target.resolve() != target:
                raise refuse("would be written outside the destination", name)
            target.parent.mkdir(parents=True, exist_ok=True)
            _write_new(target, data)
    except BaseException:
        shutil.rmtree(dest, ignore_errors=True)
        raise
    return files


def _write_new(target: Path, data: bytes) -> None:
    with target.open("xb") as out:  # exclusive: never follows or replaces what is already there
        out.write(data)


def write_zip(files: Mapping[str, bytes], out: Path) -> str:
    """Write a reproducible zip atomically; return the sha256 hex of the zip bytes.

    Entries sorted by path, fixed timestamp 1980-01-01 00:00:00, create_system unix, external_attr
    0o100644 << 16, ZIP_DEFLATED level 9, no directory entries, no extra fields or comments; written
    atomically, mode 0644 (:mod:`studio.content.io.atomic`). Same files -> byte-identical zip (given the
    same zlib). The zip is held to every rule `read_zip` checks before a byte is read (names, sizes, the
    compression ratio), so what is written installs; a refusal raises `ArchiveError` and writes nothing.
    """
    check_names([(name, False) for name in files])
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=_ZIP_TIME)
            info.create_system = 3
            info.external_attr = 0o100644 << 16
            zf.writestr(info, files[name], compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    blob = buffer.getvalue()
    with zipfile.ZipFile(io.BytesIO(blob)) as written:  # text that repeats may deflate past MAX_RATIO
        _check_directory(written.infolist(), len(blob), LIMITS)
    out = Path(out)
    write_atomically(out, blob, mode=0o644, folders=False)  # a built pack is meant to be shared
    return hashlib.sha256(blob).hexdigest()
