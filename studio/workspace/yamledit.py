"""Changing a YAML file's text to hold new data while keeping every line that did not change.

A form edit usually changes one scalar: its characters are replaced where they
stand, so comments, quoting, key order and the ``$schema`` line stay as they
are; a block scalar keeps its style (a folded one is wrapped as it was). A flow
collection (``{kind: mult, amount: 4}``, ``[A, K]``) that gains keys or items at
its end, or loses some, changes only their text, so one written over lines
keeps its comments; otherwise it is rewritten where it stands. Keys added at the
end of a block mapping are written after its last line, at its keys'
indentation. The items of a block list own their lines (with the comments just
above them and at their ends): a moved item takes them along, a removed one
takes them out, and an added item is written after the last one, laid out as it
is. An edit reached through an alias (``*eff``) writes out that alias alone.
Anything else (a key removed) goes through the ruamel round trip (for a block
list changed in more ways, its lines alone), and only the lines that the round
trip changes because of the edit are taken from it. Whatever wrote it, the new
text must read back as the new data, or the edit is refused. Either way, quotes
the author chose stay on a new value, and quotes only the old value needed
(``""``) do not.
"""

from __future__ import annotations

import copy
import difflib
import io
import itertools
import json
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.composer import Composer
from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import AliasEvent
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.scalarstring import (
    DoubleQuotedScalarString,
    PlainScalarString,
    ScalarString,
    SingleQuotedScalarString,
)

from studio.workspace.model import WorkspaceError

Parts = tuple[str | int, ...]
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_ ./'-]*")
_BOM = "\ufeff"


