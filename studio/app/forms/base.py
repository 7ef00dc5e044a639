"""What every generated field shares: its JSON path, its schema node, tooltips and inline messages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from studio.app import palette
from studio.app.forms.nodes import JsonPath, Node, SchemaContext, default_value

__all__ = ["Field", "FormContext", "JsonPath", "describe"]


def describe(node: dict[str, Any]) -> str:
    """Return a tooltip from a schema node: its description and bounds."""
    parts = [str(node.get("description", "")).strip()]
    low, high = node.get("minimum"), node.get("maximum")
    if low is not None or high is not None:
        parts.append(f"From {low if low is not None else '-∞'} to {high if high is not None else '∞'}.")
    if "default" in node and node["default"] not in (None, [], {}):
        parts.append(f"Default: {node['default']}.")
    return " ".join(p for p in parts if p)


@dataclass
class FormContext(SchemaContext):
    """What the builder needs besides a node: the schema reading, and every field built so far."""

    #: Every field built, by JSON path, so a problem finds its widget.
    fields: dict[JsonPath, Field] = field(default_factory=dict)
    #: The builder of a node's field, given by :func:`~studio.app.forms.builder.build` itself, so a list,
    #: an object or a union builds its children without importing the builder back.
    make: Callable[[Node, FormContext, JsonPath], Field] | None = None
    #: The entry's own ``id`` is changed by a rename (an :class:`~studio.app.forms.scalars.IdField`),
    #: not typed into the text: true for the kinds that have an id to rename.
    renames: bool = False

    def child(self, node: Node, path: JsonPath) -> Field:
        """Build the field of a child node (a list item, an object's key, a union's variant)."""
        assert self.make is not None, "fields are built from studio.app.forms.builder.build"
        return self.make(node, self, path)

    def words(self, path: JsonPath) -> str:
        """Where a field is, as the form names it: ``Ability 1 › Effect 1 › Amount`` (for undo steps)."""
        parts: list[str] = []
        for i, key in enumerate(path):
            if isinstance(key, int):
                holder = self.fields.get(path[:i])
                item = f"{parts[-1] if parts else 'Item'} {key + 1}"
                parts[-1:] = [holder.item_name(key) if holder is not None else item]
            else:
                named = self.fields.get(path[: i + 1])
                parts.append(named.accessibleName() if named is not None else str(key))
        return " › ".join(parts)

    def forget(self, prefix: JsonPath) -> None:
        """Drop the fields below ``prefix`` (their widgets are being replaced)."""
        inside = len(prefix)
        for key in [k for k in self.fields if len(k) > inside and k[:inside] == prefix]:
            del self.fields[key]


#: What a field's tooltip adds while the file leaves it out and the form shows its default.
LEFT_OUT = "Not in the file: this is the default, which applies until a value is given."


class Field(QWidget):
    """A widget bound to one JSON path; emits ``edited(path, value, typing)`` on user edits."""

    edited = Signal(tuple, object, bool)

    def __init__(self, node: dict[str, Any], ctx: FormContext, path: JsonPath) -> None:
        super().__init__()
        self.node = node
        self.ctx = ctx
        self.path = path
        ctx.fields[path] = self
        self.setToolTip(describe(node))
        #: The tooltip of the widget the field holds (:meth:`hold`), before :meth:`show_left_out` adds to it.
        self._tip = self.toolTip()
        self.setAccessibleName(str(node.get("title") or (path[-1] if path else "entry")))
        self.setAccessibleDescription(str(node.get("description", "")))
        self._message = QLabel()
        self._message.setObjectName("fieldMessage")
        self._message.setWordWrap(True)
        self._message.hide()
        self._text = ""
        #: The message shown is pending (see :meth:`show_message`), not an error.
        self.pending = False

    def item_name(self, index: int) -> str:
        """What the form calls item ``index`` of this field's value (a list overrides it)."""
        return f"{self.accessibleName()} {index + 1}"

    def body(self) -> QVBoxLayout:
        """A layout for the field's widgets with the inline message below them."""
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        v.setSpacing(2)
        return v

    def finish(self, layout: QVBoxLayout) -> None:
        """Put the inline message under the field's widgets."""
        layout.addWidget(self._message)

    def hold(self, widget: QWidget, tip: str = "") -> None:
        """Lay out a field made of one widget: it takes the field's tooltip and name, the message below."""
        self._tip = self.toolTip() + tip
        widget.setToolTip(self._tip)
        widget.setAccessibleName(self.accessibleName())
        layout = self.body()
        layout.addWidget(widget)
        self.finish(layout)

    def set_value(self, value: Any) -> None:
        """Show ``value`` without emitting ``edited``."""
        raise NotImplementedError

    def show_left_out(self, widget: QWidget, left_out: bool) -> None:
        """Draw the default a field shows when the file leaves it out in italics, and say so in its
        tooltip: a misspelt key (``rarty:``) left the field showing its default as if it were written."""
        if left_out == widget.font().italic():
            return
        font = widget.font()
        font.setItalic(left_out)
        widget.setFont(font)
        widget.setToolTip("\n\n".join(t for t in (self._tip, LEFT_OUT if left_out else "") if t))

    def default(self) -> Any:
        """The value this field starts with when it is added or given (from the schema alone)."""
        return default_value(self.node, self.ctx)

    def show_message(self, text: str, pending: bool = False) -> None:
        """Show (or with "" hide) the inline problem under this field.

        A ``pending`` one (a list still empty while the entry is being written) is shown muted,
        as something to do before saving rather than as an error.
        """
        if (text, pending) == (self._text, self.pending):
            return
        self._text, self.pending = text, pending
        self._paint_message()
        self._message.setVisible(bool(text))
        self.setProperty("problem", bool(text) and not pending)

    def _paint_message(self) -> None:
        text, theme = self._text, palette.current()
        if not text:
            self._message.setText("")
        elif self.pending:
            self._message.setText(f"<span style='color:{theme.muted}'>○ {text} (to do before saving)</span>")
        else:
            self._message.setText(f"<span style='color:{theme.error}'>⚠ {text}</span>")

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch repaints the inline problem in the new theme's colour."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "_message"):
            self._paint_message()

    def message(self) -> str:
        """The inline problem shown, if any."""
        return self._text

    def report(self, value: Any, typing: bool = False) -> None:
        """Report a user edit of this field."""
        self.edited.emit(self.path, value, typing)

    def relay(self, child: Field) -> Field:
        """Pass a child's edits on as this field's."""
        child.edited.connect(self.edited)
        return child
