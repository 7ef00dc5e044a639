"""The question that offers recovered work names every file it brings back and every file it would remove."""

from __future__ import annotations

from pathlib import Path

from studio.app.safety import recovery_question
from studio.workspace.recovery import Recovery


def item(tmp_path: Path, name: str, old: str | None = None) -> Recovery:
    return Recovery(
        tmp_path / f"{name}.recovery.json",
        tmp_path / "neon" / "charms" / f"{name}.yaml",
        "neon",
        f"charms/{name}.yaml",
        "id: x\n",
        1.0,
        None,
        tmp_path / "neon" / "charms" / f"{old}.yaml" if old else None,
    )


def test_every_file_and_every_removal_is_named(tmp_path):
    items = [item(tmp_path, f"c{i}") for i in range(14)] + [item(tmp_path, "new", old="old")]
    text = recovery_question(items)
    for i in items:
        assert str(i.path) in text
    assert f"renamed from {tmp_path / 'neon' / 'charms' / 'old.yaml'}, which saving removes" in text
