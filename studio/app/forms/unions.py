"""Discriminated unions (``oneOf``/``anyOf`` with a ``discriminator``): pick the variant, then its form."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel

from studio.app.forms.base import Field, FormContext, JsonPath
from studio.app.forms.nodes import default_value, variant_tag


class UnionField(Field):
    """One of several object shapes, chosen by the discriminator property."""

    def __init__(self, node: dict[str, Any], ctx: FormContext, path: JsonPath) -> None:
        super().__init__(node, ctx, path)
        self.prop = str(node["discriminator"]["propertyName"])
        self.variants = [ctx.resolve(v) for v in node.get("oneOf") or node.get("anyOf") or []]
        self.tags = [variant_tag(v, self.prop) for v in self.variants]
        self.picker = QComboBox()
        self.picker.setAccessibleName(f"{self.accessibleName()}: {self.prop}")
        self.picker.addItems(self.tags)
        for i, variant in enumerate(self.variants):
            self.picker.setItemData(i, str(variant.get("description", "")), Qt.ItemDataRole.ToolTipRole)
        self.picker.activated.connect(self._picked)
        self.data: dict[str, Any] = {}
        self.current: Field | None = None
        self.tag: str | None = None
        layout = self.body()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        label = QLabel(self.prop.replace("_", " ").capitalize())
        label.setBuddy(self.picker)
        row.addWidget(label)
        row.addWidget(self.picker, 1)
        layout.addLayout(row)
        self.layout_ = layout
        self.finish(layout)

    def _picked(self, i: int) -> None:
        """Switch variant, keeping the values of the fields both variants have (an amount, a chance)."""
        variant = self.variants[i]
        fresh = default_value(variant, self.ctx)
        shared = {k: v for k, v in self.data.items() if k in variant.get("properties", {})}
        self.report({**fresh, **shared, self.prop: self.tags[i]})

    def _without_tag(self, variant: dict[str, Any]) -> dict[str, Any]:
        """The variant's form without the discriminator: the picker above shows it."""
        props = {k: v for k, v in variant.get("properties", {}).items() if k != self.prop}
        required = [k for k in variant.get("required", []) if k != self.prop]
        return {**variant, "properties": props, "required": required}

    def set_value(self, value: Any) -> None:
        data = value if isinstance(value, dict) else {}
        self.data = dict(data)
        tag = str(data.get(self.prop, self.tags[0] if self.tags else ""))
        if tag != self.tag and tag in self.tags:
            if self.current is not None:  # removed under its parent, deleted on the GUI thread
                self.layout_.removeWidget(self.current)
                self.current.hide()
                self.current.deleteLater()
                self.ctx.forget(self.path)
            variant = self._without_tag(self.variants[self.tags.index(tag)])
            self.current = self.relay(self.ctx.child(variant, self.path))
            self.ctx.fields[self.path] = self
            self.layout_.insertWidget(1, self.current)
            self.tag = tag
        self.picker.blockSignals(True)
        if tag in self.tags:
            self.picker.setCurrentIndex(self.tags.index(tag))
            self.picker.setToolTip(str(self.variants[self.tags.index(tag)].get("description", "")))
        self.picker.blockSignals(False)
        if self.current is not None:
            self.current.set_value(data)
