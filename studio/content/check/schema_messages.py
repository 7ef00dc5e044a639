"""Sentences for JSON Schema errors: what a rule asks, said in words rather than in the schema's terms.

jsonschema words a broken rule as the rule itself ("'Bad' does not match
'^[a-z][a-z0-9_]*$'", "[] should be non-empty"). A content author needs what
to write instead, so each kind of rule gets a sentence here; a pattern's
sentence is data, the ``x-message`` written beside it in the schema (from the
models' ``json_schema_extra``), else the field's description, and so is a
``minProperties`` or empty text's one where the schema gives one.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from studio.content.io.text import excerpt
from studio.engine.names import unaccented

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

#: A JSON Schema type as a content author names it.
TYPE_NAMES = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping of fields",
    "null": "empty",
}


def type_sentence(value: Any, types: list[str]) -> str:
    """Say that ``value`` is none of ``types`` ("'lots' is not a whole number").

    Leaving an optional field out is always possible, so ``null`` is named only when it is the one choice.
    """
    wanted = [t for t in types if t != "null"] or types
    said = f"{excerpt(value)} is not {' or '.join(TYPE_NAMES.get(t, t) for t in wanted)}"
    if "string" in wanted and is_number(value):
        said += f' (read as a number: write "{value}" in quotes)'  # YAML's and JSON's reading alike
    elif isinstance(value, str) and _is_number(value.strip(), whole="number" not in wanted):
        said += f" (in quotes it is text: write {value.strip()} without them)"
    return said


def is_number(value: Any) -> bool:
    """Whether YAML read ``value`` as a number (true and false are not)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_number(text: str, *, whole: bool) -> bool:
    """Whether ``text`` is written as a (whole, if ``whole``) number: '4', '1.5'."""
    return bool(re.fullmatch(r"-?\d+" if whole else r"-?(\d+\.?\d*|\.\d+)", text))


def sentence(err: ValidationError) -> str | None:
    """The words for a broken rule of ``minItems``, ``pattern`` and their kin; None: keep jsonschema's."""
    rule, limit, value = err.validator, err.validator_value, err.instance
    node = err.schema if isinstance(err.schema, dict) else {}
    if rule == "pattern" and isinstance(value, str):
        return f"{excerpt(value)} is not allowed: {_pattern_rule(node)}{_respelled(value, str(limit))}"
    if rule == "type":
        return type_sentence(value, limit if isinstance(limit, list) else [str(limit)])
    if rule == "minItems" and isinstance(value, list):
        noun = _item_noun(node)
        if not value:
            return f"empty: give at least {_count(limit, noun)}"
        return f"{_count(len(value), noun)}: give at least {limit}"
    if rule == "maxItems" and isinstance(value, list):
        return f"{_count(len(value), _item_noun(node))}: at most {limit}"
    if rule == "minLength" and isinstance(value, str):
        if not value:
            return f"empty: {node.get('x-message') or 'write something here'}"
        return f"{excerpt(value)} is too short: at least {limit} characters"
    if rule == "maxLength" and isinstance(value, str):
        return f"{excerpt(value)} is too long: at most {limit} characters, not {len(value)}"
    if rule == "minProperties" and isinstance(value, dict):
        return str(node.get("x-message") or f"empty: give at least {_count(limit, 'field')}")
    if rule == "maxProperties" and isinstance(value, dict):
        return f"{_count(len(value), 'entry')}: at most {limit}"
    if rule == "exclusiveMinimum":
        return f"{excerpt(value)} is too small: it must be more than {limit}"
    if rule in ("anyOf", "oneOf", "not"):
        return f"{excerpt(value)} does not fit any shape this field takes"
    return None


def _pattern_rule(node: dict[str, Any]) -> str:
    """What a pattern asks for: the schema's ``x-message``, else its description, never the pattern."""
    said = node.get("x-message") or node.get("description")
    if said:
        return str(said).rstrip(".")
    return f"it is not written as {str(node.get('title') or 'this field').lower()} should be"


def _respelled(value: str, pattern: str) -> str:
    """A hint when the value in lower case, ``_`` for spaces, accents off, fits (``'Flush Pair'``:
    ``'flush_pair'``, ``'néon_glow'``: ``'neon_glow'``)."""
    guess = re.sub(r"[\s-]+", "_", unaccented(value).strip()).lower()
    try:
        fits = guess != value and re.search(pattern, guess) is not None
    except re.error:
        return ""
    return f" (did you mean '{guess}'?)" if fits else ""


def _item_noun(node: dict[str, Any]) -> str:
    """One item of a list, in words: its items' title, else the list's title made singular."""
    items = node.get("items")
    title = items.get("title") if isinstance(items, dict) and "$ref" not in items else None
    if not title:
        title = str(node.get("title") or "item")
        if title.endswith("ies"):
            title = title[:-3] + "y"
        elif title.endswith("s") and not title.endswith("ss"):
            title = title[:-1]
    return str(title).lower()


def _count(n: object, noun: str) -> str:
    """``1 effect``, ``2 effects`` (one for 1)."""
    if n == 1:
        return f"one {noun}"
    plural = noun[:-1] + "ies" if noun.endswith("y") and noun[-2:-1] not in "aeiou" else noun + "s"
    return f"{n} {plural}"
