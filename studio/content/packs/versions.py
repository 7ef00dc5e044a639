"""Pack versions (Semantic Versioning) and version ranges (npm syntax: ``^1.2.0``, ``>=1.0.0 <2.0.0``)."""

from __future__ import annotations

import re
from functools import lru_cache

import semantic_version as sv

from studio.content.io.limits import MAX_RANGE_CHARS, MAX_RANGE_CLAUSES
from studio.content.io.text import excerpt

Version = sv.Version
Range = sv.NpmSpec


def parse_version(text: str) -> sv.Version:
    """Return the version ``MAJOR.MINOR.PATCH[-pre][+build]``; raise ValueError naming what is wanted.

    The whole text must be the version: the library's pattern ends in ``$``, which lets a trailing
    newline through.
    """
    text = str(text)
    try:
        if len(text) > MAX_RANGE_CHARS or text != "".join(text.split()):
            raise ValueError(text)
        return sv.Version(text)
    except ValueError:
        raise ValueError(
            f"{excerpt(text)} is not a semantic version (MAJOR.MINOR.PATCH, {_example(text)})"
        ) from None


def _example(text: str) -> str:
    """The version most likely meant by a tag-style ``v1.2.0`` or a short ``1.2``, else an example."""
    bare = text.strip().removeprefix("v").removeprefix("V")
    parts = bare.split(".")
    if (
        (bare != text or len(parts) < 3)
        and len(parts) <= 3
        and all(p.isdigit() and str(int(p)) == p for p in parts)
    ):
        return f"did you mean '{'.'.join([*parts, '0', '0'][:3])}'?"
    return "e.g. 1.2.0"


_CLAUSE = re.compile(r"[^\s|]+")


@lru_cache(maxsize=1024)
def parse_range(text: str) -> sv.NpmSpec:
    """Return a version range such as ``^1.2.0``, ``~1.2``, ``>=1.0.0 <2.0.0``, ``1.x`` or ``*``.

    Ranges are bounded (`MAX_RANGE_CHARS`, `MAX_RANGE_CLAUSES`) before they are parsed, and each text is
    parsed once per process: every command resolves the installed packs' ranges again.
    """
    text = str(text)
    if any(c in text for c in "\n\r\t\v\f"):
        raise ValueError(f"{excerpt(text)} is not a version range: it holds a line break or a tab")
    if len(text) > MAX_RANGE_CHARS:
        raise ValueError(f"a version range of {len(text)} characters, more than {MAX_RANGE_CHARS}")
    clauses = len(_CLAUSE.findall(text))
    if clauses > MAX_RANGE_CLAUSES:
        raise ValueError(f"a version range of {clauses} comparisons, more than {MAX_RANGE_CLAUSES}")
    try:
        return sv.NpmSpec(str(text))
    except ValueError:
        raise ValueError(
            f"'{text}' is not a version range (write e.g. ^1.2.0, >=1.0.0 <2.0.0, 1.x or *)"
        ) from None
