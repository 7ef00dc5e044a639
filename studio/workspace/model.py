"""The values the workspace hands out: entry references, problems with their field path, changes."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from studio.content.check.problems import Problem as ContentProblem

JsonPath = tuple[str | int, ...]

#: What :func:`value_at` returns for a path that is not there when no default is given.
MISSING: object = object()


def value_at(data: object, path: JsonPath, default: object = None) -> Any:
    """The value at ``path`` in ``data``; ``default`` where the path is missing."""
    node: Any = data
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return default
    return node


_PART = re.compile(r"\.([^.\[]+)|\[(\d+)\]")


class WorkspaceError(ValueError):
    """An operation the workspace refuses, with a one-line reason a person can act on."""


class NotAllSaved(WorkspaceError):
    """Save all wrote some files but not every one: ``saved`` is the change of those it wrote,
    ``failures`` names each file it could not write and why (one line each)."""

    def __init__(self, saved: Change, failures: list[str]) -> None:
        super().__init__("\n".join(failures))
        self.saved = saved
        self.failures = failures


@dataclass(frozen=True, slots=True, order=True)
class EntryRef:
    """One editable file: an entry (or a file of scenarios), its pack and where it lives."""

    kind: str
    id: str
    pack_id: str
    path: Path
    name: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class Problem:
    """A problem at a field: ``json_path`` holds the field's path as parts, for finding its widget."""

    path: Path
    line: int
    col: int
    json_path: JsonPath
    message: str
    entry: EntryRef | None = None
    severity: str = "error"

    def __str__(self) -> str:
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.json_path)
        return f"{self.path}:{self.line}:{self.col}: {'$' + where + ': ' if where else ''}{self.message}"

    @classmethod
    def of(cls, p: ContentProblem, entry: EntryRef | None, severity: str = "error") -> Problem:
        """Convert a content problem (whose path is a string such as ``$.abilities[0]``)."""
        return cls(Path(p.file), p.line, p.col, parse_json_path(p.path), p.message, entry, severity)


def parse_json_path(text: str) -> JsonPath:
    """Split ``$.abilities[0].effects`` into ``("abilities", 0, "effects")``.

    >>> parse_json_path("$.abilities[0].effects")
    ('abilities', 0, 'effects')
    """
    return tuple(int(i) if i else k for k, i in _PART.findall(text.removeprefix("$")))


@dataclass(frozen=True, slots=True)
class Usage:
    """One place that names an entry: the referring file, the field's path in it, and its line and column."""

    entry: EntryRef
    json_path: JsonPath
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.entry.path}:{self.line}:{self.col}: {show_path(self.json_path)}"


def show_path(json_path: JsonPath) -> str:
    """A field's path as written in messages: ``$.abilities[0].effects``.

    >>> show_path(("abilities", 0, "effects"))
    '$.abilities[0].effects'
    """
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in json_path)


@dataclass
class Change:
    """What an operation changed, so a view refreshes only that."""

    entries: set[EntryRef] = field(default_factory=set)
    files: set[Path] = field(default_factory=set)
    problems_changed: bool = False
    catalog_changed: bool = False

    def add(self, other: Change) -> Change:
        """Merge another change into this one; return self."""
        self.entries |= other.entries
        self.files |= other.files
        self.problems_changed |= other.problems_changed
        self.catalog_changed |= other.catalog_changed
        return self
