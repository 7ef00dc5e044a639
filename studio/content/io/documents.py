"""Reading YAML and JSON content files, and the line and column of any node in them.

Before anything is built, one pass over the parser's events checks the bounds
of :mod:`studio.content.io.limits` (nesting, alias expansion, tags, numbers,
entries), so a hostile file costs one cheap scan, never a deep recursion or an
exponential expansion. The data then comes from the fast C loader. Positions
come from the same kind of event pass, made once per file and only when a
problem needs a line.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from studio.content.check.problems import Problem
from studio.content.io import limits
from studio.content.io.parsed import POSITIONS, parsed_cache

CONTENT_SUFFIXES = (".yaml", ".yml", ".json")


class DocumentError(ValueError):
    """A file that cannot be read or parsed; carries the problem."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


class _Where:
    """The position tree of a text, built once and shared by a document and its items."""

    __slots__ = ("tree",)

    def __init__(self) -> None:
        self.tree: Any = None


class Document:
    """A loaded content file: its data, and the position of any node, found on demand.

    ``item(i)`` is the i-th element of a top-level list, located within the file.
    """

    __slots__ = ("_where", "data", "name", "prefix", "text")

    def __init__(self, name: str, text: str, data: Any, prefix: tuple[object, ...] = ()) -> None:
        self.name = name
        self.text = text
        self.data = data
        self.prefix = prefix
        self._where = _Where()

    @classmethod
    def parse(cls, name: str, text: str) -> Document:
        """Check ``text`` against the limits, then load it (its data cached by the text's hash); raise
        DocumentError naming the line."""
        cache = parsed_cache()
        known, data = cache.get(text)
        if not known:  # the same text passed the limits and the parser before
            from studio.content.io.yaml_scan import ScanError, load  # the parser loads on first use

            try:
                data = load(text)
            except ScanError as exc:
                malformed = exc.message.startswith(_MALFORMED)
                hint = (
                    _in_words(exc.message, exc.line, _char_at(text, exc.line, exc.col)) if malformed else ""
                )
                message = _in_its_format(name, exc.message) + hint
                raise DocumentError(Problem(name, exc.line, exc.col, message)) from None
        if name.lower().endswith(".json"):
            _as_json(name, text)
        if not known:
            cache.put(text, data)
        return cls(name, text, data)

    def item(self, index: int) -> Document:
        """Return element ``index`` of this document's list, sharing its text and positions."""
        sub = Document(self.name, self.text, self.data[index], (*self.prefix, index))
        sub._where = self._where
        return sub

    def locate(self, parts: Sequence[object], key: bool = False) -> tuple[int, int]:
        """Return the 1-based (line, column) of the node at ``parts`` or of its nearest parent (with
        ``key``, of the key naming it: a problem about the key itself, such as an unknown field)."""
        if self._where.tree is None:
            try:
                self._where.tree = _positions(self.name, self.text)
            except DocumentError:  # a text that never parsed (data made in code): the top of the file
                self._where.tree = (0, 0, None)
        return locate(self._where.tree, (*self.prefix, *parts), key)


def _positions(name: str, text: str) -> Any:
    """The position tree of ``text`` (see :func:`studio.content.io.yaml_scan.scan`), cached by the text's
    hash as its data is: a scenario's label in a file of many needs it, even when every test passes."""
    cache = parsed_cache()
    known, tree = cache.get(text, POSITIONS)
    if known:
        return tree
    from studio.content.io.yaml_scan import ScanError, scan

    try:
        tree = scan(text, build=True)
    except ScanError as exc:
        raise DocumentError(Problem(name, exc.line, exc.col, _in_its_format(name, exc.message))) from None
    cache.put(text, tree, POSITIONS)
    return tree


