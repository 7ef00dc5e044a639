"""Undoable edits: each command stores a file and a JSON path (never a widget or a model index).

Typing in one field merges into one command (same id, same file and path), so
Ctrl+Z takes back a whole word, not a letter. Commands call the session's
plain operations to redo and undo.

Every command edits one file and knows the text it left that file with, so the
history can tell when something else changed the file (a reload from disk, a
rename): that file's commands are dropped and every other file keeps its own.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtGui import QUndoCommand, QUndoStack

from studio.app.session import Session
from studio.workspace import JsonPath
from studio.workspace.recovery import UndoStep

_FIELD, _TEXT = 1, 2


def _show(path: JsonPath) -> str:
    return ".".join(str(p) for p in path) or "entry"


class FileCommand(QUndoCommand):
    """An edit of one file; undo puts back the file's text from before it (``before``).

    ``after`` is the text the edit left (known once done). While ``paused`` the
    command does nothing: the history moves it without touching the workspace.
    """

    def __init__(
        self, label: str, session: Session, file: Path, before: str, after: str | None = None
    ) -> None:
        super().__init__(label)
        self.session, self.file, self.before, self.after = session, file, before, after
        self.paused = False

    def apply(self) -> None:
        """Make the edit (redo's work)."""
        raise NotImplementedError

    def redo(self) -> None:
        if not self.paused:
            self.apply()
            self.after = self.session.text(self.file)

    def undo(self) -> None:
        if not self.paused:
            self.session.replace_text(self.file, self.before)


class SetField(FileCommand):
    """Set one field of one file; ``typing`` lets the next edit of the same field merge into it.

    Redo sets the field by its JSON path; undo puts back the file's text from
    before, so a field that was absent is absent again (with no empty parent
    left behind) and the file is clean again when it was.
    """

    def __init__(
        self, session: Session, file: Path, path: JsonPath, before: str, new: Any, typing: bool
    ) -> None:
        super().__init__(f"Edit {file.stem} {_show(path)}", session, file, before)
        self.path, self.new, self.typing = path, copy.deepcopy(new), typing

    def id(self) -> int:
        return _FIELD

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not (isinstance(other, SetField) and self.typing and other.typing):
            return False
        if (other.file, other.path) != (self.file, self.path):
            return False
        self.new, self.after = copy.deepcopy(other.new), other.after
        return True

    def apply(self) -> None:
        self.session.set_field(self.file, self.path, self.new)


class ReplaceText(FileCommand):
    """Replace a file's text (the YAML tab); consecutive typing in one file merges.

    ``typing=False`` (a merge with the disk, a step of a recovered history) stands alone.
    """

    def __init__(
        self, session: Session, file: Path, old: str, new: str, label: str = "", typing: bool = True
    ) -> None:
        super().__init__(label or f"Edit {file.name} text", session, file, old, new)
        self.new, self.typing = new, typing

    def id(self) -> int:
        return _TEXT

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not (isinstance(other, ReplaceText) and self.typing and other.typing and other.file == self.file):
            return False
        self.new, self.after = other.new, other.after
        return True

    def apply(self) -> None:
        self.session.replace_text(self.file, self.new)


class History(QUndoStack):
    """The undo stack of a window; its commands edit one file each, so files keep their histories apart.

    A step may be a macro of several commands (one change made to many entries at once): it
    stays or goes as a whole.
    """

    def _steps(self) -> Iterator[tuple[int, QUndoCommand, list[FileCommand]]]:
        """(place, step, its file commands) from the oldest; the first :meth:`index` are done."""
        for i in range(self.count()):
            step = self.command(i)
            yield i, step, _leaves(step)

    def prune(self) -> set[Path]:
        """Drop the steps of each file changed outside them (reloaded, renamed, deleted); return the files."""
        stale = {file for file, fits in self._fits().items() if not fits}
        if stale:
            self._drop(stale)
        return stale

    def steps(self) -> dict[Path, list[UndoStep]]:
        """The done edits of each file whose commands still fit it, oldest first, for a recovery record."""
        fits = self._fits()
        out: dict[Path, list[UndoStep]] = {}
        for i, step, leaves in self._steps():
            for leaf in leaves if i < self.index() else ():
                if fits[leaf.file]:
                    out.setdefault(leaf.file, []).append(UndoStep(i, step.text(), leaf.before))
        return out

    def restore(self, session: Session, undo: Mapping[Path, Sequence[UndoStep]]) -> None:
        """Put back recovered edits as done steps, in the session's order (one step per place).

        Each edit redoes to the file's next edit, the last one to the file's text now.
        """
        made: dict[int, tuple[str, list[ReplaceText]]] = {}
        for file, steps in undo.items():
            now = session.text(file)
            if now is None or not steps:  # no history kept (an old record, or one written mid-edit)
                continue
            ordered = sorted(steps, key=lambda s: s.seq)
            afters = [s.before for s in ordered[1:]] + [now]
            for step, after in zip(ordered, afters, strict=True):
                command = ReplaceText(session, file, step.before, after, step.label, typing=False)
                made.setdefault(step.seq, (step.label, []))[1].append(command)
        for seq in sorted(made):
            label, commands = made[seq]
            if len(commands) > 1:
                self.beginMacro(label)
            for command in commands:
                command.paused = True
                self.push(command)
                command.paused = False
            if len(commands) > 1:
                self.endMacro()

    def _fits(self) -> dict[Path, bool]:
        """For each file with commands: whether its text is still the one they expect.

        That is the text its last done command left, or (none done) the one its first undone
        command starts from.
        """
        expected: dict[Path, tuple[Session, str | None]] = {}
        for i, _, leaves in self._steps():
            for leaf in leaves:
                if i < self.index():
                    expected[leaf.file] = (leaf.session, leaf.after)
                else:
                    expected.setdefault(leaf.file, (leaf.session, leaf.before))
        return {file: text is not None and s.text(file) == text for file, (s, text) in expected.items()}

    def _drop(self, files: set[Path]) -> None:
        """Remove the steps touching ``files`` from anywhere in the stack, keeping the order of the rest.

        Qt removes an obsolete step when the stack steps over it, so every command is paused,
        the stack steps to both ends and back to where it stood, and none of it touches the
        workspace.
        """
        kept: list[FileCommand] = []
        target = 0
        for i, step, leaves in self._steps():
            gone = any(leaf.file in files for leaf in leaves)
            step.setObsolete(gone)
            for leaf in leaves:
                leaf.paused = True
            if not gone:
                kept += leaves
                target += i < self.index()
        self.setIndex(0)
        self.setIndex(self.count())
        self.setIndex(target)
        for leaf in kept:  # the others went with their C++ side
            leaf.paused = False


def _leaves(step: QUndoCommand) -> list[FileCommand]:
    """The file commands of a step: itself, or a macro's children."""
    if isinstance(step, FileCommand):
        return [step]
    return [leaf for i in range(step.childCount()) for leaf in _leaves(step.child(i))]
