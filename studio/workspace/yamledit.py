"""Changing a YAML file's text to hold new data while keeping every line that did not change.

A form edit usually changes one scalar: its characters are replaced where they
stand, so comments, quoting, key order and the ``$schema`` line stay as they
are. A changed flow collection (``{kind: mult, amount: 4}``, ``[A, K]``) is
rewritten on its own line. Keys added at the end of a block mapping are written
after its last line, at its keys' indentation. Items that only move in a block
list take their lines along (with the comments just above them and at their
ends); in a flow list, their text. Anything else (a list grown, a
key removed) goes through the ruamel round trip, and only the lines that the
round trip changes because of the edit are taken from it. Either way, quotes
the author chose stay on a new value, and quotes only the old value needed
(``""``) do not.
"""

from __future__ import annotations

import difflib
import io
import itertools
import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.scalarstring import (
    DoubleQuotedScalarString,
    PlainScalarString,
    ScalarString,
    SingleQuotedScalarString,
)

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
    if json_file:
        return json.dumps(new, indent=2, ensure_ascii=False) + "\n"
    original = text
    root = YAML(typ="safe").compose(text)  # the C parser: nodes with their spans, fast
    edits: list[tuple[int, int, str]] = []
    inserted = False
    for parts, scalar in changes(old, new):
        node = _node_at(root, parts) if root is not None else None
        value = _get(new, parts)
        if isinstance(node, MappingNode | SequenceNode) and not node.flow_style:  # keys added, items moved
            was = _get(old, parts)
            lines = (
                _added_keys(text, node, was, value)
                if isinstance(node, MappingNode)
                else _moved_items(text, node, was, value)
            )
            if lines is None:
                return _round_trip(text, new)
            edits.append(lines)
            inserted = True
            continue
        if node is None or not (scalar or isinstance(node, ScalarNode) or getattr(node, "flow_style", False)):
            return _round_trip(text, new)
        if isinstance(node, ScalarNode) and isinstance(value, dict | list) and not value:
            return _round_trip(text, new)
        start, end = node.start_mark.index, node.end_mark.index
        if isinstance(node, ScalarNode) and node.style in ("|", ">"):
            block = _block(text[start:end], value)
            if block is None:
                return _round_trip(text, new)
            edits.append((start, end, block))
            continue
        if isinstance(node, SequenceNode) and isinstance(value, list):
            edits.append((start, end, _flow_list(text, node, _get(old, parts), value)))
            continue
        quote = node.style if isinstance(node, ScalarNode) and node.style in ('"', "'") else ""
        edits.append((start, end, render(value, quote if quote and _chose_quotes(node.value) else "")))
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    if inserted and not same(YAML(typ="safe").load(text), new):  # lines added or moved read back as meant
        return _round_trip(original, new)
    return text


def _flow_list(text: str, node: SequenceNode, old: list[Any], new: list[Any]) -> str:
    """Write a flow list, each item that ``old`` held too written as its text was (quotes and all)."""
    items = [text[n.start_mark.index : n.end_mark.index] for n in node.value]
    written = [
        items[i] if i is not None and same(old[i], value) else render(value)
        for i, value in zip(_sources(old, new), new, strict=True)
    ]
    return "[" + ", ".join(written) + "]"


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


def _moved_items(text: str, node: SequenceNode, old: Any, new: Any) -> tuple[int, int, str] | None:
    """The edit putting the items of the block list ``node`` in ``new``'s order; None if ``new`` changes more.

    Each item takes its lines along: the comment lines just above it, not indented deeper than
    its dash (nor the file's first line: the ``$schema`` line stays first), the comment at the end
    of its last line and the comment lines after it indented deeper than its dash. Blank lines stay.
    """
    if not (isinstance(old, list) and isinstance(new, list) and len(old) == len(new) == len(node.value)):
        return None
    order = _sources(old, new)
    if not all(i is not None and same(old[i], value) for i, value in zip(order, new, strict=True)):
        return None
    spans: list[tuple[int, int]] = []
    for item in node.value:
        start = text.rfind("\n", 0, item.start_mark.index) + 1
        opening = re.fullmatch(r"( *)- +", text[start : item.start_mark.index])
        if opening is None:
            return None  # the item does not open its line
        while start > 0:
            above = text.rfind("\n", 0, start - 1) + 1
            line = text[above:start]
            deeper = len(line) - len(line.lstrip(" ")) > len(opening[1])
            if above == 0 or deeper or not line.lstrip(" ").startswith("#"):
                break
            start = above
        end = _after_last_line(text, item)
        while re.match(rf" {{{len(opening[1]) + 1},}}#", text[end:]):  # comment lines inside the item
            end = text.find("\n", end) + 1 or len(text)
        spans.append((start, end - 1 if text[end - 1] == "\n" else end))
    if any(a[1] > b[0] for a, b in itertools.pairwise(spans)):
        return None
    pieces = []
    for k, i in enumerate(order):
        assert i is not None
        pieces.append(text[spans[i][0] : spans[i][1]])
        if k + 1 < len(spans):
            pieces.append(text[spans[k][1] : spans[k + 1][0]])
    return spans[0][0], spans[-1][1], "".join(pieces)


def _after_last_line(text: str, node: Node) -> int:
    """The index just after the last line of ``node``, the comment at its end included."""
    last = node
    while isinstance(last, MappingNode | SequenceNode) and last.value and not last.flow_style:
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


def _block(old: str, value: Any) -> str | None:
    """Write a string as a literal block scalar indented as ``old`` was, or None if it needs more care."""
    if not isinstance(value, str) or not value or value.startswith((" ", "\n")) or value.endswith("\n\n"):
        return None
    lines = old.split("\n")
    indent = next((line[: len(line) - len(line.lstrip(" "))] for line in lines[1:] if line.strip()), "  ")
    chomp, body = ("", value[:-1]) if value.endswith("\n") else ("-", value)
    out = f"|{chomp}\n" + "".join(f"{indent}{line}\n" if line else "\n" for line in body.split("\n"))
    return out if old.endswith("\n") else out[:-1]


def _get(data: Any, parts: Sequence[str | int]) -> Any:
    for part in parts:
        data = data[part]
    return data


def _node_at(node: Node, parts: Sequence[str | int]) -> Node | None:
    """The composed node at ``parts``, or None if the text does not hold it plainly."""
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
    return node


def _round_trip(text: str, new: Any) -> str:
    """Write ``new`` through ruamel, keeping the original lines wherever the round trip left them alone."""
    yaml = yaml_rt()
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
