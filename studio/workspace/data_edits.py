"""The data an edit works on, kept honest: a copy in which YAML aliases are apart, and a field path
walked and set with a refusal that names where it leaves the entry's shape."""

from __future__ import annotations

from typing import Any

from studio.engine.names import json_kind
from studio.workspace.model import JsonPath, WorkspaceError, show_path


def unshared(data: Any) -> Any:
    """A copy of JSON-like ``data`` in which no mapping or list appears twice (YAML aliases copied
    apart), unlike a deep copy, which keeps them shared."""
    if isinstance(data, dict):
        return {k: unshared(v) for k, v in data.items()}
    if isinstance(data, list):
        return [unshared(v) for v in data]
    return data


def parent_of(data: Any, json_path: JsonPath) -> Any:
    """The mapping or list that holds the field at ``json_path``, missing mappings (or lists, before
    an item's number) made on the way; a WorkspaceError if the path leaves the entry's shape."""
    node = data
    for i, part in enumerate(json_path[:-1]):
        if isinstance(node, dict) and part not in node:
            node[part] = [] if isinstance(json_path[i + 1], int) else {}
        _check_step(node, part, json_path[:i])
        node = node[part]
    return node


def put(node: Any, json_path: JsonPath, value: Any) -> None:
    """Set the last part of ``json_path`` in ``node``, its parent (None removes a mapping's key)."""
    last = json_path[-1]
    if isinstance(node, dict) and value is None:
        node.pop(last, None)
        return
    _check_step(node, last, json_path[:-1])
    node[last] = value


def _check_step(node: Any, part: str | int, at: JsonPath) -> None:
    """Refuse a step from the value at ``at`` that names nothing there: an item a list does not have,
    a key of a list, a field of a scalar (a mapping takes any key)."""
    if isinstance(node, dict):
        return
    if not isinstance(node, list):
        raise WorkspaceError(f"{show_path(at)} is {json_kind(node)}, which holds no fields")
    if not isinstance(part, int) or isinstance(part, bool):
        raise WorkspaceError(f"{show_path(at)} is a list: its items are numbered, not named {part!r}")
    if not 0 <= part < len(node):
        raise WorkspaceError(f"{show_path(at)} has no item {part} (it has {len(node)})")


def yaml_value(value: Any) -> Any:
    """``value`` as YAML can hold it, tuples made lists; a WorkspaceError names what it cannot hold."""
    if isinstance(value, list | tuple):
        return [yaml_value(v) for v in value]
    if isinstance(value, dict):
        return {k: yaml_value(v) for k, v in value.items()}
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise WorkspaceError(f"a {type(value).__name__} cannot be written to YAML")
