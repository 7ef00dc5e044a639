"""A small pack on top of the base game, written file by file: what the run items' tests validate."""

from __future__ import annotations

from pathlib import Path

MANIFEST = "id: demo\nname: Demo\nversion: 1.0.0\n"


def demo_pack(where: Path, files: dict[str, str]) -> Path:
    """Write a pack ``demo`` holding ``files`` (path in the pack -> text) under ``where``; return its folder."""
    root = where / "demo"
    root.mkdir()
    (root / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root