def read_text(path: Path, most: int = limits.MAX_FILE_BYTES) -> str:
    """Read a UTF-8 file of at most ``most`` bytes; raise DocumentError for anything else.

    A device, FIFO or socket is refused before it is opened (opening a FIFO would wait for a writer,
    and a device may never end).
    """
    name = str(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise DocumentError(Problem(name, 1, 1, "no such file")) from None
    except (OSError, ValueError) as exc:
        raise DocumentError(Problem(name, 1, 1, f"cannot read file: {exc}")) from None
    if stat.S_ISDIR(info.st_mode):
        raise DocumentError(Problem(name, 1, 1, "cannot read file: it is a folder"))
    if not stat.S_ISREG(info.st_mode):
        why = "cannot read file: not a regular file (a device, FIFO or socket)"
        raise DocumentError(Problem(name, 1, 1, why))
    if info.st_size > most:
        raise DocumentError(Problem(name, 1, 1, f"{info.st_size} bytes, more than {most} (MAX_FILE_BYTES)"))
    try:
        with open(path, "rb") as handle:
            data = handle.read(most + 1)
    except OSError as exc:
        raise DocumentError(Problem(name, 1, 1, f"cannot read file: {exc}")) from None
    if len(data) > most:
        raise DocumentError(Problem(name, 1, 1, f"more than {most} bytes (MAX_FILE_BYTES)"))
    return decode(name, data)


def decode(name: str, data: bytes) -> str:
    """Read the bytes of file ``name`` as UTF-8; raise DocumentError at the line of the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DocumentError(Problem(name, line, 1, "cannot read file: not UTF-8 text")) from None


_TABS = "YAML indents with spaces, not tabs"
#: What the parser's messages usually mean, said in words (fragment of its message -> advice).
_ADVICE = (
    ("'\\t'", _TABS),
    ("tab character", _TABS),  # the C parser's words
    (
        "mapping values are not allowed",
        "line {line} is indented differently from the lines above it, "
        "or holds a second ': ' (put such a value in quotes)",
    ),
    (
        "expected <block end>",
        "line {line} is indented differently from the lines above it: "
        "fields of one mapping, and items of one list, start in the same column",
    ),
    (
        "could not find expected ':'",
        "line {line} is indented differently from the lines above it, or a key lacks its ':'",
    ),
    ("did not find expected key", "line {line} is indented differently from the lines above it"),
    ("did not find expected '-'", "line {line} is indented differently from the other items of its list"),
)


_MALFORMED = "malformed YAML"


def _as_json(name: str, text: str) -> None:
    """Raise DocumentError for a ``.json`` file whose text YAML reads (the caller read it) but JSON does
    not (a trailing comma, a comment, a bare word): JSON tools and editors refuse it, so Studio does too,
    at its place."""
    import json  # only a .json file needs it

    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"{exc.msg} (a YAML file may write this; a .json file is JSON)"
        raise DocumentError(Problem(name, exc.lineno, exc.colno, f"malformed JSON: {where}")) from None
    except (ValueError, RecursionError):  # past the limits: the YAML reading says so, at its place
        pass


def _in_its_format(name: str, message: str) -> str:
    """The parser's complaint about a ``.json`` file called malformed JSON: a JSON file is read as the
    YAML it also is, and its author knows it as JSON."""
    if name.lower().endswith(".json") and message.startswith(_MALFORMED):
        return "malformed JSON" + message[len(_MALFORMED) :]
    return message


def _in_words(reason: str, line: int, at: str) -> str:
    """Return the parser's complaint explained in words, as ``" (...)"``, or ``""``; ``at`` is the
    character it stopped at (a tab may be named by no word of the complaint)."""
    if at == "\t":
        return f" ({_TABS})"
    for fragment, advice in _ADVICE:
        if fragment in reason:
            return f" ({advice.replace('{line}', str(line))})"
    return ""


def _char_at(text: str, line: int, col: int) -> str:
    """The character at a 1-based line and column of ``text`` (``""`` past its end)."""
    lines = text.split("\n")
    row = lines[line - 1] if 0 < line <= len(lines) else ""
    return row[col - 1] if 0 < col <= len(row) else ""


def read_document(path: Path) -> Document:
    """Load a YAML or JSON file; raise DocumentError if it cannot be read or parsed."""
    return Document.parse(str(path), read_text(path))


def locate(tree: Any, parts: Sequence[object], key: bool = False) -> tuple[int, int]:
    """Return the 1-based (line, column) of the node at ``parts``, or of its nearest parent.

    A field's value is found where it is written (a problem with ``played: XX`` points at ``XX``),
    with ``key`` the key naming the last part. Path parts that the document does not hold (a union's
    branch name in a pydantic location, a missing key) are skipped.
    """
    line, col, node = tree
    for i, part in enumerate(parts):
        if isinstance(node, dict):
            found = node.get(part) if isinstance(part, str) else None
            if found is None and not isinstance(part, str):
                found = node.get(str(part).lower() if isinstance(part, bool) else str(part))
            if found is not None:
                line, col, node, key_line, key_col = found
                if key and i == len(parts) - 1:
                    line, col = key_line, key_col
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            line, col, node = node[part]
    return line + 1, col + 1
