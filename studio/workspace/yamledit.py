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
(``""``) do not; a new string is written as the file writes that field's strings
(:mod:`~studio.workspace.yaml_layout`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from studio.workspace.list_matching import moved
from studio.workspace.model import WorkspaceError
from studio.workspace.yaml_aliases import compose, pinned_aliases
from studio.workspace.yaml_blocks import block_scalar
from studio.workspace.yaml_flow import flow_items, flow_keys, flow_list
from studio.workspace.yaml_layout import Layout
from studio.workspace.yaml_lists import emptied, list_edit, list_round_trip
from studio.workspace.yaml_nodes import Alias, after_last_line, key_of, path_nodes
from studio.workspace.yaml_round_trip import round_trip, update
from studio.workspace.yaml_values import Parts, chose_quotes, dump, get, render, same, yaml_rt

__all__ = ["changes", "dump", "edit_text", "render", "same", "update", "yaml_rt"]


_BOM = "\ufeff"


def changes(old: Any, new: Any, parts: Parts = ()) -> Iterator[tuple[Parts, bool]]:
    """Yield (path, is_scalar_change) for each smallest place where ``new`` differs from ``old``.

    A list whose items moved is such a place as a whole: its items take their text along.
    """
    if same(old, new):
        return
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
        for key in old:
            yield from changes(old[key], new[key], (*parts, key))
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new) and not moved(old, new):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            yield from changes(a, b, (*parts, i))
    else:
        scalar = not isinstance(old, dict | list) and not isinstance(new, dict | list)
        yield parts, scalar


def edit_text(text: str, old: Any, new: Any, *, json_file: bool = False, kind: str = "") -> str:
    """Return ``text`` (whose data is ``old``) changed to hold ``new``, changing as few lines as possible.

    ``kind`` names the kind of entry the file holds: a new field the file has none of is laid out as
    the base game's files of that kind lay it out.
    """
    if same(old, new):
        return text
    if text.startswith(_BOM):  # the parser's marks do not count a byte order mark: edit without it
        return _BOM + edit_text(text[len(_BOM) :], old, new, json_file=json_file, kind=kind)
    if "\r\n" in text:  # Windows line endings: edit with plain ones, give them back
        return _edit(text.replace("\r\n", "\n"), old, new, json_file, kind).replace("\n", "\r\n")
    return _edit(text, old, new, json_file, kind)


def _edit(text: str, old: Any, new: Any, json_file: bool, kind: str) -> str:
    """``text`` changed to hold ``new``: in place where it can be, else through the round trip.

    Whatever writes it, the new text must read back as ``new``, or the edit is refused: broken or
    different text is never handed on to be stored.
    """
    if json_file:
        return json.dumps(new, indent=2, ensure_ascii=False) + "\n"
    try:
        placed = _in_place(text, old, new, kind)
    except YAMLError:  # a list's lines on their own may hold an alias whose anchor is elsewhere
        placed = None
    out = None
    if placed is not None:
        written, swapped = placed
        out = written if swapped or _reads_as(written, new) else None
    if out is None:
        out = _checked(lambda: round_trip(text, new), new)
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


def _in_place(text: str, old: Any, new: Any, kind: str) -> tuple[str, bool] | None:
    """``text`` with each changed spot rewritten where it stands, and whether every change only swapped
    a one-line scalar's value in a text without aliases (the oldest writer, which needs no reading
    back: a typed value is such an edit, and reading a long file back after each keystroke costs more
    than the edit); None if a change needs the round trip."""
    root, aliases = compose(text)
    if root is None:
        return None
    edits: list[tuple[int, int, str]] = []
    swapped = not aliases
    layout = Layout(root, kind)
    for parts, scalar in changes(old, new):
        edit = _edit_at(text, root, layout, parts, old, new, scalar)
        if edit is None:
            return None
        edits.append(edit)
        swapped = swapped and scalar and _one_line_scalar(root, parts)
    edits += pinned_aliases(text, root, aliases, edits, new)
    for start, end, replacement in sorted(set(edits), reverse=True):
        text = text[:start] + replacement + text[end:]
    return text, swapped


def _one_line_scalar(root: Node, parts: Parts) -> bool:
    """True if the node at ``parts`` is a scalar on one line, plain or quoted (not a block)."""
    nodes = path_nodes(root, parts)
    node = nodes[-1] if nodes else None
    return (
        isinstance(node, ScalarNode)
        and node.style not in ("|", ">")
        and node.start_mark.line == node.end_mark.line
    )


