"""Lists: sub-forms you add, remove and reorder (abilities, effects), and ticks for a set of choices."""

from __future__ import annotations

import copy
from functools import partial
from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from studio.app import palette
from studio.app.forms.base import Field, FormContext, JsonPath
from studio.app.forms.flow import FlowLayout
from studio.app.forms.fold import Fold
from studio.app.forms.nodes import item_node, item_title, new_item


class ChoicesField(Field):
    """A list of enum values as one tick per choice (suits, passive rules).

    Choices spelt alike (a rank written ``"2"`` or ``2``) are one tick, and so are a choice and its
    aliases (the items' ``x-aliases``: ``T`` is ``10``); a ticked one is written as the list already
    writes it, or as its other items are written (numbers stay numbers).
    """

    def __init__(self, node: dict[str, Any], ctx: FormContext, path: JsonPath, choices: list[Any]) -> None:
        super().__init__(node, ctx, path)
        #: Other spellings and the choice each spells (``"T"``: ``"10"``).
        items = item_node(node, ctx)
        self.aliases: dict[str, str] = dict(items.get("x-aliases", {}))
        #: What each choice does, where the schema says (``x-choice-text``: a hand rule's effect).
        texts: dict[str, str] = dict(items.get("x-choice-text", {}))
        #: Each tick's choices, in the order first seen (``"10"``: ``["10", "T", 10]``).
        self.spellings: dict[str, list[Any]] = {}
        for choice in choices:
            self.spellings.setdefault(self._tick_of(choice), []).append(choice)
        self.choices = list(self.spellings)
        self.value: list[Any] = []
        self.ticks: list[QCheckBox] = []
        row = FlowLayout()  # wraps: a tick per rank must not widen a nested form past its panel
        for choice in self.choices:
            tick = QCheckBox(str(choice))
            tick.setAccessibleName(f"{self.accessibleName()}: {choice}")
            tick.setToolTip(texts.get(str(choice), ""))
            tick.toggled.connect(lambda _on: self.report(self._picked()))
            self.ticks.append(tick)
            row.addWidget(tick)
        layout = self.body()
        layout.addLayout(row)
        self.finish(layout)

    def _picked(self) -> list[Any]:
        return [self._written(c) for c, t in zip(self.choices, self.ticks, strict=True) if t.isChecked()]

    def _tick_of(self, choice: Any) -> str:
        """The tick a choice or list item stands under."""
        return self.aliases.get(str(choice), str(choice))

    def _written(self, spelling: str) -> Any:
        """The value a ticked spelling is written as: the list's own item, else one of its items' type."""
        for item in self.value:
            if self._tick_of(item) == spelling:
                return item
        variants = self.spellings[spelling]
        kinds = {type(item) for item in self.value}
        return next((v for v in variants if type(v) in kinds), variants[0])

    def set_value(self, value: Any) -> None:
        self.value = list(value) if isinstance(value, list) else []
        chosen = {self._tick_of(v) for v in self.value}
        for choice, tick in zip(self.choices, self.ticks, strict=True):
            tick.blockSignals(True)
            tick.setChecked(str(choice) in chosen)
            tick.blockSignals(False)


#: A list of objects longer than this folds each item; its form is built when opened.
LAZY_OVER = 3


def _summary(item: Any) -> str:
    """A few words naming an item: its name or id."""
    if isinstance(item, dict):
        for key in ("name", "id", "kind", "trigger"):
            if isinstance(item.get(key), str | int):
                text = str(item[key])
                return f"— {text[:60]}{'…' if len(text) > 60 else ''}".replace("<", "&lt;")
    return ""


