"""YAML values compared as data and written as text, and the round-trip YAML the project's files are
written with: what every part of the in-place editor (:mod:`studio.workspace.yamledit`) shares.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

Parts = tuple[str | int, ...]


def same(a: Any, b: Any) -> bool:
    """Equal data of equal types (``1`` is not ``true``), recursively."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return bool(a == b)


def render(value: Any, quote: str = "", block: bool = False) -> str:
    """Write a value as one line of YAML (flow style for collections); a string in ``quote`` (``'`` or
    ``"``) when given, as the author quoted the value it replaces, else plain when it reads back as
    itself: in a flow collection, or with ``block`` as a block mapping's value or a block list's item
    (``played: AS:lucky 10H`` needs no quotes there, but would in brackets)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, str):
        if not quote and _plain_is(value, block):
            return value
        if quote == "'" and value.isprintable():  # single quotes escape nothing but themselves
            return "'" + value.replace("'", "''") + "'"
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(render(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{render(str(k))}: {render(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {type(value).__name__} to YAML")


def chose_quotes(text: str, block: bool = False) -> bool:
    """True if quotes around ``text`` were the author's choice, not needed (as by ``""``) to read it back
    (where ``block`` says it stands, as for :func:`render`)."""
    return render(text, block=block) == text


@lru_cache(maxsize=4096)
def _plain_is(text: str, block: bool) -> bool:
    """True if ``text`` written plain reads back as the same string, as a key and as a value: in a block
    mapping if ``block``, else in a flow one (where ``,``, brackets and ``a:b`` need quotes too). The
    content's own reader says so, so a value it would read as another type (``10``, ``true``) is quoted."""
    if not text.isprintable() or text != text.strip():
        return False
    written = f"{text}: {text}" if block else f"{{{text}: [{text}]}}"
    try:
        loaded = YAML(typ="safe").load(written)
    except YAMLError:
        return False
    return bool(loaded == ({text: text} if block else {text: [text]}))


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
