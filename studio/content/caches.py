"""Writing the files of the data folder's cache: atomically, and never as an error.

A cache only saves time: a read-only data folder or a full disk must not stop
a command, and a half-written file must never be read back. Each write goes
to a temporary file beside the target (named by the process), then replaces it.
"""

from __future__ import annotations

import os
from pathlib import Path


def write_quietly(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` atomically; return False (leaving nothing behind) if it cannot."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        tmp.replace(path)
        return True
    except OSError:
        tmp.unlink(missing_ok=True)
        return False
