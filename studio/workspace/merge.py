"""Merging a file changed both on disk and in the workspace, one top-level entry at a time.

An entry is a top-level key of a mapping (a charm's ``cost`` or ``abilities``)
or an item of a top-level list (one scenario of a file of many, matched by its
``name`` or ``id`` when every item has a distinct one, else by position). Each
entry that differs between the disk ("theirs") and the workspace ("mine") is
listed with what changed since the text both began from, so an entry changed on
one side only starts out taken from that side. The merged text is the
workspace's, with only the lines of the entries taken from the disk rewritten
(or either side's very text, when the choices amount to it).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ruamel.yaml.error import YAMLError

from studio.content.io.documents import Document, DocumentError
from studio.workspace.yamledit import edit_text, same

Key = str | int


class _Absent:
    """An entry a side does not have."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Final = _Absent()


class _Unknown:
    """The base of an entry when the text both sides began from is not known (or does not parse)."""


UNKNOWN: Final = _Unknown()


@dataclass(frozen=True)
class Part:
    """One entry that differs between the disk and the workspace."""

    key: Key
    #: How the entry is named to the user: its key, or the item's name or number.
    label: str
    base: Any
    mine: Any
    theirs: Any
    #: The 1-based line where the entry starts in each text (None: that side has no such entry).
    mine_line: int | None
    theirs_line: int | None

    @property
    def change(self) -> str:
        """What happened to the entry since both sides began from the same text, in a few words."""
        if _unknown(self.base):
            return "differs"
        if same_entry(self.base, self.mine):
            return f"{_verb(self.base, self.theirs)} on disk"
        if same_entry(self.base, self.theirs):
            return f"{_verb(self.base, self.mine)} by you"
        return "changed on both sides"

    @property
    def on_both_sides(self) -> bool:
        """True when both sides changed the entry since they began from the same text."""
        base = self.base
        return not (_unknown(base) or same_entry(base, self.mine) or same_entry(base, self.theirs))

    @property
    def takes_theirs(self) -> bool:
        """Whether the merge starts out taking the disk's entry: only when the disk alone changed it."""
        return not _unknown(self.base) and same_entry(self.base, self.mine)


@dataclass(frozen=True)
class Merge:
    """Both sides of a file, split into entries; :meth:`text` merges them as chosen."""

    mine_text: str
    theirs_text: str
    mine: Any
    theirs: Any
    json_file: bool
    order: tuple[Key, ...]
    mine_entries: dict[Key, Any]
    theirs_entries: dict[Key, Any]
    parts: tuple[Part, ...]

    @classmethod
    def of(cls, path: Path, base: str | None, mine: str, theirs: str) -> Merge | None:
        """Split both texts into entries; None when a side does not parse or they are not alike in shape."""
        mine_doc, theirs_doc = _parse(path, mine), _parse(path, theirs)
        if mine_doc is None or theirs_doc is None:
            return None
        by_name = _named(mine_doc.data) and _named(theirs_doc.data)
        mine_entries, theirs_entries = _entries(mine_doc.data, by_name), _entries(theirs_doc.data, by_name)
        if mine_entries is None or theirs_entries is None or type(mine_doc.data) is not type(theirs_doc.data):
            return None
        base_doc = _parse(path, base) if base is not None else None
        base_entries = None
        alike = base_doc is not None and type(base_doc.data) is type(mine_doc.data)
        if base_doc is not None and alike and (not by_name or _named(base_doc.data)):
            base_entries = _entries(base_doc.data, by_name)
        order = _union(list(mine_entries), list(theirs_entries))
        parts = []
        for key in order:
            m, t = mine_entries.get(key, ABSENT), theirs_entries.get(key, ABSENT)
            if same_entry(m, t):
                continue
            b = UNKNOWN if base_entries is None else base_entries.get(key, ABSENT)
            parts.append(
                Part(
                    key,
                    _label(key, m if not isinstance(m, _Absent) else t),
                    b,
                    m,
                    t,
                    _line(mine_doc, mine_entries, key),
                    _line(theirs_doc, theirs_entries, key),
                )
            )
        return cls(
            mine,
            theirs,
            mine_doc.data,
            theirs_doc.data,
            path.suffix == ".json",
            tuple(order),
            mine_entries,
            theirs_entries,
            tuple(parts),
        )

    def defaults(self) -> set[Key]:
        """The entries taken from the disk before the user chooses: those only the disk changed."""
        return {p.key for p in self.parts if p.takes_theirs}

    def text(self, theirs: Collection[Key]) -> str:
        """The merged text: the entries named in ``theirs`` from the disk, the others from the workspace."""
        chosen = []
        for key in self.order:
            side = self.theirs_entries if key in theirs else self.mine_entries
            if key in side:
                chosen.append((key, side[key]))
        data: Any = dict(chosen) if isinstance(self.mine, dict) else [value for _, value in chosen]
        if same(data, self.theirs):
            return self.theirs_text
        if same(data, self.mine):
            return self.mine_text
        return edit_text(self.mine_text, self.mine, data, json_file=self.json_file)


def same_entry(a: Any, b: Any) -> bool:
    """Equal entries (an absent entry equals only an absent one)."""
    if isinstance(a, _Absent | _Unknown) or isinstance(b, _Absent | _Unknown):
        return a is b
    return same(a, b)


def _unknown(value: Any) -> bool:
    return isinstance(value, _Unknown)


def _verb(before: Any, after: Any) -> str:
    if isinstance(before, _Absent):
        return "added"
    return "removed" if isinstance(after, _Absent) else "changed"


def _parse(path: Path, text: str) -> Document | None:
    try:
        return Document.parse(str(path), text)
    except (DocumentError, YAMLError):
        return None


def _name(item: Any) -> str | None:
    """The name that identifies a list item (a scenario's ``name``, an entry's ``id``)."""
    if isinstance(item, dict):
        for key in ("name", "id"):
            if isinstance(item.get(key), str):
                return str(item[key])
    return None


def _named(data: Any) -> bool:
    """True if ``data`` is a list whose every item has a name of its own."""
    if not isinstance(data, list):
        return False
    names = [_name(item) for item in data]
    return None not in names and len(set(names)) == len(names)


def _entries(data: Any, by_name: bool) -> dict[Key, Any] | None:
    """The top-level entries of a file's data by key (None: the file is not a mapping or a list)."""
    if isinstance(data, dict):
        return {str(k): v for k, v in data.items()}
    if isinstance(data, list):
        if by_name:
            return {str(_name(item)): item for item in data}
        return dict(enumerate(data))
    return None


def _union(mine: list[Key], theirs: Iterable[Key]) -> list[Key]:
    """Mine's keys in order, each key only the disk has placed after the one it follows there."""
    out = list(mine)
    previous: Key | None = None
    for key in theirs:
        if key not in out:
            out.insert(out.index(previous) + 1 if previous is not None else 0, key)
        previous = key
    return out


def _label(key: Key, value: Any) -> str:
    if isinstance(key, int):
        name = _name(value)
        return f"item {key + 1}" + (f" — {name}" if name else "")
    return key


def _line(doc: Document, entries: dict[Key, Any], key: Key) -> int | None:
    """The line where an entry starts in its document's text."""
    if key not in entries:
        return None
    index: Key = list(entries).index(key) if isinstance(doc.data, list) else key
    return doc.locate((index,))[0]
