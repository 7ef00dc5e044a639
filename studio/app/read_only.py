"""Editing what cannot be saved where it is: the installed base game, a pack from a zip.

Edits of such a file are allowed (the preview shows them); the first one, and
every Save, offers the two ways to keep them: a pack that replaces the entry
(Entry > Override in a pack…) or a copy of the whole base game to edit
(File > Copy the base game…), which the window then opens as its base game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from studio.app.content_tree import ContentTree
from studio.app.pack_menu import PackMenu
from studio.app.session import Session
from studio.content.io.atomic import write_atomically
from studio.workspace import EntryRef, WorkspaceError
from studio.workspace.model import Change
from studio.workspace.overriding import copy_base_game

#: The answers to the offer: a pack that replaces the entry, a copy of the base game, or keep editing.
OVERRIDE, COPY, KEEP = "override", "copy", "keep"


class Window(Protocol):
    """What the offer asks of the editor's window: its session, panels and ways to open things."""

    session: Session | None
    pack_menu: PackMenu
    tree: ContentTree

    def open_entry(self, ref: EntryRef) -> None:
        """Show an entry in the editor."""

    def open_packs(self, pack_dirs: list[Path]) -> object:
        """Open these pack folders instead of those open."""

    def status(self, text: str) -> None:
        """Say something in the status bar."""


class ReadOnlyOffer(QObject):
    """Offers, and carries out, the ways to keep edits of a file that cannot be saved where it is.

    ``window`` is the editor's window; its dialogs open over ``parent`` (the same window, as a widget).
    """

    def __init__(self, window: Window, parent: QWidget) -> None:
        super().__init__(parent)
        self.window = window
        self.parent_widget = parent
        #: Files already offered for (the offer comes once per file, and again on Save).
        self.offered: set[Path] = set()
        #: Asks which way (tests answer instead of a dialog): (file, why) -> OVERRIDE, COPY or KEEP.
        self.choose: Callable[[Path, str], str] = self._choose
        #: Asks for a folder (tests answer instead of a dialog): (title, start) -> folder or None.
        self.folder: Callable[[str, Path], Path | None] = self._folder

    def changed(self, change: Change) -> None:
        """After an edit: offer the ways out for a read-only file edited for the first time."""
        session = self.window.session
        if session is None:
            return
        for ref in change.entries:
            if ref.path in self.offered:
                continue
            try:
                if not session.ws.is_dirty(ref):
                    continue
                why = session.ws.read_only(ref)
            except WorkspaceError:  # the change renamed or removed it
                continue
            if why is not None:
                self.offered.add(ref.path)
                self.offer(ref, why)
                return

    def offer(self, ref: EntryRef, why: str) -> None:
        """Ask which way to keep the edits of ``ref``, and take it."""
        answer = self.choose(ref.path, why)
        if answer == OVERRIDE:
            self.override(ref)
        elif answer == COPY:
            self.copy_base()

    def override(self, ref: EntryRef) -> EntryRef | None:
        """Entry > Override in a pack…: copy the entry (as edited) into a pack that replaces it."""
        session = self.window.session
        if session is None:
            return None
        start = self.window.pack_menu.beside()
        folder = self.folder(f"Override {ref.id} in a pack folder (an empty folder makes a new pack)", start)
        if folder is None:
            return None
        try:
            copy = session.ws.override_in_pack(ref, folder)
        except (WorkspaceError, OSError) as exc:
            session.failed.emit(f"override {ref.id}: {exc}")
            return None
        self.window.tree.populate(session.ws)
        session.changed.emit(
            Change({copy}, {copy.path, ref.path}, problems_changed=True, catalog_changed=True)
        )
        self.window.open_entry(copy)
        self.window.status(f"{ref.id} now changes in {copy.path}")
        return copy

    def copy_base(self) -> Path | None:
        """File > Copy the base game…: write it (with its unsaved edits) to a new folder and edit that."""
        session = self.window.session
        if session is None:
            return None
        folder = self.folder("Copy the base game into a new or empty folder", Path.home())
        if folder is None:
            return None
        ws = session.ws
        try:
            copy_base_game(folder)
            base = next(p for p in ws.packs if p.builtin)
            for ref in ws.dirty():  # the copy starts with the edits made to the base game
                if ref.path.is_relative_to(base.origin):
                    write_atomically(folder / ref.path.relative_to(base.origin), ws.text(ref))
        except (WorkspaceError, OSError) as exc:
            session.failed.emit(f"copy the base game: {exc}")
            return None
        others = [p.origin for p in ws.packs if not p.builtin and p.origin.is_dir()]
        self.window.open_packs([folder, *others])
        self.window.status(f"Editing the copy of the base game in {folder}")
        return folder

    def _choose(self, path: Path, why: str) -> str:
        box = QMessageBox(self.parent_widget)
        box.setWindowTitle("This file cannot be saved here")
        box.setText(f"{path.name}: {why.split(';')[0]}.")
        box.setInformativeText(
            "Keep your edits in a pack of your own that replaces this entry, or in a copy of the "
            "whole base game. You can also keep editing: the preview shows the edits, but they "
            "cannot be saved here."
        )
        override = box.addButton("Override in a pack…", QMessageBox.ButtonRole.AcceptRole)
        copy = box.addButton("Copy the base game…", QMessageBox.ButtonRole.ActionRole)
        box.addButton("Keep editing", QMessageBox.ButtonRole.RejectRole)
        box.exec()
        clicked = box.clickedButton()
        return OVERRIDE if clicked is override else COPY if clicked is copy else KEEP

    def _folder(self, title: str, start: Path) -> Path | None:
        where = QFileDialog.getExistingDirectory(self.parent_widget, title, str(start))
        return Path(where) if where else None
