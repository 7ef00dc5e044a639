"""The examples of docs/workspace.md run as written, on a real pack."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ws_support import changed_lines

from studio.content.packs.skeleton import skeleton

DOC = Path(__file__).resolve().parents[2] / "docs" / "workspace.md"


#: Each example of the doc, in order: the lines it changes in the pack's charm, and what it prints.
EXAMPLES = {
    "editing core": (["-cost: 4", "+cost: 6"], None),
    "undo": (["-cost: 4", "+cost: 6"], "1 Edit my_pack_pair_bonus cost\n"),
    "the tests through the services": (
        [],
        "1 1 my_pack/tests/example.yaml: my_pack_pair_bonus adds 10 Mult to a Pair\n"
        "passed my_pack/tests/example.yaml: my_pack_pair_bonus adds 10 Mult to a Pair \n",
    ),
}


@pytest.mark.parametrize("example", range(len(EXAMPLES)), ids=list(EXAMPLES))
def test_the_example_runs(
    example: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for rel, text in skeleton("my_pack").items():
        (tmp_path / "my_pack" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "my_pack" / rel).write_text(text, encoding="utf-8")
    charm = tmp_path / "my_pack" / "charms" / "my_pack_pair_bonus.yaml"
    before = charm.read_text(encoding="utf-8")
    examples = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(examples) == len(EXAMPLES)
    monkeypatch.chdir(tmp_path)
    exec(compile(examples[example], str(DOC), "exec"), {})
    changed, printed = list(EXAMPLES.values())[example]
    assert changed_lines(before, charm.read_text(encoding="utf-8")) == changed
    if printed is not None:  # what the comments say it prints
        assert capsys.readouterr().out == printed
