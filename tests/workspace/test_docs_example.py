"""The examples of docs/workspace.md run as written, on a real pack."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ws_support import changed_lines

from studio.content.packs.skeleton import skeleton

DOC = Path(__file__).resolve().parents[2] / "docs" / "workspace.md"


@pytest.mark.parametrize("example", [0, 1], ids=["editing core", "undo"])
def test_the_example_runs(
    example: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for rel, text in skeleton("my_pack").items():
        (tmp_path / "my_pack" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "my_pack" / rel).write_text(text, encoding="utf-8")
    charm = tmp_path / "my_pack" / "charms" / "my_pack_pair_bonus.yaml"
    before = charm.read_text(encoding="utf-8")
    examples = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    monkeypatch.chdir(tmp_path)
    exec(compile(examples[example], str(DOC), "exec"), {})
    assert changed_lines(before, charm.read_text(encoding="utf-8")) == ["-cost: 4", "+cost: 6"]
    if example == 1:  # the comment says what it prints
        assert capsys.readouterr().out == "1 Edit my_pack_pair_bonus cost\n"
