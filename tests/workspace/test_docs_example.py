"""The example at the top of docs/workspace.md runs as written, on a real pack."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ws_support import changed_lines

from studio.content.packs.skeleton import skeleton

DOC = Path(__file__).resolve().parents[2] / "docs" / "workspace.md"


def test_the_editing_core_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for rel, text in skeleton("my_pack").items():
        (tmp_path / "my_pack" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "my_pack" / rel).write_text(text, encoding="utf-8")
    charm = tmp_path / "my_pack" / "charms" / "my_pack_pair_bonus.yaml"
    before = charm.read_text(encoding="utf-8")
    [code] = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)[:1]
    monkeypatch.chdir(tmp_path)
    exec(compile(code, str(DOC), "exec"), {})
    assert changed_lines(before, charm.read_text(encoding="utf-8")) == ["-cost: 4", "+cost: 6"]
