"""The table view's columns, read from a kind's JSON Schema and the loaded entries (no Qt).

Every one-value field at the top of the schema is a column, in the schema's
order. Then, along the first item of each list of objects (and of the lists
such an item requires), every one-value field the item requires: a charm's
first ability's trigger, and its first effect's kind and amount. Those are
kept only where at least half the rows fill them, so a list few entries use
adds no empty columns. A new field in a model is therefore a new column.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from studio.app.forms.base import FormContext
from studio.app.forms.nodes import Node, choices, variant_tag
from studio.engine.trace import fmt
from studio.workspace import JsonPath
from studio.workspace.model import show_path, value_at

#: How deep the first-item columns go: a list of objects, and a list its item requires.
DEPTH = 2
_SCALARS = ("string", "integer", "number", "boolean")


@dataclass(frozen=True)
class Field:
    """What a cell edits: the schema node of a one-value field, whether it may be left out, its choices."""

    node: Node
    nullable: bool
    choices: list[Any] | None

    @property
    def kind(self) -> str:
        """``choice``, ``integer``, ``number``, ``boolean`` or ``string``: which editor fits."""
        if self.choices is not None:
            return "choice"
        kind = self.node.get("type")
        return str(kind) if kind in _SCALARS else "string"


@dataclass(frozen=True)
class Column:
    """A field shown for every row: its path in an entry, its header and tooltip, its schema node."""

    path: JsonPath
    title: str
    tip: str
    field: Field

    @property
    def read_only(self) -> bool:
        """An id changes by renaming (its references follow), never in a cell."""
        return self.path == ("id",) or "const" in self.field.node


def scalar(node: Node, ctx: FormContext) -> Field | None:
    """The field of a one-value node (a value that may be left out counts), or None."""
    node = ctx.resolve(node)
    variants = node.get("anyOf") or node.get("oneOf")
    if variants and "discriminator" not in node:
        real = [ctx.resolve(v) for v in variants if v.get("type") != "null"]
        if len(real) == 1 and len(real) < len(variants):
            kept: Node = {k: node[k] for k in ("title", "description", "x-ref") if k in node}
            inner = scalar({**real[0], **kept}, ctx)
            return Field(inner.node, True, inner.choices) if inner is not None else None
    options = choices(node, ctx)
    if options is not None and node.get("type") != "array":
        return Field(node, False, options)
    if "const" in node:
        return Field(node, False, [node["const"]])
    if node.get("type") in _SCALARS and not variants:
        return Field(node, False, None)
    return None


def _title(node: Node, key: str | int) -> str:
    return str(node.get("title") or str(key).replace("_", " ").capitalize())


def _object_items(node: Node, ctx: FormContext) -> Node | None:
    """The item node of a list of objects (or of a union of objects), else None."""
    node = ctx.resolve(node)
    if node.get("type") != "array":
        return None
    item = ctx.resolve(node.get("items", {}))
    if item.get("type") == "object" or "discriminator" in item:
        return item
    return None


def _shapes(item: Node, ctx: FormContext) -> list[Node]:
    """The object shapes an item may take: its union's variants, or itself."""
    variants = item.get("oneOf") or item.get("anyOf")
    return [ctx.resolve(v) for v in variants] if variants and "discriminator" in item else [item]


def _first_item(item: Node, path: JsonPath, heading: str, ctx: FormContext, depth: int) -> list[Column]:
    fields: dict[str, Node] = {}
    lists: dict[str, Node] = {}
    for shape in _shapes(item, ctx):
        required = set(shape.get("required", []))
        for key, sub in shape.get("properties", {}).items():
            if key in required and scalar(sub, ctx) is not None:
                fields.setdefault(key, sub)
            elif key in required and depth < DEPTH and _object_items(sub, ctx) is not None:
                lists.setdefault(key, sub)
    tag = item.get("discriminator", {}).get("propertyName")
    out = []
    for key, sub in fields.items():
        field = scalar(sub, ctx)
        assert field is not None
        where = (*path, key)
        tip = f"{show_path(where)}: the first item's. {sub.get('description', '')}".strip()
        title = _title({} if key == tag else field.node, key)  # a union's tag by its key: Kind
        out.append(Column(where, f"{heading} › {title}", tip, field))
    for key, sub in lists.items():
        inner = _object_items(sub, ctx)
        assert inner is not None
        out += _first_item(inner, (*path, key, 0), _title(ctx.resolve(sub), key), ctx, depth + 1)
    return out


def columns(schema: Node, ctx: FormContext, rows: list[Any]) -> list[Column]:
    """The columns of a kind whose rows (entries' data) are ``rows``."""
    props = ctx.resolve(schema).get("properties", {})
    out = []
    for key, sub in props.items():
        field = scalar(sub, ctx)
        if field is not None:
            tip = f"{key}: {ctx.resolve(sub).get('description', '')}".rstrip(": ")
            out.append(Column((key,), _title(ctx.resolve(sub), key), tip, field))
    for key, sub in props.items():
        item = _object_items(sub, ctx)
        if item is not None:
            found = _first_item(item, (key, 0), _title(ctx.resolve(sub), key), ctx, 1)
            out += [c for c in found if 2 * sum(value_at(r, c.path) is not None for r in rows) >= len(rows)]
    return out


def field_at(schema: Node, ctx: FormContext, data: Any, path: JsonPath) -> Field | None:
    """The one-value field at ``path`` in this row's data: a union item's own variant decides.

    None when the row cannot hold it (its first effect is of a kind without an amount) or the
    list holding it is empty (a cell does not add list items).
    """
    node: Node | None = ctx.resolve(schema)
    value = data
    for part in path:
        if node is None or value is None:
            return None
        node = _branch(ctx.resolve(node), value, ctx)
        if isinstance(part, int):
            node = node.get("items") if node is not None else None
            value = value[part] if isinstance(value, list) and 0 <= part < len(value) else None
        else:
            node = node.get("properties", {}).get(part) if node is not None else None
            value = value.get(part) if isinstance(value, dict) else None
    return scalar(node, ctx) if node is not None else None


def _branch(node: Node, value: Any, ctx: FormContext) -> Node | None:
    """The variant of a union the value takes, or the present branch of a value that may be left out."""
    variants = node.get("anyOf") or node.get("oneOf")
    if not variants:
        return node
    if "discriminator" in node:
        prop = str(node["discriminator"]["propertyName"])
        tag = value.get(prop) if isinstance(value, dict) else None
        return next((s for s in map(ctx.resolve, variants) if variant_tag(s, prop) == tag), None)
    real = [ctx.resolve(v) for v in variants if v.get("type") != "null"]
    return real[0] if len(real) == 1 else None


def shown(value: Any) -> str:
    """A cell's text: numbers as the trace writes them (3, 1.5), nothing for a missing value."""
    if value is None or isinstance(value, bool):
        return ""
    if isinstance(value, int | float):
        return fmt(value)
    if isinstance(value, str):
        return value
    return json.dumps(value)


def sort_key(value: Any) -> tuple[int, float, str]:
    """Numbers by size, then text, then missing values, whatever the column's type."""
    if isinstance(value, bool):
        return (0, float(value), "")
    if isinstance(value, int | float):
        return (0, float(value), "")
    if value is None:
        return (2, 0.0, "")
    return (1, 0.0, shown(value).casefold())
