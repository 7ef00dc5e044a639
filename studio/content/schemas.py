"""JSON Schemas (draft 2020-12) generated from the content models, and their export."""

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


def schema_text(kind: str) -> str:
    """Return the schema as the text written to ``schemas/<kind>.schema.json``."""
    return json.dumps(schema_for(kind), indent=2, ensure_ascii=False) + "\n"


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
