"""How a file writes each of its fields, so a value the editor adds is written as the values beside it.

A field is known by its keys from the top, any list index standing for every one (a scenario file
that is a list of scenarios counts from its scenarios): every ``played`` of a scenario file, every
``effects`` of every ability. What the file's values of a field share is its convention: the quotes
its strings wear where they need none (``played: "AS AH"``), else none where they read back as they
are.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cached_property
from typing import Any

from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from studio.workspace.yaml_values import Parts, chose_quotes, render

#: A field of a file: its keys from the top, ``[]`` for any list index.
Field = tuple[str, ...]

_EVERY = "[]"


class Layout:
    """The conventions of one file's text (``root`` is its composed tree), asked as new values are written."""

    def __init__(self, root: Node | None) -> None:
        self._root = root
        self._listed = isinstance(root, SequenceNode)

    def field(self, parts: Parts) -> Field:
        """The field of the value at ``parts`` (a path into the file's data)."""
        if self._listed:
            parts = parts[1:]
        return tuple(_EVERY if isinstance(p, int) else str(p) for p in parts)

    @cached_property
    def _quotes(self) -> dict[Field, set[str]]:
        """The quotes each field's strings wear (``""`` for none), where the author chose them."""
        quotes: dict[Field, set[str]] = defaultdict(set)
        for at, node, block in _values(self._root, self._listed):
            if isinstance(node, ScalarNode) and isinstance(node.value, str):
                if node.style in ('"', "'") and chose_quotes(node.value, block):
                    quotes[at].add(node.style)
                elif not node.style and str(node.tag).endswith(":str"):
                    quotes[at].add("")
        return quotes

    def quote(self, parts: Parts) -> str:
        """The quotes every string of the field at ``parts`` wears though it needs none; "" if they
        do not all wear the same (or the file has none)."""
        found = self._quotes.get(self.field(parts), set())
        return next(iter(found)) if len(found) == 1 else ""

    def scalar(self, value: Any, parts: Parts, block: bool) -> str:
        """A scalar written as its field's strings are (see :func:`render` for ``block``)."""
        return render(value, self.quote(parts) if isinstance(value, str) else "", block)

    def line(self, value: Any, parts: Parts) -> str:
        """A value written on one line (flow style), each string inside as its field's strings are."""
        if isinstance(value, dict):
            pairs = (f"{render(str(k))}: {self.line(v, (*parts, k))}" for k, v in value.items())
            return "{" + ", ".join(pairs) + "}"
        if isinstance(value, list):
            return "[" + ", ".join(self.line(v, (*parts, i)) for i, v in enumerate(value)) + "]"
        return self.scalar(value, parts, block=False)


def _values(root: Node | None, listed: bool) -> list[tuple[Field, Node, bool]]:
    """Every value node under ``root`` with its field, and whether it stands in a block collection."""
    out: list[tuple[Field, Node, bool]] = []
    if root is None:
        return out
    todo: list[tuple[Field, Node]] = [((), item) for item in root.value] if listed else [((), root)]
    out += [(at, node, True) for at, node in todo]
    while todo:
        at, node = todo.pop()
        if isinstance(node, MappingNode):
            children = [((*at, str(k.value)), v) for k, v in node.value if isinstance(k, ScalarNode)]
        elif isinstance(node, SequenceNode):
            children = [((*at, _EVERY), v) for v in node.value]
        else:
            continue
        out += [(child_at, child, not node.flow_style) for child_at, child in children]
        todo += children
    return out
