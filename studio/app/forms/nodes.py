"""Reading JSON Schema nodes without Qt: ``$ref``, choices, union tags, and the value a new field starts with.

The builder picks widgets from these answers, and a new list item or a
ticked optional field starts from :func:`default_value`, so a default is
computed from the schema alone, never by building throw-away widgets.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

JsonPath = tuple[str | int, ...]
Node = dict[str, Any]


@dataclass
class SchemaContext:
    """What reading a node needs besides the node: the root schema (for ``$ref``) and the ids per kind."""

    root: Node
    ids: Callable[[str], list[str]] = lambda kind: []

    def resolve(self, node: Node) -> Node:
        """Follow a local ``$ref`` (keeping the referring node's title and description)."""
        ref = node.get("$ref")
        if not isinstance(ref, str) or not ref.startswith("#/"):
            return node
        target: Any = self.root
        for part in ref[2:].split("/"):
            target = target[part]
        merged = dict(target)
        merged.update({k: v for k, v in node.items() if k != "$ref"})
        return self.resolve(merged) if "$ref" in merged else merged


def choices(node: Node, ctx: SchemaContext) -> list[Any] | None:
    """The fixed choices of a node: its enum, its ``x-ref`` ids, or the enums of all its variants."""
    if "enum" in node:
        return list(node["enum"])
    if "x-ref" in node:
        return list(ctx.ids(str(node["x-ref"])))
    variants = node.get("anyOf") or node.get("oneOf")
    if variants and all("enum" in ctx.resolve(v) for v in variants):
        return [c for v in variants for c in ctx.resolve(v)["enum"]]
    return None


def item_node(node: Node, ctx: SchemaContext) -> Node:
    """The schema of a list's items; a list of text marked ``x-ref`` (hand type is) holds ids of that kind.

    (A scenario's charms are marked too, but an item there may be ``id:edition`` or a mapping.)
    """
    items = ctx.resolve(node.get("items", {}))
    if "x-ref" in node and "x-ref" not in items and items.get("type") == "string":  # named: "Hand type 2"
        kind = str(node["x-ref"])
        return {**items, "x-ref": kind, "title": kind.replace("_", " ").capitalize()}
    return items


def new_item(node: Node, ctx: SchemaContext) -> Any:
    """The value a new item of the list ``node`` starts with: its items' :func:`default_value`.

    A list marked ``x-ref`` whose items are not plain ids (a scenario's charms: ``id``,
    ``id:edition`` or a mapping) has no default of its own, so its new item is the first
    loaded id of that kind, as a list of plain ids starts, not a blank item that is an error.
    """
    value = default_value(item_node(node, ctx), ctx)
    if value is None and "x-ref" in node:
        ids = ctx.ids(str(node["x-ref"]))
        return ids[0] if ids else None
    return value


def variant_tag(node: Node, prop: str) -> str:
    """Return the discriminator value a variant schema fixes (``const`` or a one-item ``enum``)."""
    sub = node.get("properties", {}).get(prop, {})
    if "const" in sub:
        return str(sub["const"])
    if len(sub.get("enum", [])) == 1:
        return str(sub["enum"][0])
    return str(node.get("title", "?"))


def _given(node: Node, ctx: SchemaContext) -> Any:
    """The value an optional field starts with when its mapping must give it (a card filter's first
    test, ``suits``, is ``[S]``): its value's own start, with as many of its first choices as a list
    must hold."""
    node = ctx.resolve(node)
    variants = node.get("anyOf") or node.get("oneOf") or []
    real = [ctx.resolve(v) for v in variants if v.get("type") != "null"]
    if len(real) == 1 < len(variants):  # leaving it out is no choice here
        node = {**real[0], **{k: v for k, v in node.items() if k == "x-ref"}}
    value = default_value(node, ctx)
    least = int(node.get("minItems", 0))
    if value == [] and least:
        items = item_node(node, ctx)
        options = choices(items, ctx)
        value = options[:least] if options else [default_value(items, ctx)] * least
    return value


def _in_order(value: Any, node: Node) -> Any:
    """An example mapping's keys in the order of the node's fields (schemas are written with sorted keys).

    >>> _in_order({"add": 1, "value": "hand_size"}, {"properties": {"value": {}, "add": {}}})
    {'value': 'hand_size', 'add': 1}
    """
    props = list(node.get("properties", {}))
    if not isinstance(value, dict) or not props:
        return value
    return dict(sorted(value.items(), key=lambda kv: props.index(kv[0]) if kv[0] in props else len(props)))


def default_value(node: Node, ctx: SchemaContext) -> Any:
    """The value a new field of this node starts with: its default, else the first choice or an empty value.

    >>> default_value({"type": "integer", "minimum": 1}, SchemaContext({}))
    1
    >>> default_value({"type": "number", "examples": [4]}, SchemaContext({}))
    4

    A mapping that must give more fields than it requires (``minProperties``) gives its first others too:

    >>> suits = {"anyOf": [{"type": "array", "items": {"enum": ["S", "H"]}, "minItems": 1}, {"type": "null"}]}
    >>> card_filter = {"type": "object", "properties": {"suits": suits}, "minProperties": 1}
    >>> default_value(card_filter, SchemaContext({}))
    {'suits': ['S']}
    """
    node = ctx.resolve(node)
    if "const" in node:
        return copy.deepcopy(node["const"])
    if node.get("default") is not None:
        return copy.deepcopy(node["default"])
    if node.get("examples"):  # a required field's typical value: a new +Mult effect starts at +4, not +0
        return _in_order(copy.deepcopy(node["examples"][0]), node)
    variants = node.get("anyOf") or node.get("oneOf") or []
    if variants and "discriminator" in node:
        first = ctx.resolve(variants[0])
        prop = str(node["discriminator"]["propertyName"])
        return {**default_value(first, ctx), prop: variant_tag(first, prop)}
    if any(v.get("type") == "null" for v in variants):
        return None
    kind = node.get("type")
    options = choices(node, ctx)
    if options is not None and kind != "array":
        return options[0] if options else None
    if kind == "array":
        return []
    if kind == "object":
        props = node.get("properties", {})
        value = {k: default_value(props[k], ctx) for k in node.get("required", []) if k in props}
        wanted = int(node.get("minProperties", 0)) - len(value)
        for key in [k for k in props if k not in value][: max(wanted, 0)]:
            value[key] = _given(props[key], ctx)
        return value
    if kind in ("integer", "number"):
        low = node.get("minimum", 0)
        return max(0, int(low) if kind == "integer" else low)
    return {"string": "", "boolean": False}.get(str(kind))


def singular(title: str) -> str:
    """Name one item of a list titled ``title``: "Groups" -> "Group", "Hand type is" stays."""
    return title[:-1] if title.endswith("s") and not title.endswith("ss") else title


def item_title(node: Node, item: Node) -> str:
    """What a list of sub-forms calls one item: a form's own title ("Ability"), else the list's title
    made singular: a plain value's schema title names its type ("Id"), not its place ("Charm")."""
    form = item.get("type") == "object" or "oneOf" in item or "anyOf" in item
    return str((item.get("title") if form else None) or singular(str(node.get("title") or "Item")))


def file_schema(schema: Node, data: Any) -> Node:
    """The schema of a whole file: a file of scenarios may hold a list of them."""
    if isinstance(data, list) and schema.get("type") == "object":
        item = {k: v for k, v in schema.items() if k not in ("$defs", "$schema", "$id")}
        return {
            "type": "array",
            "title": "Scenarios",
            "items": item,
            "description": "The scenarios of this file.",
        }
    return schema


def field_words(node: Node, path: JsonPath, data: Any, ctx: SchemaContext) -> str:
    """Where a field is, named as the form names it (``Ability 1 › Effect 1 › Amount``), from the schema
    and the data alone: a union's variant is the one the data's tag picks.

    >>> face = {"properties": {"face": {"title": "Face"}}}
    >>> when = {"title": "Conditions", "anyOf": [face, {"type": "null"}]}
    >>> ability = {"title": "Ability", "type": "object", "properties": {"when": when}}
    >>> schema = {"properties": {"abilities": {"title": "Abilities", "type": "array", "items": ability}}}
    >>> field_words(schema, ("abilities", 1, "when", "face"), None, SchemaContext(schema))
    'Ability 2 › Conditions › Face'
    """
    parts: list[str] = []
    for key in path:
        resolved = ctx.resolve(node)
        node = _read_by(resolved, data, ctx)
        if isinstance(key, int):
            item = item_node(node, ctx)
            ticks = choices(item, ctx) is not None and "x-ref" not in item
            if ticks or node is not resolved:  # ticks, or a list that may be left out: after the field
                title = parts[-1] if parts else "Item"
            else:  # sub-forms: named after the item
                title = item_title(node, item)
            parts[-1:] = [f"{title} {key + 1}"]
            node = item
        else:
            node = node.get("properties", {}).get(key, {})
            parts.append(str(node.get("title") or ctx.resolve(node).get("title") or key))
        held = (isinstance(data, dict) and key in data) or (
            isinstance(data, list) and isinstance(key, int) and key < len(data)
        )
        data = data[key] if held else None
    return " › ".join(parts)


def file_words(kind: str, data: Any, path: JsonPath, schema_of: Callable[[str], Node]) -> str:
    """Where a field of a whole file (``data``, of ``kind``; ``schema_of`` gives a kind's schema) is, as
    the form names it (see :func:`field_words`): what the Problems and Usages panels show. What a patch
    sets is named as its target's form names it (``Set › Ability 1 › Amount``): ``set`` has no fields of
    its own in the patch's schema."""
    if kind == "patch" and path[:1] == ("set",) and len(path) > 1 and isinstance(data, dict):
        target = str(data.get("target", "")).partition("/")[0]
        try:
            return "Set › " + file_words(target, data.get("set"), path[1:], schema_of)
        except ValueError:  # a target that names no kind: the patch's own words
            pass
    schema = schema_of(kind)
    return field_words(file_schema(schema, data), path, data, SchemaContext(schema))


def _read_by(node: Node, data: Any, ctx: SchemaContext) -> Node:
    """The node a value of ``node`` is read by: a nullable's other variant, or the variant of a tagged
    union that the value's tag picks (``node`` itself when there is no one choice)."""
    variants = node.get("anyOf") or node.get("oneOf")
    if not variants:
        return node
    tagged = node.get("discriminator")
    tag = data.get(tagged["propertyName"]) if tagged and isinstance(data, dict) else None
    if tagged and isinstance(tag, str):  # any YAML may stand there while it is typed: a list, say
        wanted = tagged.get("mapping", {}).get(tag)
        for variant in variants:
            if variant.get("$ref") == wanted:
                return ctx.resolve(variant)
    real = [ctx.resolve(v) for v in variants if v.get("type") != "null"]
    return real[0] if len(real) == 1 else node
