"""Autosave of unsaved work to a recovery folder, and putting it back after a crash.

Each file with unsaved edits is one JSON record in the folder per editor
(written atomically), holding its text, the hash of the text on disk the edits
started from (so recovery can say whether the file was changed since) and the
file's undo history, so the rescued edits can still be undone one by one. A
record goes away when its file is saved or reverted.

A record is named by a hash of the file's path and by its owner, the editor
that wrote it (``<hash>-<owner>.recovery.json``, :func:`record_name`): two
editors with unsaved text of one file each keep their own, and each drops its
own by name. Records written before they were named by owner too are named by
the hash alone; they are read, offered and dropped as the others are.

Several records of one file (two editors died with unsaved text of it) cannot
all come back as its edits: the newest is offered, and each older one is moved
into the folder's ``older`` folder (:func:`set_aside_older`), kept.

Records carry a ``version``: 1 (no such key) holds no undo history, 2 does; a
record of either recovers its text. A record that cannot be read is moved
into the folder's ``damaged`` folder (:func:`set_aside_damaged`), not deleted.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from studio.content.io.atomic import write_atomically
from studio.content.io.limits import MAX_RECOVERY_BYTES, MAX_RECOVERY_DEPTH
from studio.content.io.regular_files import read_regular
from studio.content.packs.pack import Pack
from studio.workspace.check_state import CheckState
from studio.workspace.file_table import FileTable
from studio.workspace.files import file_kind
from studio.workspace.model import Change, EntryRef, WorkspaceError

SUFFIX = ".recovery.json"
#: The record format written: 2 added ``undo``.
VERSION = 2
#: The most undo steps a record keeps of its file (the latest), so a long session's records stay small.
UNDO_KEPT = 100


@dataclass(frozen=True)
class UndoStep:
    """One undoable edit of a file: undoing it puts back ``before``."""

    #: Its place in the session's whole history, where the steps of several files interleave.
    seq: int
    #: What the edit menu called it ("Edit money_mult cost").
    label: str
    before: str


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
    #: The edits that led to ``text``, oldest first (empty from a record without undo history).
    undo: tuple[UndoStep, ...] = ()
    #: The editor that wrote it ("": unnamed), so an editor still running keeps its own work.
    owner: str = ""

    @property
    def disk_changed(self) -> bool:
        """True if the file on disk is no longer the one the edits began from."""
        try:
            now: str | None = hashlib.sha256((self.old_path or self.path).read_bytes()).hexdigest()
        except OSError:
            now = None
        return now != self.base_sha256


def record_name(path: Path, owner: str = "") -> str:
    """The record file ``owner`` writes of a content file: the hash of its path, then the owner, so two
    editors with unsaved text of one file each keep their own record. Without an owner, the hash alone
    (the name every record had before records were named by owner too)."""
    if owner and not re.fullmatch(r"[0-9A-Za-z_-]+", owner):
        raise ValueError(f"{owner!r}: not a name for a recovery record's owner")
    name = hashlib.sha256(str(path).encode("utf-8")).hexdigest()[:16]
    return f"{name}-{owner}{SUFFIX}" if owner else f"{name}{SUFFIX}"


def write_records(folder: Path, records: Sequence[dict[str, Any]]) -> int:
    """Write each record (as :meth:`Autosave.autosave` makes them) to its file; return how many.

    A record file that already holds the same record is left alone, so autosaving every few
    seconds writes only what changed.
    """
    folder.mkdir(parents=True, exist_ok=True)
    for data in records:
        record = folder / record_name(Path(data["path"]), str(data.get("owner") or ""))
        if _holds(record, data):
            continue
        write_atomically(
            record, json.dumps({**data, "saved_at": time.time()}, ensure_ascii=False), sync=False
        )
    return len(records)


def _holds(record: Path, data: dict[str, Any]) -> bool:
    """True if ``record`` already holds ``data`` (whenever it was written)."""
    try:
        old = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(old, dict) and {k: v for k, v in old.items() if k != "saved_at"} == data


def drop_records(folder: Path, paths: list[Path], owner: str) -> None:
    """Remove the records ``owner`` wrote of files that have no unsaved edits any more: its own names,
    nothing read. Another editor's record stays: a running one's is its own work, a dead one's is work
    to offer (a file clean here, in a pack just opened, may be one it left unsaved)."""
    for path in paths:
        (folder / record_name(path, owner)).unlink(missing_ok=True)


def read_records(folder: Path) -> list[Recovery]:
    """Every sound record in ``folder``, oldest first.

    A record is read only if it is a regular file (never through a link, never a FIFO that would
    block) of bounded size and depth, whose paths are absolute (``path``, ``old_path``) or
    relative (``rel``) and never climb out with ``..``; anything else is skipped, as a damaged
    record is. Recovering then also checks that each path is in a pack the editor opened.
    """
    return sorted((r for r in map(_sound, _record_files(folder)) if r is not None), key=lambda r: r.saved_at)


def _record_files(folder: Path) -> list[Path]:
    """The record files in ``folder`` (none if it is not there yet), by name."""
    return sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []


def set_aside_damaged(folder: Path) -> list[str]:
    """Move each record in ``folder`` that cannot be read into its ``damaged`` folder; return a line
    for each, naming it, why it cannot be read and where it went.

    Skipped where it was, a damaged record was never offered nor dropped, and stayed forever. It may
    still hold the only copy of some work, so it is moved, not deleted; once moved it is not named
    again. One another editor moved meanwhile is left to that editor to name.
    """
    lines = []
    for record in _record_files(folder):
        try:
            _read(record)
            continue
        except RECORD_DAMAGE as exc:
            why = f"no '{exc.args[0]}'" if isinstance(exc, KeyError) else str(exc)
        lines += _set_aside(record, "damaged", f"recovery record {record} cannot be read ({why})")
    return lines


def set_aside_older(items: Sequence[Recovery]) -> tuple[list[Recovery], list[str]]:
    """Of several records of one file, keep the newest (the last autosaved) and move each older one
    into its folder's ``older`` folder; return the records kept, in the order given, and a line for
    each other one, naming it, its file and where it went.

    Two editors that died with unsaved text of one file left a record each, and only one text can come
    back as the file's edits: the newest is offered, the others are kept, never deleted, and never
    offered again. One that cannot be moved stays where it is, not offered now (it is offered once it
    is the only record of its file); one another editor moved meanwhile is left to that editor to name.
    """
    newest: dict[Path, Recovery] = {}
    for item in items:
        best = newest.get(item.path)
        if best is None or (item.saved_at, item.record.name) > (best.saved_at, best.record.name):
            newest[item.path] = item
    kept: list[Recovery] = []
    lines: list[str] = []
    for item in items:
        if newest[item.path] is item:
            kept.append(item)
            continue
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(item.saved_at))
        what = f"recovery record {item.record} holds older unsaved text of {item.path} (autosaved {when})"
        lines += _set_aside(item.record, "older", f"{what}, not offered")
    return kept, lines


def _set_aside(record: Path, into: str, what: str) -> list[str]:
    """Move ``record`` into the folder ``into`` beside it; return the line saying ``what`` it is and where
    it went, or that it cannot be moved and stays (none: another editor moved it meanwhile)."""
    try:
        dest = _move_aside(record, into)
    except FileNotFoundError:
        return []
    except OSError as exc:
        return [f"{what}; it cannot be moved aside ({exc}) and stays where it is"]
    return [f"{what}; moved to {dest}, kept"]


def _move_aside(record: Path, into: str) -> Path:
    """Move ``record`` into the folder ``into`` beside it, under a name no file there has; return where
    it went. Raises OSError (FileNotFoundError: it is gone) if it cannot be moved."""
    aside = record.parent / into
    dest = aside / record.name
    for n in itertools.count(1):
        if not dest.exists() and not dest.is_symlink():
            break
        dest = aside / f"{record.name.removesuffix(SUFFIX)}-{n}{SUFFIX}"
    aside.mkdir(exist_ok=True)
    record.rename(dest)
    return dest


def _sound(record: Path) -> Recovery | None:
    """The record at ``record``; None if it is damaged."""
    try:
        return _read(record)
    except RECORD_DAMAGE:
        return None


#: What reading a damaged record raises.
RECORD_DAMAGE = (OSError, ValueError, KeyError, TypeError, RecursionError)


def _read(record: Path) -> Recovery:
    """The record at ``record``; raises one of :data:`RECORD_DAMAGE` if it is damaged."""
    data = json.loads(read_regular(record, "read the record", MAX_RECOVERY_BYTES, "MAX_RECOVERY_BYTES"))
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    if _depth(data) > MAX_RECOVERY_DEPTH:
        raise ValueError(f"nested deeper than {MAX_RECOVERY_DEPTH} (MAX_RECOVERY_DEPTH)")
    return Recovery(
        record,
        _absolute(data["path"]),
        str(data["pack"]),
        _relative(data["rel"]),
        str(data["text"]),
        float(data["saved_at"]),
        data["base_sha256"],
        _absolute(data["old_path"]) if data.get("old_path") else None,
        _undo(data.get("undo")),
        str(data.get("owner") or ""),
    )


def _depth(value: object) -> int:
    """How deep a parsed JSON value nests (a scalar: 0)."""
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def _absolute(value: object) -> Path:
    path = Path(str(value))
    if not path.is_absolute() or ".." in path.parts:
        raise ValueError(f"{value!r}: not an absolute path without '..'")
    return path


def _relative(value: object) -> str:
    rel = str(value)
    parts = Path(rel).parts
    if not parts or Path(rel).is_absolute() or ".." in parts or "\\" in rel:
        raise ValueError(f"{value!r}: not a path inside a pack")
    return rel


def _undo(steps: Any) -> tuple[UndoStep, ...]:
    """The undo history of a record; none when it has none or it is damaged (the text still recovers)."""
    try:
        out = tuple(UndoStep(int(s["seq"]), str(s["label"]), str(s["before"])) for s in steps or ())
    except (KeyError, TypeError, ValueError):
        return ()
    return tuple(sorted(out, key=lambda s: s.seq))


class Autosave:
    """The recovery operations of a workspace: a part of :class:`studio.workspace.Workspace`.

    ``edit`` takes new text for a file as the workspace's own edits do.
    """

    def __init__(self, table: FileTable, checks: CheckState, edit: Callable[[EntryRef, str], Change]) -> None:
        self._table = table
        self._checks = checks
        self._edit = edit

    def autosave(
        self, folder: Path, undo: Mapping[Path, Sequence[UndoStep]] | None = None, owner: str = ""
    ) -> int:
        """Write every unsaved file's text, and its ``undo`` history if given (the latest
        :data:`UNDO_KEPT` steps), to the recovery folder, naming the ``owner`` that wrote it.

        The owner's records of files saved since are dropped (another editor's are not its to drop).
        """
        records = []
        for f in self._table.files.values():
            if f.dirty:
                base = (
                    hashlib.sha256(f.saved_text.encode("utf-8")).hexdigest()
                    if f.saved_text is not None
                    else None
                )
                steps = list((undo or {}).get(f.path, ()))[-UNDO_KEPT:]
                records.append(
                    {
                        "version": VERSION,
                        "path": str(f.path),
                        "pack": f.pack.id,
                        "rel": f.rel,
                        "text": f.text,
                        "base_sha256": base,
                        "old_path": str(f.old_path) if f.old_path is not None else None,
                        "undo": [{"seq": s.seq, "label": s.label, "before": s.before} for s in steps],
                        "owner": owner,
                    }
                )
        drop_records(folder, [f.path for f in self._table.files.values() if not f.dirty], owner)
        return write_records(folder, records)

    def opened(self, folder: Path) -> list[Recovery]:
        """The records in ``folder`` of files in the packs open here: the work of another pack waits,
        untouched, for an editor that opens it."""
        return [i for i in read_records(folder) if any(_is_in(i, p) for p in self._table.packs)]

    def recover(self, item: Recovery) -> Change:
        """Put recovered text back as unsaved edits (a file never saved comes back as a new file).

        A file that the edits renamed comes back renamed: saving it then deletes the old name.
        """
        self._checks.checked()
        if item.path in self._table.files:
            return self._edit(self._table.ref(self._table.files[item.path]), item.text)
        old = item.old_path
        renamed = self._table.files.get(old) if old is not None else None
        if old is not None and renamed is not None and renamed.pack.id == item.pack_id and renamed.writable:
            self._table.move(renamed, item.rel)
            change = self._edit(self._table.ref(renamed), item.text)
            change.files.add(old)
            return change
        kind = file_kind(item.rel)
        pack = next((p for p in self._table.packs if _is_in(item, p)), None)
        if pack is None or kind is None or not pack.origin.is_dir():
            raise WorkspaceError(
                f"{item.path}: its pack '{item.pack_id}' is not open; open it to recover this work"
            )
        f = self._table.add_new(pack, item.rel, kind, item.text)
        self._checks.rebuild()
        return Change({self._table.ref(f)}, {f.path}, problems_changed=True, catalog_changed=True)


def _is_in(item: Recovery, pack: Pack) -> bool:
    """True if the recovered file is one of ``pack``'s."""
    return pack.id == item.pack_id and pack.origin / item.rel == item.path
