"""Block scalars (``|``, ``>``) rewritten in their own style: a folded one wrapped as its author
wrapped it, so a form edit of a long text keeps the text's layout.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

_HEADER = re.compile(
    r"([|>])([1-9]?)([-+]?)([1-9]?)(.*)"
)  # style, indentation, chomping, indentation, comment


def block_scalar(old: str, value: Any) -> str | None:
    """Write a string as the block scalar ``old`` was: its style, indentation (and indicator) and the
    comment on its first line; folded text (``>``) is wrapped as wide as ``old``'s widest line.
    None if it needs more care. Text that folding would not give back is written literal (``|``)."""
    if not isinstance(value, str) or not value or value.startswith((" ", "\n")) or value.endswith("\n\n"):
        return None
    if re.search(r"^\t", value, re.MULTILINE):  # a tab cannot start a block scalar's line
        return None
    lines = old.split("\n")
    header = _HEADER.fullmatch(lines[0])
    if header is None:
        return None
    indent = next((line[: len(line) - len(line.lstrip(" "))] for line in lines[1:] if line.strip()), "  ")
    keep = "+" if header[3] == "+" else ""
    chomp, body = (keep, value[:-1]) if value.endswith("\n") else ("-", value)
    style, content = header[1], None
    if style == ">":
        content = _folded(body, _width(lines[1:]) - len(indent))
    if content is None:
        style, content = "|", body.split("\n")
    out = f"{style}{header[2]}{chomp}{header[4]}{header[5]}\n"
    out += "".join(f"{indent}{line}\n" if line else "\n" for line in content)
    return out if old.endswith("\n") else out[:-1]


def _width(lines: list[str]) -> int:
    """The widest of a block scalar's lines, if its author wrapped any (two text lines in a row)."""
    wrapped = any(a.strip() and b.strip() for a, b in itertools.pairwise(lines))
    return max(len(line.rstrip()) for line in lines) if wrapped else 1 << 30


def _folded(body: str, room: int) -> list[str] | None:
    """The lines of a folded block scalar reading as ``body``, each paragraph wrapped in ``room``
    characters where it can be; None if a paragraph starts or ends with white space or holds a tab
    (its lines would be kept as they are, not folded)."""
    pieces = re.split(r"(\n+)", body)
    out: list[str] = []
    for k, piece in enumerate(pieces):
        if k % 2:  # n line breaks are written as n blank lines
            out += [""] * len(piece)
        elif piece != piece.strip(" ") or "\t" in piece:
            return None
        else:
            out += _wrapped(piece, room)
    return out


def _wrapped(paragraph: str, room: int) -> list[str]:
    """A paragraph in lines of at most ``room`` characters (a longer word stands alone), broken only at
    a single space: a line starting with a space would not fold."""
    chunks = re.split(r"(?<=\S) (?=\S)", paragraph)
    lines = [chunks[0]]
    for chunk in chunks[1:]:
        if len(lines[-1]) + 1 + len(chunk) > room:
            lines.append(chunk)
        else:
            lines[-1] += " " + chunk
    return lines
