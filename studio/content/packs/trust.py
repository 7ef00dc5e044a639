"""Which packs may run code: trust is given explicitly, per pack id and content hash.

A changed pack has a new hash and needs trust again. The base game is always
trusted: it ships with Studio. The record is ``trust.json`` in the user's data
folder, written atomically.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

from filelock import FileLock

from studio.content.io.atomic import write_atomically
from studio.content.io.documents import DocumentError, read_text
from studio.content.io.limits import LOCK_TIMEOUT_SECONDS
from studio.content.io.paths import trust_file
from studio.content.packs.pack import Pack
from studio.content.packs.staging import BusyError, locked

_HASH = re.compile(r"[0-9a-f]{64}\Z")


class TrustError(ValueError):
    """Trust could not be recorded (a read-only data folder, or a trust.json that is damaged or a folder)."""


class TrustStore:
    """The pack ids and content hashes the user has trusted."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or trust_file()
        #: Why the record on disk cannot be used, if it cannot: it is then never overwritten.
        self.damage: str | None = None
        self._trusted: dict[str, list[str]] = self._read()

    def _read(self) -> dict[str, list[str]]:
        """The record; a damaged one trusts nothing and is kept as it is for the user to mend."""
        if not os.path.lexists(self.path):
            return {}
        try:
            data = json.loads(read_text(self.path, 1024 * 1024))
        except DocumentError as exc:
            self.damage = exc.problem.message
            return {}
        except (ValueError, RecursionError):
            data = None
        packs = data.get("packs") if isinstance(data, dict) else None
        if not isinstance(packs, dict) or not all(
            isinstance(k, str)
            and isinstance(v, list)
            and all(isinstance(h, str) and _HASH.match(h) for h in v)
            for k, v in packs.items()
        ):
            self.damage = 'not a trust record ({"packs": {PACK_ID: [CONTENT_HASH, ...]}})'
            return {}
        return {k: list(v) for k, v in packs.items()}

    def is_trusted(self, pack: Pack) -> bool:
        """Return True if the pack's code may run."""
        return pack.builtin or pack.hash in self._trusted.get(pack.id, [])

    def trust(self, pack: Pack) -> None:
        """Record trust in this pack's current content."""
        if pack.hash not in self._trusted.get(pack.id, []):
            self._update(lambda record: record.setdefault(pack.id, []).append(pack.hash))

    def forget(self, pack_id: str) -> None:
        """Drop every trust recorded for a pack id."""
        if pack_id in self._trusted:
            self._update(lambda record: record.pop(pack_id, None))

    def _update(self, change: Callable[[dict[str, list[str]]], object]) -> None:
        """Apply ``change`` to the record as it is on disk now, under its lock, and write it back.

        Two commands trusting packs at once both get their trust recorded.
        """
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with locked(FileLock(f"{self.path}.lock", timeout=LOCK_TIMEOUT_SECONDS)):
                self.damage = None
                self._trusted = self._read()
                change(self._trusted)
                self._write()
        except (BusyError, OSError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            blocked = next((p for p in self.path.parents if p.exists() and not p.is_dir()), None)
            if blocked is not None:  # a STUDIO_HOME (or a folder in it) that is a file
                why = f"{blocked} is a file, not a folder"
            raise TrustError(f"{self.path}: cannot record trust: {why}") from None

    def _write(self) -> None:
        """Replace the record atomically; raise TrustError, changing nothing, if it cannot be written."""
        if self.damage is not None:
            raise TrustError(f"{self.path}: {self.damage}; mend or delete it, then trust again")
        try:
            write_atomically(self.path, json.dumps({"packs": self._trusted}, indent=2, sort_keys=True))
        except OSError as exc:
            raise TrustError(f"{self.path}: cannot record trust: {exc.strerror or exc}") from None
