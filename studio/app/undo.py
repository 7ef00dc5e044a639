"""Undoable edits: each command stores a file and a JSON path (never a widget or a model index).

Typing in one field merges into one command (same id, same file and path), so
Ctrl+Z takes back a whole word, not a letter. Commands call the session's
plain operations to redo and undo.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from PySide6.QtGui import QUndoCommand

from studio.app.session import Session
from studio.workspace import JsonPath

_FIELD, _TEXT = 1, 2


def _show(path: JsonPath) -> str:
    return ".".join(str(p) for p in path) or "entry"


class SetField(QUndoCommand):
    """Set one field of one file; ``typing`` lets the next edit of the same field merge into it.

    Redo sets the field by its JSON path; undo puts back the file's text from
    before, so a field that was absent is absent again (with no empty parent
    left behind) and the file is clean again when it was.
    """

    def __init__(
        self, session: Session, file: Path, path: JsonPath, before: str, new: Any, typing: bool
    ) -> None:
        super().__init__(f"Edit {file.stem} {_show(path)}")
        self.session, self.file, self.path = session, file, path
        self.before, self.new, self.typing = before, copy.deepcopy(new), typing

    def id(self) -> int:
        return _FIELD

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not (isinstance(other, SetField) and self.typing and other.typing):
            return False
        if (other.file, other.path) != (self.file, self.path):
            return False
        self.new = copy.deepcopy(other.new)
        return True

    def redo(self) -> None:
        self.session.set_field(self.file, self.path, self.new)

    def undo(self) -> None:
        self.session.replace_text(self.file, self.before)


class ReplaceText(QUndoCommand):
    """Replace a file's text (the YAML tab); consecutive typing in one file merges."""

    def __init__(self, session: Session, file: Path, old: str, new: str) -> None:
        super().__init__(f"Edit {file.name} text")
        self.session, self.file, self.old, self.new = session, file, old, new

    def id(self) -> int:
        return _TEXT

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, ReplaceText) or other.file != self.file:
            return False
        self.new = other.new
        return True

    def redo(self) -> None:
        self.session.replace_text(self.file, self.new)

    def undo(self) -> None:
        self.session.replace_text(self.file, self.old)


def value_at(data: Any, path: JsonPath) -> Any:
    """Return the value at ``path`` in ``data`` (None where it is missing)."""
    node = data
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return None
    return node
