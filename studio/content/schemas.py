"""JSON Schemas (draft 2020-12) generated from the content models, and their export.

:func:`schema_for` is the schema of one entry (what validation explains
problems with); :func:`file_schema` is the schema of a whole file, written to
``schemas/``. They differ for scenarios only: a ``tests/`` file holds one
scenario or a list of them, and the editor must accept both.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from studio.content.models import KINDS

DIALECT = "https://json-schema.org/draft/2020-12/schema"


@cache
def schema_for(kind: str) -> dict[str, Any]:
    """Return the JSON Schema of a content kind."""
    model = KINDS[kind][1]
    body = model.model_json_schema(by_alias=True)
    return {"$schema": DIALECT, "$id": f"{kind}.schema.json", **body}


#: Kinds whose files may hold a list of entries instead of one.
LIST_KINDS = ("scenario",)


def file_schema(kind: str) -> dict[str, Any]:
    """Return the schema of a file of ``kind``: one entry, or (for scenarios) also a list of them."""
    one = schema_for(kind)
    if kind not in LIST_KINDS:
        return one
    entry = {k: v for k, v in one.items() if k not in ("$schema", "$id", "$defs")}
    name = KINDS[kind][1].__name__.removesuffix("Model")
    return {
        "$schema": DIALECT,
        "$id": f"{kind}.schema.json",
        "title": f"{entry.get('title', name)} file",
        "description": f"One {kind}, or a list of them.",
        "$defs": {**one.get("$defs", {}), name: entry},
        "anyOf": [
            {"$ref": f"#/$defs/{name}"},
            {"type": "array", "items": {"$ref": f"#/$defs/{name}"}, "minItems": 1},
        ],
    }


def schema_text(kind: str) -> str:
    """Return the schema as the text written to ``schemas/<kind>.schema.json``."""
    return json.dumps(file_schema(kind), indent=2, ensure_ascii=False) + "\n"


def export_schemas(directory: Path) -> list[Path]:
    """Write one schema file per content kind into ``directory``; return the paths."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in KINDS:
        path = directory / f"{kind}.schema.json"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(schema_text(kind), encoding="utf-8")
        tmp.replace(path)
        written.append(path)
    return written
