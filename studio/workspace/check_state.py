"""The workspace's checked state, made when first needed: an open from a snapshot shows the
snapshot's state until then (see studio.workspace.snapshot)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from studio.workspace.file_table import FileTable
from studio.workspace.pack_code import PackCode
from studio.workspace.snapshot import Snapshot

if TYPE_CHECKING:
    from studio.workspace.checker import Checker


class CheckState:
    """The :class:`~studio.workspace.checker.Checker` over the files, or the snapshot shown before it."""

    def __init__(self, table: FileTable, code: PackCode, kept: Snapshot | None) -> None:
        self._table = table
        self._code = code
        self._kept = kept
        self._lock = threading.Lock()
        self._checker: Checker | None = None
        if kept is None:
            self.checked()

    @property
    def is_checked(self) -> bool:
        """True once the content is checked: at the open, unless it came from a snapshot."""
        return self._checker is not None

    @property
    def shown(self) -> Snapshot | None:
        """The snapshot whose state is shown while the content is not checked yet (None: it is)."""
        return self._kept if self._checker is None else None

    def checked(self) -> Checker:
        """The checked state; made now if the workspace still shows a snapshot's (importing the models).

        Every change asks for it before it touches a file, so a check running in a worker
        thread never sees the files change under it.
        """
        checker = self._checker
        if checker is None:
            with self._lock:
                checker = self._checker or self.recheck()
        return checker

    def recheck(self) -> Checker:
        """Check every file again from scratch (the packs or their code changed)."""
        from studio.workspace.checker import Checker  # it imports the content models

        checker = Checker(self._table.packs, self._code.behaviours, self._code.declared())
        checker.rebuild(self._table.files.values())
        self._checker = checker
        return checker

    def rebuild(self) -> None:
        """Merge every pack again from the texts in memory (a new id, a new or deleted file)."""
        self.checked().rebuild(self._table.files.values())

    def ids(self, kind: str) -> list[str]:
        """The ids of a kind in force."""
        return self.checked().ids(kind)
