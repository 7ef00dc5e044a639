"""Putting one field of an entry's data back as it was saved, whatever happened to it since.

The field may have been changed, removed, or added since the save; so may the
list item or the object holding it. :func:`put_back` walks down the field's
path as far as both versions have it and restores the least that brings the
field back: its value, its key (added or removed), or the list that holds it.
"""

from __future__ import annotations

import copy
from typing import Any

from studio.workspace.model import JsonPath

_MISSING = object()


def _at(data: Any, path: JsonPath) -> Any:
    node = data
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return _MISSING
    return node


def _with(data: Any, path: JsonPath, value: Any) -> Any:
    """A copy of ``data`` with ``value`` at ``path`` (whose parent exists); ``_MISSING`` removes the key."""
    if not path:
        return copy.deepcopy(value)
    out = copy.deepcopy(data)
    parent = _at(out, path[:-1])
    if value is _MISSING:
        del parent[path[-1]]
    else:
        parent[path[-1]] = copy.deepcopy(value)
    return out


def put_back(current: Any, saved: Any, path: JsonPath) -> Any:
    """A copy of ``current`` whose field at ``path`` is as in ``saved``.

    >>> put_back({"cost": 6, "rarity": "rare"}, {"cost": 4}, ("cost",))
    {'cost': 4, 'rarity': 'rare'}
    >>> put_back({"cost": 6, "rarity": "rare"}, {"cost": 4}, ("rarity",))
    {'cost': 6}
    >>> put_back({"effects": [{"amount": 1}, {"amount": 2}]}, {"effects": [{"amount": 1}]}, ("effects", 1))
    {'effects': [{'amount': 1}]}
    """
    depth = 0  # how far down the path both versions go
    while (
        depth < len(path)
        and _at(current, path[: depth + 1]) is not _MISSING
        and _at(saved, path[: depth + 1]) is not _MISSING
    ):
        depth += 1
    if depth == len(path):
        return _with(current, path, _at(saved, path))
    here, there, key = _at(current, path[:depth]), _at(saved, path[:depth]), path[depth]
    if isinstance(here, dict) and isinstance(there, dict):  # a key added or removed since
        if key in there:
            return _with(current, path[: depth + 1], there[key])
        return _with(current, path[: depth + 1], _MISSING) if key in here else copy.deepcopy(current)
    return _with(current, path[:depth], there)  # an item added or removed: the list as saved
