"""Reading YAML and JSON content files, and the line and column of any node in them.

Loading uses the fast C loader; only when a problem must be reported is the
file parsed again round-trip, whose mappings keep each key's position, so the
problem points at the line a person would edit.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from studio.content.parsed import parsed_cache
from studio.content.problems import Problem

if TYPE_CHECKING:  # ruamel is imported on first parse: a warm cache needs no parser at all
    from ruamel.yaml import YAML

CONTENT_SUFFIXES = (".yaml", ".yml", ".json")


class DocumentError(ValueError):
    """A file that cannot be read or parsed; carries the problem."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


class Document:
    """A loaded content file: its data, and the position of any node, found on demand.

    The data comes from the fast (C) YAML 1.2 loader; positions come from a
    round-trip parse of the same text, done only when a problem needs a line.
    ``item(i)`` is the i-th element of a top-level list, located within the file.
    """

    __slots__ = ("_tree", "data", "name", "prefix", "text")

    def __init__(self, name: str, text: str, data: Any, prefix: tuple[object, ...] = ()) -> None:
        self.name = name
        self.text = text
        self.data = data
        self.prefix = prefix
        self._tree: Any = None

    @classmethod
    def parse(cls, name: str, text: str) -> Document:
        """Parse ``text`` (its data cached by its hash); raise DocumentError naming the line of bad YAML."""
        cache = parsed_cache()
        known, data = cache.get(text)
        if known:
            return cls(name, text, data)
        from ruamel.yaml.error import YAMLError

        try:
            data = _safe_loader().load(text)
            cache.put(text, data)
            return cls(name, text, data)
        except YAMLError:
            _round_trip(name, text)  # raises with the position of the first error
            raise  # pragma: no cover - both loaders agree on what is malformed

    def item(self, index: int) -> Document:
        """Return element ``index`` of this document's list, sharing its text."""
        sub = Document(self.name, self.text, self.data[index], (*self.prefix, index))
        sub._tree = self._tree
        return sub

    def locate(self, parts: Sequence[object]) -> tuple[int, int]:
        """Return the 1-based (line, column) of the node at ``parts`` or of its nearest parent."""
        if self._tree is None:
            self._tree = _round_trip(self.name, self.text)
        return locate(self._tree, (*self.prefix, *parts))


_LOADERS = threading.local()


def _safe_loader() -> YAML:
    """One fast (C) loader per thread: making one costs more than reading a small file."""
    from ruamel.yaml import YAML

    loader: YAML | None = getattr(_LOADERS, "safe", None)
    if loader is None:
        loader = _LOADERS.safe = YAML(typ="safe")
    return loader


def _round_trip(name: str, text: str) -> Any:
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    try:
        return YAML(typ="rt").load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        reason = exc.problem or exc.context or "malformed"
        hint = _in_words(reason, line)
        raise DocumentError(Problem(name, line, col, f"malformed YAML: {reason}{hint}")) from None
    except YAMLError as exc:
        raise DocumentError(Problem(name, 1, 1, f"malformed YAML: {exc}")) from None


#: What the parser's messages usually mean, said in words (fragment of its message -> advice).
_ADVICE = (
    ("'\\t'", "YAML indents with spaces, not tabs"),
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
    ("expected ',' or '}'", "a '{' is not closed by a '}'"),
    ("expected ',' or ']'", "a '[' is not closed by a ']'"),
)


def _in_words(reason: str, line: int) -> str:
    """Return the parser's complaint explained in words, as ``" (...)"``, or ``""``."""
    for fragment, advice in _ADVICE:
        if fragment in reason:
            return f" ({advice.replace('{line}', str(line))})"
    return ""


def read_document(path: Path) -> Document:
    """Load a YAML or JSON file; raise DocumentError if it cannot be read or parsed."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DocumentError(Problem(str(path), 1, 1, "no such file")) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DocumentError(Problem(str(path), 1, 1, f"cannot read file: {exc}")) from None
    return Document.parse(str(path), text)


def locate(doc: Any, parts: Sequence[object]) -> tuple[int, int]:
    """Return the 1-based (line, column) of the node at ``parts``, or of its nearest parent.

    Path parts that the document does not hold (a union's branch name in a
    pydantic location, a missing key) are skipped.
    """
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    line, col = 1, 1
    node = doc
    if isinstance(node, CommentedMap | CommentedSeq) and node.lc.line is not None:
        line, col = node.lc.line + 1, node.lc.col + 1
    for part in parts:
        if isinstance(node, CommentedMap) and part in node:
            pos = node.lc.key(part)
            line, col = pos[0] + 1, pos[1] + 1
            node = node[part]
        elif isinstance(node, CommentedSeq) and isinstance(part, int) and 0 <= part < len(node):
            pos = node.lc.item(part)
            line, col = pos[0] + 1, pos[1] + 1
            node = node[part]
    return line, col
