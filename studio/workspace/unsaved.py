"""The workspace's content as a fresh load would not read it: unsaved, new, renamed and removed files.

A simulation plays in other processes that read the packs from disk; these
edits, laid over what they read, make them play the content as it is on
screen. The base game is compared with the files Studio ships (the workspace
may edit a copy of them); any other pack with its files on disk.
"""

from __future__ import annotations

from collections.abc import Iterable

from studio.content.packs.files import base_files
from studio.simulation.spec import Edits
from studio.workspace.files import FileState, file_kind


def unsaved_edits(files: Iterable[FileState]) -> Edits:
    """Return (pack id, relative path, text or None for a removed file) for each difference."""
    shipped: dict[str, bytes] | None = None
    base_id, held = None, set()
    edits: list[tuple[str, str, str | None]] = []
    for f in files:
        if f.pack.builtin:
            shipped = base_files() if shipped is None else shipped
            base_id = f.pack.id
            held.add(f.rel)
            read = shipped.get(f.rel)
            on_disk = read.decode("utf-8", errors="replace") if read is not None else None
        else:
            on_disk = f.saved_text if f.old_path is None else None
        if f.text != on_disk:
            edits.append((f.pack.id, f.rel, f.text))
        if f.old_path is not None:
            edits.append((f.pack.id, f.old_path.relative_to(f.pack.origin).as_posix(), None))
    if shipped is not None and base_id is not None:  # files the edited base game no longer has
        gone = (rel for rel in sorted(shipped) if rel not in held and file_kind(rel) is not None)
        edits += [(base_id, rel, None) for rel in gone]
    return tuple(dict.fromkeys(edits))
