"""The workspace's files by path, and the packs (in load order) they belong to: the part every other
part of the workspace reads and changes files through."""

from __future__ import annotations

from pathlib import Path

from studio.content.io.documents import Document
from studio.content.packs.pack import Pack
from studio.workspace.files import OTHER_KINDS, FileState, Stamp
from studio.workspace.model import EntryRef, WorkspaceError


class FileTable:
    """Every content file of the open packs, as text, last good data and disk stamp."""

    def __init__(self, packs: list[Pack]) -> None:
        #: The open packs in load order; parts that resolve them again change this list in place.
        self.packs = packs
        self.files: dict[Path, FileState] = {}

    def file(self, path: Path) -> FileState:
        """The file at ``path``; a :class:`WorkspaceError` if no open pack holds one there."""
        try:
            return self.files[path]
        except KeyError:
            raise WorkspaceError(f"{path}: not a file of the loaded packs") from None

    def ref(self, f: FileState) -> EntryRef:
        """The reference callers hold for a file: its kind, id (from its last good data), pack and name."""
        data = f.data if isinstance(f.data, dict) else {}
        if f.kind == "run":
            entry_id = "run"
        elif f.kind not in OTHER_KINDS and isinstance(data.get("id"), str):
            entry_id = data["id"]
        else:
            entry_id = f.path.stem
        name = data.get("name") if isinstance(data.get("name"), str) else entry_id
        return EntryRef(f.kind, entry_id, f.pack.id, f.path, str(name))

    def ref_at(self, file: str) -> EntryRef | None:
        """The reference of the file a problem names (None: not a file of the open packs)."""
        f = self.files.get(Path(file))
        return self.ref(f) if f is not None else None

    def key(self, f: FileState) -> str | None:
        """The ``kind/id`` this file defines (from its last good data)."""
        if f.kind in OTHER_KINDS:
            return None
        return f"{f.kind}/{self.ref(f).id}"

    def add(
        self, pack: Pack, rel: str, kind: str, text: str, *, saved: bool, parse: bool = True
    ) -> FileState:
        """Hold a file; ``parse=False`` leaves parsing to the next rebuild, which shares the merge's parse."""
        path = pack.origin / rel
        f = FileState(path, rel, pack, kind, text, None, None, text if saved else None, None)
        if parse:
            f.set_text(text)
        else:
            f.pending = True
        if saved and pack.origin.is_dir() and path.is_file():
            f.stamp = Stamp.of_text(path, text)
        self.files[path] = f
        return f

    def add_new(self, pack: Pack, rel: str, kind: str, text: str, *, saved: bool = False) -> FileState:
        """Hold a file the pack did not have (made, recovered or copied in): its text joins the pack's
        files, which the next rebuild merges."""
        f = self.add(pack, rel, kind, text, saved=saved)
        pack.files[rel] = text.encode("utf-8")
        return f

    def remove(self, f: FileState) -> None:
        """Let go of a file (deleted, or gone from disk)."""
        del self.files[f.path]
        f.pack.files.pop(f.rel, None)

    def move(self, f: FileState, rel: str) -> None:
        """Give a file another name in its pack (unsaved: saving writes it there and deletes the old one)."""
        del self.files[f.path]
        f.pack.files.pop(f.rel)
        if f.stamp is not None and f.old_path is None:
            f.old_path = f.path
        f.path, f.rel = f.pack.origin / rel, rel
        if f.old_path == f.path:
            f.old_path = None
        self.files[f.path] = f
        f.pack.files[rel] = f.text.encode("utf-8")

    def set_text(self, f: FileState, text: str) -> Document | None:
        """Give a file new text, in the pack's files too (what the next rebuild merges); return its
        document, or None if it does not parse."""
        doc = f.set_text(text)
        f.pack.files[f.rel] = text.encode("utf-8")
        return doc
