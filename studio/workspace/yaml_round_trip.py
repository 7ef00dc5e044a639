"""The ruamel round trip: a file's text written to hold new data, keeping the lines it leaves alone.
It writes what the in-place edits cannot, a whole file or one block list's lines.
"""

from __future__ import annotations

import difflib
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import (
    DoubleQuotedScalarString,
    PlainScalarString,
    ScalarString,
    SingleQuotedScalarString,
)

from studio.workspace.list_matching import sources
from studio.workspace.yaml_values import chose_quotes, dump, same, yaml_rt, yaml_with


def round_trip(text: str, new: Any, indents: tuple[int, int, int] | None = None) -> str:
    """Write ``new`` through ruamel, keeping the original lines wherever the round trip left them alone."""
    yaml = yaml_rt() if indents is None else yaml_with(indents)
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
        if not new:
            tree.ca.comment = None
        for key, value in new.items():
            if key in tree and not same(_plain(tree[key]), value):
                tree[key] = update(tree[key], value)
                if value in ([], {}) and len(tree.ca.items.get(key, ())) > 3:  # comments above its first
                    tree.ca.items[key][3] = None  # item go with the items (ruamel holds them here too)
            elif key not in tree:
                tree[key] = value
        return tree
    if isinstance(tree, CommentedSeq) and isinstance(new, list):
        old, comments = list(tree), dict(tree.ca.items)  # a comment on an item's line is the list's, by index
        list.clear(tree)
        tree.ca.items.clear()
        if not new:  # the comment above the first item goes with the items: ruamel would write it
            tree.ca.comment = None  # between the key and its [], which then no longer reads back
        for j, (i, value) in enumerate(zip(sources([_plain(v) for v in old], new), new, strict=True)):
            if i is None:
                tree.append(value)
                continue
            tree.append(old[i] if same(_plain(old[i]), value) else update(old[i], value))
            if i in comments:
                tree.ca.items[j] = comments[i]
        return tree
    if isinstance(tree, ScalarString) and isinstance(new, str):
        if isinstance(tree, DoubleQuotedScalarString | SingleQuotedScalarString) and not chose_quotes(tree):
            return PlainScalarString(new)  # as plain as it reads back: the quotes were the old value's need
        return type(tree)(new)
    return new


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
