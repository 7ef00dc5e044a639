"""The form builder: walks a JSON Schema node and picks a widget by type, enum, ``x-ref`` or discriminator.

A new field in a content model shows up in the editor with no GUI code: the
schema says what it is (type, bounds, choices, which kind of id it refers to)
and this module maps that to one of the field classes.
"""

from __future__ import annotations

from typing import Any

from studio.app.forms.base import Field, FormContext, JsonPath
from studio.app.forms.lists import ChoicesField, ListField
from studio.app.forms.nodes import choices, item_node
from studio.app.forms.objects import NullableField, ObjectField
from studio.app.forms.scalars import (
    INT_LIMIT,
    BoolField,
    ChoiceField,
    IdField,
    IntField,
    NumberField,
    RawField,
    TextField,
)
from studio.app.forms.unions import UnionField


def build(node: dict[str, Any], ctx: FormContext, path: JsonPath = ()) -> Field:
    """Return the field for ``node`` at ``path``."""
    if ctx.make is None:
        ctx.make = build
    node = ctx.resolve(node)
    variants = node.get("anyOf") or node.get("oneOf")
    if variants and "discriminator" in node:
        return UnionField(node, ctx, path)
    if variants:
        real = [ctx.resolve(v) for v in variants if v.get("type") != "null"]
        if len(real) < len(variants) and len(real) == 1:
            inner = dict(real[0])
            if "x-ref" in node:
                inner["x-ref"] = node["x-ref"]
            return NullableField(node, inner, ctx, path)
    if "const" in node:  # a fixed value: shown, never edited
        return ChoiceField(node, ctx, path, [node["const"]])
    options = choices(node, ctx)
    kind = node.get("type")
    if options is not None and kind != "array":
        return ChoiceField(node, ctx, path, options)
    if kind == "array":
        items = item_node(node, ctx)
        item_choices = choices(items, ctx)
        if item_choices is not None and "x-ref" not in items:
            return ChoicesField(node, ctx, path, item_choices)
        return ListField(node, ctx, path)
    if kind == "object" and "properties" in node:
        return ObjectField(node, ctx, path)
    if kind == "string":
        return IdField(node, ctx, path) if path == ("id",) and ctx.renames else TextField(node, ctx, path)
    if kind == "integer":
        wide = max(abs(node.get("minimum", -INT_LIMIT)), abs(node.get("maximum", INT_LIMIT))) > INT_LIMIT
        return NumberField(node, ctx, path, whole=True) if wide else IntField(node, ctx, path)
    if kind == "number":
        return NumberField(node, ctx, path)
    if kind == "boolean":
        return BoolField(node, ctx, path)
    return RawField(node, ctx, path)
