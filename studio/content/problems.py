"""Problems found in content: each names the file, line, column and JSON path of the field."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from studio.content.text import clip, printable


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One thing wrong with a content file, printed as ``FILE:LINE:COL: message``."""

    file: str
    line: int
    col: int
    message: str
    path: str = ""

    def __str__(self) -> str:
        where = f"{self.path}: " if self.path and self.path != "$" else ""
        return clip(printable(f"{self.file}:{self.line}:{self.col}: {where}{self.message}"), 1000)


def json_path(parts: Sequence[object]) -> str:
    """Return a JSON path such as ``$.abilities[0].effects``.

    >>> json_path(["abilities", 0, "effects"])
    '$.abilities[0].effects'
    """
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out