class ListField(Field):
    """A list of items, each its own generated field, with add, remove, up and down.

    ``opened`` tells which item of a folded list the user opened.
    """

    opened = Signal(int)

    def __init__(self, node: dict[str, Any], ctx: FormContext, path: JsonPath) -> None:
        super().__init__(node, ctx, path)
        self.item_node = item_node(node, ctx)
        self.value: list[Any] = []
        self.items: list[Field | None] = []
        self.frames: list[QWidget] = []
        self.folds: list[Fold | None] = []
        self.labels: list[QLabel] = []
        self._title = item_title(node, self.item_node)
        layout = self.body()
        self.rows = QVBoxLayout()
        self.rows.setSpacing(4)
        layout.addLayout(self.rows)
        title = self._title.lower()
        self.add_button = QPushButton(palette.icon("fa5s.plus"), f"Add {title}")
        self.add_button.setObjectName("addItem")
        self.add_button.setToolTip(f"Add a {title} at the end")
        self.add_button.clicked.connect(self.add)
        layout.addWidget(self.add_button)
        self.finish(layout)

    def item_name(self, index: int) -> str:
        """The item's name as its header shows it: "Ability 2"."""
        return f"{self._title} {index + 1}"

    def add(self) -> None:
        """Append a new item with the item schema's defaults, and scroll the form to it: under a long
        form's fold it would come with no sign."""
        before = len(self.frames)
        self.report([*self.value, new_item(self.node, self.ctx)])
        if len(self.frames) > before:
            frame = self.frames[-1]
            QTimer.singleShot(0, lambda: self._show(frame))  # once the form is laid out again

    def _show(self, frame: QWidget) -> None:
        """Scroll the form's scroll area (if it is in one) so that ``frame`` is seen."""
        if frame not in self.frames:  # gone already (undone)
            return
        area = self.parentWidget()
        while area is not None and not isinstance(area, QScrollArea):
            area = area.parentWidget()
        if area is not None:
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # the new item placed first
            area.ensureWidgetVisible(frame, 0, 24)

    def remove(self, i: int) -> None:
        """Remove item ``i``."""
        self.report([v for j, v in enumerate(self.value) if j != i])

    def move_item(self, i: int, step: int) -> None:
        """Move item ``i`` up (-1) or down (+1).

        Moves in one list make one undo step, as typing does, so moving back leaves none.
        """
        j = i + step
        if 0 <= j < len(self.value):
            items = list(self.value)
            items[i], items[j] = items[j], items[i]
            self.report(items, typing=True)

    def set_value(self, value: Any) -> None:
        items = list(value) if isinstance(value, list) else []
        if len(items) != len(self.items):
            for frame in self.frames:  # removed under its parent, deleted on the GUI thread
                self.rows.removeWidget(frame)
                frame.hide()
                frame.deleteLater()
            self.frames, self.folds, self.items = [], [], []
            self.ctx.forget(self.path)
            lazy = len(items) > LAZY_OVER and self.item_node.get("type") == "object"
            for i in range(len(items)):
                child = None if lazy else self.relay(self.ctx.child(self.item_node, (*self.path, i)))
                self.items.append(child)
                self.frames.append(self._frame(i, child))
                self.rows.addWidget(self.frames[-1])
        self.value = copy.deepcopy(items)
        for i, (child, item) in enumerate(zip(self.items, items, strict=True)):
            if child is not None:
                child.set_value(item)
            # A long name wraps, its number kept beside it; a non-breaking space keeps the number with it.
            self.labels[i].setText(f"<b>{self._title}&nbsp;{i + 1}</b> {_summary(item)}")

    def open_item(self, i: int) -> Field:
        """Build (once) and show the form of item ``i`` of a long, folded list."""
        child, fold = self.items[i], self.folds[i]
        if child is None:
            child = self.items[i] = self.relay(self.ctx.child(self.item_node, (*self.path, i)))
            assert fold is not None
            fold.addWidget(child)
            child.set_value(self.value[i])
        if fold is not None:
            fold.blockSignals(True)
            fold.expand(animate=False)  # sized for the form just built
            fold.blockSignals(False)
        self.opened.emit(i)
        return child

    def _toggled(self, i: int, expanded: bool) -> None:
        if expanded:
            self.open_item(i)

    def _frame(self, i: int, child: Field | None) -> QWidget:
        frame = QFrame()
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        frame.setObjectName(f"item{i}")
        v = QVBoxLayout(frame)
        v.setContentsMargins(6, 4, 6, 6)
        head = QHBoxLayout()
        label = QLabel()
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setWordWrap(True)  # a long name wraps: it must not widen the form past its panel
        self.labels[i:] = [label]
        head.addWidget(label, 1)
        name = self._title.lower()
        for icon, tip, slot in (
            ("fa5s.arrow-up", "Move up", lambda: self.move_item(i, -1)),
            ("fa5s.arrow-down", "Move down", lambda: self.move_item(i, 1)),
            ("fa5s.times", "Remove", lambda: self.remove(i)),
        ):
            b = QPushButton(palette.icon(icon), "")
            b.setToolTip(f"{tip} {name} {i + 1}")
            b.setAccessibleName(f"{tip} {name} {i + 1}")
            b.setFlat(True)
            b.clicked.connect(slot)
            head.addWidget(b)
        v.addLayout(head)
        if child is not None:
            self.folds.append(None)
            v.addWidget(child)
        else:
            fold = Fold("details")
            fold.toggled.connect(partial(self._toggled, i))
            self.folds.append(fold)
            v.addWidget(fold)
        return frame
