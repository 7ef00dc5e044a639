"""Fields for one value: text, whole number, number, yes/no, a choice from an enum or from ids."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QCheckBox, QComboBox, QCompleter, QDoubleSpinBox, QLineEdit, QSpinBox

from studio.app import palette
from studio.app.forms.base import Field, FormContext, JsonPath
from studio.app.undo_keys import typing_waits
from studio.engine.trace import fmt

#: The widest range a QSpinBox holds (a C int); wider integers use a NumberField.
INT_LIMIT = 2**31 - 1


class TextField(Field):
    """A line of text; typing merges into one undo step."""

    def __init__(self, node: dict[str, Any], ctx: FormContext, path: JsonPath, tip: str = "") -> None:
        super().__init__(node, ctx, path)
        self.box = QLineEdit()
        if "maxLength" in node:
            self.box.setMaxLength(int(node["maxLength"]))
        self.box.textEdited.connect(self._typed)
        self.hold(self.box, tip)

    def _typed(self, text: str) -> None:
        self.report(text, True)

    def set_value(self, value: Any) -> None:
        text = "" if value is None else str(value)
        if self.box.text() != text:
            self.box.setText(text)
            if not self.box.hasFocus():
                self.box.setCursorPosition(0)  # a long value shows its start, not its end


class IdField(TextField):
    """An entry's own id. Changing it is a rename (every reference follows), so typing changes
    nothing until Enter, which reports the new id once (the window asks to rename); Escape, or
    leaving the box (another field, another entry, closing), puts the id back."""

    def __init__(self, node: dict[str, Any], ctx: FormContext, path: JsonPath) -> None:
        self._id = ""
        self._hint = ""
        tip = "\nEnter renames the entry (every reference follows); Escape puts the id back."
        super().__init__(node, ctx, path, tip)
        self.box.returnPressed.connect(self._entered)
        self.box.installEventFilter(self)
        typing_waits(self.box)

    def set_value(self, value: Any) -> None:
        self._id = "" if value is None else str(value)
        if not self.box.isModified():  # a new id being typed stays until Enter, Escape or leaving
            super().set_value(value)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Escape in the box (before any window shortcut on Escape), or leaving it, puts the id back."""
        if watched is not self.box or not self.box.isModified():
            return super().eventFilter(watched, event)
        if event.type() == QEvent.Type.FocusOut:
            self.put_back()
        elif isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Escape:
            if event.type() == QEvent.Type.ShortcutOverride:
                event.accept()  # the key comes to the box
                return True
            if event.type() == QEvent.Type.KeyPress:
                self.put_back()
                return True
        return super().eventFilter(watched, event)

    def put_back(self) -> None:
        """Show the entry's id again, dropping what was typed."""
        self.box.setText(self._id)
        self.box.setModified(False)
        self.show_message("")

    def _typed(self, text: str) -> None:
        """Say under the box what Enter will do, while what is typed is not the id."""
        typed = text.strip()
        self._hint = f"Enter renames '{self._id}' to '{typed}' (every reference follows); Escape puts it back"
        self.show_message(self._hint if typed and typed != self._id else "", pending=True)

    def _paint_message(self) -> None:
        """The hint of :meth:`_typed` is muted, and no problem to fix; anything else as every field's."""
        if self._text and self._text == self._hint:
            self._message.setText(f"<span style='color:{palette.current().muted}'>↵ {self._text}</span>")
        else:
            super()._paint_message()

    def _entered(self) -> None:
        typed = self.box.text().strip()
        self.put_back()  # until the rename is done; the form then shows the renamed entry
        if typed and typed != self._id:
            self.report(typed, False)


def _show_number(box: QSpinBox | QDoubleSpinBox, value: Any) -> None:
    """Show a number in a spin box without reporting it as an edit.

    Text typed in the YAML tab may hold anything (``amount: lots``, a list, 1e30):
    what is not a number shows as 0, and a number is held to the box's range. The
    field's inline problem says what is wrong.
    """
    number = float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0
    if math.isnan(number):
        number = 0.0
    number = min(max(number, box.minimum()), box.maximum())
    box.blockSignals(True)
    if isinstance(box, QSpinBox):
        box.setValue(int(number))
    else:
        box.setValue(number)
    box.blockSignals(False)


class IntField(Field):
    """A whole number within the schema's bounds."""

    def __init__(self, node: dict[str, Any], ctx: FormContext, path: JsonPath) -> None:
        super().__init__(node, ctx, path)
        self.box = QSpinBox()
        self.box.setRange(int(node.get("minimum", -INT_LIMIT)), int(node.get("maximum", INT_LIMIT)))
        self.box.valueChanged.connect(lambda v: self.report(int(v), True))
        self.hold(self.box)

    def set_value(self, value: Any) -> None:
        _show_number(self.box, self.default() if value is None else value)
        self.show_left_out(self.box, value is None)


