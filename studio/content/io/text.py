"""Text from content made safe to show: excerpts of long values, control characters escaped.

A pack's names, descriptions and the messages quoting them reach a terminal
(and the editor). Escaping every control and direction-override character
there means a name cannot fake a new line, a column or the text around it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from studio.content.io.limits import MAX_EXCERPT_CHARS

# C0 and C1 controls, DEL, and the Unicode formatting characters that reorder or hide text:
# bidirectional embeddings, overrides and isolates, marks, the line and paragraph separators.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u2069\ufeff]")
#: Characters refused in names that travel in archives (direction overrides and invisible marks).
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if char == "\n":
        return "\\n"
    if char == "\t":
        return "\\t"
    if char == "\r":
        return "\\r"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """Return ``text`` with every control and direction-override character escaped (``\\n``, ``\\u202e``).

    >>> printable("Nice\\nok: trusted")
    'Nice\\\\nok: trusted'
    """
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


def has_unsafe(text: str) -> bool:
    """Return True if ``text`` holds a character `printable` would escape."""
    return _UNSAFE.search(text) is not None


#: The values whose repr is Python's own, as the content's files write them.
_SPELT: dict[bool | None, str] = {True: "true", False: "false", None: "null"}


def excerpt(value: object, most: int = MAX_EXCERPT_CHARS) -> str:
    """Return the repr of ``value``, cut to ``most`` characters: never the whole of an expanded value.
    True, False and None are spelt as a YAML or JSON file writes them, where the value came from.

    >>> excerpt("x" * 200, 12)
    "'xxxxxxxxxx…"
    >>> excerpt([True, None])
    '[true, null]'
    """
    if isinstance(value, bool) or value is None:
        return _SPELT[value]
    if isinstance(value, str | int | float):
        text = repr(value) if not isinstance(value, str) or len(value) <= most else repr(value[:most])
    else:
        text = _short_repr(value, most)
    return text if len(text) <= most else text[: most - 1] + "…"


def _short_repr(value: object, most: int) -> str:
    """The repr of a container, built only as far as ``most`` characters (a shared node may repeat)."""
    out: list[str] = []
    size = 0

    def put(piece: str) -> bool:
        nonlocal size
        out.append(piece)
        size += len(piece)
        return size <= most

    def walk(node: object, depth: int) -> bool:
        if depth > 8:
            return put("…")
        if isinstance(node, dict):
            if not put("{"):
                return False
            for i, (k, v) in enumerate(node.items()):
                if (i and not put(", ")) or not put(f"{excerpt(k, most)}: ") or not walk(v, depth + 1):
                    return False
            return put("}")
        if isinstance(node, list | tuple):
            if not put("["):
                return False
            for i, v in enumerate(node):
                if (i and not put(", ")) or not walk(v, depth + 1):
                    return False
            return put("]")
        plain = isinstance(node, str | int | float | bool) or node is None
        return put(excerpt(node, most) if plain else repr(node)[:most])

    walk(value, 0)
    return "".join(out)


def clip(text: str, most: int = 500) -> str:
    """Cut a message to ``most`` characters, marking the cut."""
    return text if len(text) <= most else text[: most - 1] + "…"


#: A value quoted in a message ('...' or "..."), longer than an excerpt: an opening quote follows no
#: letter and a closing one is followed by none, so the text between two quoted values is never taken.
_LONG_QUOTED = re.compile(
    rf"(?<!\w)'[^'\n]{{{MAX_EXCERPT_CHARS},}}'(?!\w)|(?<!\w)\"[^\"\n]{{{MAX_EXCERPT_CHARS},}}\"(?!\w)"
)


def clip_message(text: str) -> str:
    """A message with every quoted value cut to an excerpt, then the whole cut to 500 characters: a
    value echoed back (a huge argument, a long bad token) never floods the terminal.

    >>> len(clip_message("bad card '" + "Z" * 200 + "': a card is a rank"))
    108
    """
    return clip(_LONG_QUOTED.sub(lambda m: m[0][: MAX_EXCERPT_CHARS - 1] + "…" + m[0][-1], text))


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[int] = ()) -> str:
    """Return a plain-text table with aligned columns (``right``: right-aligned columns).

    Cells are escaped (`printable`): a name from a pack cannot break a row or fake a column.
    """
    headers = [printable(h) for h in headers]
    rows = [[printable(c) for c in row] for row in rows]
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])
