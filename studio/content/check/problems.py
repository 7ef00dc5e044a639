"""Problems found in content: each names the file, line, column and JSON path of the field.

Each problem also carries its stage (manifest, plugin, file, reference,
scenario): a mistake at an early stage causes problems at later ones, so
:func:`ordered` lists causes first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from studio.content.io.text import clip, printable

#: Stages of loading, in the order a mistake propagates (lower sorts first).
MANIFEST, PLUGIN, FILE, REFERENCE, SCENARIO = range(5)


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One thing wrong with a content file, printed as ``FILE:LINE:COL: message``."""

    file: str
    line: int
    col: int
    message: str
    path: str = ""
    #: Where in loading it was found; not part of the problem's identity.
    stage: int = field(default=FILE, compare=False)

    def __str__(self) -> str:
        where = f"{self.path}: " if self.path and self.path != "$" else ""
        return clip(printable(f"{self.file}:{self.line}:{self.col}: {where}{self.message}"), 1000)

    def at_stage(self, stage: int) -> Problem:
        """Return this problem filed under ``stage``."""
        return Problem(self.file, self.line, self.col, self.message, self.path, stage)


def ordered(problems: Iterable[Problem]) -> list[Problem]:
    """Return the distinct problems, causes first (by stage), then by file, line and column."""
    return sorted(set(problems), key=lambda p: (p.stage, p))


def json_path(parts: Sequence[object]) -> str:
    """Return a JSON path such as ``$.abilities[0].effects``.

    >>> json_path(["abilities", 0, "effects"])
    '$.abilities[0].effects'
    """
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out