def same(a: Any, b: Any) -> bool:
    """Equal data of equal types (``1`` is not ``true``), recursively."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return bool(a == b)


def changes(old: Any, new: Any, parts: Parts = ()) -> Iterator[tuple[Parts, bool]]:
    """Yield (path, is_scalar_change) for each smallest place where ``new`` differs from ``old``.

    A list whose items moved is such a place as a whole: its items take their text along.
    """
    if same(old, new):
        return
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
        for key in old:
            yield from changes(old[key], new[key], (*parts, key))
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new) and not _moved(old, new):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            yield from changes(a, b, (*parts, i))
    else:
        scalar = not isinstance(old, dict | list) and not isinstance(new, dict | list)
        yield parts, scalar


def render(value: Any, quote: str = "") -> str:
    """Write a value as one line of YAML (flow style for collections); a string in ``quote`` (``'`` or
    ``"``) when given, as the author quoted the value it replaces."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, str):
        if not quote and _PLAIN.fullmatch(value) and not value.endswith(" ") and _plain_is(value):
            return value
        if quote == "'" and value.isprintable():  # single quotes escape nothing but themselves
            return "'" + value.replace("'", "''") + "'"
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(render(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{render(str(k))}: {render(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {type(value).__name__} to YAML")


def _chose_quotes(text: str) -> bool:
    """True if quotes around ``text`` were the author's choice, not needed (as by ``""``) to read it back."""
    return render(text) == text


def _plain_is(text: str) -> bool:
    """True if ``text`` written plain reads back as the same string."""
    loaded = YAML(typ="safe", pure=True).load(f"k: {text}")
    return isinstance(loaded, dict) and loaded.get("k") == text


def yaml_rt() -> YAML:
    """The round-trip YAML set up as the project's files are written."""
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def dump(data: Any, yaml: YAML | None = None) -> str:
    """Write data (plain or round-trip) as block YAML."""
    out = io.StringIO()
    (yaml or yaml_rt()).dump(data, out)
    return out.getvalue()


def edit_text(text: str, old: Any, new: Any, *, json_file: bool = False) -> str:
    """Return ``text`` (whose data is ``old``) changed to hold ``new``, changing as few lines as possible."""
    if same(old, new):
        return text
    if text.startswith(_BOM):  # the parser's marks do not count a byte order mark: edit without it
        return _BOM + edit_text(text[len(_BOM) :], old, new, json_file=json_file)
    if "\r\n" in text:  # Windows line endings: edit with plain ones, give them back
        return _edit(text.replace("\r\n", "\n"), old, new, json_file).replace("\n", "\r\n")
    return _edit(text, old, new, json_file)


def _edit(text: str, old: Any, new: Any, json_file: bool) -> str:
    """``text`` changed to hold ``new``: in place where it can be, else through the round trip.

    Whatever writes it, the new text must read back as ``new``, or the edit is refused: broken or
    different text is never handed on to be stored.
    """
    if json_file:
        return json.dumps(new, indent=2, ensure_ascii=False) + "\n"
    out = _checked(lambda: _in_place(text, old, new), new)
    if out is None:
        out = _checked(lambda: _round_trip(text, new), new)
    if out is None:
        raise WorkspaceError(
            "this change cannot be written into the file's text as it stands; make it in the text"
        )
    return out


def _checked(write: Callable[[], str | None], new: Any) -> str | None:
    """The text ``write`` gives, if it reads back as ``new``; None if not, or if ruamel cannot read
    (a list's lines on their own may hold an alias whose anchor is elsewhere)."""
    try:
        out = write()
    except YAMLError:
        return None
    return out if out is not None and _reads_as(out, new) else None


def _reads_as(text: str, data: Any) -> bool:
    """True if ``text`` parses and holds ``data``."""
    try:
        return same(YAML(typ="safe").load(text), data)
    except YAMLError:
        return False


def _in_place(text: str, old: Any, new: Any) -> str | None:
    """``text`` with each changed spot rewritten where it stands; None if a change needs the round trip."""
    root, aliases = _compose(text)
    if root is None:
        return None
    edits: list[tuple[int, int, str]] = []
    for parts, scalar in changes(old, new):
        edit = _edit_at(text, root, parts, old, new, scalar)
        if edit is None:
            return None
        edits.append(edit)
    edits += _pinned_aliases(text, root, aliases, edits, new)
    for start, end, replacement in sorted(set(edits), reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


def _edit_at(
    text: str, root: Node, parts: Parts, old: Any, new: Any, scalar: bool
) -> tuple[int, int, str] | None:
    """The edit writing ``new``'s value at ``parts`` over ``old``'s; None if it needs the round trip.

    A change reached through an alias (``*eff``) writes out that alias as its own new value: editing
    the anchored text would change every place that refers to it.
    """
    nodes = _path_nodes(root, parts)
    if nodes is None:
        return None
    alias = next((k for k, n in enumerate(nodes) if isinstance(n, _Alias)), None)
    if alias is not None:
        spot = nodes[alias]
        return spot.start_mark.index, spot.end_mark.index, render(_get(new, parts[:alias]))
    node, was, value = nodes[-1], _get(old, parts), _get(new, parts)
    if isinstance(node, MappingNode) and not node.flow_style:  # keys added
        return _added_keys(text, node, was, value)
    if isinstance(node, SequenceNode) and not node.flow_style:  # items moved, added or removed
        if value == []:
            return _emptied(text, root, parts)
        return _list_edit(text, root, node, was, value) or _list_round_trip(text, root, parts, value)
    if node is None or not (scalar or isinstance(node, ScalarNode) or getattr(node, "flow_style", False)):
        return None
    if isinstance(node, ScalarNode) and isinstance(value, dict | list) and not value:
        return None
    start, end = node.start_mark.index, node.end_mark.index
    if isinstance(node, ScalarNode) and node.style in ("|", ">"):
        block = _block(text[start:end], value)
        return None if block is None else (start, end, block)
    if isinstance(node, MappingNode) and isinstance(was, dict) and isinstance(value, dict):
        return _flow_keys(text, node, was, value) or (start, end, render(value))
    if isinstance(node, SequenceNode) and isinstance(was, list) and isinstance(value, list):
        return _flow_items(text, node, was, value) or (start, end, _flow_list(text, node, was, value))
    quote = node.style if isinstance(node, ScalarNode) and node.style in ('"', "'") else ""
    return start, end, render(value, quote if quote and _chose_quotes(node.value) else "")


def _flow_list(text: str, node: SequenceNode, old: list[Any], new: list[Any]) -> str:
    """Write a flow list, each item that ``old`` held too written as its text was (quotes and all)."""
    items = [text[n.start_mark.index : n.end_mark.index] for n in node.value]
    written = [
        items[i] if i is not None and same(old[i], value) else render(value)
        for i, value in zip(_sources(old, new), new, strict=True)
    ]
    return "[" + ", ".join(written) + "]"


def _flow_keys(
    text: str, node: MappingNode, old: dict[Any, Any], new: dict[Any, Any]
) -> tuple[int, int, str] | None:
    """The edit adding keys at the end of the flow mapping ``node``, or removing some, by their own
    text alone (a mapping written over lines keeps its comments); None if ``new`` changes more."""
    if len(node.value) != len(old) or any(not same(old[k], new[k]) for k in new if k in old):
        return None
    keys = list(old)
    kept = [i for i, k in enumerate(keys) if k in new]
    if [keys[i] for i in kept] + [k for k in new if k not in old] != list(new):
        return None
    spans = [(k.start_mark.index, v.end_mark.index) for k, v in node.value]
    added = [f"{render(str(k))}: {render(v)}" for k, v in new.items() if k not in old]
    return _flow_entries(text, spans, kept, added)


def _flow_items(text: str, node: SequenceNode, old: list[Any], new: list[Any]) -> tuple[int, int, str] | None:
    """The edit adding items at the end of the flow list ``node``, or removing some, by their own text
    alone; None if ``new`` changes more."""
    if len(node.value) != len(old):
        return None
    if len(new) > len(old) and all(same(a, b) for a, b in zip(old, new, strict=False)):
        kept: list[int] | None = list(range(len(old)))
    else:
        kept = _kept(old, new) if len(new) < len(old) else None
    if kept is None:
        return None
    spans = [(n.start_mark.index, n.end_mark.index) for n in node.value]
    return _flow_entries(text, spans, kept, [render(v) for v in new[len(old) :]])


def _flow_entries(
    text: str, spans: list[tuple[int, int]], kept: list[int], added: list[str]
) -> tuple[int, int, str] | None:
    """The edit keeping only the entries ``kept`` of a flow collection whose entries stand at ``spans``,
    then adding ``added`` after the last. A removed entry takes its text up to the next entry (the
    comment after its comma too); at the end, it takes the comma before it, but not a comment there.
    None to have the whole collection written instead (it ends empty, or entries go and come)."""
    if not kept or (added and len(kept) < len(spans)):
        return None
    if added:
        return spans[-1][1], spans[-1][1], "".join(f", {entry}" for entry in added)
    cuts: list[tuple[int, int]] = []
    gone = [i for i in range(len(spans)) if i not in kept]
    for first, last in _runs(gone):
        if last + 1 < len(spans):
            cuts.append((spans[first][0], spans[last + 1][0]))
            continue
        after = spans[first - 1][1]  # the end of the entry before, then its comma
        comma = text.find(",", after, spans[first][0])
        if comma < 0:
            return None
        if "#" in text[comma : spans[first][0]]:
            cuts += [(comma, comma + 1), (spans[first][0], spans[last][1])]
        else:
            cuts.append((after, spans[last][1]))
    kept_text = [text[a[1] : b[0]] for a, b in itertools.pairwise(cuts)]
    return cuts[0][0], cuts[-1][1], "".join(kept_text)


def _runs(indices: list[int]) -> list[tuple[int, int]]:
    """Sorted indices as runs of consecutive ones: (first, last) each."""
    runs: list[tuple[int, int]] = []
    for i in indices:
        if runs and runs[-1][1] == i - 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def _added_keys(text: str, node: MappingNode, old: Any, new: Any) -> tuple[int, int, str] | None:
    """The insertion adding ``new``'s extra keys to the block mapping ``node``; None if ``new`` changes more.

    The new lines go right after the mapping's last line, not after the comments
    and blank lines that follow it: those belong to what comes next (in a list of
    scenarios, to the next item), and a line placed after them at a deeper
    indentation would join the wrong mapping.
    """
    if not (isinstance(old, dict) and isinstance(new, dict) and node.value):
        return None
    keys = list(new)
    if keys[: len(old)] != list(old) or not all(same(old[k], new[k]) for k in old):
        return None
    if not all(isinstance(k, str) for k in keys[len(old) :]):
        return None
    indent = " " * node.value[0][0].start_mark.column
    end = _after_last_line(text, node)
    lines = "".join(f"{indent}{line}\n" for k in keys[len(old) :] for line in _key_lines(k, new[k]))
    return end, end, lines if text.endswith("\n") or end < len(text) else "\n" + lines.rstrip("\n")


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
        end = _after_last_line(text, item)
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


def _list_edit(text: str, root: Node, node: SequenceNode, old: Any, new: Any) -> tuple[int, int, str] | None:
    """The edit giving the block list ``node`` the items of ``new``: items moved, removed or added, each
    with its own lines; None if ``new`` changes more or the items' lines cannot be told apart."""
    if not (isinstance(old, list) and isinstance(new, list) and len(old) == len(node.value)):
        return None
    items = _items(text, node)
    if items is None:
        return None
    if len(new) == len(old):
        return _moved_items(text, items, old, new)
    if len(new) < len(old):
        return _removed_items(text, items, old, new)
    return _added_items(text, _indents(text, root), node, items, old, new)


def _moved_items(
    text: str, items: list[_Item], old: list[Any], new: list[Any]
) -> tuple[int, int, str] | None:
    """The edit putting the items of a block list in ``new``'s order; None if ``new`` changes more.

    Each item takes its lines along (see :func:`_items`); the blank lines between items stay.
    """
    order = _sources(old, new)
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
    kept = _kept(old, new)
    if not kept:
        return None  # not a removal, or the list emptied: its key must say []
    cuts = [
        _cut(text, items, first, last)
        for first, last in _runs([i for i in range(len(items)) if i not in kept])
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


def _kept(old: list[Any], new: list[Any]) -> list[int] | None:
    """The indices of the items of ``old`` that ``new`` holds, if ``new`` is ``old`` less some items."""
    kept: list[int] = []
    for i, value in enumerate(old):
        if len(kept) < len(new) and same(value, new[len(kept)]):
            kept.append(i)
    return kept if len(kept) == len(new) else None


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
    node: SequenceNode,
    items: list[_Item],
    old: list[Any],
    new: list[Any],
) -> tuple[int, int, str] | None:
    """The lines adding ``new``'s extra items after the last item of the block list ``node``.

    They copy the last item's indentation, the spaces after its dash and its flow or block style,
    and the blank lines before it; they go before the comment lines that follow it at its dash's
    indentation or less, as those belong to what comes next (or end the file).
    """
    if not all(same(a, b) for a, b in zip(old, new, strict=False)):
        return None
    last = items[-1]
    gap = text[items[-2].end : items[-1].start] if len(items) > 1 else "\n"
    blank = re.match(r"\n(?:[ \t]*\n)*", gap)
    separator = "\n" * (blank.group().count("\n") if blank else 1)
    block = isinstance(node.value[-1], MappingNode | SequenceNode) and not node.value[-1].flow_style
    added = [_item_text(value, last, block, indents) for value in new[len(old) :]]
    return last.end, last.end, "".join(separator + lines for lines in added)


def _item_text(value: Any, like: _Item, block: bool, indents: tuple[int, int, int]) -> str:
    """One new list item's lines (no final newline), laid out as the item ``like``: block style if
    ``block`` and the value is a collection with items, else one flow line."""
    body = (
        dump(value, _yaml_with(indents)).splitlines()
        if block and isinstance(value, dict | list) and value
        else [render(value)]
    )
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
        if isinstance(node, _Alias):
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


def _yaml_with(indents: tuple[int, int, int]) -> YAML:
    """The round-trip YAML writing with the given mapping, list item and dash indentation."""
    yaml = yaml_rt()
    yaml.indent(mapping=indents[0], sequence=indents[1], offset=indents[2])
    return yaml


def _list_round_trip(text: str, root: Node, parts: Parts, new: Any) -> tuple[int, int, str] | None:
    """The block list at ``parts`` written through the round trip on its own, the rest of the file kept.

    Only the list's lines (from the line after its key to its last line) go through ruamel, set up
    with the file's indentation, so a change the edits above cannot make touches no other line.
    """
    found = _key_of(root, parts)
    if found is None:
        return None
    key, node = found
    start = text.find("\n", key.end_mark.index) + 1
    end = _after_last_line(text, node)
    if start <= 0 or start > node.start_mark.index:
        return None
    column = key.start_mark.column
    lines = text[start:end].splitlines(keepends=True)
    if any(line.strip() and len(line) - len(line.lstrip(" ")) < column for line in lines):
        return None
    region = "k:\n" + "".join(line[column:] if line.strip() else line for line in lines)
    head, _, out = _round_trip(region, {"k": new}, _indents(text, root)).partition("\n")
    if head != "k:":
        return None
    written = "".join(" " * column + line if line.strip() else line for line in out.splitlines(keepends=True))
    if end == len(text) and not text.endswith("\n"):
        written = written.rstrip("\n")
    return start, end, written


def _emptied(text: str, root: Node, parts: Parts) -> tuple[int, int, str] | None:
    """The edit emptying the block list at ``parts``: ``[]`` after its key, its items' lines gone."""
    found = _key_of(root, parts)
    items = _items(text, found[1]) if found is not None and isinstance(found[1], SequenceNode) else None
    if found is None or not items:
        return None
    colon = re.compile(r" *:").match(text, found[0].end_mark.index)
    line_end = text.find("\n", found[0].end_mark.index)
    if colon is None or not 0 <= line_end < items[0].start:
        return None
    return colon.end(), items[-1].end, " []" + text[colon.end() : line_end]


def _key_of(root: Node, parts: Parts) -> tuple[ScalarNode, Node] | None:
    """The key and the value node at ``parts``, if they are a key and its value in a block mapping."""
    parent = _node_at(root, parts[:-1]) if parts else None
    if not isinstance(parent, MappingNode) or parent.flow_style:
        return None
    found = [(k, v) for k, v in parent.value if isinstance(k, ScalarNode) and k.value == str(parts[-1])]
    return found[0] if len(found) == 1 else None


def _after_last_line(text: str, node: Node) -> int:
    """The index just after the last line of ``node``, the comment at its end included."""
    last = node
    while isinstance(last, MappingNode | SequenceNode) and last.value and not last.flow_style:
        if isinstance(last, _Alias):  # its text is the alias, not the anchored node's lines
            break
        last = last.value[-1][1] if isinstance(last, MappingNode) else last.value[-1]
    end: int = last.end_mark.index
    if end == 0 or text[end - 1] != "\n":
        line_end = text.find("\n", end)
        end = len(text) if line_end < 0 else line_end + 1
    return end


def _key_lines(key: str, value: Any) -> list[str]:
    """The lines of one ``key: value`` pair in block style, not yet indented."""
    if isinstance(value, dict | list) and value:
        return dump({key: value}).splitlines()
    return [f"{render(key)}: {render(value)}"]


_HEADER = re.compile(
    r"([|>])([1-9]?)([-+]?)([1-9]?)(.*)"
)  # style, indentation, chomping, indentation, comment


def _block(old: str, value: Any) -> str | None:
    """Write a string as the block scalar ``old`` was: its style, indentation (and indicator) and the
    comment on its first line; folded text (``>``) is wrapped as wide as ``old``'s widest line.
    None if it needs more care. Text that folding would not give back is written literal (``|``)."""
    if not isinstance(value, str) or not value or value.startswith((" ", "\n")) or value.endswith("\n\n"):
        return None
    if re.search(r"^\t", value, re.MULTILINE):  # a tab cannot start a block scalar's line
        return None
    lines = old.split("\n")
    header = _HEADER.fullmatch(lines[0])
    if header is None:
        return None
    indent = next((line[: len(line) - len(line.lstrip(" "))] for line in lines[1:] if line.strip()), "  ")
    keep = "+" if header[3] == "+" else ""
    chomp, body = (keep, value[:-1]) if value.endswith("\n") else ("-", value)
    style, content = header[1], None
    if style == ">":
        content = _folded(body, _width(lines[1:]) - len(indent))
    if content is None:
        style, content = "|", body.split("\n")
    out = f"{style}{header[2]}{chomp}{header[4]}{header[5]}\n"
    out += "".join(f"{indent}{line}\n" if line else "\n" for line in content)
    return out if old.endswith("\n") else out[:-1]


def _width(lines: list[str]) -> int:
    """The widest of a block scalar's lines, if its author wrapped any (two text lines in a row)."""
    wrapped = any(a.strip() and b.strip() for a, b in itertools.pairwise(lines))
    return max(len(line.rstrip()) for line in lines) if wrapped else 1 << 30


def _folded(body: str, room: int) -> list[str] | None:
    """The lines of a folded block scalar reading as ``body``, each paragraph wrapped in ``room``
    characters where it can be; None if a paragraph starts or ends with white space or holds a tab
    (its lines would be kept as they are, not folded)."""
    pieces = re.split(r"(\n+)", body)
    out: list[str] = []
    for k, piece in enumerate(pieces):
        if k % 2:  # n line breaks are written as n blank lines
            out += [""] * len(piece)
        elif piece != piece.strip(" ") or "\t" in piece:
            return None
        else:
            out += _wrapped(piece, room)
    return out


def _wrapped(paragraph: str, room: int) -> list[str]:
    """A paragraph in lines of at most ``room`` characters (a longer word stands alone), broken only at
    a single space: a line starting with a space would not fold."""
    chunks = re.split(r"(?<=\S) (?=\S)", paragraph)
    lines = [chunks[0]]
    for chunk in chunks[1:]:
        if len(lines[-1]) + 1 + len(chunk) > room:
            lines.append(chunk)
        else:
            lines[-1] += " " + chunk
    return lines


def _get(data: Any, parts: Sequence[str | int]) -> Any:
    for part in parts:
        data = data[part]
    return data


def _node_at(node: Node, parts: Sequence[str | int]) -> Node | None:
    """The composed node at ``parts``, or None if the text does not hold it plainly."""
    nodes = _path_nodes(node, parts)
    return None if nodes is None else nodes[-1]


def _path_nodes(node: Node, parts: Sequence[str | int]) -> list[Node] | None:
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


class _Alias:
    """A node the text writes as an alias (``*eff``): its marks are the alias's, its content the anchor's."""

    __slots__ = ()


class _AliasScalar(ScalarNode, _Alias):
    __slots__ = ()


class _AliasMapping(MappingNode, _Alias):
    __slots__ = ()


class _AliasSequence(SequenceNode, _Alias):
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


def _compose(text: str) -> tuple[Node | None, list[tuple[Node, Node]]]:
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


def _pinned_aliases(
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
        first, last = anchored.start_mark.index, _after_last_line(text, anchored)
        if id(alias) not in paths or any(a < end and start < b for a, b, _ in edits):
            continue
        if any(first <= a and b <= last for a, b, _ in edits):
            try:
                pinned.append((start, end, render(_get(new, paths[id(alias)]))))
            except (KeyError, IndexError, TypeError):  # a key the text writes otherwise: let the check judge
                continue
    return pinned


def _alias_paths(root: Node) -> dict[int, Parts]:
    """The path of each alias's node (by its id) that is not inside another alias."""
    paths: dict[int, Parts] = {}
    todo: list[tuple[Parts, Node]] = [((), root)]
    while todo:
        parts, node = todo.pop()
        if isinstance(node, _Alias):
            paths[id(node)] = parts
        elif isinstance(node, MappingNode):
            todo += [((*parts, k.value), v) for k, v in node.value if isinstance(k, ScalarNode)]
        elif isinstance(node, SequenceNode):
            todo += [((*parts, i), v) for i, v in enumerate(node.value)]
    return paths


def _round_trip(text: str, new: Any, indents: tuple[int, int, int] | None = None) -> str:
    """Write ``new`` through ruamel, keeping the original lines wherever the round trip left them alone."""
    yaml = yaml_rt() if indents is None else _yaml_with(indents)
    tree = yaml.load(text)
    if isinstance(tree, CommentedSeq) and tree and tree.lc.item(0)[1] >= 2:
        # a file that is a list (of scenarios) puts its dashes where it likes, often at column 0:
        # dump it the same way, or no line of it would match and changed lines would be misplaced
        yaml.indent(mapping=2, sequence=tree.lc.item(0)[1], offset=tree.lc.item(0)[1] - 2)
    before = dump(tree, yaml)
    if tree is None or not isinstance(new, dict | list) or type(tree) is not _rt_type(new):
        return dump(new, yaml)
    after = dump(update(tree, new), yaml)
    lines, base, changed = (
        text.splitlines(keepends=True),
        before.splitlines(keepends=True),
        after.splitlines(keepends=True),
    )
    if len(lines) != len(base):
        return after
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, base, changed, autojunk=False).get_opcodes():
        out += lines[i1:i2] if op == "equal" else changed[j1:j2]
    merged = "".join(out)
    # The merge assumes the round trip lays lines out as the file does; when it does not, the
    # changed lines can land inside another mapping: then the whole round trip is the answer.
    try:
        return merged if same(YAML(typ="safe").load(merged), new) else after
    except YAMLError:
        return after


def _rt_type(value: Any) -> type:
    return CommentedMap if isinstance(value, dict) else CommentedSeq


def update(tree: Any, new: Any) -> Any:
    """Make a round-trip tree hold ``new`` in place, keeping its comments and styles; return it.

    A list item ``new`` still holds keeps its node wherever it moves, and with it its comments,
    key order and flow or block style, so moving it back gives back the same text.
    """
    if isinstance(tree, CommentedMap) and isinstance(new, dict):
        for key in [k for k in tree if k not in new]:
            del tree[key]
        for key, value in new.items():
            if key in tree and not same(_plain(tree[key]), value):
                tree[key] = update(tree[key], value)
            elif key not in tree:
                tree[key] = value
        return tree
    if isinstance(tree, CommentedSeq) and isinstance(new, list):
        old, comments = list(tree), dict(tree.ca.items)  # a comment on an item's line is the list's, by index
        list.clear(tree)
        tree.ca.items.clear()
        for j, (i, value) in enumerate(zip(_sources([_plain(v) for v in old], new), new, strict=True)):
            if i is None:
                tree.append(value)
                continue
            tree.append(old[i] if same(_plain(old[i]), value) else update(old[i], value))
            if i in comments:
                tree.ca.items[j] = comments[i]
        return tree
    if isinstance(tree, ScalarString) and isinstance(new, str):
        if isinstance(tree, DoubleQuotedScalarString | SingleQuotedScalarString) and not _chose_quotes(tree):
            return PlainScalarString(new)  # as plain as it reads back: the quotes were the old value's need
        return type(tree)(new)
    return new


def _sources(old: list[Any], new: list[Any]) -> list[int | None]:
    """For each item of ``new``, the index of the ``old`` item whose node it takes (None: a new one).

    An item takes the node holding the same data: its own place's if it stayed there, else the
    one it moved from; the others take the nodes left over, in order, to be updated.
    """
    sources = [j if j < len(old) and same(old[j], value) else None for j, value in enumerate(new)]
    kept = set(sources)
    free = [i for i in range(len(old)) if i not in kept]
    for j, value in enumerate(new):
        i = None if sources[j] is not None else next((i for i in free if same(old[i], value)), None)
        if i is not None:
            free.remove(i)
            sources[j] = i
    for j, i in enumerate(sources):
        if i is None and free:
            sources[j] = free.pop(0)
    return sources


def _moved(old: list[Any], new: list[Any]) -> bool:
    """True if an item of ``old`` stands elsewhere in ``new``."""
    return any(i != j for j, i in enumerate(_sources(old, new)) if i is not None)


def _plain(value: Any) -> Any:
    """Round-trip values as plain Python data (for comparing)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, str):
        return str(value)
    return value
