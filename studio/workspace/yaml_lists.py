"""Block lists edited item by item: each item owns its lines (and the comments on and around them),
so a moved item takes them along, a removed one takes them out, and an added one is laid out as
the last; a list changed in more ways goes through the round trip on its own lines.
"""

from __future__ import annotations

import itertools
import re
from typing import Any, NamedTuple

from ruamel.yaml.nodes import MappingNode, Node, SequenceNode

from studio.workspace.list_matching import kept_indices, runs, sources
from studio.workspace.yaml_layout import Layout
from studio.workspace.yaml_nodes import Alias, after_last_line, key_of
from studio.workspace.yaml_round_trip import round_trip
from studio.workspace.yaml_values import Parts, same


class _Item(NamedTuple):
    """Where one item of a block list stands in the text."""

    start: int  # its first line: the comment lines just above it, or its dash's line
    end: int  # the end of its last line, before the newline
    dash: int  # the column of its dash
    pad: int  # the spaces between its dash and its value's column


def _items(text: str, node: SequenceNode) -> list[_Item] | None:
    """Where each item of the block list ``node`` stands; None if an item's dash cannot be found.

    An item's lines are the comment lines just above it, not indented deeper than its dash (nor the
    file's first line: the ``$schema`` line stays first), its own lines, the comment at the end of its
    last line and the comment lines after it indented deeper than its dash. Blank lines are no one's.
    """
    items: list[_Item] = []
    for item in node.value:
        opening = _opening(text, item.start_mark.index)
        if opening is None:
            return None
        start, dash = opening
        while start > 0:
            above = text.rfind("\n", 0, start - 1) + 1
            line = text[above:start]
            deeper = len(line) - len(line.lstrip(" ")) > dash
            if above == 0 or deeper or not line.lstrip(" ").startswith("#"):
                break
            start = above
        end = after_last_line(text, item)
        inside = re.compile(rf" {{{dash + 1},}}#")  # comment lines inside the item
        while inside.match(text, end):
            end = text.find("\n", end) + 1 or len(text)
        end = end - 1 if text[end - 1] == "\n" else end
        items.append(_Item(start, end, dash, item.start_mark.column - dash - 1))
    if any(a.end > b.start for a, b in itertools.pairwise(items)):
        return None
    return items


def _opening(text: str, index: int) -> tuple[int, int] | None:
    """The start of the line holding the dash of the list item starting at ``index``, and the dash's column.

    The dash opens the item's line (``- kind: mult``) or stands on the line above, maybe with a comment.
    """
    line = text.rfind("\n", 0, index) + 1
    found = re.fullmatch(r"( *)- +", text[line:index])
    if found:
        return line, len(found[1])
    if line == 0 or text[line:index].strip(" "):
        return None
    above = text.rfind("\n", 0, line - 1) + 1
    found = re.fullmatch(r"( *)-(?: +#.*)?", text[above : line - 1])
    return (above, len(found[1])) if found else None


def list_edit(
    text: str, root: Node, layout: Layout, parts: Parts, node: SequenceNode, old: Any, new: Any
) -> tuple[int, int, str] | None:
    """The edit giving the block list ``node`` (at ``parts``) the items of ``new``: items moved, removed
    or added, each with its own lines; None if ``new`` changes more or the items' lines cannot be told
    apart."""
    if not (isinstance(old, list) and isinstance(new, list) and len(old) == len(node.value)):
        return None
    items = _items(text, node)
    if items is None:
        return None
    if len(new) == len(old):
        return _moved_items(text, items, old, new)
    if len(new) < len(old):
        return _removed_items(text, items, old, new)
    return _added_items(text, _indents(text, root), layout, parts, node, items, old, new)


def _moved_items(
    text: str, items: list[_Item], old: list[Any], new: list[Any]
) -> tuple[int, int, str] | None:
    """The edit putting the items of a block list in ``new``'s order; None if ``new`` changes more.

    Each item takes its lines along (see :func:`_items`); the blank lines between items stay.
    """
    order = sources(old, new)
    if not all(i is not None and same(old[i], value) for i, value in zip(order, new, strict=True)):
        return None
    pieces = []
    for k, i in enumerate(order):
        assert i is not None
        pieces.append(text[items[i].start : items[i].end])
        if k + 1 < len(items):
            pieces.append(text[items[k].end : items[k + 1].start])
    return items[0].start, items[-1].end, "".join(pieces)


def _removed_items(
    text: str, items: list[_Item], old: list[Any], new: list[Any]
) -> tuple[int, int, str] | None:
    """The edit taking out of a block list the items ``new`` (the others, in order) no longer holds.

    Each goes with its own lines (see :func:`_items`): ruamel's round trip would take the comments
    above the next item instead, as it hangs them on the item before.
    """
    kept = kept_indices(old, new)
    if not kept:
        return None  # not a removal, or the list emptied: its key must say []
    cuts = [
        _cut(text, items, first, last)
        for first, last in runs([i for i in range(len(items)) if i not in kept])
    ]
    kept_text = [text[a[1] : b[0]] for a, b in itertools.pairwise(cuts)]
    return cuts[0][0], cuts[-1][1], "".join(kept_text)


def _cut(text: str, items: list[_Item], first: int, last: int) -> tuple[int, int]:
    """The span of text that goes when items ``first`` to ``last`` of a block list are removed: their
    lines, and the blank lines that would be left doubled (at the list's end, those before them)."""
    if last == len(items) - 1 and not text[items[first - 1].end : items[first].start].strip():
        return items[first - 1].end, items[last].end
    if items[last].end == len(text):  # the file's last line, without a newline: the newline before it goes
        return items[first].start - 1, items[last].end
    end = items[last].end + 1
    return items[first].start, end if first > 0 and not _blank_before(
        text, items[first].start
    ) else _past_blanks(text, end)


