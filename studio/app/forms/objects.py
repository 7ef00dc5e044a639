"""Fields made of fields: an object's properties in a form layout, and an optional (nullable) value."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QCheckBox, QFormLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from studio.app.forms.base import Field, FormContext, JsonPath, describe
from studio.app.forms.fold import Fold

#: A nested object with more properties than this folds away (a collapsible section).
FOLD_OVER = 6


class _Rows(QFormLayout):
    """A form layout that works its rows out afresh for each new rectangle.

    Qt's keeps the row heights it worked out for an earlier rectangle once a row's height
    depends on its width (a wrapped message under a field): laid out short while a message
    appeared, then given its full height, it left a list below the message squeezed (a
    number box 14 px tall) until something else invalidated it.
    """

    def setGeometry(self, rect: QRect) -> None:
        if rect != self.geometry():
            self.invalidate()
        super().setGeometry(rect)


class ObjectField(Field):
    """An object: one labelled row per property, in the schema's order.

    A long object under a named field (a charm's conditions) sits in a collapsible section
    whose title says how many of its fields are given; it opens by itself when
    first shown with any given.
    """

    def __init__(self, node: dict[str, Any], ctx: FormContext, path: JsonPath) -> None:
        super().__init__(node, ctx, path)
        self.by_key: dict[str, Field] = {}
        layout = self.body()
        form = _Rows()
        form.setContentsMargins(12 if path else 0, 0, 0, 0)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        required = set(node.get("required", []))
        props = node.get("properties", {})
        # The schema's order, which reads as the entry does (a chance's N above its In, an effect's
        # amount under its kind); required fields are starred.
        for key, sub in props.items():
            sub = ctx.resolve(sub)
            child = self.relay(ctx.child(sub, (*path, key)))
            child.setObjectName(f"field_{key}")
            self.by_key[key] = child
            title = str(sub.get("title") or key.replace("_", " ").capitalize())
            label = QLabel(title + (" *" if key in required else ""))
            label.setToolTip(describe(sub))
            label.setBuddy(child)
            form.addRow(label, child)
        self.fold: Fold | None = None
        if path and isinstance(path[-1], str) and len(self.by_key) > FOLD_OVER:
            self.fold = Fold("none given")
            self.fold.setObjectName("fold")
            inner = QWidget()
            inner.setLayout(form)
            self.fold.addWidget(inner)
            layout.addWidget(self.fold)
        else:
            layout.addLayout(form)
        self._shown = False
        self.finish(layout)

    def set_value(self, value: Any) -> None:
        data = value if isinstance(value, dict) else {}
        for key, child in self.by_key.items():
            child.set_value(data.get(key))
        if self.fold is not None:
            given = [k for k in self.by_key if data.get(k) is not None]  # a list just ticked is given
            self.fold.setText(f"{len(given)} given: {', '.join(given)}" if given else "none given")
            if not self._shown:
                self._shown = True
                if given:
                    self.fold.expand(animate=False)
                else:
                    self.fold.collapse(animate=False)


class NullableField(Field):
    """A value that may be left out (``anyOf [X, null]``): a tick to give it, then X's widget."""

    def __init__(self, node: dict[str, Any], inner: dict[str, Any], ctx: FormContext, path: JsonPath) -> None:
        super().__init__(node, ctx, path)
        merged = {**inner, **{k: v for k, v in node.items() if k in ("title", "description")}}
        self.inner = ctx.child(merged, path)
        ctx.fields[path] = self
        self.inner.edited.connect(self.edited)
        self.tick = QCheckBox("set")
        self.tick.setToolTip("Untick to leave this field out")
        self.tick.setAccessibleName(f"{self.accessibleName()} is set")
        self.tick.toggled.connect(self._toggled)
        layout: QVBoxLayout = self.body()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.tick, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.inner, 1)
        layout.addLayout(row)
        self.finish(layout)

    def _toggled(self, on: bool) -> None:
        self.inner.setVisible(on)
        self.report(self.inner.default() if on else None)

    def set_value(self, value: Any) -> None:
        self.tick.blockSignals(True)
        self.tick.setChecked(value is not None)
        self.tick.blockSignals(False)
        self.inner.setVisible(value is not None)
        self.inner.set_value(value)  # also when hidden: its choices stay current
