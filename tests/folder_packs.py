"""Pack folders written from their files' texts, for tests that need a small pack beside the base game."""

from __future__ import annotations

from pathlib import Path


def folder_pack(root: Path, pack_id: str, files: dict[str, str]) -> Path:
    """Write the pack ``root/pack_id``: a manifest naming it, and ``files`` (relative path -> text)."""
    folder = root / pack_id
    for rel, text in {
        "pack.yaml": f"id: {pack_id}\nname: {pack_id.title()}\nversion: 1.0.0\n",
        **files,
    }.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8")
    return folder
