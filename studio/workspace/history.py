"""The undo history of a workspace: edits made through it, as steps that undo and redo.

It lives in the core so the editor, a test and a script undo the same way. Each
step holds, for every file it edited, the text before and the text after; undo
puts back the first, redo the second. Typing in one field, or in one file's
text, merges into the step before, so undo takes back a word, not a letter; a
group of edits made together (one value set on many entries) is one step.

Every edit knows the text it left its file with, so the history can tell when
something else changed the file (a reload from disk, a rename, a direct edit of
the workspace): that file's steps are dropped, and every other file keeps its
own. The history looks before it answers, so it never offers a step that no
longer fits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from studio.workspace.model import Change, EntryRef, JsonPath, WorkspaceError
from studio.workspace.recovery import UndoStep


class Files(Protocol):
    """What the history edits: a workspace."""

    def ref(self, path: Path) -> EntryRef: ...

    def text(self, ref: EntryRef) -> str: ...

    def set_field(self, ref: EntryRef, json_path: JsonPath, value: Any) -> Change: ...

    def replace_text(self, ref: EntryRef, text: str) -> Change: ...


@dataclass
class _Edit:
    """One file's part of a step; ``merge`` is what the next typed edit must match to join it."""

    file: Path
    before: str
    after: str
    merge: tuple[str, JsonPath] | None


@dataclass
class _Step:
    label: str
    edits: list[_Edit]


def _changes_a_text(step: _Step) -> bool:
    """Whether the step leaves some file's text other than it found it."""
    found: dict[Path, str] = {}
    left: dict[Path, str] = {}
    for edit in step.edits:
        found.setdefault(edit.file, edit.before)
        left[edit.file] = edit.after
    return any(found[file] != left[file] for file in found)


