"""Never lose work: autosave to a recovery folder, recovery after a crash, files changed on disk.

The records themselves are the workspace's (``studio/workspace/recovery.py``);
this module runs them on timers and asks the questions. A record also keeps
the undo history of its file, so recovered edits can be undone step by step.

A file another program changed is read again at once when it has no unsaved
edits (its undo history goes, every other file keeps its own); when it has
some, the two texts are shown side by side (``disk_conflict.py``) and nothing
is overwritten before the user has seen the other change.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLockFile, QObject, QTimer, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from studio.app.session import Session
from studio.content.io.paths import recovery_dir
from studio.workspace import Change, EntryRef, Workspace, WorkspaceError
from studio.workspace.recovery import Recovery, UndoStep, record_name

if TYPE_CHECKING:
    from studio.app.disk_conflict import DiskConflict

AUTOSAVE_MS = 5000
DISK_CHECK_MS = 3000


class Safety(QObject):
    """Autosave and disk checks for one window's session.

    ``told`` carries a line for the status bar; ``left`` says files left the
    workspace because they were removed on disk (the tree must be rebuilt);
    ``checking`` comes before each disk check, for the window to hand over typing
    not yet taken (else a file it makes dirty would look clean and be reloaded over it).
    """

    told = Signal(str)
    left = Signal()
    checking = Signal()

    def __init__(self, window: QWidget, folder: Path | None, report: Callable[[str], None]) -> None:
        super().__init__(window)
        self.window = window
        self.folder = folder or recovery_dir()
        self.report = report
        self.session: Session | None = None
        self.ask_recover: Callable[[str], bool] = lambda text: (
            QMessageBox.question(window, "Recover unsaved work", text) == QMessageBox.StandardButton.Yes
        )
        #: This editor's name on its records; its lock file beside them says it is running.
        self.owner = uuid.uuid4().hex
        self._lock: QLockFile | None = None
        self._asking: set[Path] = set()
        #: The disk's text of clean files that could not be read again: told once, tried when it changes.
        self._unread: dict[Path, str | None] = {}
        self._autosave = QTimer(self)
        self._autosave.setInterval(AUTOSAVE_MS)
        self._autosave.timeout.connect(self.autosave)
        self._disk = QTimer(self)
        self._disk.setInterval(DISK_CHECK_MS)
        self._disk.timeout.connect(self.check_disk)

    def start(self, session: Session) -> int:
        """Watch a new session: offer back autosaved work, then autosave and check the disk regularly."""
        self.session = session
        if self._lock is None:
            with contextlib.suppress(OSError):  # a folder that cannot be made: autosave says so
                self.folder.mkdir(parents=True, exist_ok=True)
            self._lock = _lock(self.folder, self.owner)
            self._lock.tryLock(0)
            self._tidy()
        restored = self.offer_recovery()
        session.changed.connect(self._after_change)
        self._autosave.start()
        self._disk.start()
        return restored

    def _tidy(self) -> None:
        """Remove the locks of editors that died (a lock is only ever asked whether its editor runs, and a
        dead one's records are left work with or without it), and set damaged records aside, naming
        each in the problems panel: left where they were, both stayed forever."""
        for path in self.folder.glob("*.lock"):
            lock = _lock(self.folder, path.stem)
            if path.stem != self.owner and lock.tryLock(0):
                lock.unlock()
        for line in Workspace.set_aside_damaged(self.folder):
            self.report(line)

    def autosave(self) -> None:
        """Write unsaved work, with its undo history, to the recovery folder."""
        if self.session is not None:
            try:
                self.session.ws.autosave(self.folder, self.session.ws.history.steps(), self.owner)
            except OSError as exc:
                self.report(f"autosave failed: {exc}")

    def _after_change(self, change: Change) -> None:
        """A file a change left without unsaved edits (saved, or undone back to its saved text) keeps no
        record: dropped at once, not at the next autosave, so an editor killed just after a save asks
        nothing about work that is saved."""
        if self.session is None or not change.files:
            return
        dirty = {ref.path for ref in self.session.ws.dirty()}
        if any(path not in dirty for path in change.files):
            self.autosave()

    def autosave_first(self) -> None:
        """Write unsaved work now, before a charm's code runs (it may never return), and again once the
        edit under way is in the undo history, so the record holds its undo step too."""
        self.autosave()
        QTimer.singleShot(0, self, self.autosave)

    def offer_recovery(self, pack: Path | None = None) -> int:
        """Offer back work autosaved before a crash, with its undo history; return how many files came back.

        Only the work of the packs open here is offered (and dropped when declined): another pack's waits
        for an editor that opens it. ``pack``, a pack just opened, limits the offer to its work (that of the
        packs open before was offered at start). The undo history of the files it did not bring back is not
        touched. Of a file left unsaved by several editors that died, the newest text is offered; the older
        ones are moved into ``recovery/older/``, kept, and named in the problems panel and the question.
        """
        if self.session is None:
            return 0
        items = [i for i in self._left() if pack is None or i.path.is_relative_to(pack)]
        items, older = Workspace.set_aside_older(items)
        if not items:
            return 0
        if self.ask_recover(recovery_question(items, older)):
            restored = self._recover(items)
        else:
            self.clear(items)
            restored = 0
        # Named once the work is back: the problems it brings anew clear the lines the panel showed before.
        for line in older:
            self.report(line)
        return restored

    def _recover(self, items: list[Recovery]) -> int:
        """Bring ``items`` back as unsaved edits, with their undo history; return how many files came back."""
        assert self.session is not None
        ws = self.session.ws
        undo: dict[Path, tuple[UndoStep, ...]] = {}
        for item in items:
            if self.session.perform(f"recover {item.path}", partial(ws.recover, item)) is not None:
                undo[item.path] = item.undo
        ws.history.restore(undo)
        # The work brought back is this editor's now, in records of its own name: the record it came
        # from goes once that one is written (autosave drops no other editor's record), or at once
        # when the file came back as the saved text.
        self.autosave()
        dirty = {ref.path for ref in ws.dirty()}
        self.clear([i for i in items if i.path in undo and self._taken_over(i, i.path in dirty)])
        return len(undo)

    def _taken_over(self, item: Recovery, dirty: bool) -> bool:
        """True if recovered work is safe without the record it came from: the file is clean, or this
        editor's own record of it holds it now."""
        own = self.folder / record_name(item.path, self.owner)
        return not dirty or (item.record != own and own.is_file())

    def clear(self, items: list[Recovery] | None = None) -> None:
        """Drop this editor's autosaved work (after a clean exit), or ``items``, those just read, when the
        user declines them. Another pack's stays to be offered when it is opened, and so does the work of
        an editor that died while this one ran (never offered here: it was live when this one asked)."""
        for item in [i for i in self._left() if i.owner == self.owner] if items is None else items:
            Workspace.discard(item)

    def _left(self) -> list[Recovery]:
        """The records of the packs open here that no other running editor wrote: this editor's, and
        those a crash left (another editor's live work is neither offered nor dropped)."""
        if self.session is None:
            return []
        return [
            i
            for i in self.session.ws.recoverable_here(self.folder)
            if i.owner in ("", self.owner) or _lock(self.folder, i.owner).tryLock(0)
        ]

    def check_disk(self) -> None:
        """Take in what other programs changed: read clean files again, ask about files with unsaved edits.

        A clean file that cannot be read is named in the problems panel once, until the disk changes again.
        """
        if self.session is None:
            return
        self.checking.emit()
        ws = self.session.ws
        quiet = []
        for ref in ws.check_disk():
            theirs = ws.disk_text(ref)
            if ref.path in self._asking or (ref.path in self._unread and self._unread[ref.path] == theirs):
                continue
            if not ws.is_dirty(ref) or theirs == ws.text(ref):
                quiet.append(ref)
            else:
                self._ask(ref, theirs)
        done = self._reload(quiet) if quiet else []
        for ref in quiet:
            if ref in done:
                self._unread.pop(ref.path, None)
            else:
                self._unread[ref.path] = ws.disk_text(ref)
        self._take_in_art()

    def _take_in_art(self) -> None:
        """Show the images other programs drew, redrew or removed: the entries naming them follow."""
        assert self.session is not None
        change = self.session.ws.check_art()
        if change.entries:
            self.session.changed.emit(change)
            names = sorted({r.id for r in change.entries})
            self.told.emit(f"Art changed on disk for {', '.join(names)}")

    def _reload(self, refs: list[EntryRef]) -> list[EntryRef]:
        """Read files again from disk (their undo history goes with the text it spoke of); return those read
        (a file that cannot be read is named in the problems panel)."""
        assert self.session is not None
        ws = self.session.ws
        perform = self.session.perform
        done = [r for r in refs if perform(f"reload {r.path.name}", partial(ws.reload, r)) is not None]
        if not done:
            return done
        gone = [r.path.name for r in done if self.session.text(r.path) is None]
        read = [r.path.name for r in done if r.path.name not in gone]
        if gone:
            self.left.emit()
        said = [f"Reloaded {', '.join(read)}, changed on disk"] if read else []
        said += [f"{', '.join(gone)} removed on disk"] if gone else []
        self.told.emit("; ".join(said))
        return done

    def _ask(self, ref: EntryRef, theirs: str | None) -> None:
        """Show the disk's text beside the unsaved one and let the user choose."""
        from studio.app.disk_conflict import DiskConflict  # only when it is needed

        assert self.session is not None
        ws = self.session.ws
        self._asking.add(ref.path)
        dialog = DiskConflict(self.window, ref.path, ws.base_text(ref), ws.text(ref), theirs)
        dialog.finished.connect(partial(self._answered, dialog))
        dialog.open()

    def _answered(self, dialog: DiskConflict, _result: int) -> None:
        from studio.app.disk_conflict import Answer

        self._asking.discard(dialog.path)
        dialog.deleteLater()
        if self.session is None:
            return
        ws = self.session.ws
        try:
            ref = ws.ref(dialog.path)
        except WorkspaceError:
            return  # the file left the workspace meanwhile
        if dialog.answer is Answer.RELOAD:
            self._reload([ref])
            return
        text = dialog.merged_text() if dialog.answer is Answer.MERGE else ws.text(ref)
        if not ws.acknowledge(ref, dialog.theirs):
            self.told.emit(f"{ref.path.name} changed on disk again since it was shown; it is shown again")
        if text != ws.text(ref):
            label = f"Merge {ref.path.name} with the file on disk"
            self.session.replace_text(ref.path, text, label=label)
        elif dialog.answer is Answer.KEEP:
            self.told.emit(f"Kept your edits of {ref.path.name}; saving writes them over the file on disk")

    def stop(self) -> None:
        """Stop the timers and drop the records (a clean exit)."""
        self._autosave.stop()
        self._disk.stop()
        self.clear()
        self.release()

    def release(self) -> None:
        """Let go of this editor's lock, as a killed editor's goes: its records are then left work."""
        if self._lock is not None:
            self._lock.unlock()


def _lock(folder: Path, owner: str) -> QLockFile:
    """The lock an editor holds while it runs; one whose editor died is taken over (and never goes stale
    while it lives)."""
    lock = QLockFile(str(folder / f"{owner}.lock"))
    lock.setStaleLockTime(0)
    return lock


def recovery_question(items: list[Recovery], older: Sequence[str] = ()) -> str:
    """The question that offers recovered work back: every file it brings back, every file whose
    removal it would lead to (a renamed entry's old file goes when the new one is saved), and the
    ``older`` unsaved texts of the same files that were kept aside instead of offered."""
    lines = []
    for i in items:
        note = "  (changed on disk since)" if i.disk_changed else ""
        if i.old_path is not None:
            note += f"  (renamed from {i.old_path}, which saving removes)"
        lines.append(f"• {i.path}{note}")
    aside = "".join(f"\n• {line}" for line in older)
    if aside:
        aside = f"\n\nOlder unsaved edits of the same files were kept, not restored:{aside}"
    return f"Charm Studio closed with unsaved edits in:\n{chr(10).join(lines)}{aside}\n\nRestore them?"
