"""Autosave to a recovery folder, and offering the work back after a crash (no Qt here).

Every few seconds the window writes the text of each file with unsaved edits
to the recovery folder (one file per edited file plus an index). A clean exit
empties the folder, so anything found there at start-up is work a crash would
have lost.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_data_dir

from studio.workspace import Change, Workspace

INDEX = "index.json"


def default_folder() -> Path:
    """The recovery folder in the user's data folder."""
    return Path(user_data_dir("charm-studio")) / "recovery"


@dataclass(frozen=True)
class Recoverable:
    """Unsaved text of one file, found in the recovery folder."""

    path: Path
    text: str


def _write(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def autosave(ws: Workspace, folder: Path) -> int:
    """Write every unsaved file's text to ``folder`` (replacing what was there); return how many."""
    folder.mkdir(parents=True, exist_ok=True)
    index: dict[str, str] = {}
    for ref in ws.dirty():
        name = hashlib.sha256(str(ref.path).encode()).hexdigest()[:16] + ".txt"
        _write(folder / name, ws.text(ref))
        index[str(ref.path)] = name
    _write(folder / INDEX, json.dumps(index, indent=1))
    for stale in folder.glob("*.txt"):
        if stale.name not in index.values():
            stale.unlink(missing_ok=True)
    return len(index)


def recoverable(folder: Path) -> list[Recoverable]:
    """List the unsaved work left in ``folder`` (empty when the last exit was clean)."""
    try:
        index = json.loads((folder / INDEX).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    out = []
    for path, name in index.items():
        try:
            out.append(Recoverable(Path(path), (folder / name).read_text(encoding="utf-8")))
        except OSError:
            continue
    return out


def recover(ws: Workspace, items: list[Recoverable]) -> tuple[Change, list[str]]:
    """Put recovered text back into the workspace (as unsaved edits); return the change and what was skipped."""
    change, skipped = Change(), []
    for item in items:
        try:
            ref = ws.ref(item.path)
        except (KeyError, ValueError):
            skipped.append(f"{item.path}: no longer in the open packs")
            continue
        change.add(ws.replace_text(ref, item.text))
    return change, skipped


def clear(folder: Path) -> None:
    """Empty the recovery folder (after a clean exit or once work was recovered or declined)."""
    for f in [*folder.glob("*.txt"), folder / INDEX]:
        f.unlink(missing_ok=True)
