"""One pass over a YAML text's parser events: the bounds checked before anything is built, and positions.

The parser only tokenises: it never recurses into nested nodes nor expands
aliases, so a hostile text costs one linear pass here. The pass refuses what
would make loading expensive or unsafe (nesting past `MAX_NESTING`, aliases
that expand past `MAX_ALIAS_NODES` or refer to their own container, tags
beyond plain data, over-long numbers, a top-level list past
`MAX_ENTRIES_PER_FILE`, a key that is not a plain value) and can record the
position of every node, for the lines of problems. :func:`load` builds the data
with ruamel's safe C loader only once the text has passed.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
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
    StreamEndEvent,
)

from studio.content.io import limits
from studio.content.io.text import clip, excerpt

try:  # ruamel's C parser: the same events, several times faster
    from _ruamel_yaml import CParser as _Parser  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - the clib is a dependency; pure Python still works
    _Parser = None

#: The only tags a content file may spell out: plain data. Anything else (``!!python/...``, ``!!binary``,
#: a custom ``!tag``) is refused and never constructed.
PLAIN_TAGS = frozenset(
    f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "seq", "map")
) | {"!"}
_NUMBER = re.compile(r"[-+]?\.?[0-9][0-9a-zA-Z_.:+-]*")

#: A position: 0-based (line, column) and the children (a list of positions, or key -> field).
Position = tuple[int, int, Any]
#: A mapping's field: its value's position, then its key's 0-based (line, column).
Field = tuple[int, int, Any, int, int]


class ScanError(ValueError):
    """A bound passed; ``line`` and ``col`` are 1-based."""

    def __init__(self, line: int, col: int, message: str) -> None:
        super().__init__(message)
        self.line, self.col, self.message = line, col, message


@dataclass(slots=True)
class _Open:
    """A mapping or sequence whose end has not come yet."""

    line: int
    col: int
    anchor: str | None
    is_mapping: bool
    flow: bool  # written in brackets: `{...}` or `[...]`
    children: Any  # dict for a mapping, list for a sequence
    nodes: int = 1  # nodes in it so far, aliases expanded
    key: ScalarEvent | None = None  # a mapping's key waiting for its value
    kids: int = field(default=0)


def events(text: str) -> Iterator[Event]:
    """The parser's events for ``text`` (raises ruamel's YAMLError on malformed text)."""
    if _Parser is None:  # pragma: no cover
        yield from YAML(typ="safe", pure=True).parse(text)
        return
    parser = _Parser(text)
    while True:
        event = parser.get_event()
        yield event
        if isinstance(event, StreamEndEvent):
            return


def scan(text: str, build: bool) -> Position:
    """Check every bound over the events of ``text``; with ``build``, return the root's position tree.

    Raises ScanError for a bound passed or malformed text.
    """
    scanner = _Scan(build)
    try:
        return scanner.run(text)
    except MarkedYAMLError as exc:
        raise _malformed(exc, text, scanner.open_bracket()) from None
    except YAMLError as exc:
        raise ScanError(1, 1, f"malformed YAML: {clip(str(exc), 200)}") from None


def load(text: str) -> Any:
    """The data of ``text``, after `scan` found it within every bound (raises ScanError)."""
    scan(text, build=False)
    try:
        return _loader().load(text)
    except MarkedYAMLError as exc:  # e.g. a duplicate key, a merge key on a list
        raise _malformed(exc, text) from None
    except (YAMLError, ValueError, TypeError, OverflowError, RecursionError) as exc:
        raise ScanError(1, 1, f"malformed YAML: {clip(str(exc), 200)}") from None


_LOADERS = threading.local()


def _loader() -> YAML:
    """One safe (C) loader per thread: making one costs more than reading a small file."""
    loader: YAML | None = getattr(_LOADERS, "safe", None)
    if loader is None:
        loader = _LOADERS.safe = YAML(typ="safe")
    return loader


#: The parser's context for a bracket or quote left open, and the character that closes it.
_OPENED = {
    "while parsing a flow mapping": "}",
    "while parsing a flow sequence": "]",
    "while scanning a quoted scalar": "",
}


def _malformed(exc: MarkedYAMLError, text: str, bracket: tuple[int, int, str] | None = None) -> ScanError:
    """The parser's complaint at its line; a bracket or quote left open is reported where it opens.

    The parser only notices an unclosed ``{`` where the text goes on without it, often at the
    end of the file; the context it was parsing starts at the opener, read from the text. Where the
    parser was between a bracket's items and the text went on to another line (or ended) without the
    node it expected, the innermost ``bracket`` still open is that opener.
    """
    closer, start, stop = _OPENED.get(str(exc.context)), exc.context_mark, exc.problem_mark
    if bracket is not None and exc.context == "while parsing a flow node" and stop and stop.line > bracket[0]:
        start, closer = _Mark(bracket[0], bracket[1]), bracket[2]
    if closer is not None and start is not None and stop is not None:
        lines = text.splitlines()
        line = lines[start.line] if start.line < len(lines) else ""
        opener = line[start.column : start.column + 1] or "{"
        where = f"line {stop.line + 1}" if stop.line != start.line else f"column {stop.column + 1}"
        if stop.line >= len(lines):
            where = "the end of the text"
        comma = f", or lacks a ',' before {where}" if closer else f" before {where}"
        message = f"malformed YAML: this {opener!r} is not closed by a {(closer or opener)!r}{comma}"
        return ScanError(start.line + 1, start.column + 1, message)
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    if exc.problem == "but found another document":  # the parser's words, mid-sentence
        return ScanError(
            line,
            col,
            "malformed YAML: a second document ('---'): a file holds one (several items go in a list)",
        )
    return ScanError(line, col, f"malformed YAML: {exc.problem or exc.context or 'malformed'}")


@dataclass(frozen=True, slots=True)
class _Mark:
    """A 0-based position, as the parser's marks give one."""

    line: int
    column: int


class _Scan:
    __slots__ = ("build", "expanded", "root", "sizes", "stack")

    def __init__(self, build: bool) -> None:
        self.build = build
        self.stack: list[_Open] = []
        self.sizes: dict[str, int] = {}  # anchor -> nodes it stands for
        self.expanded = 0
        self.root: Position = (0, 0, None)

    def run(self, text: str) -> Position:
        for event in events(text):
            if isinstance(event, ScalarEvent):
                self._scalar(event)
            elif isinstance(event, AliasEvent):
                self._alias(event)
            elif isinstance(event, CollectionStartEvent):
                self._start(event)
            elif isinstance(event, MappingEndEvent | SequenceEndEvent):
                self._end()
        return self.root

    def _count(self, nodes: int) -> None:
        if self.stack:
            self.stack[-1].nodes += nodes

    def _check_tag(self, event: ScalarEvent | CollectionStartEvent) -> None:
        if event.tag is not None and event.tag not in PLAIN_TAGS:
            raise _refuse(event, f"YAML tag {excerpt(event.tag)} is not allowed: content is plain data")

    def _scalar(self, event: ScalarEvent) -> None:
        self._check_tag(event)
        value = event.value
        if event.style in ("", None) and len(value) > limits.MAX_NUMBER_CHARS and _NUMBER.fullmatch(value):
            raise _refuse(event, f"a number of {len(value)} characters, more than {limits.MAX_NUMBER_CHARS}")
        if event.anchor:
            self.sizes[event.anchor] = 1
        self._count(1)
        mark = event.start_mark
        self._attach((mark.line, mark.column, None), event)

    def _alias(self, event: AliasEvent) -> None:
        anchor = event.anchor
        if anchor not in self.sizes:
            inside = any(frame.anchor == anchor for frame in self.stack)
            why = "refers to a node that contains it" if inside else "is not defined"
            raise _refuse(event, f"alias {excerpt(anchor)} {why}")
        self.expanded += self.sizes[anchor]
        if self.expanded > limits.MAX_ALIAS_NODES:
            raise _refuse(
                event, f"aliases expand to more than {limits.MAX_ALIAS_NODES} nodes (MAX_ALIAS_NODES)"
            )
        self._count(self.sizes[anchor])
        mark = event.start_mark
        self._attach((mark.line, mark.column, None))

    def _start(self, event: CollectionStartEvent) -> None:
        self._check_tag(event)
        if len(self.stack) >= limits.MAX_NESTING:
            raise _refuse(event, f"nested more than {limits.MAX_NESTING} deep (MAX_NESTING)")
        is_mapping = isinstance(event, MappingStartEvent)
        mark = event.start_mark
        frame = _Open(
            mark.line, mark.column, event.anchor, is_mapping, bool(event.flow_style), {} if is_mapping else []
        )
        self.stack.append(frame)

    def open_bracket(self) -> tuple[int, int, str] | None:
        """Where the innermost collection written in brackets and not closed yet opens (0-based), and
        the bracket that would close it."""
        return next(
            ((f.line, f.col, "}" if f.is_mapping else "]") for f in reversed(self.stack) if f.flow), None
        )

    def _end(self) -> None:
        frame = self.stack.pop()
        if frame.anchor:
            self.sizes[frame.anchor] = frame.nodes
        self._count(frame.nodes)
        self._attach((frame.line, frame.col, frame.children), block=not frame.flow)

    def _attach(self, node: Position, key: ScalarEvent | None = None, block: bool = False) -> None:
        """Place a finished node in its parent (as a key, a value or an item), or as the root.

        A field's value is placed at its own position, but a ``block`` collection has none (it starts
        where its first item or key does, which has its own): its key stands for it.
        """
        if not self.stack:
            self.root = node
            return
        parent = self.stack[-1]
        if parent.is_mapping:
            if parent.key is None:  # this node is a key
                if key is None:
                    raise ScanError(
                        node[0] + 1, node[1] + 1, "a key must be a plain value, not a list, mapping or alias"
                    )
                parent.key = key
                return
            written, parent.key = parent.key, None
            if self.build:
                mark = written.start_mark
                line, col = (mark.line, mark.column) if block else node[:2]
                field: Field = (line, col, node[2], mark.line, mark.column)
                parent.children.setdefault(written.value, field)
            return
        parent.kids += 1
        if len(self.stack) == 1 and parent.kids > limits.MAX_ENTRIES_PER_FILE:
            raise ScanError(
                node[0] + 1,
                node[1] + 1,
                f"more than {limits.MAX_ENTRIES_PER_FILE} entries in one file (MAX_ENTRIES_PER_FILE): "
                "split it into several files",
            )
        if self.build:
            parent.children.append(node)


def _refuse(event: Event, message: str) -> ScanError:
    mark = event.start_mark
    return ScanError(mark.line + 1, mark.column + 1, message) if mark else ScanError(1, 1, message)
