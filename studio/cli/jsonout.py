"""Strict JSON out: a number past the float range is written ``1e999``, by the encoder, never by editing text.

Python writes ``Infinity``, which JSON does not allow; ``1e999`` is a valid
JSON number that every parser reads back as infinity. NaN (which scoring
never reports as a result) is written ``null``. Finite data, nearly all of it,
goes through the C encoder; data holding a non-finite number is encoded again
by the standard library's own iterative encoder with its float hook set.
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Iterator
from typing import Any

_SEPARATORS = (", ", ": ")
_FAST = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=_SEPARATORS)


def _floatstr(value: float) -> str:
    """How a float is written: its shortest repr, or ``1e999`` / ``-1e999`` / ``null`` when not finite."""
    if value != value:
        return "null"
    if value == float("inf"):
        return "1e999"
    if value == float("-inf"):
        return "-1e999"
    return float.__repr__(value)


class StrictEncoder(json.JSONEncoder):
    """The standard encoder with its float hook writing non-finite numbers as valid JSON."""

    def iterencode(self, o: Any, _one_shot: bool = False) -> Iterator[str]:
        """Encode ``o`` piece by piece, floats through `_floatstr` (strings are never touched)."""
        encode = json.encoder.encode_basestring_ascii if self.ensure_ascii else json.encoder.encode_basestring
        pieces: Iterator[str] = json.encoder._make_iterencode(  # type: ignore[attr-defined]
            {} if self.check_circular else None,
            self.default,
            encode,
            self.indent,
            _floatstr,
            self.key_separator,
            self.item_separator,
            self.sort_keys,
            self.skipkeys,
            _one_shot,
        )(o, 0)
        return pieces


_STRICT = StrictEncoder(ensure_ascii=False, separators=_SEPARATORS)


def dump_json(data: object) -> str:
    """Return ``data`` as one line of strict JSON (non-finite numbers as ``1e999``, ``-1e999``, ``null``).

    >>> dump_json({"name": "To Infinity and Beyond", "total": float("inf")})
    '{"name": "To Infinity and Beyond", "total": 1e999}'
    """
    try:
        return _FAST.encode(data)
    except ValueError:  # a non-finite float: the C encoder has no float hook
        return _STRICT.encode(data)
