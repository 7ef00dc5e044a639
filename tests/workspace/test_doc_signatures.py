"""docs/workspace.md shows the workspace's signatures as they are: which parameters are keyword-only,
and what Merge.of and Merge.text return."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from studio.workspace import Workspace
from studio.workspace.history import History
from studio.workspace.merge import Merge

DOC = Path(__file__).resolve().parents[2] / "docs" / "workspace.md"


def parameters(function: Callable[..., Any]) -> list[str]:
    """The parameter names of ``function`` as a signature shows them, ``*`` before the keyword-only ones."""
    shown: list[str] = []
    for p in inspect.signature(function).parameters.values():
        if p.kind is p.KEYWORD_ONLY and "*" not in shown:
            shown.append("*")
        if p.name != "self":
            shown.append(p.name)
    return shown


@pytest.mark.parametrize(
    ("written", "function"),
    [
        ("Workspace.open", Workspace.open),
        ("ws.history.set_field", History.set_field),
        ("ws.history.replace_text", History.replace_text),
    ],
)
def test_the_doc_shows_each_signature_as_it_is(written: str, function: Callable[..., Any]) -> None:
    found = re.search(rf"`{re.escape(written)}\(([^)]*)\)`", DOC.read_text(encoding="utf-8"))
    assert found is not None, written
    assert [part.split("=")[0].strip() for part in found[1].split(",")] == parameters(function)


def test_merge_of_is_none_for_sides_it_cannot_split_and_text_is_always_text(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    assert Merge.of(path, None, "a: 1\n", "a: [1\n") is None  # a side does not parse
    assert Merge.of(path, None, "a: 1\n", "- 1\n") is None  # a mapping against a list
    merge = Merge.of(path, "a: 1\n", "a: 2\n", "a: 3\n")
    assert merge is not None and merge.text({"a"}) == "a: 3\n" and merge.text(set()) == "a: 2\n"
    assert "it is `None` when a side" not in DOC.read_text(encoding="utf-8")
