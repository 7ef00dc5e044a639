"""Calls the workspace cannot carry out are refused with a WorkspaceError naming the file (and the field),
before anything changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ws_support import ref_of

from studio.workspace import Workspace, WorkspaceError


def test_replace_text_refuses_what_is_not_text(ws: Workspace, base_copy: Path) -> None:
    ref = ref_of(ws, "charm", "even_mult")
    text = ws.text(ref)
    not_text: Any = 42
    with pytest.raises(WorkspaceError, match=r"even_mult\.yaml: new text must be a str, not int"):
        ws.replace_text(ref, not_text)
    assert ws.text(ref) == text
    assert not ws.is_dirty(ref)
    ws.set_field(ref, ("cost",), 5)  # the file goes on working
    ws.save(ref)
    assert "cost: 5" in (base_copy / "charms" / "even_mult.yaml").read_text(encoding="utf-8")
