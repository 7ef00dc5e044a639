"""Saving writes only what must be written, and never over a file another program wrote meanwhile."""

from __future__ import annotations

from pathlib import Path

import pytest
from ws_support import ref_of

from studio.workspace import Workspace, WorkspaceError

THEIRS = "# written by another program\nid: even_keel\nname: Theirs\n"


def test_a_renamed_entry_is_not_saved_over_a_file_written_at_its_new_name(
    ws: Workspace, base_copy: Path
) -> None:
    ws.rename(ref_of(ws, "charm", "even_mult"), "even_keel")
    target = base_copy / "charms" / "even_keel.yaml"
    target.write_text(THEIRS, encoding="utf-8")
    with pytest.raises(WorkspaceError, match=r"even_keel\.yaml: a file of that name already exists"):
        ws.save(ws.ref(target))
    assert target.read_text(encoding="utf-8") == THEIRS
    assert (base_copy / "charms" / "even_mult.yaml").exists()  # the old file stays until a save
    assert ws.is_dirty(ws.ref(target))


def test_force_saves_a_renamed_entry_over_that_file(ws: Workspace, base_copy: Path) -> None:
    ws.rename(ref_of(ws, "charm", "even_mult"), "even_keel")
    target = base_copy / "charms" / "even_keel.yaml"
    target.write_text(THEIRS, encoding="utf-8")
    ws.save(ws.ref(target), force=True)
    assert target.read_text(encoding="utf-8") == ws.text(ws.ref(target))
    assert not (base_copy / "charms" / "even_mult.yaml").exists()
    assert not ws.is_dirty(ws.ref(target))