def _blank_before(text: str, start: int) -> bool:
    """True if the line before the one starting at ``start`` is blank (or there is none)."""
    before = text.rfind("\n", 0, max(start - 1, 0)) + 1
    return start == 0 or not text[before : start - 1].strip()


def _past_blanks(text: str, end: int) -> int:
    """``end`` moved past the blank lines starting there, if text follows them."""
    blank = re.compile(r"[ \t]*\n")
    past = end
    while (found := blank.match(text, past)) is not None:
        past = found.end()
    return past if past < len(text) else end


def _added_items(
    text: str,
    indents: tuple[int, int, int],
    layout: Layout,
    parts: Parts,
    node: SequenceNode,
    items: list[_Item],
    old: list[Any],
    new: list[Any],
) -> tuple[int, int, str] | None:
    """The lines adding ``new``'s extra items after the last item of the block list ``node``.

    They copy the last item's indentation, the spaces after its dash and its flow or block style (if
    it is a list or mapping; else the style of the list's field, see :meth:`Layout.flow`), and the
    blank lines before it; they go before the comment lines that follow it at its dash's indentation
    or less, as those belong to what comes next (or end the file).
    """
    if not all(same(a, b) for a, b in zip(old, new, strict=False)):
        return None
    last = items[-1]
    gap = text[items[-2].end : items[-1].start] if len(items) > 1 else "\n"
    blank = re.match(r"\n(?:[ \t]*\n)*", gap)
    separator = "\n" * (blank.group().count("\n") if blank else 1)
    like = node.value[-1]
    if isinstance(like, MappingNode | SequenceNode):
        block = not like.flow_style
    else:
        block = layout.flow((*parts, len(old))) is False
    added = [
        _item_text(layout, (*parts, j), value, last, block, indents)
        for j, value in enumerate(new[len(old) :], len(old))
    ]
    return last.end, last.end, "".join(separator + lines for lines in added)


def _item_text(
    layout: Layout, parts: Parts, value: Any, like: _Item, block: bool, indents: tuple[int, int, int]
) -> str:
    """The lines of the new list item at ``parts`` (no final newline), laid out as the item ``like``:
    block style if ``block`` and the value is a collection with items, else one line."""
    if block and isinstance(value, dict | list) and value:
        body = layout.lines(value, parts, indents)
    elif isinstance(value, dict | list):
        body = [layout.line(value, parts)]
    else:
        body = [layout.scalar(value, parts, block=True)]
    head = " " * like.dash + "-" + " " * like.pad
    return "\n".join(
        (head if k == 0 else " " * len(head)) + line if line else "" for k, line in enumerate(body)
    )


def _indents(text: str, root: Node) -> tuple[int, int, int]:
    """The file's mapping indentation, and its nested lists' item and dash offsets (as ruamel's ``indent``
    takes them), read from the first nested mapping and list found; the project's own where none is."""
    mapping = sequence = offset = 0
    todo = [root]
    while todo and not (mapping and sequence):
        node = todo.pop()
        if isinstance(node, Alias):
            continue
        if isinstance(node, MappingNode) and not node.flow_style:
            for key, value in node.value:
                if isinstance(value, MappingNode) and not value.flow_style and value.value and not mapping:
                    mapping = value.value[0][0].start_mark.column - key.start_mark.column
                if isinstance(value, SequenceNode) and not value.flow_style and value.value and not sequence:
                    opening = _opening(text, value.value[0].start_mark.index)
                    if opening is not None:
                        offset = opening[1] - key.start_mark.column
                        sequence = value.value[0].start_mark.column - key.start_mark.column
                todo.append(value)
        elif isinstance(node, SequenceNode) and not node.flow_style:
            todo.extend(node.value)
    if not sequence or sequence < offset + 2 or offset < 0:
        sequence, offset = 4, 2
    return (mapping if mapping > 0 else sequence - offset), sequence, offset


def list_round_trip(text: str, root: Node, parts: Parts, new: Any) -> tuple[int, int, str] | None:
    """The block list at ``parts`` written through the round trip on its own, the rest of the file kept.

    Only the list's lines (from the line after its key to its last line) go through ruamel, set up
    with the file's indentation, so a change the edits above cannot make touches no other line.
    """
    found = key_of(root, parts)
    if found is None:
        return None
    key, node = found
    start = text.find("\n", key.end_mark.index) + 1
    end = after_last_line(text, node)
    if start <= 0 or start > node.start_mark.index:
        return None
    column = key.start_mark.column
    lines = text[start:end].splitlines(keepends=True)
    if any(line.strip() and len(line) - len(line.lstrip(" ")) < column for line in lines):
        return None
    region = "k:\n" + "".join(line[column:] if line.strip() else line for line in lines)
    head, _, out = round_trip(region, {"k": new}, _indents(text, root)).partition("\n")
    if head != "k:":
        return None
    written = "".join(" " * column + line if line.strip() else line for line in out.splitlines(keepends=True))
    if end == len(text) and not text.endswith("\n"):
        written = written.rstrip("\n")
    return start, end, written


def emptied(text: str, root: Node, parts: Parts) -> tuple[int, int, str] | None:
    """The edit emptying the block list at ``parts``: ``[]`` after its key, its items' lines gone."""
    found = key_of(root, parts)
    items = _items(text, found[1]) if found is not None and isinstance(found[1], SequenceNode) else None
    if found is None or not items:
        return None
    colon = re.compile(r" *:").match(text, found[0].end_mark.index)
    line_end = text.find("\n", found[0].end_mark.index)
    if colon is None or not 0 <= line_end < items[0].start:
        return None
    return colon.end(), items[-1].end, " []" + text[colon.end() : line_end]