class _Decimal(QDoubleSpinBox):
    """A number box that writes 3 rather than 3.00, and 1.5 rather than 1.50."""

    def textFromValue(self, value: float) -> str:
        return fmt(round(value, self.decimals()))


class NumberField(Field):
    """A number (Mult, factors) within the schema's bounds; whole values are stored as ints.

    Also serves integers too large for a spin box (``whole``: no decimals).
    """

    def __init__(self, node: dict[str, Any], ctx: FormContext, path: JsonPath, whole: bool = False) -> None:
        super().__init__(node, ctx, path)
        self.box = _Decimal()
        self.box.setDecimals(0 if whole else 2)
        self.box.setRange(float(node.get("minimum", -1e18)), float(node.get("maximum", 1e18)))
        self.box.valueChanged.connect(
            lambda v: self.report(int(v) if float(v).is_integer() else float(v), True)
        )
        self.hold(self.box)

    def set_value(self, value: Any) -> None:
        _show_number(self.box, self.default() if value is None else value)
        self.show_left_out(self.box, value is None)


class BoolField(Field):
    """Yes or no."""

    def __init__(self, node: dict[str, Any], ctx: FormContext, path: JsonPath) -> None:
        super().__init__(node, ctx, path)
        self.box = QCheckBox()  # the form's label names it
        self.box.toggled.connect(lambda on: self.report(bool(on)))
        self.hold(self.box)

    def set_value(self, value: Any) -> None:
        self.box.blockSignals(True)
        self.box.setChecked((self.default() if value is None else value) is True)
        self.box.blockSignals(False)
        self.show_left_out(self.box, value is None)


class ChoiceField(Field):
    """One of fixed choices: an enum, or the ids of a kind (``x-ref``).

    Ids are searched as they are typed: the pop-up lists every id holding the text, in any case
    (``flu`` finds ``straight_flush``); an id not loaded yet may be typed too.
    """

    def __init__(self, node: dict[str, Any], ctx: FormContext, path: JsonPath, choices: list[Any]) -> None:
        super().__init__(node, ctx, path)
        self.choices = choices
        self.box = QComboBox()
        self.ref = node.get("x-ref")
        self.shown: Any = None
        if self.ref:
            self.box.setEditable(True)
            self.box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            search = QCompleter(self.box.model(), self.box)
            search.setFilterMode(Qt.MatchFlag.MatchContains)
            search.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            search.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
            search.activated.connect(self._typed)
            self.box.setCompleter(search)
            line = self.box.lineEdit()
            assert line is not None
            line.setPlaceholderText(f"search {str(self.ref).replace('_', ' ')} ids")
            line.editingFinished.connect(self._typed)
            typing_waits(line)
        self.box.addItems([str(c) for c in choices])
        self.box.activated.connect(lambda i: self.report(self.choices[i]))
        self.hold(self.box)

    def _typed(self, *_picked: object) -> None:
        text = self.box.currentText().strip()
        if text and text != str(self.shown):
            self.report(text)

    def set_value(self, value: Any) -> None:
        self.show_left_out(self.box, value is None and self.default() is not None)
        value = self.default() if value is None else value
        self.shown = value
        self.box.blockSignals(True)
        if self.ref:  # ids come and go as entries are created, renamed and deleted
            fresh = list(self.ctx.ids(str(self.ref)))
            if fresh != self.choices:
                self.choices = fresh
                self.box.clear()
                self.box.addItems([str(c) for c in fresh])
        texts = [str(c) for c in self.choices]
        if str(value) in texts:
            self.box.setCurrentIndex(texts.index(str(value)))
        elif self.ref:
            self.box.setEditText("" if value is None else str(value))
        else:
            self.box.setCurrentIndex(-1)
        self.box.blockSignals(False)


class RawField(Field):
    """Any value the builder has no widget for, edited as one line of YAML flow text."""

    def __init__(self, node: dict[str, Any], ctx: FormContext, path: JsonPath) -> None:
        super().__init__(node, ctx, path)
        self.box = QLineEdit()
        self.box.editingFinished.connect(self._parse)
        typing_waits(self.box)
        self.hold(self.box, " (YAML, e.g. {pair: 2})")

    def _parse(self) -> None:
        from studio.content.io.yaml_scan import ScanError, load

        try:
            value = load(self.box.text() or "null")  # within the content files' bounds, said as they are
        except ScanError as exc:
            self.show_message(exc.message)
            return
        self.report(value)

    def set_value(self, value: Any) -> None:
        import json

        plain = isinstance(value, str) and value.replace("_", "").replace(":", "").isalnum()
        self.box.setText("" if value is None else value if plain else json.dumps(value))
