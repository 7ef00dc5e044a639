"""Never lose work: autosave to a recovery folder, recovery after a crash, files changed on disk.

The records themselves are the workspace's (``studio/workspace/recovery.py``);
this module runs them on timers and asks the questions. A file another
program changed is offered for reload and never overwritten silently.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from platformdirs import user_data_dir
from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QWidget

from studio.app.session import Session
from studio.workspace import EntryRef, Workspace
from studio.workspace.recovery import SUFFIX

AUTOSAVE_MS = 5000
DISK_CHECK_MS = 3000


def recovery_folder() -> Path:
    """Where unsaved work is autosaved: the user's data folder."""
    return Path(user_data_dir("charm-studio")) / "recovery"


class Safety(QObject):
    """Autosave and disk checks for one window's session."""

    def __init__(
        self,
        window: QWidget,
        folder: Path | None,
        report: Callable[[str], None],
        reloaded: Callable[[], None],
    ) -> None:
        super().__init__(window)
        self.window = window
        self.reloaded = reloaded
        self.folder = folder or recovery_folder()
        self.report = report
        self.session: Session | None = None
        self.ask_recover: Callable[[str], bool] = lambda text: (
            QMessageBox.question(window, "Recover unsaved work", text) == QMessageBox.StandardButton.Yes
        )
        self._asking: set[Path] = set()
        self._autosave = QTimer(self)
        self._autosave.setInterval(AUTOSAVE_MS)
        self._autosave.timeout.connect(self.autosave)
        self._disk = QTimer(self)
        self._disk.setInterval(DISK_CHECK_MS)
        self._disk.timeout.connect(self.check_disk)

    def start(self, session: Session) -> int:
        """Watch a new session: offer back autosaved work, then autosave and check the disk regularly."""
        self.session = session
        restored = self.offer_recovery()
        self._autosave.start()
        self._disk.start()
        return restored

    def autosave(self) -> None:
        """Write unsaved work to the recovery folder."""
        if self.session is not None:
            try:
                self.session.ws.autosave(self.folder)
            except OSError as exc:
                self.report(f"autosave failed: {exc}")

    def offer_recovery(self) -> int:
        """Offer back work autosaved before a crash; return how many files were restored."""
        items = Workspace.recoverable(self.folder)
        if not items or self.session is None:
            return 0
        names = "\n".join(
            f"• {i.path}{'  (changed on disk since)' if i.disk_changed else ''}" for i in items[:10]
        )
        if not self.ask_recover(f"Charm Studio closed with unsaved edits in:\n{names}\n\nRestore them?"):
            self.clear()
            return 0
        ws = self.session.ws
        restored = 0
        for item in items:
            if self.session.run(f"recover {item.path}", partial(ws.recover, item)) is not None:
                restored += 1
        return restored

    def clear(self) -> None:
        """Drop the autosaved work (after a clean exit, or when the user declines it)."""
        for record in self.folder.glob(f"*{SUFFIX}"):
            record.unlink(missing_ok=True)

    def check_disk(self) -> None:
        """Offer to reload each file another program changed (one question per file at a time)."""
        if self.session is None:
            return
        for ref in self.session.ws.check_disk():
            if ref.path in self._asking:
                continue
            self._asking.add(ref.path)
            box = QMessageBox(
                QMessageBox.Icon.Question,
                "File changed on disk",
                f"{ref.path} was changed by another program.\nReload it (your unsaved edits of "
                "it are dropped) or keep yours (the next save overwrites it)?",
                parent=self.window,
            )
            reload_button = box.addButton("Reload", QMessageBox.ButtonRole.AcceptRole)
            box.addButton("Keep mine", QMessageBox.ButtonRole.RejectRole)
            box.finished.connect(partial(self._answered, box, ref, reload_button))
            box.open()

    def _answered(
        self, box: QMessageBox, ref: EntryRef, reload_button: QAbstractButton, _result: int
    ) -> None:
        self._asking.discard(ref.path)
        if self.session is None:
            return
        ws = self.session.ws
        if box.clickedButton() is reload_button:
            if self.session.run("reload", lambda: ws.reload(ws.ref(ref.path))) is not None:
                self.reloaded()  # the undo history spoke of the text that was just replaced
        else:
            ws.acknowledge(ws.ref(ref.path))

    def stop(self) -> None:
        """Stop the timers and drop the records (a clean exit)."""
        self._autosave.stop()
        self._disk.stop()
        self.clear()
