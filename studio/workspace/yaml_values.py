"""YAML values compared as data and written as text, and the round-trip YAML the project's files are
written with: what every part of the in-place editor (:mod:`studio.workspace.yamledit`) shares.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Sequence
from typing import Any

from ruamel.yaml import YAML

Parts = tuple[str | int, ...]
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_ ./'-]*")


def same(a: Any, b: Any) -> bool:
    """Equal data of equal types (``1`` is not ``true``), recursively."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return bool(a == b)


def render(value: Any, quote: str = "") -> str:
    """Write a value as one line of YAML (flow style for collections); a string in ``quote`` (``'`` or
    ``"``) when given, as the author quoted the value it replaces."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, str):
        if not quote and _PLAIN.fullmatch(value) and not value.endswith(" ") and _plain_is(value):
            return value
        if quote == "'" and value.isprintable():  # single quotes escape nothing but themselves
            return "'" + value.replace("'", "''") + "'"
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(render(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{render(str(k))}: {render(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {type(value).__name__} to YAML")


def chose_quotes(text: str) -> bool:
    """True if quotes around ``text`` were the author's choice, not needed (as by ``""``) to read it back."""
    return render(text) == text


def _plain_is(text: str) -> bool:
    """True if ``text`` written plain reads back as the same string."""
    loaded = YAML(typ="safe", pure=True).load(f"k: {text}")
    return isinstance(loaded, dict) and loaded.get("k") == text


def yaml_rt() -> YAML:
    """The round-trip YAML set up as the project's files are written."""
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def yaml_with(indents: tuple[int, int, int]) -> YAML:
    """The round-trip YAML writing with the given mapping, list item and dash indentation."""
    yaml = yaml_rt()
    yaml.indent(mapping=indents[0], sequence=indents[1], offset=indents[2])
    return yaml


def dump(data: Any, yaml: YAML | None = None) -> str:
    """Write data (plain or round-trip) as block YAML."""
    out = io.StringIO()
    (yaml or yaml_rt()).dump(data, out)
    return out.getvalue()


def get(data: Any, parts: Sequence[str | int]) -> Any:
    """The value at ``parts`` in ``data``."""
    for part in parts:
        data = data[part]
    return data
