"""The Pack menu: new pack, install zip, validate, run tests, build zip — off the GUI thread, each in a
process of its own (:mod:`studio.app.pack_process`) —, trusting the code of any open pack (or taking
that trust back), and File > Open pack folder, which adds a pack to the open workspace.

Each action calls the service the matching ``studio`` command calls
(:mod:`studio.services`) in that process and lists the lines of its result
(successes in green, failures and problems in red), so the app and the
command line can never disagree. Every dialog starts beside the pack being
edited (or in the home folder for the base game), never in the folder Studio
was started from.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from studio.app import palette
from studio.app.pack_process import Call, Shown, run_in_process
from studio.app.session import Session
from studio.app.workers import Job
from studio.content.io.paths import base_content_dir
from studio.content.packs.pack import Pack, open_pack, pack_root
from studio.content.packs.trust import TrustError, TrustStore
from studio.services.errors import Line
from studio.workspace.workspace import TRUST_MENU


class ResultDialog(QDialog):
    """A command's output: one line per row, with a progress bar while it runs."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("packResult")
        self.setWindowTitle(title)
        self.resize(760, 420)
        self.summary = QLabel(f"{title}: running…")
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.lines = QListWidget()
        self.lines.setObjectName("packResultLines")
        self.lines.setAccessibleName(f"{title} output")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        v = QVBoxLayout(self)
        v.addWidget(self.summary)
        v.addWidget(self.progress)
        v.addWidget(self.lines, 1)
        v.addWidget(buttons)

    def warn(self, text: str) -> None:
        """List a warning above the result (it stays when the result's lines come)."""
        theme = palette.current()
        item = QListWidgetItem(palette.icon("fa5s.exclamation-triangle", theme.error), text)
        item.setForeground(QColor(theme.error))
        self.lines.addItem(item)

    def show_progress(self, done: int, total: int) -> None:
        """Fill the bar as the work goes on (it shows busy until then)."""
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)

    def show_result(self, code: int, lines: list[Line]) -> None:
        """List the result's lines in their tones; a non-zero code colours the summary."""
        theme = palette.current()
        self.progress.hide()
        for line, tone in lines:
            item = QListWidgetItem(line)
            if tone:
                colour = theme.error if tone == "bad" else theme.ok
                item.setForeground(QColor(colour))
                name = "fa5s.times-circle" if tone == "bad" else "fa5s.check-circle"
                item.setIcon(palette.icon(name, colour))
            self.lines.addItem(item)
        verdict = "done" if code == 0 else ("problems found" if code == 1 else "could not run")
        self.summary.setText(f"<b>{self.windowTitle()}</b>: {verdict} (exit {code})")


