"""References between entries, read from the ``x-ref`` marks of the JSON Schemas.

A schema node with ``x-ref: <kind>`` holds an id of that kind: a string, or a
list of strings. ``propertyNames: {x-ref: <kind>}`` makes a mapping's keys ids
(a scenario's ``levels``). A string reference may carry a suffix after ``:``
(a scenario's ``even_mult:foil``); the id is the part before it. The kind
``modifier`` is any upgrade, edition or seal. The cross-checks, renames and
form dropdowns all read these marks, so a field's reference is declared once,
in its model.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from functools import cache
from typing import Any

#: Pattern parts besides property names: any list item, any mapping value, a mapping's keys.
ITEM, VALUE, KEY = "[]", "{}", "{key}"
#: Kinds a ``modifier`` reference may name.
MODIFIER_KINDS = ("upgrade", "edition", "seal")

Pattern = tuple[str, ...]
Parts = tuple[str | int, ...]


@cache
def ref_patterns(kind: str) -> tuple[tuple[Pattern, str], ...]:
    """Every place in a document of ``kind`` that refers to another entry, with the kind it names."""
    from studio.content.schemas import schema_for  # it imports the content models: only when read

    schema = schema_for(kind)
    found: list[tuple[Pattern, str]] = []
    _collect(schema, schema.get("$defs", {}), (), found, 0)
    return tuple(dict.fromkeys(found))


def _collect(
    node: Any, defs: dict[str, Any], prefix: Pattern, out: list[tuple[Pattern, str]], depth: int
) -> None:
    if not isinstance(node, dict) or depth > 16:
        return
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        _collect(defs.get(ref.removeprefix("#/$defs/")), defs, prefix, out, depth + 1)
    if isinstance(node.get("x-ref"), str):
        out.append((prefix, node["x-ref"]))
    names = node.get("propertyNames")
    if isinstance(names, dict) and isinstance(names.get("x-ref"), str):
        out.append(((*prefix, KEY), names["x-ref"]))
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in node.get(key, ()):
            _collect(sub, defs, prefix, out, depth + 1)
    for name, sub in node.get("properties", {}).items():
        _collect(sub, defs, (*prefix, name), out, depth + 1)
    _collect(node.get("items"), defs, (*prefix, ITEM), out, depth + 1)
    _collect(node.get("additionalProperties"), defs, (*prefix, VALUE), out, depth + 1)


def references(
    kind: str, data: Any, ref_kinds: Collection[str] | None = None
) -> Iterator[tuple[str, str, Parts]]:
    """Yield (kind referred to, id, path) for every reference in a document's data (only those naming
    one of ``ref_kinds`` if given: the other places are not walked)."""
    for pattern, ref_kind in ref_patterns(kind):
        if ref_kinds is None or ref_kind in ref_kinds:
            for ref, parts in _match(data, pattern, ()):
                yield ref_kind, ref, parts


def names_key(kind: str, parts: Sequence[object]) -> bool:
    """Whether ``parts`` of a document of ``kind`` is a reference written as a mapping's key (a
    scenario's ``levels: {pair: 2}``): a problem with it points at the key, not at its value."""
    return any(
        pattern[-1:] == (KEY,) and _fits(pattern[:-1], parts[:-1]) for pattern, _ in ref_patterns(kind)
    )


def _fits(pattern: Pattern, parts: Sequence[object]) -> bool:
    return len(pattern) == len(parts) and all(
        isinstance(part, int) if head == ITEM else head in (VALUE, part) and isinstance(part, str)
        for head, part in zip(pattern, parts, strict=True)
    )


def ref_id(value: str) -> str:
    """The id a string reference names (without a ``:`` suffix)."""
    return value.partition(":")[0]


def _match(node: Any, pattern: Pattern, parts: Parts) -> Iterator[tuple[str, Parts]]:
    if not pattern:
        if isinstance(node, str):
            yield ref_id(node), parts
        elif isinstance(node, list):
            for i, item in enumerate(node):
                if isinstance(item, str):
                    yield ref_id(item), (*parts, i)
        return
    head, rest = pattern[0], pattern[1:]
    if head == ITEM and isinstance(node, list):
        for i, item in enumerate(node):
            yield from _match(item, rest, (*parts, i))
    elif head == VALUE and isinstance(node, dict):
        for key, value in node.items():
            yield from _match(value, rest, (*parts, key))
    elif head == KEY and isinstance(node, dict) and not rest:
        for key in node:
            if isinstance(key, str):
                yield key, (*parts, key)
    elif isinstance(node, dict) and head in node:
        yield from _match(node[head], rest, (*parts, head))


def retarget(kind: str, data: Any, ref_kinds: Collection[str], old: str, new: str) -> list[Parts]:
    """Make every reference to ``old`` (of one of ``ref_kinds``) in ``data`` name ``new``, in place.

    Keys keep their place in their mapping; a ``:`` suffix is kept. Returns the paths changed.
    """
    changed: list[Parts] = []
    for pattern, ref_kind in ref_patterns(kind):
        if ref_kind in ref_kinds:
            _retarget(data, pattern, (), old, new, changed)
    return changed


def _renamed(value: Any, old: str, new: str) -> str | None:
    if isinstance(value, str) and ref_id(value) == old:
        return new + value[len(old) :]
    return None


def _retarget(node: Any, pattern: Pattern, parts: Parts, old: str, new: str, out: list[Parts]) -> None:
    if not pattern:
        return
    head, rest = pattern[0], pattern[1:]
    if head == KEY and isinstance(node, dict) and not rest:
        if old in node and new not in node:
            items = [(new if k == old else k, v) for k, v in node.items()]
            node.clear()
            node.update(items)
            out.append((*parts, new))
        return
    if isinstance(node, list) and head == ITEM:
        children: list[tuple[Any, str | int]] = [(node, i) for i in range(len(node))]
    elif isinstance(node, dict) and head == VALUE:
        children = [(node, k) for k in node]
    elif isinstance(node, dict) and head in node:
        children = [(node, head)]
    else:
        return
    for parent, key in children:
        value = parent[key]
        if not rest:
            renamed = _renamed(value, old, new)
            if renamed is not None:
                parent[key] = renamed
                out.append((*parts, key))
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    renamed = _renamed(item, old, new)
                    if renamed is not None:
                        value[i] = renamed
                        out.append((*parts, key, i))
        else:
            _retarget(value, rest, (*parts, key), old, new, out)
