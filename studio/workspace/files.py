"""Files as the workspace holds them: current text, last good data, and what is on disk."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from studio.content.check.problems import Problem
from studio.content.io.documents import CONTENT_SUFFIXES, Document, DocumentError
from studio.content.io.paths import in_installed_base
from studio.content.packs.pack import Pack


@dataclass(frozen=True)
class Stamp:
    """What a file looked like on disk: size, modification time and inode (cheap), hash (certain).

    The inode tells apart two saves in one clock tick with the same size: every save (here or in
    another editor) replaces the file with a new one.
    """

    mtime_ns: int
    size: int
    ino: int
    sha256: str

    @classmethod
    def of_text(cls, path: Path, text: str) -> Stamp:
        """The stamp of a file just written with ``text``."""
        st = path.stat()
        return cls(st.st_mtime_ns, st.st_size, st.st_ino, hashlib.sha256(text.encode("utf-8")).hexdigest())

    def changed(self, path: Path) -> bool:
        """True if the file on disk differs from this stamp (or is gone)."""
        try:
            st = path.stat()
        except OSError:
            return True
        if (st.st_mtime_ns, st.st_size, st.st_ino) == (self.mtime_ns, self.size, self.ino):
            return False
        try:
            return hashlib.sha256(path.read_bytes()).hexdigest() != self.sha256
        except OSError:
            return True


@dataclass
class FileState:
    """One content file of a loaded pack."""

    path: Path
    rel: str
    pack: Pack
    kind: str
    text: str
    #: The data of the last text that parsed (what forms show while the text is broken).
    data: Any
    #: Why the current text does not parse, if it does not.
    syntax: Problem | None
    #: The text on disk when loaded or last saved; None for a file not yet saved.
    saved_text: str | None
    stamp: Stamp | None
    #: The file's former path after a rename, removed when it is saved.
    old_path: Path | None = None
    #: Not parsed yet: the next rebuild takes the data its merge parsed, or parses it.
    pending: bool = False

    @property
    def dirty(self) -> bool:
        """True if the text differs from the file on disk, or the file must move."""
        return self.text != self.saved_text or self.old_path is not None

    @property
    def writable(self) -> bool:
        """Only files of pack folders can be saved: not members of zips, not the installed base game."""
        return self.read_only is None

    @property
    def read_only(self) -> str | None:
        """Why the file cannot be saved where it is, and what to do instead (None: it can)."""
        if not self.pack.origin.is_dir():
            return "the pack is a zip; it cannot change (Entry > Override in a pack makes a copy that can)"
        if in_installed_base(self.pack.origin):
            return (
                "the base game is installed with Studio and read-only (an upgrade replaces it); "
                "Entry > Override in a pack makes a copy that can change, "
                "File > Copy the base game a whole copy to edit"
            )
        return None

    def set_text(self, text: str) -> Document | None:
        """Take new text; return its document, or None (and keep the last data) if it does not parse."""
        self.text = text
        self.pending = False
        try:
            doc = Document.parse(str(self.path), text)
        except DocumentError as exc:
            self.syntax = exc.problem
            return None
        except YAMLError as exc:  # pragma: no cover - the round-trip parse explains first
            self.syntax = Problem(str(self.path), 1, 1, f"malformed YAML: {exc}")
            return None
        self.syntax = None
        self.data = doc.data
        return doc


def parses(text: str) -> bool:
    """True if ``text`` is well-formed YAML."""
    try:
        YAML(typ="safe").load(text)
    except YAMLError:
        return False
    return True


#: File kinds besides the game's entries: scenario files (``tests/``) and patches.
OTHER_KINDS = ("scenario", "patch")


def file_kind(rel: str) -> str | None:
    """The kind of a pack file the workspace edits, or None."""
    from studio.content.entries import kind_of  # it imports the content models: not while a snapshot serves

    kind = kind_of(rel)
    if kind is not None:
        return kind
    if rel.endswith(CONTENT_SUFFIXES):
        for folder, other in (("tests/", "scenario"), ("patches/", "patch")):
            if rel.startswith(folder):
                return other
    return None
