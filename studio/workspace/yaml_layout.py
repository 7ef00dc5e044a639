"""How a file writes each of its fields, so a value the editor adds is written as the values beside it.

A field is known by its keys from the top, any list index standing for every one (a scenario file
that is a list of scenarios counts from its scenarios): every ``played`` of a scenario file, every
``effects`` of every ability. What the file's values of a field share is its convention:

- the quotes its strings wear where they need none (``played: "AS AH"``), else none where they read
  back as they are;
- whether its lists and mappings are written on one line (``- {kind: mult, amount: 4}``,
  ``ranks: [A, K]``) or over lines. A field the file holds none of (a charm's first ``modify``)
  takes the convention of the base game's files of its kind, where they all agree: the base game
  writes each modifier on one line in a list over lines.

Only a choice counts: the items of a list written on one line are on one line because it is.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache, cached_property
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

from studio.content.io.paths import base_content_dir
from studio.workspace.yaml_values import Parts, chose_quotes, dump, render, yaml_with

#: A field of a file: its keys from the top, ``[]`` for any list index.
Field = tuple[str, ...]

_EVERY = "[]"


class Layout:
    """The conventions of one file's text (``root`` is its composed tree; ``kind`` the kind of entry it
    holds, whose base game files speak for a field it has none of), asked as new values are written."""

    def __init__(self, root: Node | None, kind: str = "") -> None:
        self._root = root
        self._kind = kind
        self._listed = isinstance(root, SequenceNode)

    def field(self, parts: Parts) -> Field:
        """The field of the value at ``parts`` (a path into the file's data)."""
        if self._listed:
            parts = parts[1:]
        return tuple(_EVERY if isinstance(p, int) else str(p) for p in parts)

    @cached_property
    def _quotes(self) -> dict[Field, set[str]]:
        """The quotes each field's strings wear (``""`` for none), where the author chose them."""
        quotes: dict[Field, set[str]] = defaultdict(set)
        for at, node, block in _values(self._root):
            if isinstance(node, ScalarNode) and isinstance(node.value, str):
                if node.style in ('"', "'") and chose_quotes(node.value, block):
                    quotes[at].add(node.style)
                elif not node.style and str(node.tag).endswith(":str"):
                    quotes[at].add("")
        return quotes

    @cached_property
    def _own_flows(self) -> dict[Field, set[bool]]:
        """Whether each field's lists and mappings are written on one line, where the author chose."""
        return _flows(self._root)

    def quote(self, parts: Parts) -> str:
        """The quotes every string of the field at ``parts`` wears though it needs none; "" if they
        do not all wear the same (or the file has none)."""
        found = self._quotes.get(self.field(parts), set())
        return next(iter(found)) if len(found) == 1 else ""

    def flow(self, parts: Parts) -> bool | None:
        """True if the field at ``parts`` is written on one line, False if over lines: as the file's
        own are, or if it has none, as the base game's files of its kind all are; None if unsaid."""
        at = self.field(parts)
        found = self._own_flows.get(at) or _base_flows(self._kind).get(at, set())
        return next(iter(found)) if len(found) == 1 else None

    def scalar(self, value: Any, parts: Parts, block: bool) -> str:
        """A scalar written as its field's strings are (see :func:`render` for ``block``)."""
        return render(value, self.quote(parts) if isinstance(value, str) else "", block)

    def line(self, value: Any, parts: Parts) -> str:
        """A value written on one line (flow style), each string inside as its field's strings are."""
        if isinstance(value, dict):
            pairs = (f"{render(str(k))}: {self.line(v, (*parts, k))}" for k, v in value.items())
            return "{" + ", ".join(pairs) + "}"
        if isinstance(value, list):
            return "[" + ", ".join(self.line(v, (*parts, i)) for i, v in enumerate(value)) + "]"
        return self.scalar(value, parts, block=False)

    def lines(
        self, value: Any, parts: Parts, indents: tuple[int, int, int] | None = None, keyed: bool = False
    ) -> list[str]:
        """A collection written over lines (not yet indented), with ``keyed`` after its key (the last of
        ``parts``); each one inside on one line or over lines as its field is, over lines where that
        is unsaid. ``indents`` as ruamel takes them (the project's own if not given)."""
        styled = self._styled(value, parts, top=True)
        if keyed:
            styled = CommentedMap([(str(parts[-1]), styled)])
        return dump(styled, yaml_with(indents) if indents else None).splitlines()

    def _styled(self, value: Any, parts: Parts, top: bool = False, block: bool = True) -> Any:
        """``value`` as ruamel's round-trip data, each collection and string marked as its field writes
        it (a string that needs quotes in double ones, as :func:`render` writes it; ``block`` says it
        stands in a collection over lines); with ``top``, ``value`` itself over lines."""
        if isinstance(value, str):
            quote = self.quote(parts) or ("" if render(value, block=block) == value else '"')
            return {'"': DoubleQuotedScalarString, "'": SingleQuotedScalarString}.get(quote, str)(value)
        if not isinstance(value, dict | list):
            return value
        flow = block and not top and bool(self.flow(parts))
        inside = not flow and block
        styled: CommentedMap | CommentedSeq
        if isinstance(value, dict):
            styled = CommentedMap((k, self._styled(v, (*parts, k), block=inside)) for k, v in value.items())
        else:
            styled = CommentedSeq(self._styled(v, (*parts, i), block=inside) for i, v in enumerate(value))
        if flow or not block:
            styled.fa.set_flow_style()
        else:
            styled.fa.set_block_style()
        return styled


def _values(root: Node | None) -> list[tuple[Field, Node, bool]]:
    """Every node under ``root`` but keys with its field, and whether it stands in a block collection
    (the items of a file that is a list are the file's top)."""
    if root is None:
        return []
    listed = isinstance(root, SequenceNode)
    todo: list[tuple[Field, Node]] = [((), item) for item in root.value] if listed else [((), root)]
    out = [(at, node, True) for at, node in todo]
    while todo:
        at, node = todo.pop()
        if isinstance(node, MappingNode):
            children = [((*at, str(k.value)), v) for k, v in node.value if isinstance(k, ScalarNode)]
        elif isinstance(node, SequenceNode):
            children = [((*at, _EVERY), v) for v in node.value]
        else:
            continue
        out += [(child_at, child, not node.flow_style) for child_at, child in children]
        todo += children
    return out


def _flows(root: Node | None) -> dict[Field, set[bool]]:
    """Whether each field's collections with items are written on one line, those in a block
    collection only: inside brackets, one line is no choice."""
    flows: dict[Field, set[bool]] = defaultdict(set)
    for at, node, block in _values(root):
        if at and block and isinstance(node, MappingNode | SequenceNode) and node.value:
            flows[at].add(bool(node.flow_style))
    return flows


@cache
def _base_flows(kind: str) -> dict[Field, set[bool]]:
    """:func:`_flows` over every file of the base game holding entries of ``kind`` (none for a kind
    it has no files of, a plugin's say); read once, when a new value first asks."""
    from studio.content.models import KINDS  # the models (and pydantic): not while a snapshot serves

    if kind not in KINDS:
        return {}
    where = base_content_dir() / KINDS[kind][0]
    files = sorted(where.rglob("*.yaml")) if where.is_dir() else [where]
    flows: dict[Field, set[bool]] = defaultdict(set)
    for path in files:
        try:
            root = YAML(typ="safe").compose(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, YAMLError):
            continue  # a file that does not read says nothing
        for at, found in _flows(root).items():
            flows[at] |= found
    return flows
