"""Aliases (``*eff``) in the composed text: the composer giving each its own node, marked where it is
written, and the edits that keep an alias's value when its anchored node changes.
"""

from __future__ import annotations

import copy
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.composer import Composer
from ruamel.yaml.events import AliasEvent
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from studio.workspace.yaml_nodes import Alias, after_last_line
from studio.workspace.yaml_values import Parts, get, render


class _AliasScalar(ScalarNode, Alias):
    __slots__ = ()


class _AliasMapping(MappingNode, Alias):
    __slots__ = ()


class _AliasSequence(SequenceNode, Alias):
    __slots__ = ()


_ALIAS_TYPES: dict[type, type] = {
    ScalarNode: _AliasScalar,
    MappingNode: _AliasMapping,
    SequenceNode: _AliasSequence,
}


class _AliasComposer(Composer):
    """The composer giving each alias a node of its own, marked where the alias stands: the parser's
    own gives the anchored node again, whose marks are the anchor's, so an item written ``- *eff``
    would be measured (and moved, or edited) at its anchor's place."""

    def __init__(self, loader: Any = None) -> None:
        super().__init__(loader)
        self.aliases: list[tuple[Node, Node]] = []  # (the alias's node, the anchored node)

    def compose_node(self, parent: Any, index: Any) -> Any:
        """The next node; for an alias, a copy of the anchored node with the alias's marks."""
        if not self.parser.check_event(AliasEvent):
            return super().compose_node(parent, index)
        event = self.parser.peek_event()
        anchored = super().compose_node(parent, index)
        alias = copy.copy(anchored)
        alias.__class__ = _ALIAS_TYPES[type(anchored)]
        alias.start_mark, alias.end_mark = event.start_mark, event.end_mark
        self.aliases.append((alias, anchored))
        return alias


def compose(text: str) -> tuple[Node | None, list[tuple[Node, Node]]]:
    """The composed text (the fast C parser's, unless the text has aliases) and its aliases' nodes
    with their anchored nodes."""
    root = YAML(typ="safe").compose(text)
    if root is None or not _has_aliases(root):
        return root, []
    yaml = YAML(typ="safe", pure=True)
    yaml.Composer = _AliasComposer
    root = yaml.compose(text)
    return root, yaml.composer.aliases


def _has_aliases(root: Node) -> bool:
    """True if a node of the tree stands in two places: the parser gives an alias its anchored node."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        node = todo.pop()
        if id(node) in seen:
            return True
        seen.add(id(node))
        if isinstance(node, MappingNode):
            todo += [n for pair in node.value for n in pair]
        elif isinstance(node, SequenceNode):
            todo += node.value
    return False


def pinned_aliases(
    text: str, root: Node, aliases: list[tuple[Node, Node]], edits: list[tuple[int, int, str]], new: Any
) -> list[tuple[int, int, str]]:
    """The aliases of an anchored node that ``edits`` change, each written out as its own value in
    ``new``: an alias would otherwise take the anchor's new value with it. An alias that an edit
    rewrites already is left to it."""
    if not aliases or not edits:
        return []
    paths = _alias_paths(root)
    pinned = []
    for alias, anchored in aliases:
        start, end = alias.start_mark.index, alias.end_mark.index
        first, last = anchored.start_mark.index, after_last_line(text, anchored)
        if id(alias) not in paths or any(a < end and start < b for a, b, _ in edits):
            continue
        if any(first <= a and b <= last for a, b, _ in edits):
            try:
                pinned.append((start, end, render(get(new, paths[id(alias)]))))
            except (KeyError, IndexError, TypeError):  # a key the text writes otherwise: let the check judge
                continue
    return pinned


def _alias_paths(root: Node) -> dict[int, Parts]:
    """The path of each alias's node (by its id) that is not inside another alias."""
    paths: dict[int, Parts] = {}
    todo: list[tuple[Parts, Node]] = [((), root)]
    while todo:
        parts, node = todo.pop()
        if isinstance(node, Alias):
            paths[id(node)] = parts
        elif isinstance(node, MappingNode):
            todo += [((*parts, k.value), v) for k, v in node.value if isinstance(k, ScalarNode)]
        elif isinstance(node, SequenceNode):
            todo += [((*parts, i), v) for i, v in enumerate(node.value)]
    return paths
