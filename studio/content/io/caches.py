"""Writing the files of the user's cache folder: atomically, and never as an error.

A cache only saves time: a read-only cache folder or a full disk must not stop
a command, and a half-written file must never be read back. Each write goes
to a temporary file beside the target, then replaces it (:mod:`studio.content.io.atomic`).
A cache file also carries the checksum of what it holds (:func:`sealed`): a
file damaged later (a flipped byte, a cut, garbage) is never used, only made
again, with a warning.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from studio.content.io.atomic import write_atomically


def write_quietly(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` atomically; return False (leaving nothing behind) if it cannot."""
    try:
        write_atomically(path, data, sync=False)
    except OSError:
        return False
    return True


def sealed(data: bytes) -> bytes:
    """``data`` preceded by a line holding its SHA-256, for :func:`unsealed` to check."""
    return b"sha256:" + hashlib.sha256(data).hexdigest().encode("ascii") + b"\n" + data


def unsealed(raw: bytes) -> bytes | None:
    """The data :func:`sealed` wrote, or None if it was damaged since (a flipped byte, a cut, garbage)."""
    line, newline, data = raw.partition(b"\n")
    if not newline or line != b"sha256:" + hashlib.sha256(data).hexdigest().encode("ascii"):
        return None
    return data


def warn_damaged(path: Path, what: str) -> None:
    """Say in one line on stderr that a damaged cache file is not used but made again."""
    print(
        f"studio: warning: {path}: the {what} was damaged; it is not used, and is made again", file=sys.stderr
    )
