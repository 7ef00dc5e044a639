"""Autosave of unsaved work to a recovery folder, and putting it back after a crash.

Each file with unsaved edits is one JSON record in the folder (named by a hash
of the file's path, written atomically), holding its text and the hash of the
text on disk the edits started from, so recovery can say whether the file was
changed since. A record goes away when its file is saved or reverted.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path

from studio.workspace.files import atomic_write
from studio.workspace.model import WorkspaceError

SUFFIX = ".recovery.json"


@dataclass(frozen=True)
class Recovery:
    """Unsaved text of one file, found in a recovery folder."""

    record: Path
    path: Path
    pack_id: str
    rel: str
    text: str
    saved_at: float
    #: The hash of the file's text on disk when the edits began (None: a new file).
    base_sha256: str | None

    @property
    def disk_changed(self) -> bool:
        """True if the file on disk is no longer the one the edits began from."""
        try:
            now: str | None = hashlib.sha256(self.path.read_bytes()).hexdigest()
        except OSError:
            now = None
        return now != self.base_sha256


def record_name(path: Path) -> str:
    """The record file of a content file."""
    return hashlib.sha256(str(path).encode("utf-8")).hexdigest()[:16] + SUFFIX


def write_records(folder: Path, items: list[tuple[Path, str, str, str, str | None]]) -> int:
    """Write one record per (path, pack id, relative path, text, base hash); return how many."""
    folder.mkdir(parents=True, exist_ok=True)
    written = set()
    for path, pack_id, rel, text, base in items:
        name = record_name(path)
        record = {"path": str(path), "pack": pack_id, "rel": rel, "text": text, "base_sha256": base}
        atomic_write(folder / name, json.dumps({**record, "saved_at": time.time()}, ensure_ascii=False))
        written.add(name)
    return len(written)


def drop_records(folder: Path, paths: list[Path]) -> None:
    """Remove the records of files that have no unsaved edits any more."""
    for path in paths:
        (folder / record_name(path)).unlink(missing_ok=True)


def read_records(folder: Path) -> list[Recovery]:
    """Every readable record in ``folder``, oldest first (unreadable ones are skipped)."""
    out = []
    for record in sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []:
        try:
            data = json.loads(record.read_text(encoding="utf-8"))
            out.append(
                Recovery(
                    record,
                    Path(data["path"]),
                    str(data["pack"]),
                    str(data["rel"]),
                    str(data["text"]),
                    float(data["saved_at"]),
                    data["base_sha256"],
                )
            )
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return sorted(out, key=lambda r: r.saved_at)


def no_pack(item: Recovery) -> WorkspaceError:
    """The error for a record whose pack is not open."""
    return WorkspaceError(f"{item.path}: its pack '{item.pack_id}' is not open; open it to recover this work")
