"""The data an edit works on, kept honest: a copy in which YAML aliases are apart, a field path walked
and set with a refusal that names where it leaves the entry's shape, and the check that an edit of an
aliased node's text changed nothing else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ruamel.yaml.error import YAMLError

from studio.content.io.documents import Document, DocumentError
from studio.engine.names import json_kind
from studio.workspace.model import JsonPath, WorkspaceError, show_path
from studio.workspace.yamledit import changes


def unshared(data: Any) -> Any:
    """A copy of JSON-like ``data`` in which no mapping or list appears twice (YAML aliases copied
    apart), unlike a deep copy, which keeps them shared."""
    if isinstance(data, dict):
        return {k: unshared(v) for k, v in data.items()}
    if isinstance(data, list):
        return [unshared(v) for v in data]
    return data


def shares_nodes(data: Any) -> bool:
    """True if a mapping or list appears twice in ``data``: its text has a YAML alias (``*eff``)."""
    seen: set[int] = set()
    todo = [data]
    while todo:
        node = todo.pop()
        if isinstance(node, dict | list):
            if id(node) in seen:
                return True
            seen.add(id(node))
            todo.extend(node.values() if isinstance(node, dict) else node)
    return False


def check_written(path: Path, text: str, data: Any) -> None:
    """Refuse ``text`` unless it reads back as ``data``: an edit of an aliased node's text would
    change every place the alias names too, which the edit did not ask for."""
    try:
        written = Document.parse(str(path), text).data
    except (DocumentError, YAMLError) as exc:
        raise WorkspaceError(
            f"{path}: not changed: the edited text would not parse ({one_line(exc)})"
        ) from None
    spread = next((parts for parts, _ in changes(data, written)), None)
    if spread is not None:
        raise WorkspaceError(
            f"{path}: not changed: the edit would change {show_path(spread)} too, which a YAML alias "
            "(&name, *name) shares with the field edited; give each its own copy in the text first"
        )


def one_line(exc: Exception) -> str:
    """An exception's message on one line (a parser's spans several)."""
    return " ".join(str(exc).split())


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
