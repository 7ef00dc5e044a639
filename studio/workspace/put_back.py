"""Putting one field of an entry's data back as it was saved, whatever happened to it since.

The field may have been changed, removed, or added since the save; so may the
list item or the object holding it. :func:`put_back` walks down the field's
path as far as both versions have it and restores the least that brings the
field back: its value, its key (added or removed), or the list that holds it.
"""

from __future__ import annotations

import copy
from typing import Any

from studio.workspace.model import MISSING, JsonPath, value_at


def _with(data: Any, path: JsonPath, value: Any) -> Any:
    """A copy of ``data`` with ``value`` at ``path`` (whose parent exists); ``MISSING`` removes the key."""
    if not path:
        return copy.deepcopy(value)
    out = copy.deepcopy(data)
    parent = value_at(out, path[:-1], MISSING)
    if value is MISSING:
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
        and value_at(current, path[: depth + 1], MISSING) is not MISSING
        and value_at(saved, path[: depth + 1], MISSING) is not MISSING
    ):
        depth += 1
    if depth == len(path):
        return _with(current, path, value_at(saved, path, MISSING))
    here, there = value_at(current, path[:depth], MISSING), value_at(saved, path[:depth], MISSING)
    key = path[depth]
    if isinstance(here, dict) and isinstance(there, dict):  # a key added or removed since
        if key in there:
            return _with(current, path[: depth + 1], there[key])
        return _with(current, path[: depth + 1], MISSING) if key in here else copy.deepcopy(current)
    return _with(current, path[:depth], there)  # an item added or removed: the list as saved
