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

from studio.workspace.files import atomic_write, file_kind
from studio.workspace.host import Host
from studio.workspace.model import Change, WorkspaceError

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
    #: Where the file is on disk when the unsaved edits renamed it (saving deletes it there).
    old_path: Path | None = None

    @property
    def disk_changed(self) -> bool:
        """True if the file on disk is no longer the one the edits began from."""
        try:
            now: str | None = hashlib.sha256((self.old_path or self.path).read_bytes()).hexdigest()
        except OSError:
            now = None
        return now != self.base_sha256


def record_name(path: Path) -> str:
    """The record file of a content file."""
    return hashlib.sha256(str(path).encode("utf-8")).hexdigest()[:16] + SUFFIX


def write_records(folder: Path, items: list[tuple[Path, str, str, str, str | None, Path | None]]) -> int:
    """Write one record per (path, pack id, relative path, text, base hash, old path); return how many.

    A record that already holds the same text is left alone, so autosaving every few
    seconds writes only what changed.
    """
    folder.mkdir(parents=True, exist_ok=True)
    for path, pack_id, rel, text, base, old_path in items:
        record = folder / record_name(path)
        old = str(old_path) if old_path is not None else None
        if _holds(record, text, base, old):
            continue
        data = {"path": str(path), "pack": pack_id, "rel": rel, "text": text, "base_sha256": base}
        data["old_path"] = old
        atomic_write(record, json.dumps({**data, "saved_at": time.time()}, ensure_ascii=False), sync=False)
    return len(items)


def _holds(record: Path, text: str, base: str | None, old_path: str | None) -> bool:
    """True if ``record`` already holds this text, from this base and old path."""
    try:
        data = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and (data.get("text"), data.get("base_sha256"), data.get("old_path")) == (
        text,
        base,
        old_path,
    )


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
                    Path(data["old_path"]) if data.get("old_path") else None,
                )
            )
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return sorted(out, key=lambda r: r.saved_at)


class Autosave(Host):
    """The recovery operations of a workspace (mixed into :class:`studio.workspace.Workspace`)."""

    def autosave(self, folder: Path) -> int:
        """Write every unsaved file's text to the recovery folder; drop records of saved files."""
        items = []
        for f in self._files.values():
            if f.dirty:
                base = (
                    hashlib.sha256(f.saved_text.encode("utf-8")).hexdigest()
                    if f.saved_text is not None
                    else None
                )
                items.append((f.path, f.pack.id, f.rel, f.text, base, f.old_path))
        drop_records(folder, [f.path for f in self._files.values() if not f.dirty])
        return write_records(folder, items)

    @staticmethod
    def recoverable(folder: Path) -> list[Recovery]:
        """The unsaved work left in a recovery folder (empty after a clean exit)."""
        return read_records(folder)

    def recover(self, item: Recovery) -> Change:
        """Put recovered text back as unsaved edits (a file never saved comes back as a new file).

        A file that the edits renamed comes back renamed: saving it then deletes the old name.
        """
        if item.path in self._files:
            return self.replace_text(self._ref(self._files[item.path]), item.text)
        old = item.old_path
        renamed = self._files.get(old) if old is not None else None
        if old is not None and renamed is not None and renamed.pack.id == item.pack_id and renamed.writable:
            self._move_file(renamed, item.rel)
            change = self.replace_text(self._ref(renamed), item.text)
            change.files.add(old)
            return change
        kind = file_kind(item.rel)
        pack = next(
            (p for p in self.packs if p.id == item.pack_id and p.origin / item.rel == item.path), None
        )
        if pack is None or kind is None or not pack.origin.is_dir():
            raise WorkspaceError(
                f"{item.path}: its pack '{item.pack_id}' is not open; open it to recover this work"
            )
        f = self._add_file(pack, item.rel, kind, item.text, saved=False)
        pack.files[item.rel] = item.text.encode("utf-8")
        self._rebuild()
        return Change({self._ref(f)}, {f.path}, problems_changed=True, catalog_changed=True)

    @staticmethod
    def discard(item: Recovery) -> None:
        """Forget one recovered item (recovered, or declined)."""
        item.record.unlink(missing_ok=True)
