"""Finding a value's node in the composed text, and where its lines end: the marks every in-place
edit is measured by. An alias's node (:class:`Alias`) stands where the alias is written.
"""

from __future__ import annotations

from collections.abc import Sequence

from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from studio.workspace.yaml_values import Parts


class Alias:
    """A node the text writes as an alias (``*eff``): its marks are the alias's, its content the anchor's."""

    __slots__ = ()


def path_nodes(node: Node, parts: Sequence[str | int]) -> list[Node] | None:
    """The composed nodes from ``node`` down to the one at ``parts``, or None if the text does not hold
    it plainly."""
    nodes = [node]
    for part in parts:
        if isinstance(node, MappingNode):
            found = [v for k, v in node.value if isinstance(k, ScalarNode) and k.value == str(part)]
            if len(found) != 1:
                return None
            node = found[0]
        elif isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            node = node.value[part]
        else:
            return None
        nodes.append(node)
    return nodes


def _node_at(node: Node, parts: Sequence[str | int]) -> Node | None:
    """The composed node at ``parts``, or None if the text does not hold it plainly."""
    nodes = path_nodes(node, parts)
    return None if nodes is None else nodes[-1]


def key_of(root: Node, parts: Parts) -> tuple[ScalarNode, Node] | None:
    """The key and the value node at ``parts``, if they are a key and its value in a block mapping."""
    parent = _node_at(root, parts[:-1]) if parts else None
    if not isinstance(parent, MappingNode) or parent.flow_style:
        return None
    found = [(k, v) for k, v in parent.value if isinstance(k, ScalarNode) and k.value == str(parts[-1])]
    return found[0] if len(found) == 1 else None


def after_last_line(text: str, node: Node) -> int:
    """The index just after the last line of ``node``, the comment at its end included."""
    last = node
    while isinstance(last, MappingNode | SequenceNode) and last.value and not last.flow_style:
        if isinstance(last, Alias):  # its text is the alias, not the anchored node's lines
            break
        last = last.value[-1][1] if isinstance(last, MappingNode) else last.value[-1]
    end: int = last.end_mark.index
    if end == 0 or text[end - 1] != "\n":
        line_end = text.find("\n", end)
        end = len(text) if line_end < 0 else line_end + 1
    return end