class History:
    """The undo steps of one workspace, the first :attr:`done` of them done."""

    def __init__(self, files: Files) -> None:
        self._files = files
        self._steps: list[_Step] = []
        self._done = 0
        self._group: _Step | None = None
        self._listeners: list[Callable[[], None]] = []
        #: The text each file with steps should have now (see :meth:`_fits`); None: to work out again.
        self._expected: dict[Path, str] | None = None

    # -- editing ------------------------------------------------------------------------------------
    def set_field(
        self, path: Path, json_path: JsonPath, value: Any, *, label: str = "", typing: bool = False
    ) -> Change:
        """Set one field of the file at ``path`` as a step called ``label`` (or after the field's path);
        ``typing`` merges it with typing in the same field.

        Undo puts back the file's text from before, so a field that was absent is absent again
        (with no empty parent left behind) and a file undone to its saved text is clean again.
        """
        label = label or f"Edit {path.stem} {'.'.join(str(p) for p in json_path) or 'entry'}"
        merge = ("field", json_path) if typing else None
        return self._edit(path, label, merge, lambda ref: self._files.set_field(ref, json_path, value))

    def replace_text(self, path: Path, text: str, *, label: str = "", typing: bool = False) -> Change:
        """Take new text for the file at ``path`` as a step; ``typing`` merges it with typing in that text."""
        merge = ("text", ()) if typing else None
        edit_label = label or f"Edit {path.name} text"
        return self._edit(path, edit_label, merge, lambda ref: self._files.replace_text(ref, text))

    @contextmanager
    def group(self, label: str) -> Iterator[None]:
        """Make the edits inside one step called ``label``: it undoes, redoes and goes as a whole.

        A group inside a group adds to the outer one; a group that left every file's text as it found
        it (edited nothing, or put back what it changed) leaves no step.
        """
        if self._group is not None:
            yield
            return
        self.prune()
        self._group = step = _Step(label, [])
        try:
            yield
        finally:
            self._group = None
            if _changes_a_text(step):
                self._push(step)

    def _edit(
        self, path: Path, label: str, merge: tuple[str, JsonPath] | None, make: Callable[[EntryRef], Change]
    ) -> Change:
        if self._group is None:
            self.prune()
        before = self._files.text(self._files.ref(path))
        change = make(self._files.ref(path))
        after = self._files.text(self._files.ref(path))
        if after == before:
            return change
        edit = _Edit(path, before, after, merge)
        if self._group is not None:
            self._group.edits.append(edit)
        elif not self._merged(edit):
            self._push(_Step(label, [edit]))
        return change

    def _merged(self, edit: _Edit) -> bool:
        """Join ``edit`` to the last step when both are typing in the same place; True if it did."""
        del self._steps[self._done :]
        last = self._steps[-1].edits if self._steps else []
        if edit.merge is None or len(last) != 1:
            return False
        top = last[0]
        if (top.file, top.merge) != (edit.file, edit.merge):
            return False
        top.after = edit.after
        if top.after == top.before:  # typed and taken back: nothing left to undo
            self._steps.pop()
            self._done -= 1
        self._tell()
        return True

    def _push(self, step: _Step) -> None:
        del self._steps[self._done :]
        self._steps.append(step)
        self._done = len(self._steps)
        self._tell()

    # -- undo and redo ------------------------------------------------------------------------------
    def undo(self) -> Change:
        """Take back the last done step; what changed (nothing when there was none)."""
        self.prune()
        if not self._done:
            return Change()
        self._done -= 1
        step = self._steps[self._done]
        change = self._put(reversed(step.edits), after=False)
        self._tell()
        return change

    def redo(self) -> Change:
        """Make again the first undone step; what changed (nothing when there was none)."""
        self.prune()
        if self._done == len(self._steps):
            return Change()
        step = self._steps[self._done]
        self._done += 1
        change = self._put(iter(step.edits), after=True)
        self._tell()
        return change

    def _put(self, edits: Iterator[_Edit], *, after: bool) -> Change:
        change = Change()
        for edit in edits:
            text = edit.after if after else edit.before
            change.add(self._files.replace_text(self._files.ref(edit.file), text))
        return change

    @property
    def done(self) -> int:
        """How many steps are done (the rest can be redone)."""
        self.prune()
        return self._done

    def __len__(self) -> int:
        self.prune()
        return len(self._steps)

    @property
    def undo_label(self) -> str:
        """The name of the step Undo takes back ("" when there is none)."""
        return self._steps[self._done - 1].label if self.done else ""

    @property
    def redo_label(self) -> str:
        """The name of the step Redo makes again ("" when there is none)."""
        return self._steps[self._done].label if self.done < len(self._steps) else ""

    def clear(self) -> None:
        """Forget every step (the workspace keeps its text)."""
        self._steps.clear()
        self._done = 0
        self._tell()

    def listen(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` whenever the steps change (an edit, undo, redo, a dropped file)."""
        self._listeners.append(callback)

    def _tell(self) -> None:
        self._expected = None  # every change of the steps comes through here
        for callback in self._listeners:
            callback()

    # -- files changed elsewhere, and recovery ------------------------------------------------------
    def prune(self) -> set[Path]:
        """Drop the steps of each file changed outside them (reloaded, renamed, deleted); return the files.

        A step of several files goes whole when one of them no longer fits. Inside a group nothing
        goes: its edits are not a step yet, so the files they changed would not fit.
        """
        if self._group is not None:
            return set()
        stale = {file for file, fits in self._fits().items() if not fits}
        if not stale:
            return stale
        while lost := self._unreachable():  # a step gone over several files cuts the others' steps
            done = self._done
            self._steps = [s for i, s in enumerate(self._steps) if i not in lost]
            self._done = done - sum(i < done for i in lost)
        self._tell()
        return stale

    def _unreachable(self) -> set[int]:
        """The steps undo and redo can no longer take: each file's steps must lead, one to the next,
        from its text now back through the done ones and on through the undone ones; from the first
        that does not, that file's steps are lost, with the steps they are part of."""
        chains: dict[Path, list[tuple[int, _Edit]]] = {}
        for i, step in enumerate(self._steps):
            for edit in step.edits:
                chains.setdefault(edit.file, []).append((i, edit))
        lost: set[int] = set()
        for file, chain in chains.items():
            now = self._text(file)
            lost.update(_past_gap([c for c in reversed(chain) if c[0] < self._done], now, undoing=True))
            lost.update(_past_gap([c for c in chain if c[0] >= self._done], now, undoing=False))
        return lost

    def _fits(self) -> dict[Path, bool]:
        """For each file with steps: whether its text is still the one they expect.

        That is the text its last done step left, or (none done) the one its first undone step
        starts from.
        """
        expected = self._expected
        if expected is None:
            expected = self._expected = {}
            for i, step in enumerate(self._steps):
                for edit in step.edits:
                    if i < self._done:
                        expected[edit.file] = edit.after
                    else:
                        expected.setdefault(edit.file, edit.before)
        return {file: self._text(file) == text for file, text in expected.items()}

    def _text(self, path: Path) -> str | None:
        try:
            return self._files.text(self._files.ref(path))
        except WorkspaceError:  # the file left the workspace
            return None

    def steps(self) -> dict[Path, list[UndoStep]]:
        """The done edits of each file, oldest first, for a recovery record."""
        self.prune()
        out: dict[Path, list[UndoStep]] = {}
        for i, step in enumerate(self._steps[: self._done]):
            for edit in step.edits:
                out.setdefault(edit.file, []).append(UndoStep(i, step.label, edit.before))
        return out

    def restore(self, undo: Mapping[Path, Sequence[UndoStep]]) -> None:
        """Put back recovered edits as done steps, in their recorded order (one step per place).

        Each edit redoes to its file's next edit, the last one to the file's text now; a file the
        workspace no longer holds, or with no steps recorded, brings none.
        """
        self.prune()
        made: dict[int, _Step] = {}
        for file, recorded in undo.items():
            now = self._text(file)
            if now is None or not recorded:  # no history kept (an old record, or one written mid-edit)
                continue
            ordered = sorted(recorded, key=lambda s: s.seq)
            afters = [s.before for s in ordered[1:]] + [now]
            for step, after in zip(ordered, afters, strict=True):
                edit = _Edit(file, step.before, after, None)
                made.setdefault(step.seq, _Step(step.label, [])).edits.append(edit)
        del self._steps[self._done :]
        self._steps += [made[seq] for seq in sorted(made)]
        self._done = len(self._steps)
        self._tell()


def _past_gap(chain: list[tuple[int, _Edit]], text: str | None, *, undoing: bool) -> list[int]:
    """The steps of one file's ``chain`` (in the order undo, or redo, takes them, from ``text``) from
    the first whose edit does not start from the text the one before left."""
    for n, (_, edit) in enumerate(chain):
        start, end = (edit.after, edit.before) if undoing else (edit.before, edit.after)
        if start != text:
            return [i for i, _ in chain[n:]]
        text = end
    return []
