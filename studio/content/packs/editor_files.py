"""A pack's editor set-up: its own copy of the JSON Schemas and the VS Code files that point at them.

The schemas live in the pack, under ``.studio/schemas/``, and every reference to
them is relative (a YAML file's ``$schema`` line to the file, VS Code's
``yaml.schemas`` to the workspace folder), so completion and checking keep
working wherever the folder is moved or shared. Hidden folders are never
content: loading, validation and ``studio pack build`` leave them out (see
:func:`studio.content.packs.folders.left_out`).
"""

from __future__ import annotations

import json
from pathlib import Path

from studio.content.io.atomic import write_atomically
from studio.content.models import KINDS

#: Where a pack keeps its copy of the schemas, relative to the pack folder.
SCHEMAS = ".studio/schemas"
#: The VS Code extension that reads ``$schema`` lines and ``yaml.schemas``.
YAML_EXTENSION = "redhat.vscode-yaml"


def schema_line(rel: str, kind: str) -> str:
    """The first line of the pack file ``rel`` (a POSIX path in the pack) of ``kind``: its schema,
    relative to the file.

    >>> schema_line("charms/glow.yaml", "charm")
    '# yaml-language-server: $schema=../.studio/schemas/charm.schema.json\\n'
    """
    up = "../" * rel.count("/")
    return f"# yaml-language-server: $schema={up}{SCHEMAS}/{kind}.schema.json\n"


def schema_files() -> dict[str, str]:
    """Each kind's schema (relative path in the pack -> text), generated from the models."""
    from studio.content.schemas import schema_text  # generating schemas: only when writing them

    return {f"{SCHEMAS}/{kind}.schema.json": schema_text(kind) for kind in KINDS}


def vscode_files() -> dict[str, str]:
    """``.vscode/settings.json`` (each kind's files -> its schema) and ``.vscode/extensions.json``."""
    schemas = {
        f"./{SCHEMAS}/{kind}.schema.json": [f"/{place}" if place.endswith(".yaml") else f"/{place}/**/*.yaml"]
        for kind, (place, _) in KINDS.items()
    }
    return {
        ".vscode/settings.json": _json({"yaml.schemas": schemas}),
        ".vscode/extensions.json": _json({"recommendations": [YAML_EXTENSION]}),
    }


def refresh(folder: Path) -> list[Path]:
    """Write the schemas of this Studio into the pack ``folder``, and the VS Code files it lacks (a
    user's own settings are kept); return the files written."""
    written = []
    missing = {rel: text for rel, text in vscode_files().items() if not (folder / rel).exists()}
    for rel, text in {**schema_files(), **missing}.items():
        path = folder / rel
        write_atomically(path, text, sync=False)
        written.append(path)
    return written


def _json(data: object) -> str:
    return json.dumps(data, indent=2) + "\n"
