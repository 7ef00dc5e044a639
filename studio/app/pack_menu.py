"""The Pack menu: new pack, validate, run tests, build zip — the CLI's own commands, off the GUI thread.

Each action runs ``studio.cli.main.main`` with the arguments a modder would
type, in a worker, and shows its output as a list (passes in green, failures
and problems in red), so the app and the command line can never disagree.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

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
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from studio.app import palette
from studio.app.session import Session
from studio.app.workers import Job


def run_cli(argv: list[str]) -> tuple[int, list[str]]:
    """Run a ``studio`` command in this process; return its exit code and output lines."""
    from studio.cli.main import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(argv)
    return code, out.getvalue().splitlines()


_BAD = re.compile(r"^(FAIL|ERROR|not built)\b|^\S+:\d+:\d+: |: error: |\b[1-9]\d* failed$")
_GOOD = re.compile(r"^(PASS|ok:|built |created )|\b0 failed$")


def line_tone(line: str) -> str:
    """Say whether a line of CLI output reports a failure ("bad"), a success ("good") or neither ("")."""
    if _GOOD.search(line):
        return "good"
    return "bad" if _BAD.search(line) else ""


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

    def show_result(self, code: int, lines: list[str]) -> None:
        """List the output; a non-zero exit code colours the summary."""
        theme = palette.current()
        self.progress.hide()
        for line in lines:
            item = QListWidgetItem(line)
            tone = line_tone(line)
            if tone:
                colour = theme.error if tone == "bad" else theme.ok
                item.setForeground(QColor(colour))
                name = "fa5s.times-circle" if tone == "bad" else "fa5s.check-circle"
                item.setIcon(palette.icon(name, colour))
            self.lines.addItem(item)
        verdict = "done" if code == 0 else ("problems found" if code == 1 else "could not run")
        self.summary.setText(f"<b>{self.windowTitle()}</b>: {verdict} (exit {code})")


class PackMenu:
    """Builds the Pack menu and runs its commands for the pack being edited."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        self.session: Session | None = None
        self.job: Job | None = None
        self.dialog: ResultDialog | None = None

    def set_session(self, session: Session) -> None:
        """Use the open workspace to know which pack is being edited."""
        self.session = session

    def install(self, menu: QMenu) -> None:
        """Add the actions to ``menu``."""
        for text, slot, icon in (
            ("&New pack…", self.new_pack, "fa5s.box-open"),
            (
                "&Validate",
                lambda: self.run("Validate", ["validate", str(self.folder())]),
                "fa5s.check-double",
            ),
            ("Run &tests", self.run_tests, "fa5s.vial"),
            ("&Build zip…", self.build, "fa5s.file-archive"),
        ):
            action = menu.addAction(palette.icon(icon), text)
            action.triggered.connect(slot)

    def folder(self) -> Path:
        """The pack being edited: the last pack opened that is not the base game, else the base game."""
        if self.session is not None:
            for pack in reversed(self.session.ws.packs):
                if not pack.builtin and pack.origin.is_dir():
                    return pack.origin
            if self.session.ws.packs:
                return self.session.ws.packs[0].origin
        return Path("content")

    def is_base(self) -> bool:
        """Whether the pack being edited is the base game."""
        return self.session is None or all(p.builtin for p in self.session.ws.packs)

    def validate(self) -> ResultDialog:
        """Check the pack as ``studio validate DIR`` does (the base game: ``studio validate``)."""
        return self.run("Validate", ["validate"] if self.is_base() else ["validate", str(self.folder())])

    def run_tests(self) -> ResultDialog:
        """Run the pack's tests as ``studio test --pack DIR`` does (the base game: ``studio test``)."""
        return self.run("Run tests", ["test"] if self.is_base() else ["test", "--pack", str(self.folder())])

    def new_pack(self) -> None:
        """Ask for an id and a folder, then create the skeleton as ``studio pack new`` does."""
        pack_id, ok = QInputDialog.getText(
            self.window, "New pack", "Pack id (lower-case letters, digits, _):"
        )
        if not ok or not pack_id:
            return
        where = QFileDialog.getExistingDirectory(self.window, "Create the pack in…", str(Path.cwd()))
        if where:
            self.run("New pack", ["pack", "new", pack_id, "--dir", where])

    def build(self) -> None:
        """Ask where to write the zip, then build as ``studio pack build`` does."""
        folder = self.folder()
        name, _ = QFileDialog.getSaveFileName(self.window, "Build zip", f"{folder.name}.zip", "Zip (*.zip)")
        if name:
            self.run("Build zip", ["pack", "build", str(folder), "-o", name])

    def run(self, title: str, argv: list[str]) -> ResultDialog:
        """Run a CLI command in a worker and show its output in a dialog."""
        self.dialog = dialog = ResultDialog(title, self.window)

        def work(_p: Any, _c: Any) -> tuple[int, list[str]]:
            return run_cli(argv)

        self.job = job = Job(work, dialog)
        job.done.connect(lambda r: dialog.show_result(*r))
        job.failed.connect(lambda m: dialog.show_result(2, [m]))
        dialog.show()
        job.start()
        return dialog
