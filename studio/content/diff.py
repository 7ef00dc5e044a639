"""What changed between two versions of a pack: entries added, removed and changed field by field."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from studio.content.entries import pack_entries
from studio.content.packs import Pack
from studio.content.problems import json_path


@dataclass(frozen=True)
class FieldChange:
    """One field that differs: its JSON path, and the old and new values (None: absent)."""

    path: str
    old: Any
    new: Any


@dataclass(frozen=True)
class EntryDiff:
    """The entries of a pack that were added, removed or changed."""

    added: list[str]
    removed: list[str]
    changed: dict[str, list[FieldChange]]

    def to_json(self) -> dict[str, object]:
        """Return the diff as JSON data."""
        return {
            "added": self.added,
            "removed": self.removed,
            "changed": {
                key: [{"path": c.path, "old": c.old, "new": c.new} for c in changes]
                for key, changes in self.changed.items()
            },
        }


def diff_packs(old: Pack, new: Pack) -> EntryDiff:
    """Compare two packs' manifests and entries (as written, before cross-checks)."""
    before = _entries(old)
    after = _entries(new)
    changed = {
        key: changes
        for key in sorted(before.keys() & after.keys())
        if (changes := diff_values(before[key], after[key]))
    }
    return EntryDiff(sorted(after.keys() - before.keys()), sorted(before.keys() - after.keys()), changed)


def _entries(pack: Pack) -> dict[str, Any]:
    """The pack's manifest (as ``manifest``) and entries by ``kind/id``, as written."""
    entries, _ = pack_entries(pack)
    return {"manifest": pack.manifest_doc.data, **{e.key: e.doc.data for e in entries}}


def diff_values(old: Any, new: Any, parts: tuple[object, ...] = ()) -> list[FieldChange]:
    """Return every field that differs between two JSON-like values, deepest first found.

    >>> [(c.path, c.old, c.new) for c in diff_values({"a": 1, "b": [1, 2]}, {"a": 2, "b": [1], "c": 3})]
    [('$.a', 1, 2), ('$.b[1]', 2, None), ('$.c', None, 3)]
    """
    if isinstance(old, dict) and isinstance(new, dict):
        out = []
        for key in [*old, *(k for k in new if k not in old)]:
            out += diff_values(old.get(key), new.get(key), (*parts, key))
        return out
    if isinstance(old, list) and isinstance(new, list):
        out = []
        for i in range(max(len(old), len(new))):
            out += diff_values(
                old[i] if i < len(old) else None, new[i] if i < len(new) else None, (*parts, i)
            )
        return out
    return [] if old == new else [FieldChange(json_path(parts), old, new)]
