"""Reading YAML and JSON content files with the line and column of every node.

Round-trip loading keeps each mapping's key positions, so a problem found at a
JSON path can be reported at the line a person would edit.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from studio.content.problems import Problem

CONTENT_SUFFIXES = (".yaml", ".yml", ".json")


class DocumentError(ValueError):
    """A file that cannot be read or parsed; carries the problem."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


def read_document(path: Path) -> Any:
    """Load a YAML or JSON file, keeping positions; raise DocumentError if it cannot."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DocumentError(Problem(str(path), 1, 1, "no such file")) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DocumentError(Problem(str(path), 1, 1, f"cannot read file: {exc}")) from None
    try:
        return YAML(typ="rt").load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        reason = exc.problem or exc.context or "malformed"
        raise DocumentError(Problem(str(path), line, col, f"malformed YAML: {reason}")) from None
    except YAMLError as exc:
        raise DocumentError(Problem(str(path), 1, 1, f"malformed YAML: {exc}")) from None


def locate(doc: Any, parts: Sequence[object]) -> tuple[int, int]:
    """Return the 1-based (line, column) of the node at ``parts``, or of its nearest parent.

    Path parts that the document does not hold (a union's branch name in a
    pydantic location, a missing key) are skipped.
    """
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
