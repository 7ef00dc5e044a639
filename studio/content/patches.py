"""Patches: a pack changes fields of an entry another pack defined (RFC 7396 merge patch)."""

from __future__ import annotations

from typing import Any


def merge_patch(target: Any, patch: Any) -> Any:
    """Return ``target`` with ``patch`` merged: mappings merge, other values replace, None removes.

    >>> merge_patch({"a": 1, "b": {"c": 2, "d": 3}}, {"b": {"c": None, "e": 4}, "f": [5]})
    {'a': 1, 'b': {'d': 3, 'e': 4}, 'f': [5]}
    """
    if not isinstance(patch, dict):
        return patch
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge_patch(result.get(key), value)
    return result
