"""Walking plain data (YAML/JSON documents) for tests that change one field at a time."""

from __future__ import annotations

import copy
from typing import Any

Path = tuple[Any, ...]


def field_paths(value: Any, prefix: Path = ()) -> list[Path]:
    """Every path into ``value`` below its root: mapping keys and list indexes, containers included."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += field_paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += field_paths(item, (*prefix, i))
    return out


def with_field(data: Any, path: Path, value: Any) -> Any:
    """A deep copy of ``data`` with the field at ``path`` set to ``value``."""
    data = copy.deepcopy(data)
    node = data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return data
