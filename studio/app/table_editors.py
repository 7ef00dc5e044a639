"""Editors for the table's cells, chosen by the field's schema: a drop-down, a number box or a line of text.

The same editors serve the cells (through :class:`CellDelegate`) and the
"Set field on selected" dialog, so both offer the schema's choices and bounds.
A field that may be left out offers an empty choice (or empty text) for that.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from studio.app.forms.scalars import INT_LIMIT
from studio.app.table_columns import Column, Field
from studio.app.table_model import FIELD
from studio.engine.trace import fmt

Index = QModelIndex | QPersistentModelIndex


class _Number(QDoubleSpinBox):
    """A number box writing 3 rather than 3.00."""

    def textFromValue(self, value: float) -> str:
        return fmt(round(value, self.decimals()))


def make_editor(field: Field, parent: QWidget | None = None) -> QWidget:
    """The widget that edits ``field``."""
    node = field.node
    if field.kind == "choice":
        box = QComboBox(parent)
        box.setEditable(bool(node.get("x-ref")))  # an id not loaded yet may be typed
        box.addItems(([""] if field.nullable else []) + [str(c) for c in field.choices or []])
        return box
    if field.kind == "boolean":
        return QCheckBox(parent)
    if field.kind in ("integer", "number"):
        low = float(node.get("minimum", node.get("exclusiveMinimum", -1e18)) or 0)
        high = float(node.get("maximum", node.get("exclusiveMaximum", 1e18)) or 0)
        if field.kind == "integer" and max(abs(low), abs(high)) <= INT_LIMIT:
            spin = QSpinBox(parent)
            spin.setRange(int(max(low, -INT_LIMIT)), int(min(high, INT_LIMIT)))
            return spin
        number = _Number(parent)
        number.setDecimals(0 if field.kind == "integer" else 2)
        number.setRange(low, high)
        return number
    line = QLineEdit(parent)
    if "maxLength" in node:
        line.setMaxLength(int(node["maxLength"]))
    return line


def set_editor_value(editor: QWidget, field: Field, value: Any) -> None:
    """Show ``value`` in an editor made by :func:`make_editor`."""
    if isinstance(editor, QComboBox):
        texts = [editor.itemText(i) for i in range(editor.count())]
        text = "" if value is None else str(value)
        if text in texts:
            editor.setCurrentIndex(texts.index(text))
        elif editor.isEditable():
            editor.setEditText(text)
    elif isinstance(editor, QCheckBox):
        editor.setChecked(value is True)
    elif isinstance(editor, QSpinBox | QDoubleSpinBox):
        number = float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0
        number = 0.0 if math.isnan(number) else min(max(number, editor.minimum()), editor.maximum())
        if isinstance(editor, QSpinBox):
            editor.setValue(int(number))
        else:
            editor.setValue(number)
    elif isinstance(editor, QLineEdit):
        editor.setText("" if value is None else str(value))


def editor_value(editor: QWidget, field: Field) -> Any:
    """The value an editor holds, typed as the schema wants it (None: leave the field out)."""
    if isinstance(editor, QComboBox):
        text = editor.currentText().strip()
        if not text:
            return None if field.nullable else field.node.get("default")
        return next((c for c in field.choices or [] if str(c) == text), text)
    if isinstance(editor, QCheckBox):
        return editor.isChecked()
    if isinstance(editor, QSpinBox):
        return int(editor.value())
    if isinstance(editor, QDoubleSpinBox):
        number = float(editor.value())
        return int(number) if number.is_integer() else number
    if isinstance(editor, QLineEdit):
        text = editor.text()
        return None if field.nullable and not text else text
    return None


class CellDelegate(QStyledItemDelegate):
    """Makes each cell's editor from its field; the model takes the value (and makes the undo command)."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        field = index.data(FIELD)
        if not isinstance(field, Field):
            return super().createEditor(parent, option, index)
        editor = make_editor(field, parent)
        editor.setAutoFillBackground(True)
        return editor

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        field = index.data(FIELD)
        if isinstance(field, Field):
            set_editor_value(editor, field, index.data(Qt.ItemDataRole.EditRole))
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        field = index.data(FIELD)
        if isinstance(field, Field):
            model.setData(index, editor_value(editor, field), Qt.ItemDataRole.EditRole)


def ask_value(parent: QWidget, column: Column, field: Field, value: Any, count: int) -> tuple[bool, Any]:
    """Ask for the value to set on ``count`` rows (OK, value); the editor fits the field."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(f"Set {column.title}")
    editor = make_editor(field, dialog)
    set_editor_value(editor, field, value)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    form = QFormLayout(dialog)
    form.addRow(f"{column.title} of {count} selected:", editor)
    form.addRow(buttons)
    ok = dialog.exec() == QDialog.DialogCode.Accepted
    return ok, editor_value(editor, field)
