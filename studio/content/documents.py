"""Reading YAML and JSON content files, and the line and column of any node in them.

Before anything is built, one pass over the parser's events checks the bounds
of :mod:`studio.content.limits` (nesting, alias expansion, tags, numbers,
entries), so a hostile file costs one cheap scan, never a deep recursion or an
exponential expansion. The data then comes from the fast C loader. Positions
come from the same kind of event pass, made once per file and only when a
problem needs a line.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionStartEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)

from studio.content import limits
from studio.content.problems import Problem
from studio.content.text import clip, excerpt

try:  # ruamel's C parser: the same events, several times faster
    from _ruamel_yaml import CParser as _Parser  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - the clib is a dependency; pure Python still works
    _Parser = None

CONTENT_SUFFIXES = (".yaml", ".yml", ".json")

#: The only tags a content file may spell out: plain data. Anything else (``!!python/...``, ``!!binary``,
#: a custom ``!tag``) is a problem and is never constructed.
_PLAIN_TAGS = frozenset(
    f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "seq", "map")
) | {"!"}
_NUMBER = re.compile(r"[-+]?\.?[0-9][0-9a-zA-Z_.:+-]*")


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
        """Check ``text`` against the limits, then load it; raise DocumentError naming the line."""
        _walk(name, text, build=False)
        try:
            data = YAML(typ="safe").load(text)
        except MarkedYAMLError as exc:
            raise _malformed(name, exc) from None
        except (YAMLError, ValueError, TypeError, OverflowError, RecursionError) as exc:
            raise DocumentError(Problem(name, 1, 1, f"malformed YAML: {clip(str(exc), 200)}")) from None
        return cls(name, text, data)

    def item(self, index: int) -> Document:
        """Return element ``index`` of this document's list, sharing its text and positions."""
        sub = Document(self.name, self.text, self.data[index], (*self.prefix, index))
        sub._where = self._where
        return sub

    def locate(self, parts: Sequence[object]) -> tuple[int, int]:
        """Return the 1-based (line, column) of the node at ``parts`` or of its nearest parent."""
        if self._where.tree is None:
            try:
                self._where.tree = _walk(self.name, self.text, build=True)
            except DocumentError:  # a text that never parsed (data made in code): the top of the file
                self._where.tree = (0, 0, None)
        return locate(self._where.tree, (*self.prefix, *parts))


def _malformed(name: str, exc: MarkedYAMLError) -> DocumentError:
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    reason = exc.problem or exc.context or "malformed"
    return DocumentError(Problem(name, line, col, f"malformed YAML: {reason}"))


def _events(text: str) -> Any:
    """The parser's events for ``text`` (C parser when available)."""
    if _Parser is not None:
        parser = _Parser(text)
        while True:
            event = parser.get_event()
            yield event
            if event is None or type(event).__name__ == "StreamEndEvent":
                return
    else:  # pragma: no cover
        yield from YAML(typ="safe", pure=True).parse(text)