def _edit_at(
    text: str, root: Node, layout: Layout, parts: Parts, old: Any, new: Any, scalar: bool
) -> tuple[int, int, str] | None:
    """The edit writing ``new``'s value at ``parts`` over ``old``'s; None if it needs the round trip.

    A change reached through an alias (``*eff``) writes out that alias as its own new value: editing
    the anchored text would change every place that refers to it. A new value is written as the
    file writes that field (see :class:`~studio.workspace.yaml_layout.Layout`).
    """
    nodes = path_nodes(root, parts)
    if nodes is None:
        return None
    alias = next((k for k, n in enumerate(nodes) if isinstance(n, Alias)), None)
    if alias is not None:
        spot = nodes[alias]
        return spot.start_mark.index, spot.end_mark.index, render(get(new, parts[:alias]))
    node, was, value = nodes[-1], get(old, parts), get(new, parts)
    if isinstance(node, MappingNode) and not node.flow_style:  # keys added
        added = _added_keys(text, layout, parts, node, was, value)
        parent = nodes[-2] if len(nodes) > 1 else None
        if added is None and isinstance(parent, SequenceNode) and not parent.flow_style:
            return _item_replaced(text, root, layout, parts, node, new)
        return added
    if isinstance(node, SequenceNode) and not node.flow_style:  # items moved, added or removed
        if value == []:
            return emptied(text, root, parts)
        return list_edit(text, root, layout, parts, node, was, value) or list_round_trip(
            text, root, parts, value
        )
    if node is None or not (scalar or isinstance(node, ScalarNode) or getattr(node, "flow_style", False)):
        return None
    if isinstance(node, ScalarNode) and isinstance(value, dict | list) and not value:
        return None
    opened = _opened(root, layout, parts, node, value)
    if opened is not None:
        return opened
    start, end = node.start_mark.index, node.end_mark.index
    if isinstance(node, ScalarNode) and node.style in ("|", ">"):
        block = block_scalar(text[start:end], value)
        return None if block is None else (start, end, block)
    if isinstance(node, MappingNode) and isinstance(was, dict) and isinstance(value, dict):
        return flow_keys(text, layout, parts, node, was, value) or (start, end, layout.line(value, parts))
    if isinstance(node, SequenceNode) and isinstance(was, list) and isinstance(value, list):
        return flow_items(text, layout, parts, node, was, value) or (
            start,
            end,
            flow_list(text, layout, parts, node, was, value),
        )
    in_block = len(nodes) < 2 or not getattr(nodes[-2], "flow_style", False)
    if isinstance(node, ScalarNode) and node.style in ('"', "'") and chose_quotes(node.value, in_block):
        return start, end, render(value, node.style, in_block)  # the author's quotes
    if isinstance(value, dict | list):
        return start, end, layout.line(value, parts)
    if isinstance(node, ScalarNode) and not node.style and str(node.tag).endswith(":str"):
        return start, end, render(value, "", in_block)  # bare, as the value it replaces
    return start, end, layout.scalar(value, parts, in_block)


def _item_replaced(
    text: str, root: Node, layout: Layout, parts: Parts, node: MappingNode, new: Any
) -> tuple[int, int, str] | None:
    """The edit replacing a block list's mapping item that changed in more ways than keys added: an
    empty or plain value written on the item's own line (the round trip ran the next item's first two
    keys together on one line when an item above it was emptied), else its list's lines alone through
    the round trip."""
    value = get(new, parts)
    if not isinstance(value, dict | list) or not value:
        end = after_last_line(text, node)
        end -= 1 if text[end - 1 : end] == "\n" else 0
        return node.start_mark.index, end, layout.line(value, parts)
    return list_round_trip(text, root, parts[:-1], get(new, parts[:-1]))


def _added_keys(
    text: str, layout: Layout, parts: Parts, node: MappingNode, old: Any, new: Any
) -> tuple[int, int, str] | None:
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
    end = after_last_line(text, node)
    lines = "".join(
        f"{indent}{line}\n" for k in keys[len(old) :] for line in _key_lines(layout, (*parts, k), new[k])
    )
    return end, end, lines if text.endswith("\n") or end < len(text) else "\n" + lines.rstrip("\n")


def _key_lines(layout: Layout, parts: Parts, value: Any) -> list[str]:
    """The lines of the new ``key: value`` pair at ``parts`` of a block mapping, not yet indented: a
    list or mapping with items over lines unless its field is written on one line."""
    if isinstance(value, dict | list) and value and not layout.flow(parts):
        return layout.lines(value, parts, keyed=True)
    if isinstance(value, dict | list):
        return [f"{render(str(parts[-1]), block=True)}: {layout.line(value, parts)}"]
    return [f"{render(str(parts[-1]), block=True)}: {layout.scalar(value, parts, block=True)}"]


def _opened(root: Node, layout: Layout, parts: Parts, node: Node, value: Any) -> tuple[int, int, str] | None:
    """The edit writing ``value`` over lines, with its key, in place of the empty ``[]`` or ``{}``
    ``node`` of a block mapping, if its field is written over lines (a new ability's ``effects: []``
    given its first effect); None if not."""
    empty = isinstance(node, MappingNode | SequenceNode) and node.flow_style and not node.value
    if not (empty and isinstance(value, dict | list) and value and layout.flow(parts) is False):
        return None
    found = key_of(root, parts)
    if found is None or found[1] is not node:
        return None
    key = found[0]
    lines = _key_lines(layout, parts, value)
    indent = "\n" + " " * key.start_mark.column
    return key.start_mark.index, node.end_mark.index, indent.join(lines)
