"""The content models are fit to generate editor forms: every field has a title, a description, bounds."""

from __future__ import annotations

from typing import Any

import pytest

from studio.content.models import KINDS
from studio.content.schemas import DIALECT, schema_for


def _properties(schema: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    found = [(schema.get("title", "?") + "." + k, v) for k, v in schema.get("properties", {}).items()]
    for name, definition in schema.get("$defs", {}).items():
        found += [
            (f"{definition.get('title', name)}.{k}", v) for k, v in definition.get("properties", {}).items()
        ]
    return found


def _title(schema: dict[str, Any], prop: dict[str, Any]) -> str:
    """A field's title, or that of the model it refers to (pydantic leaves out an equal one)."""
    ref = prop.get("$ref", "")
    return str(prop.get("title") or schema["$defs"].get(ref.rsplit("/", 1)[-1], {}).get("title", ""))


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_field_has_a_title_and_a_description(kind: str) -> None:
    schema = schema_for(kind)
    missing = [
        name for name, prop in _properties(schema) if not (_title(schema, prop) and prop.get("description"))
    ]
    assert missing == []


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_number_field_has_bounds(kind: str) -> None:
    def bounded(prop: dict[str, Any]) -> bool:
        options = prop.get("anyOf", [prop])
        numbers = [o for o in options if o.get("type") in ("integer", "number")]
        return all(
            ("minimum" in o or "exclusiveMinimum" in o) and ("maximum" in o or "exclusiveMaximum" in o)
            for o in numbers
        )

    loose = [
        name
        for name, prop in _properties(schema_for(kind))
        if not bounded(prop) and not name.startswith(("Expected event.", "Expect."))  # results, not inputs
    ]
    assert loose == []


@pytest.mark.parametrize("kind", list(KINDS))
def test_schemas_are_draft_2020_12_and_forbid_unknown_fields(kind: str) -> None:
    schema = schema_for(kind)
    assert schema["$schema"] == DIALECT
    assert schema["additionalProperties"] is False
