"""JSON Schemas (draft 2020-12) generated from the content models, and their export.

:func:`schema_for` is the schema of one entry (what validation explains
problems with); :func:`file_schema` is the schema of a whole file, written to
``schemas/``. They differ for scenarios only: a ``tests/`` file holds one
scenario or a list of them, and the editor must accept both. Generating the
schemas is slow, so they are kept in the cache folder for each version of the
code (see :func:`_schemas`).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from studio.content.extensions import signature, when_changed
from studio.content.fingerprint import code_fingerprint
from studio.content.io.atomic import write_atomically
from studio.content.io.caches import sealed, unsealed, warn_damaged, write_quietly
from studio.content.io.paths import cache_dir
from studio.content.models import KINDS

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def schema_for(kind: str) -> dict[str, Any]:
    """Return the JSON Schema of a content kind (with the plugin kinds of the vocabulary now)."""
    return _schemas(signature())[kind]


def forget() -> None:
    """Forget the schemas made so far: the vocabulary changed."""
    _schemas.cache_clear()


when_changed(forget)


@cache
def _schemas(vocabulary: str) -> dict[str, dict[str, Any]]:
    """Every kind's schema, generated from the models once per version of the code.

    Generating them costs more than loading the base game's files, so they are
    kept in the cache folder under the code's fingerprint; a missing file
    is generated again, a damaged one too (its checksum does not hold: a
    warning says so), and a write that fails is not an error.
    With a trusted plugin's kinds in the vocabulary (``vocabulary`` names
    them) they are made for this process only.
    """
    if vocabulary:  # plugin kinds: made for this load only, never kept
        return {kind: _generated(kind) for kind in KINDS}
    path = cache_dir() / f"schemas-{code_fingerprint()[:24]}.json"
    try:
        raw = path.read_bytes()
    except OSError:
        raw = None  # not made yet for this code
    if raw is not None:
        found = _cached(raw)
        if found is not None:
            return found
        warn_damaged(path, "schema cache")
    made = {kind: _generated(kind) for kind in KINDS}
    if write_quietly(path, sealed(json.dumps(made, ensure_ascii=False).encode("utf-8"))):
        for old in path.parent.glob("schemas-*.json"):  # those of code that is gone
            if old != path:
                old.unlink(missing_ok=True)
    return made


def _cached(raw: bytes) -> dict[str, dict[str, Any]] | None:
    """The schemas of a cache file whose checksum holds and which has every kind, or None."""
    data = unsealed(raw)
    try:
        found = json.loads(data) if data is not None else None
    except ValueError:  # checksummed, yet not JSON: written by something else
        return None
    if not isinstance(found, dict) or list(found) != list(KINDS):
        return None
    return found


def _generated(kind: str) -> dict[str, Any]:
    """The schema of a kind, from its model."""
    body = KINDS[kind][1].model_json_schema(by_alias=True)
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
        write_atomically(path, schema_text(kind))
        written.append(path)
    return written
