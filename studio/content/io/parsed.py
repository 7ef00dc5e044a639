"""A cache of parsed YAML: the data of a file depends only on its text, so it is kept by the text's hash.

Parsing is most of what loading the base game costs; a command that loads the
same files again reads their data back from one ``marshal`` file in the user's
cache folder instead. The positions of a file's nodes (the lines of its
problems, of the scenarios in a file of many) are kept beside its data once
asked for. Entries are fresh objects on every read, and a file that cannot be
cached (a YAML timestamp, say) is simply parsed each time.
"""

from __future__ import annotations

import hashlib
import marshal
from pathlib import Path
from typing import Any

from studio.content.io.caches import sealed, unsealed, warn_damaged, write_quietly
from studio.content.io.paths import cache_dir

#: Bumped when what the loader (or the position scan) returns for a text may change.
_FORMAT = b"studio-parsed-2\n"
#: The aspect of a text that is the position tree of its nodes (see :mod:`studio.content.io.documents`).
POSITIONS = "/positions"
#: Past this many entries, a save keeps only those the current command read.
LIMIT = 5000


class ParsedCache:
    """Parsed data by SHA-1 of the text; read once, written back only if it grew."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._entries: dict[str, bytes] | None = None
        self._used: set[str] = set()
        self._dirty = False

    def _load(self) -> dict[str, bytes]:
        if self._entries is None:
            self._entries = {}
            try:
                raw = self.path.read_bytes()
            except OSError:  # no cache yet: parse
                return self._entries
            if not raw.startswith(_FORMAT):  # another version's: parse again, quietly
                return self._entries
            found = _entries(unsealed(raw[len(_FORMAT) :]))
            if found is None:
                warn_damaged(self.path, "parsed-content cache")
                self._dirty = True  # written again, whole, even if this command parses nothing new
            else:
                self._entries = found
        return self._entries

    def get(self, text: str, aspect: str = "") -> tuple[bool, Any]:
        """Return (True, data) if ``text`` was parsed before, else (False, None); ``aspect`` names what
        else of the text is kept (:data:`POSITIONS`) instead of its data."""
        key = _key(text) + aspect
        blob = self._load().get(key)
        if blob is None:
            return False, None
        self._used.add(key)
        return True, marshal.loads(blob)

    def put(self, text: str, data: Any, aspect: str = "") -> None:
        """Remember the data parsed from ``text`` (if marshal can hold it), or its ``aspect``."""
        try:
            blob = marshal.dumps(data)
        except ValueError:
            return
        key = _key(text) + aspect
        self._load()[key] = blob
        self._used.add(key)
        self._dirty = True

    def save(self) -> None:
        """Write the cache atomically if it changed; a failure to write is not an error."""
        if not self._dirty or self._entries is None:
            return
        if len(self._entries) > LIMIT:
            self._entries = {k: v for k, v in self._entries.items() if k in self._used}
        if write_quietly(self.path, _FORMAT + sealed(marshal.dumps(self._entries))):
            self._dirty = False


def _entries(data: bytes | None) -> dict[str, bytes] | None:
    """The entries of a cache file whose checksum held, or None if it was damaged."""
    if data is None:
        return None
    try:
        found = marshal.loads(data)
    except (ValueError, EOFError, TypeError):
        return None
    if not isinstance(found, dict) or not all(isinstance(v, bytes) for v in found.values()):
        return None
    return found


def _key(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()


_CACHES: dict[Path, ParsedCache] = {}


def parsed_cache() -> ParsedCache:
    """The parsed-YAML cache of the current cache folder (see :mod:`studio.content.io.paths`)."""
    path = cache_dir() / "parsed.marshal"
    return _CACHES.setdefault(path, ParsedCache(path))
