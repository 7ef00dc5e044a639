"""The Qt side of the workspace: every operation goes through here and comes back as signals.

The workspace (no Qt) answers each operation with a ``Change``; this adapter
emits it so each panel redraws only what it touched. Edits go through the
workspace's undo history, so each is a step of the Edit menu's Undo. An operation that raises
(a refused edit, a plugin's exception) becomes a ``failed`` message and the
app goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from studio.workspace import Change, EntryRef, JsonPath, NotAllSaved, Workspace, WorkspaceError


class Session(QObject):
    """One open workspace; ``changed`` carries the workspace's ``Change`` of each operation."""

    changed = Signal(object)
    failed = Signal(str)

    def __init__(self, ws: Workspace, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ws = ws

    def perform(self, what: str, op: Callable[[], Change]) -> Change | None:
        """Perform a workspace operation; emit its change, or ``failed`` with one line."""
        try:
            change = op()
        except Exception as exc:  # a refused edit or a plugin's error is a message, never a crash
            self.failed.emit(f"{what}: {exc}")
            return None
        self.changed.emit(change)
        return change

    def ref(self, path: Path) -> EntryRef:
        """The current reference of a file."""
        return self.ws.ref(path)

    def text(self, path: Path) -> str | None:
        """The file's current text (None: the workspace holds no file there any more)."""
        try:
            return self.ws.text(self.ws.ref(path))
        except WorkspaceError:
            return None

    def set_field(
        self, path: Path, json_path: JsonPath, value: Any, *, label: str = "", typing: bool = False
    ) -> Change | None:
        """Set one field of the file at ``path``, as an undo step called ``label`` (``typing`` merges
        with typing there)."""
        history = self.ws.history
        edit = partial(history.set_field, path, json_path, value, label=label, typing=typing)
        return self.perform("edit", edit)

    def replace_text(self, path: Path, text: str, *, label: str = "", typing: bool = False) -> Change | None:
        """Take new text for the file at ``path``, as an undo step called ``label`` (or after the file)."""
        history = self.ws.history
        return self.perform("edit", lambda: history.replace_text(path, text, label=label, typing=typing))

    def save(self, path: Path) -> Change | None:
        """Save the file at ``path``."""
        return self.perform("save", lambda: self.ws.save(self.ws.ref(path)))

    def save_all(self) -> list[str]:
        """Save every file with unsaved edits; return why each file not saved was not. The files saved
        are shown saved whatever became of the others, and each file not saved is a ``failed`` line."""
        failures: list[str] = []

        def every() -> Change:
            try:
                return self.ws.save_all()
            except NotAllSaved as exc:
                failures.extend(exc.failures)
                return exc.saved

        self.perform("save", every)
        for line in failures:
            self.failed.emit(f"save: {line}")
        return failures
