"""Helpers for the workspace tests."""

from __future__ import annotations

import difflib

from studio.workspace import EntryRef, Workspace


def ref_of(ws: Workspace, kind: str, entry_id: str) -> EntryRef:
    """The reference of one entry by kind and id."""
    return next(r for r in ws.entries(kind) if r.id == entry_id)


def changed_lines(before: str, after: str) -> list[str]:
    """The lines a unified diff shows as removed or added."""
    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
    return [line for line in diff if line[:1] in "+-" and line[:3] not in ("---", "+++")]