def _walk(name: str, text: str, build: bool) -> Any:
    """Check every limit over the events of ``text``; with ``build``, return its position tree.

    A position node is ``(line, col, children)``: children map keys (as written) to nodes for a
    mapping, list the nodes of a sequence, and are None for a scalar or alias.
    """
    # each open collection: [children, anchor, nodes below it, pending key (mappings), is_mapping]
    stack: list[list[Any]] = []
    sizes: dict[str, int] = {}
    expanded = 0
    root: Any = (0, 0, None)

    def refuse(event: Event, message: str) -> DocumentError:
        mark = event.start_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return DocumentError(Problem(name, line, col, message))

    def attach(node: Any, key_event: ScalarEvent | None = None) -> None:
        """Place a finished node in its parent (or as the root)."""
        nonlocal root
        if not stack:
            root = node
            return
        parent = stack[-1]
        if parent[4]:
            if parent[3] is None:  # this node is a key
                if key_event is None:  # a list, mapping or alias as a key: not data a person writes
                    raise DocumentError(
                        Problem(
                            name,
                            node[0] + 1,
                            node[1] + 1,
                            "a key must be a plain value, not a list, mapping or alias",
                        )
                    )
                parent[3] = key_event
                return
            key = parent[3]
            parent[3] = None
            if build and isinstance(parent[0], dict):
                parent[0].setdefault(key.value, (key.start_mark.line, key.start_mark.column, node[2]))
        else:
            if len(stack) == 1 and len(parent[0]) >= limits.MAX_ENTRIES_PER_FILE:
                raise DocumentError(
                    Problem(
                        name,
                        node[0] + 1,
                        node[1] + 1,
                        f"more than {limits.MAX_ENTRIES_PER_FILE} entries in one file "
                        "(MAX_ENTRIES_PER_FILE): split it into several files",
                    )
                )
            parent[0].append(node if build else None)

    try:
        for event in _events(text):
            if isinstance(event, ScalarEvent | CollectionStartEvent | AliasEvent) and stack:
                stack[-1][2] += 1
            if isinstance(event, ScalarEvent | CollectionStartEvent):
                tag = event.tag
                if tag is not None and tag not in _PLAIN_TAGS:
                    raise refuse(event, f"YAML tag {excerpt(tag)} is not allowed: content is plain data")
            if isinstance(event, ScalarEvent):
                value = event.value
                if (
                    event.style in ("", None)
                    and len(value) > limits.MAX_NUMBER_CHARS
                    and _NUMBER.fullmatch(value)
                ):
                    raise refuse(
                        event, f"a number of {len(value)} characters, more than {limits.MAX_NUMBER_CHARS}"
                    )
                if event.anchor:
                    sizes[event.anchor] = 1
                mark = event.start_mark
                attach((mark.line, mark.column, None), event)
            elif isinstance(event, AliasEvent):
                anchor = event.anchor
                if anchor not in sizes:
                    open_anchors = {frame[1] for frame in stack}
                    why = "refers to a node that contains it" if anchor in open_anchors else "is not defined"
                    raise refuse(event, f"alias {excerpt(anchor)} {why}")
                expanded += sizes[anchor]
                if stack:
                    stack[-1][2] += sizes[anchor] - 1
                if expanded > limits.MAX_ALIAS_NODES:
                    raise refuse(
                        event,
                        f"aliases expand to more than {limits.MAX_ALIAS_NODES} nodes (MAX_ALIAS_NODES)",
                    )
                mark = event.start_mark
                attach((mark.line, mark.column, None))
            elif isinstance(event, MappingStartEvent | SequenceStartEvent):
                if len(stack) >= limits.MAX_NESTING:
                    raise refuse(event, f"nested more than {limits.MAX_NESTING} deep (MAX_NESTING)")
                is_map = isinstance(event, MappingStartEvent)
                mark = event.start_mark
                stack.append([{} if is_map else [], event.anchor, 1, None, is_map, mark.line, mark.column])
            elif isinstance(event, MappingEndEvent | SequenceEndEvent):
                children, anchor, count, _, _, line, col = stack.pop()
                if anchor:
                    sizes[anchor] = count
                if stack:
                    stack[-1][2] += count - 1
                attach((line, col, children))
    except MarkedYAMLError as exc:
        raise _malformed(name, exc) from None
    except YAMLError as exc:
        raise DocumentError(Problem(name, 1, 1, f"malformed YAML: {clip(str(exc), 200)}")) from None
    return root


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
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DocumentError(Problem(name, line, 1, "cannot read file: not UTF-8 text")) from None


def read_document(path: Path) -> Document:
    """Load a YAML or JSON file; raise DocumentError if it cannot be read or parsed."""
    return Document.parse(str(path), read_text(path))


def locate(tree: Any, parts: Sequence[object]) -> tuple[int, int]:
    """Return the 1-based (line, column) of the node at ``parts``, or of its nearest parent.

    Path parts that the document does not hold (a union's branch name in a
    pydantic location, a missing key) are skipped.
    """
    line, col, node = tree
    for part in parts:
        if isinstance(node, dict):
            found = node.get(part) if isinstance(part, str) else None
            if found is None and not isinstance(part, str):
                found = node.get(str(part).lower() if isinstance(part, bool) else str(part))
            if found is not None:
                line, col, node = found
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            line, col, node = node[part]
    return line + 1, col + 1
