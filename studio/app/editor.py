"""The editor in the middle: a generated form and the raw YAML of one file, kept in step.

Form edits and text edits become undo commands; after every change the
editor re-reads the entry from the workspace, so form, text, inline messages
and the player-facing text always show what the workspace holds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QLabel, QScrollArea, QTabWidget, QVBoxLayout, QWidget

from studio.app import palette
from studio.app.forms.base import Field, FormContext, JsonPath
from studio.app.forms.builder import build
from studio.app.forms.lists import ListField
from studio.app.forms.nodes import file_schema
from studio.app.odds_box import OddsBox
from studio.app.pending import listed, pending
from studio.app.session import Session
from studio.app.yaml_view import YamlView
from studio.workspace import EntryRef, Problem, WorkspaceError
from studio.workspace.lifecycle import TEMPLATES
from studio.workspace.model import value_at

#: What the editor shows before an entry is opened.
EMPTY_HINT = (
    "Choose an entry in the Content tree to edit it, as a form or as YAML; it is checked as you type.\n\n"
    "The Preview scores its hand with the real scorer and lists every step of the trace.\n\n"
    "Ctrl+F filters the tree · Entry › New makes an entry · Ctrl+S saves"
)


class EntryEditor(QWidget):
    """Form and YAML tabs for one file of the workspace; ``item_opened`` names an item of a file of many.

    ``pending_changed`` says the problems held back as pending (see studio.app.pending) changed.
    """

    item_opened = Signal(object, int)
    pending_changed = Signal()
    #: The Id field asks to rename the open entry (its ref and the new id typed).
    rename_asked = Signal(object, str)

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.file: Path | None = None
        self.form: Field | None = None
        self.ctx: FormContext | None = None
        self.title = QLabel("No entry open")
        self.title.setObjectName("editorTitle")
        self.title.setWordWrap(True)  # a long scenario name wraps instead of squeezing the tree dock
        self.text_line = QLabel()
        self.text_line.setObjectName("playerText")
        self.text_line.setWordWrap(True)
        self.text_line.setAccessibleName("Player-facing text")
        self.banner = QLabel()
        self.banner.setObjectName("editorBanner")
        self.banner.setWordWrap(True)
        self.banner.hide()
        self.form_area = QScrollArea()
        self.form_area.setObjectName("editorForm")
        self.form_area.setAccessibleName("Entry form")
        self.form_area.setWidgetResizable(True)
        self.holder = QWidget()
        self.holder_layout = QVBoxLayout(self.holder)
        #: In the form's place while the text does not parse: the form would show the last values that did.
        self.unparsed = QLabel()
        self.unparsed.setObjectName("formUnparsed")
        self.unparsed.setWordWrap(True)
        self.unparsed.hide()
        self.holder_layout.addWidget(self.unparsed)
        #: True while the entry is being written (edited here, or new): an emptied list is pending.
        self.holding = False
        self.held: frozenset[Problem] = frozenset()
        self.odds = OddsBox()
        self.odds.hide()
        self.holder_layout.addWidget(self.odds)  # the form goes above it
        self.holder_layout.addStretch(1)
        self.form_area.setWidget(self.holder)
        self.yaml = YamlView()
        self.yaml.text_edited.connect(self._text_edited)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("editorTabs")
        self.tabs.addTab(self.form_area, palette.icon("fa5s.list-alt"), "Form")
        self.tabs.addTab(self.yaml, palette.icon("fa5s.code"), "YAML")
        self.tabs.currentChanged.connect(lambda _i: self.yaml.flush())
        self.empty = QLabel(EMPTY_HINT)
        self.empty.setObjectName("editorEmpty")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # the theme's muted ink
        v = QVBoxLayout(self)
        v.setContentsMargins(palette.SPACING, palette.SPACING, palette.SPACING, palette.SPACING)
        v.addWidget(self.title)
        v.addWidget(self.text_line)
        v.addWidget(self.banner)
        v.addWidget(self.tabs, 1)
        v.addWidget(self.empty, 1)
        self.tabs.hide()  # until an entry is opened

    @property
    def ref(self) -> EntryRef | None:
        """The file shown, as the workspace names it now (None if it was renamed or deleted)."""
        if self.file is None:
            return None
        try:
            return self.session.ref(self.file)
        except WorkspaceError:
            return None

    def open(self, ref: EntryRef) -> None:
        """Show a file: build its form from its kind's schema, then fill form and text."""
        self.yaml.flush()
        self._finish_typing()
        self.file = ref.path
        schema = self.session.ws.schema(ref.kind)
        self.ctx = FormContext(schema, self.session.ws.ids)
        self.ctx.renames = ref.kind in TEMPLATES
        if self.form is not None:
            self._drop_form()
            self.form.deleteLater()
        self.form = build(file_schema(schema, self.session.ws.data(ref)), self.ctx, ())
        self.form.setObjectName("entryForm")
        self.form.edited.connect(self._field_edited)
        if isinstance(self.form, ListField):
            self.form.opened.connect(lambda i: self.item_opened.emit(ref.path, i))
        self.holder_layout.insertWidget(0, self.form)
        self.odds.setVisible(ref.kind == "hand_type")
        self.empty.hide()
        self.tabs.show()
        self.holding = not ref.path.exists()  # a new entry is still being written
        self.refresh(catalog_changed=True)

    def close_file(self) -> None:
        """Show nothing (the file was deleted)."""
        self.file = None
        if self.form is not None:
            self._drop_form()
            self.form.deleteLater()
            self.form = None
        self.yaml.set_text("")
        self.title.setText("No entry open")
        self.text_line.hide()
        self.tabs.hide()
        self.empty.show()
        if self.held:
            self.held = frozenset()
            self.pending_changed.emit()

    def _drop_form(self) -> None:
        """Take the shown form away."""
        assert self.form is not None
        self.holder_layout.removeWidget(self.form)
        self.form.hide()

    def _finish_typing(self) -> None:
        """Let a field being typed in finish while its entry is still the one open: a search box, for
        one, takes what was typed when it loses focus, which hiding its form would otherwise do with
        the next entry open, writing it there."""
        focus = QApplication.focusWidget()
        if self.form is not None and focus is not None and self.form.isAncestorOf(focus):
            focus.clearFocus()

    def field_at(self, path: JsonPath) -> Field | None:
        """The widget of a field (for jumping to a problem, and for tests)."""
        return self.ctx.fields.get(path) if self.ctx is not None else None

    def _field_edited(self, path: tuple[Any, ...], value: Any, typing: bool) -> None:
        ref = self.ref
        if ref is None or self.file is None:
            return
        old = value_at(self.session.ws.data(ref), path)
        if old == value:
            return
        if path == ("id",) and self.ctx is not None and self.ctx.renames:
            self.rename_asked.emit(ref, value)
            return
        self.holding = True
        label = f"Edit {self.file.stem}: {self.ctx.words(path)}" if self.ctx is not None else ""
        self.session.set_field(self.file, path, value, label=label, typing=typing)

    def _text_edited(self, text: str) -> None:
        ref = self.ref
        if ref is None or self.file is None:
            return
        old = self.session.ws.text(ref)
        if old != text:
            self.holding = True
            self.session.replace_text(self.file, text, typing=True)

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch redraws the title, the banner and the YAML marks in the new theme's colours."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and getattr(self, "form", None) is not None:
            self.refresh()

    def refresh(self, catalog_changed: bool = False, problems: list[Problem] | None = None) -> None:
        """Re-read the file from the workspace: data, text, problems (given, or asked), player text, odds."""
        ref = self.ref
        if ref is None or self.form is None:
            return
        ws = self.session.ws
        dirty = " ●" if ws.is_dirty(ref) else ""
        self.title.setText(
            f"<b>{ref.name or ref.id}</b> <span style='color:{palette.current().muted}'>"
            f"{ref.kind} · {ref.pack_id} · {ref.path.name}{dirty}</span>"
        )
        data = ws.data(ref)
        self.form.set_value(data)
        self.yaml.set_text(ws.text(ref))
        mine = [
            p
            for p in (ws.problems() if problems is None else problems)
            if p.path == ref.path and p.severity == "error"
        ]
        held = pending(mine, ref.path, data) if self.holding and ws.is_dirty(ref) else frozenset()
        assert self.ctx is not None
        for field in self.ctx.fields.values():
            field.show_message("")
        unplaced = []
        for p in mine:
            near = self._nearest(p.json_path)
            if near is not None and p.json_path:
                near.show_message(p.message, p in held)
            else:
                unplaced.append(p)
        self.yaml.mark([(p.line, p.message) for p in mine if p not in held])
        syntax = next((p for p in mine if not p.json_path and p.message.startswith("malformed")), None)
        self._unparsed(syntax)
        if unplaced:
            self.banner.setText(
                f"<span style='color:{palette.current().error}'>⚠ "
                + "<br>⚠ ".join(f"line {p.line}: {p.message}" for p in unplaced)
                + "</span>"
            )
        self.banner.setVisible(bool(unplaced))
        self._player_text(ref)
        if ref.kind == "hand_type" and syntax is not None:
            self.odds.clear("fix the YAML text to count")
        elif ref.kind == "hand_type" and catalog_changed:
            self.odds.update_for(ws.catalog, ref.id)
        if held != self.held:
            self.held = held
            self.pending_changed.emit()

    def listed(self, problems: list[Problem]) -> list[Problem]:
        """``problems`` as the problems panel lists them: those pending in the entry being written say so."""
        return listed(problems, self.held) if self.held else problems

    def _unparsed(self, syntax: Problem | None) -> None:
        """While the text does not parse, show a note in the form's place, never its out-of-date values."""
        assert self.form is not None
        self.form.setEnabled(syntax is None)
        self.form.setVisible(syntax is None)
        self.unparsed.setVisible(syntax is not None)
        if syntax is not None:
            self.unparsed.setText(
                f"<span style='color:{palette.current().error}'>⚠ The YAML text does not parse "
                f"(line {syntax.line}), so there is no form to show. Fix it in the YAML tab; "
                "the form comes back as soon as the text parses.</span>"
            )
            self.text_line.hide()

    def focus_problem(self, problem: Problem) -> None:
        """Put the focus on a problem's field, or on its line in the YAML tab when no field fits."""
        field = self._nearest(problem.json_path) if problem.json_path else None
        if field is not None and self.form is not None and self.form.isEnabled():
            self.tabs.setCurrentIndex(0)
            self.form_area.ensureWidgetVisible(field)
            focus = field.findChild(QWidget) or field
            focus.setFocus()
            return
        self.tabs.setCurrentIndex(1)
        block = self.yaml.edit.document().findBlockByNumber(max(0, problem.line - 1))
        cursor = self.yaml.edit.textCursor()
        cursor.setPosition(block.position())
        self.yaml.edit.setTextCursor(cursor)
        self.yaml.edit.setFocus()

    def _nearest(self, path: JsonPath) -> Field | None:
        assert self.ctx is not None
        for n in range(len(path)):
            folded = self.ctx.fields.get(tuple(path[:n]))
            part = path[n]
            if isinstance(folded, ListField) and isinstance(part, int) and 0 <= part < len(folded.items):
                folded.open_item(part)
        for n in range(len(path), 0, -1):
            field = self.ctx.fields.get(tuple(path[:n]))
            if field is not None:
                return field
        return None

    def _player_text(self, ref: EntryRef) -> None:
        if not self.unparsed.isHidden():
            return  # the text of the last version that parsed would not be this one's
        catalog = self.session.ws.catalog
        charm = catalog.charms.get(ref.id) if catalog is not None and ref.kind == "charm" else None
        if charm is None:
            self.text_line.hide()
            return
        self.text_line.setText(f"<i>“{charm.description or 'does nothing yet'}”</i>")
        self.text_line.show()
