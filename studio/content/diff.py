"""What changed between two versions of a pack: entries added, removed and changed field by field,
and the images its entries show (their ``art``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from studio.content.art import art_of
from studio.content.check.problems import json_path
from studio.content.entries import pack_entries
from studio.content.packs.pack import Pack


@dataclass(frozen=True)
class FieldChange:
    """One field that differs: its JSON path, and the old and new values (None: absent)."""

    path: str
    old: Any
    new: Any


@dataclass(frozen=True)
class ArtDiff:
    """The PNG files of a pack added, removed or changed (new bytes under the same path).

    ``users`` names, for each changed file, the entries of the new version that show it: their
    ``art`` field is the same, but they look different.
    """

    added: list[str]
    removed: list[str]
    changed: list[str]
    users: dict[str, list[str]]

    def to_json(self) -> dict[str, object]:
        """Return the diff as JSON data."""
        return {"added": self.added, "removed": self.removed, "changed": self.changed, "users": self.users}


@dataclass(frozen=True)
class EntryDiff:
    """The entries of a pack that were added, removed or changed, and its art files that did."""

    added: list[str]
    removed: list[str]
    changed: dict[str, list[FieldChange]]
    art: ArtDiff

    def to_json(self) -> dict[str, object]:
        """Return the diff as JSON data."""
        return {
            "added": self.added,
            "removed": self.removed,
            "changed": {
                key: [{"path": c.path, "old": c.old, "new": c.new} for c in changes]
                for key, changes in self.changed.items()
            },
            "art": self.art.to_json(),
        }


def diff_packs(old: Pack, new: Pack) -> EntryDiff:
    """Compare two packs' manifests, entries (as written, before cross-checks) and images."""
    before = _entries(old)
    after = _entries(new)
    changed = {
        key: changes
        for key in sorted(before.keys() & after.keys())
        if (changes := diff_values(before[key], after[key]))
    }
    return EntryDiff(
        sorted(after.keys() - before.keys()),
        sorted(before.keys() - after.keys()),
        changed,
        _art(old, new, after),
    )


def _art(old: Pack, new: Pack, entries: dict[str, Any]) -> ArtDiff:
    """The PNG files that differ, and which of the new version's entries show each changed one."""
    before, after = _images(old), _images(new)
    changed = sorted(p for p in before.keys() & after.keys() if before[p] != after[p])
    users = {
        path: sorted(key for key, data in entries.items() if path in _shown(key, data)) for path in changed
    }
    return ArtDiff(sorted(after.keys() - before.keys()), sorted(before.keys() - after.keys()), changed, users)


def _shown(key: str, data: Any) -> tuple[str | None, ...]:
    """The images an entry shows (its ``art``), or the manifest (its ``icon``: the pack's picture)."""
    if key == "manifest":
        return (data.get("icon") if isinstance(data, dict) else None,)
    return (art_of(data),)


def _images(pack: Pack) -> dict[str, bytes]:
    return {path: data for path, data in pack.files.items() if path.lower().endswith(".png")}


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