class PackMenu(QObject):
    """Builds the Pack menu and runs its commands for the pack being edited.

    ``opened`` carries the folder of a pack just added to the workspace (opened, or made by New pack).
    """

    opened = Signal(object)

    def __init__(self, window: QMainWindow, ask_trust: Callable[[Pack], bool]) -> None:
        super().__init__(window)
        self.window = window
        #: Asks the user to confirm trusting a pack's code (the window's question, so tests answer it).
        self.ask_trust = ask_trust
        self.session: Session | None = None
        self.job: Job | None = None
        self.dialog: ResultDialog | None = None
        #: The pack folder last opened or made here: the one being edited while it stays loaded.
        self.current: Path | None = None

    def set_session(self, session: Session) -> None:
        """Use the open workspace to know which pack is being edited."""
        self.session = session

    def install(self, menu: QMenu) -> None:
        """Add the actions to ``menu``."""
        for text, slot, icon in (
            ("&New pack…", self.new_pack, "fa5s.box-open"),
            ("&Install zip…", self.install_zip, "fa5s.download"),
            ("&Validate", self.validate, "fa5s.check-double"),
            ("Run &tests", self.run_tests, "fa5s.vial"),
            ("&Build zip…", self.build, "fa5s.file-archive"),
        ):
            action = menu.addAction(palette.icon(icon), text)
            action.triggered.connect(slot)
        menu.addSeparator()
        self.trust_menu = menu.addMenu(palette.icon("fa5s.shield-alt"), "Trust &code")  # workspace.TRUST_MENU
        self.trust_menu.setToolTipsVisible(True)
        self.trust_menu.aboutToShow.connect(self.update_trust_menu)

    def code_packs(self) -> list[Pack]:
        """The open packs that hold code of their own (the base game's always runs)."""
        if self.session is None:
            return []
        return [p for p in self.session.ws.packs if not p.builtin and p.code()]

    def update_trust_menu(self) -> None:
        """List each open pack with code, checked while its code runs (trusted by record or for this
        session), whether it is being edited, opened beside it, a zip or an installed dependency."""
        self.trust_menu.clear()
        packs = self.code_packs()
        for pack in packs:
            action = self.trust_menu.addAction(pack.id)
            action.setToolTip(str(pack.origin))
            action.setCheckable(True)
            action.setChecked(self._runs(pack))
            action.triggered.connect(partial(self.toggle_trust, pack.id))
        if not packs:
            self.trust_menu.addAction("No loaded pack has code").setEnabled(False)

    def _runs(self, pack: Pack) -> bool:
        """Whether the open pack's code runs."""
        return self.session is not None and self.session.ws.code_runs(pack)

    def toggle_trust(self, pack_id: str) -> bool:
        """A Trust code entry: trust the pack's code if it does not run, else stop trusting it; its entry
        then shows what runs (a trust refused or not recorded leaves it unchecked)."""
        pack = next((p for p in self.code_packs() if p.id == pack_id), None)
        if pack is None:
            return False
        done = self.stop_trusting(pack) if self._runs(pack) else self.trust_code(pack)
        for action in self.trust_menu.actions():
            if action.text() == pack.id:
                action.setChecked(self._runs(pack))
        return done

    def trust_code(self, pack: Pack) -> bool:
        """Once the user confirms, record trust in an open pack as it is on disk (as ``--trust`` records it,
        or ``--pack ID --trust`` for an installed dependency) and run its code in the open workspace."""
        on_disk, _ = open_pack(pack.origin)
        if on_disk is None or on_disk.id != pack.id or on_disk.code() != pack.code():
            # Trust names a content hash: the code trusted must be the code that would run.
            self.tell(
                "Trust", f"The code of pack '{pack.id}' changed on disk since it was opened: open it again."
            )
            return False
        if not self.ask_trust(on_disk):
            return False
        try:
            TrustStore().trust(on_disk)
        except TrustError as exc:
            self.tell(
                "Trust", f"Trust in pack '{pack.id}' could not be recorded, so its code does not run:\n{exc}"
            )
            return False
        return self._reload(pack, True, f"Pack '{pack.id}' is trusted: its code runs")

    def stop_trusting(self, pack: Pack) -> bool:
        """Forget every trust recorded for an open pack's id (as ``studio pack remove`` does) and stop its
        code in the open workspace (code trusted for this session only stops too)."""
        try:
            TrustStore().forget(pack.id)
        except TrustError as exc:
            self.tell("Stop trusting", f"Trust in pack '{pack.id}' could not be taken back:\n{exc}")
            return False
        return self._reload(pack, False, f"Pack '{pack.id}' is no longer trusted: its code does not run")

    def _reload(self, pack: Pack, trusted: bool, done: str) -> bool:
        """Load the pack's code again by its trust; the status bar says so."""
        assert self.session is not None
        ws = self.session.ws
        if self.session.perform("trust", lambda: ws.reload_code(pack.id, trusted)) is None:
            return False
        self.window.statusBar().showMessage(done, 6000)
        return True

    def tell(self, title: str, text: str) -> None:
        """Say why trust was not changed."""
        QMessageBox.warning(self.window, title, text)

    def folder(self) -> Path:
        """The pack being edited: the last opened or made here, else the last loaded besides the base game,
        else the base game."""
        if self.session is not None:
            folders = [p.origin for p in self.session.ws.packs]
            if self.current is not None and self.current in folders:
                return self.current
            for pack in reversed(self.session.ws.packs):
                if not pack.builtin and pack.origin.is_dir():
                    return pack.origin
            if folders:
                return folders[0]
        return Path("content")

    def is_base(self) -> bool:
        """Whether the pack being edited is the base game."""
        if self.session is None:
            return True
        return all(p.builtin for p in self.session.ws.packs if p.origin == self.folder())

    def beside(self) -> Path:
        """Where dialogs start: the folder holding the pack being edited (home, for the base game)."""
        return Path.home() if self.is_base() else self.folder().resolve().parent

    def checked(self) -> list[Path]:
        """The folder the Pack menu's checks name: none for the shipped base game (the commands'
        default), else the pack being edited (a copy of the base game too: its files, not the shipped)."""
        folder = self.folder()
        return [] if self.is_base() and folder.resolve() == base_content_dir().resolve() else [folder]

    def validate(self) -> ResultDialog:
        """Check the pack as ``studio validate DIR`` does (the shipped base game: ``studio validate``)."""
        from studio.services.checks import validate  # the content models: only when asked

        paths = self.checked()
        return self.run("Validate", partial(validate, paths), unsaved=True)

    def run_tests(self) -> ResultDialog:
        """Run the pack's tests as ``studio test --pack DIR`` does (the shipped base: ``studio test``)."""
        from studio.services.checks import run_scenarios

        packs = [str(p) for p in self.checked()]
        return self.run("Run tests", partial(run_scenarios, packs=packs), unsaved=True)

    def open_folder_dialog(self) -> None:
        """File > Open pack folder: ask for a pack folder and add it to the workspace."""
        where = QFileDialog.getExistingDirectory(self.window, "Open pack folder", str(self.beside()))
        if where:
            self.open_folder(Path(where))

    def open_folder(self, folder: Path) -> bool:
        """Add a pack folder to the workspace (no restart); it becomes the pack being edited."""
        if self.session is None:
            return False
        ws = self.session.ws
        if self.session.perform("open pack", lambda: ws.add_pack(folder)) is None:
            return False
        root = (pack_root(folder) or folder).resolve()
        self.current = next((p.origin for p in ws.packs if p.origin.resolve() == root), None)
        self.opened.emit(self.current or folder)
        return True

    def new_pack(self) -> None:
        """Ask for an id and a folder, create the skeleton as ``studio pack new`` does, then open it."""
        pack_id, ok = QInputDialog.getText(
            self.window, "New pack", "Pack id (lower-case letters, digits, _):"
        )
        if not ok or not pack_id:
            return
        where = QFileDialog.getExistingDirectory(self.window, "Create the pack in…", str(self.beside()))
        if where:
            from studio.services.packs import new_pack

            made = Path(where) / pack_id
            self.run("New pack", partial(new_pack, pack_id, Path(where)), lambda: self.open_folder(made))

    def install_zip(self) -> None:
        """Ask for a pack zip, then install it as ``studio pack install`` does."""
        name, _ = QFileDialog.getOpenFileName(
            self.window, "Install pack zip", str(self.beside()), "Pack zip (*.zip)"
        )
        if name:
            from studio.services.packs import install_pack

            self.run("Install zip", partial(install_pack, Path(name), how=trust_in_the_menu))

    def build(self) -> None:
        """Ask where to write the zip (beside the pack, named with its version), then build as
        ``studio pack build`` does."""
        folder = self.folder().resolve()
        packs = self.session.ws.packs if self.session is not None else []
        pack = next((p for p in packs if p.origin.resolve() == folder), None)
        stem = folder.name if pack is None else f"{pack.id}-{pack.version}"
        name, _ = QFileDialog.getSaveFileName(
            self.window, "Build zip", str(self.beside() / f"{stem}.zip"), "Zip (*.zip)"
        )
        if name:
            from studio.services.packs import build

            self.run("Build zip", partial(build, folder, Path(name)), unsaved=True)

    def unsaved(self) -> int:
        """How many files of the pack being edited have edits not saved (the commands read the disk)."""
        if self.session is None:
            return 0
        folder = self.folder().resolve()
        return sum(ref.path.resolve().is_relative_to(folder) for ref in self.session.ws.dirty())

    def run(
        self, title: str, call: Call, then: Callable[[], object] | None = None, unsaved: bool = False
    ) -> ResultDialog:
        """Call a service in a process of its own (from a worker thread that waits for it) and show its
        result in a dialog; ``then`` follows a success. ``unsaved``: the call reads the pack being edited
        from disk, so the dialog first says which unsaved edits it leaves out."""
        self.dialog = dialog = ResultDialog(title, self.window)
        if unsaved and (count := self.unsaved()):
            files = "1 file of this pack has" if count == 1 else f"{count} files of this pack have"
            dialog.warn(f"{files} unsaved edits, which this leaves out: File > Save all, then run it again")

        def done(shown: Shown) -> None:
            dialog.show_result(*shown)
            if shown[0] == 0 and then is not None:
                then()

        self.job = job = Job(lambda progress, cancelled: run_in_process(call, progress, cancelled), dialog)
        job.progress.connect(dialog.show_progress)
        job.done.connect(done)
        job.failed.connect(lambda m: dialog.show_result(2, [Line(m, "bad")]))
        dialog.show()
        job.start()
        return dialog


def trust_in_the_menu(pack: Pack) -> str:
    """How the editor trusts an installed pack: from the menu, once a pack that uses it is open."""
    return f"{TRUST_MENU} > {pack.id} once a pack that depends on it is open"
