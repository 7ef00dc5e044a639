"""New, duplicate, rename and delete entries: the content tree's context menu and the Entry menu.

Renaming updates every reference and moves the file (saved with Ctrl+S);
deleting moves the file to the system trash after listing who still refers to it.
Both change which files exist, so the undo history of the files they touch
(the entry and, for a rename, the files that refer to it) is dropped; every
other file keeps its own (the dialog says so).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QPoint
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QMenu, QMessageBox, QWidget

from studio.app import palette
from studio.app.content_tree import KIND, REF, ContentTree
from studio.app.session import Session
from studio.engine.names import ID, ID_RULE, id_like
from studio.workspace import EntryRef
from studio.workspace.lifecycle import TEMPLATES

Ask = Callable[[str, str, str], str | None]

#: The kinds a new entry can be made of, in the content tree's order.
NEW_KINDS = (*TEMPLATES, "scenario")


def new_label(kind: str) -> str:
    """What the action making an entry of ``kind`` says: "New hand type…"."""
    return f"New {kind.replace('_', ' ')}…"


def _ask_text(parent: QWidget) -> Ask:
    def ask(title: str, label: str, text: str) -> str | None:
        value, ok = QInputDialog.getText(parent, title, label, text=text)
        return value.strip() if ok and value.strip() else None

    return ask


class EntryActions:
    """The operations on whole entries, with their questions (replaceable, for tests)."""

    def __init__(
        self,
        parent: QWidget,
        tree: ContentTree,
        on_done: Callable[[], None],
        on_rename: Callable[[str, str, str], None],
    ) -> None:
        self.parent = parent
        self.on_rename = on_rename
        self.tree = tree
        self.session: Session | None = None
        self.on_done = on_done
        #: Further operations on an entry for the context menu: (icon, text, action).
        self.more: list[tuple[str, str, Callable[[EntryRef], object]]] = []
        self.ask: Ask = _ask_text(parent)
        self.confirm: Callable[[str], bool] = lambda text: (
            QMessageBox.question(parent, "Delete entry", text) == QMessageBox.StandardButton.Yes
        )
        tree.tree.setContextMenuPolicy(tree.tree.contextMenuPolicy().CustomContextMenu)
        tree.tree.customContextMenuRequested.connect(self._menu)

    def _menu(self, pos: QPoint) -> None:
        self.menu_at(pos).exec(self.tree.tree.viewport().mapToGlobal(pos))

    def menu_at(self, pos: QPoint) -> QMenu:
        """The context menu of the tree item (an entry, or a kind's header) at ``pos`` in the viewport."""
        index = self.tree.tree.indexAt(pos)
        return self.menu(index.data(REF) or index.data(KIND))

    def menu(self, item: object) -> QMenu:
        """The context menu of a tree item: New of its kind (all a kind's header offers), then an
        entry's operations and ``more``; empty off the tree's items."""
        menu = QMenu(self.parent)
        kind = item.kind if isinstance(item, EntryRef) else item
        if isinstance(kind, str) and kind in NEW_KINDS:
            self.add_new(menu, kind)
        if isinstance(item, EntryRef):
            ref = item
            menu.addAction(palette.icon("fa5s.copy"), "Duplicate…", lambda: self.duplicate(ref))
            menu.addAction(palette.icon("fa5s.i-cursor"), "Rename…", lambda: self.rename(ref))
            menu.addAction(palette.icon("fa5s.trash-alt"), "Delete…", lambda: self.delete(ref))
            if self.more:
                menu.addSeparator()
            for icon, text, action in self.more:
                menu.addAction(palette.icon(icon), text, partial(action, ref))
        return menu

    def add_new(self, menu: QMenu, kind: str, text: str = "") -> QAction:
        """Add to ``menu`` the action making an entry of ``kind`` ("New hand type…" unless ``text``)."""
        return menu.addAction(palette.icon("fa5s.plus"), text or new_label(kind), lambda: self.new(kind))

    def ask_id(self, title: str, label: str, text: str, kind: str) -> str | None:
        """Ask for the id of a new entry of ``kind``, asking again (with why, and the id most likely meant
        filled in) while the answer is no id or one the kind already has; None if the user cancels."""
        assert self.session is not None
        taken = {ref.id for ref in self.session.ws.entries(kind)}
        why = ""
        while True:
            answer = self.ask(title, f"{why}\n\n{label}" if why else label, text)
            if answer is None:
                return None
            if not ID.fullmatch(answer):
                meant = id_like(answer)
                why = f"'{answer}' is not an id: {ID_RULE}"
                text = meant if ID.fullmatch(meant) else answer
            elif answer in taken:
                why = f"a {kind.replace('_', ' ')} '{answer}' already exists: choose another id"
                text = answer
            else:
                return answer

    def pack_id(self) -> str:
        """The pack new entries go to: the last pack opened (a modder's own), else the base game."""
        assert self.session is not None
        packs = self.session.ws.packs
        editable = [p for p in packs if p.origin.is_dir()]
        return (editable or packs)[-1].id

    def new(self, kind: str) -> EntryRef | None:
        """Create an entry of ``kind`` in the pack being edited."""
        if self.session is None:
            return None
        ws = self.session.ws
        entry_id = self.ask_id(
            f"New {kind.replace('_', ' ')}", "Id (lower-case letters, digits, _):", "", kind
        )
        if entry_id is None:
            return None
        change = self.session.perform("new entry", lambda: ws.create(kind, entry_id, self.pack_id()))
        return self._done(change, kind, entry_id)

    def duplicate(self, ref: EntryRef) -> EntryRef | None:
        """Copy an entry under a new id."""
        if self.session is None:
            return None
        new_id = self.ask_id("Duplicate", "Id of the copy:", f"{ref.id}_copy", ref.kind)
        if new_id is None:
            return None
        ws = self.session.ws
        change = self.session.perform("duplicate", lambda: ws.duplicate(ws.ref(ref.path), new_id))
        return self._done(change, ref.kind, new_id)

    def rename(self, ref: EntryRef, proposed: str | None = None) -> EntryRef | None:
        """Give an entry a new id (asked, starting from ``proposed``: what was typed in its Id field);
        every reference follows."""
        if self.session is None:
            return None
        ws = self.session.ws
        users = ws.references(ws.ref(ref.path))
        note = f" ({len(users)} references follow; their undo history is dropped)" if users else ""
        new_id = self.ask("Rename", f"New id for {ref.id}{note}:", proposed or ref.id)
        if new_id is None or new_id == ref.id:
            return None
        change = self.session.perform("rename", lambda: ws.rename(ws.ref(ref.path), new_id))
        if change is not None:
            self.on_rename(ref.kind, ref.id, new_id)
        return self._done(change, ref.kind, new_id)

    def delete(self, ref: EntryRef) -> bool:
        """Delete an entry's file after listing who refers to it."""
        if self.session is None:
            return False
        ws = self.session.ws
        users = ws.references(ws.ref(ref.path))
        listed = "\n".join(f"• {u.kind} {u.id} ({'.'.join(map(str, p))})" for u, p in users[:12])
        text = f"Delete {ref.path}? The file goes to the system trash, where it can be restored."
        if users:
            text += f"\n\nStill referred to by:\n{listed}"
        if not self.confirm(text):
            return False
        change = self.session.perform("delete", lambda: ws.delete(ws.ref(ref.path)))
        self._done(change, None, None)
        return change is not None

    def _done(self, change: object, kind: str | None, entry_id: str | None) -> EntryRef | None:
        if change is None or self.session is None:
            return None
        self.tree.populate(self.session.ws)
        self.on_done()
        return self.tree.select(kind, entry_id) if kind and entry_id else None
