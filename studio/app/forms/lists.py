"""Lists: sub-forms you add, remove and reorder (abilities, effects), and ticks for a set of choices."""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtWidgets import QCheckBox, QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from studio.app import palette
from studio.app.forms.base import Field, FormContext, JsonPath


class ChoicesField(Field):
    """A list of enum values as one tick per choice (suits, passive rules)."""

    def __init__(self, node: dict[str, Any], ctx: FormContext, path: JsonPath, choices: list[Any]) -> None:
        super().__init__(node, ctx, path)
        self.choices = choices
        self.ticks: list[QCheckBox] = []
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        for choice in choices:
            tick = QCheckBox(str(choice))
            tick.setAccessibleName(f"{self.accessibleName()}: {choice}")
            tick.toggled.connect(lambda _on: self.report(self._picked()))
            self.ticks.append(tick)
            row.addWidget(tick)
        row.addStretch(1)
        layout = self.body()
        layout.addLayout(row)
        self.finish(layout)

    def _picked(self) -> list[Any]:
        return [c for c, t in zip(self.choices, self.ticks, strict=True) if t.isChecked()]

    def set_value(self, value: Any) -> None:
        chosen = {str(v) for v in value} if isinstance(value, list) else set()
        for choice, tick in zip(self.choices, self.ticks, strict=True):
            tick.blockSignals(True)
            tick.setChecked(str(choice) in chosen)
            tick.blockSignals(False)

    def default(self) -> Any:
        return []


class ListField(Field):
    """A list of items, each its own generated field, with add, remove, up and down."""

    def __init__(self, node: dict[str, Any], ctx: FormContext, path: JsonPath) -> None:
        super().__init__(node, ctx, path)
        self.item_node = ctx.resolve(node.get("items", {}))
        self.value: list[Any] = []
        self.items: list[Field] = []
        self.frames: list[QWidget] = []
        layout = self.body()
        self.rows = QVBoxLayout()
        self.rows.setSpacing(4)
        layout.addLayout(self.rows)
        title = str(self.item_node.get("title") or node.get("title") or "item").lower()
        self.add_button = QPushButton(palette.icon("fa5s.plus"), f"Add {title}")
        self.add_button.setObjectName("addItem")
        self.add_button.setToolTip(f"Add a {title} at the end")
        self.add_button.clicked.connect(self.add)
        layout.addWidget(self.add_button)
        self.finish(layout)

    def add(self) -> None:
        """Append a new item with the item schema's defaults."""
        from studio.app.forms.builder import build

        probe = build(self.item_node, FormContext(self.ctx.root, self.ctx.ids), ())
        fresh = probe.default()
        probe.deleteLater()
        self.report([*self.value, fresh])

    def remove(self, i: int) -> None:
        """Remove item ``i``."""
        self.report([v for j, v in enumerate(self.value) if j != i])

    def move_item(self, i: int, step: int) -> None:
        """Move item ``i`` up (-1) or down (+1)."""
        j = i + step
        if 0 <= j < len(self.value):
            items = list(self.value)
            items[i], items[j] = items[j], items[i]
            self.report(items)

    def set_value(self, value: Any) -> None:
        from studio.app.forms.builder import build

        items = list(value) if isinstance(value, list) else []
        if len(items) != len(self.items):
            for frame in self.frames:
                frame.setParent(None)
                frame.deleteLater()
            self.frames = []
            for key in [
                k for k in self.ctx.fields if len(k) > len(self.path) and k[: len(self.path)] == self.path
            ]:
                del self.ctx.fields[key]
            self.items = []
            for i in range(len(items)):
                child = self.relay(build(self.item_node, self.ctx, (*self.path, i)))
                self.items.append(child)
                self.frames.append(self._frame(i, child))
                self.rows.addWidget(self.frames[-1])
        self.value = copy.deepcopy(items)
        for child, item in zip(self.items, items, strict=True):
            child.set_value(item)

    def _frame(self, i: int, child: Field) -> QWidget:
        frame = QFrame()
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        frame.setObjectName(f"item{i}")
        v = QVBoxLayout(frame)
        v.setContentsMargins(6, 4, 6, 6)
        head = QHBoxLayout()
        title = str(self.item_node.get("title") or "Item")
        head.addWidget(QLabel(f"<b>{title} {i + 1}</b>"))
        head.addStretch(1)
        for icon, tip, slot in (
            ("fa5s.arrow-up", "Move up", lambda: self.move_item(i, -1)),
            ("fa5s.arrow-down", "Move down", lambda: self.move_item(i, 1)),
            ("fa5s.times", "Remove", lambda: self.remove(i)),
        ):
            b = QPushButton(palette.icon(icon), "")
            b.setToolTip(f"{tip} {title.lower()} {i + 1}")
            b.setAccessibleName(f"{tip} {title.lower()} {i + 1}")
            b.setFlat(True)
            b.clicked.connect(slot)
            head.addWidget(b)
        v.addLayout(head)
        v.addWidget(child)
        return frame

    def default(self) -> Any:
        return []
