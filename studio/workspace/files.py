"""Files as the workspace holds them: current text, last good data, and what is on disk."""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from studio.content.documents import CONTENT_SUFFIXES, Document, DocumentError
from studio.content.packs import Pack
from studio.content.paths import base_plugins_dir
from studio.content.problems import Problem


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
        """Only files of pack folders can be saved (not members of zips)."""
        return self.pack.origin.is_dir()

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


def atomic_write(path: Path, text: str, *, sync: bool = True) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and ``os.replace``.

    ``sync`` also waits for the disk (for content files; recovery records skip it).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            out.write(text)
            out.flush()
            if sync:
                os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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


def base_code() -> dict[str, bytes]:
    """The base game's own code (``plugins/NAME``), which a copy of its content folder opens with."""
    plugins = base_plugins_dir()
    if not plugins.is_dir():
        return {}
    return {f"plugins/{p.name}": p.read_bytes() for p in sorted(plugins.glob("*.py"))}
