"""Text edits keep every line that did not change, over every file of the base game."""

from __future__ import annotations

import copy
import difflib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML
from ruamel.yaml.nodes import MappingNode, SequenceNode
from ws_support import changed_lines

from studio.workspace import WorkspaceError
from studio.workspace.yamledit import edit_text, render

CONTENT = Path(__file__).resolve().parents[2] / "content"
FILES = sorted(CONTENT.rglob("*.yaml"))


def leaves(data: Any, parts: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every scalar of a document, with its path."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield from leaves(v, (*parts, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from leaves(v, (*parts, i))
    else:
        yield parts, data


def lines_of(text: str, parts: tuple[Any, ...]) -> tuple[int, int]:
    """The 0-based first line and the line after the last line of the node at ``parts``."""
    node = YAML(typ="safe").compose(text)
    for part in parts:
        if isinstance(part, int):
            node = node.value[part]
        else:
            node = next(v for k, v in node.value if k.value == str(part))
    end = node.end_mark
    return node.start_mark.line, end.line + (1 if end.column else 0)


def changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 1
    return f"{value} and more: #1"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(CONTENT).as_posix())
def test_changing_any_scalar_changes_only_its_line(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    data = YAML(typ="safe").load(text)
    for parts, value in list(leaves(data))[:12]:
        new = copy.deepcopy(data)
        node = new
        for part in parts[:-1]:
            node = node[part]
        node[parts[-1]] = changed(value)
        out = edit_text(text, data, new)
        assert YAML(typ="safe").load(out) == new, parts
        first, last = lines_of(text, parts)
        lines, out_lines = text.splitlines(), out.splitlines()
        assert out_lines[:first] == lines[:first], parts
        assert out_lines[len(out_lines) - (len(lines) - last) :] == lines[last:], parts


def test_a_block_scalar_stays_a_block() -> None:
    text = "id: x\ndescription: |-\n  Two lines\n  of text.\nname: X  # kept\n"
    data = YAML(typ="safe").load(text)
    out = edit_text(text, data, {**data, "description": "One line\nand another"})
    assert out == "id: x\ndescription: |-\n  One line\n  and another\nname: X  # kept\n"


@pytest.mark.parametrize(
    ("text", "value", "written"),
    [
        (  # wrapped again at the old width: only the line that changed changes
            ">-\n  A long description the author\n  wrapped by hand at thirty columns.\n",
            "A long description the author wrapped by hand at forty columns.",
            ">-\n  A long description the author\n  wrapped by hand at forty columns.\n",
        ),
        (  # a line break is a blank line; the clipping, the indentation indicator and the comment stay
            ">2  # the text\n  Two lines of text,\n  wrapped.\n",
            "One line\nand another\n",
            ">2  # the text\n  One line\n\n  and another\n",
        ),
        (  # never wrapped by its author: left unwrapped
            ">-\n  short\n",
            "a somewhat longer line than the one before it",
            ">-\n  a somewhat longer line than the one before it\n",
        ),
        (  # white space folding would lose: literal
            ">-\n  Two lines\n  of text.\n",
            "indented \n  text",
            "|-\n  indented \n    text\n",
        ),
    ],
)
def test_a_folded_block_scalar_stays_folded(text: str, value: str, written: str) -> None:
    text, written = f"id: x\ndescription: {text}name: X\n", f"id: x\ndescription: {written}name: X\n"
    data = YAML(typ="safe").load(text)
    out = edit_text(text, data, {**data, "description": value})
    assert out == written
    assert YAML(typ="safe").load(out)["description"] == value


def test_removing_and_adding_block_entries_touch_only_their_lines() -> None:
    text = (CONTENT / "charms" / "jackknife.yaml").read_text(encoding="utf-8")
    data = YAML(typ="safe").load(text)
    fewer = copy.deepcopy(data)
    del fewer["abilities"][0]["when"]
    out = edit_text(text, data, fewer)
    assert changed_lines(text, out) == ["-    when:", "-      ranks: [J]"]
    more = copy.deepcopy(data)
    more["abilities"][1]["effects"].append({"kind": "money", "amount": 1})
    out = edit_text(text, data, more)
    assert YAML(typ="safe").load(out) == more
    assert [line for line in changed_lines(text, out) if line.startswith("-")] == []


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("plain words", "plain words"),
        ("a: colon", '"a: colon"'),
        ("true", '"true"'),
        ("12", '"12"'),
        ("", '""'),
        (2.0, "2"),
        (1.5, "1.5"),
        (None, "null"),
        ([1, "x y"], "[1, x y]"),
        ({"n": 1, "in": 2}, "{n: 1, in: 2}"),
    ],
)
def test_values_are_written_so_they_read_back_the_same(value: Any, written: str) -> None:
    assert render(value) == written
    assert YAML(typ="safe").load(f"k: {written}")["k"] == value


def _moved(data: Any, parts: tuple[Any, ...], order: tuple[int, ...]) -> Any:
    """A copy of ``data`` with the list at ``parts`` put in ``order`` (the index each item comes from)."""
    new = copy.deepcopy(data)
    items = new
    for part in parts:
        items = items[part]
    items[:] = [items[i] for i in order]
    return new


JACKKNIFE_MOVED = """\
abilities:
  - trigger: hand
    effects:
      - {kind: xmult, amount: 0.5, per: counter}  # X(1 + 0.5 x counter)
  # Each discarded Jack adds X0.5 Mult until the end of the round.
  - trigger: discard
    when:
      ranks: [J]
    effects:
      - {kind: grow, amount: 1}
  - trigger: end_of_round
"""


def test_a_moved_item_takes_its_comments_key_order_and_style_and_moving_back_gives_the_text_back() -> None:
    text = (CONTENT / "charms" / "jackknife.yaml").read_text(encoding="utf-8")
    data = YAML(typ="safe").load(text)
    moved = _moved(data, ("abilities",), (1, 0, 2))
    out = edit_text(text, data, moved)
    assert JACKKNIFE_MOVED in out
    assert out.splitlines()[:5] == text.splitlines()[:5]  # the $schema line and the rest stay
    assert edit_text(out, moved, data) == text


def test_swapped_effects_keep_their_own_comments() -> None:
    text = (
        "abilities:\n"
        "  - trigger: hand\n"
        "    effects:\n"
        "      - {kind: mult, amount: 4}  # four\n"
        "      - {kind: chips, amount: 10}  # ten\n"
        "      - {kind: xmult, amount: 2, per: counter}  # two\n"
    )
    data = YAML(typ="safe").load(text)
    for order in ((1, 0, 2), (2, 1, 0)):
        moved = _moved(data, ("abilities", 0, "effects"), order)
        out = edit_text(text, data, moved)
        assert YAML(typ="safe").load(out) == moved
        lines = text.splitlines()
        assert out.splitlines()[3:] == [lines[3 + i] for i in order]
        assert edit_text(out, moved, data) == text


def test_the_comment_lines_just_above_an_item_go_with_it() -> None:
    text = (
        "# the file's header\n"
        "- name: first\n"
        "  events:\n"
        "    - a\n"
        "    # still about the first\n"
        "# about the second\n"
        "- name: second\n"
    )
    data = YAML(typ="safe").load(text)
    moved = _moved(data, (), (1, 0))
    out = edit_text(text, data, moved)
    assert out == (
        "# the file's header\n"
        "# about the second\n"
        "- name: second\n"
        "- name: first\n"
        "  events:\n"
        "    - a\n"
        "    # still about the first\n"
    )
    assert edit_text(out, moved, data) == text


def test_a_moved_item_of_a_flow_list_keeps_its_quotes() -> None:
    text = 'expect:\n  scoring: ["KH", "10H:glass", 6H-ish]\n'
    data = YAML(typ="safe").load(text)
    moved = _moved(data, ("expect", "scoring"), (2, 0, 1))
    out = edit_text(text, data, moved)
    assert out == 'expect:\n  scoring: [6H-ish, "KH", "10H:glass"]\n'
    assert edit_text(out, moved, data) == text


def test_the_round_trip_moves_the_items_themselves() -> None:
    """A move made with an edit only the round trip can write (a key removed) moves ruamel's nodes."""
    text = (CONTENT / "charms" / "jackknife.yaml").read_text(encoding="utf-8")
    data = YAML(typ="safe").load(text)
    moved = _moved(data, ("abilities",), (1, 0, 2))
    del moved["cost"]
    out = edit_text(text, data, moved)
    assert YAML(typ="safe").load(out) == moved
    assert "      - {kind: xmult, amount: 0.5, per: counter}  # X(1 + 0.5 x counter)\n" in out
    discard = (
        "  - trigger: discard\n    when:\n      ranks: [J]\n    effects:\n      - {kind: grow, amount: 1}\n"
    )
    assert discard in out


def lists_in(data: Any, parts: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every list of two items or more."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield from lists_in(v, (*parts, k))
    elif isinstance(data, list):
        if len(data) > 1:
            yield parts
        for i, v in enumerate(data):
            yield from lists_in(v, (*parts, i))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(CONTENT).as_posix())
def test_swapping_two_items_and_back_gives_the_very_text_back(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    data = YAML(typ="safe").load(text)
    for parts in list(lists_in(data))[:3]:
        moved = _moved(data, parts, (1, 0, *range(2, len(_get(data, parts)))))
        out = edit_text(text, data, moved)
        assert YAML(typ="safe").load(out) == moved, parts
        assert edit_text(out, moved, data) == text, parts


def _get(data: Any, parts: tuple[Any, ...]) -> Any:
    for part in parts:
        data = data[part]
    return data


def test_typing_through_an_empty_value_leaves_no_quotes_it_needed() -> None:
    text = (CONTENT / "charms" / "pair_mult.yaml").read_text(encoding="utf-8")
    data = YAML(typ="safe").load(text)
    now, was = text, data
    for name in ("", "D", "Do", "Double Trouble"):
        typed = {**was, "name": name}
        now, was = edit_text(now, was, typed), typed
    assert now == text


@pytest.mark.parametrize(
    ("text", "name", "written"),
    [
        ('name: "Double Trouble"\ncost: 4\n', "Double Troubles", 'name: "Double Troubles"'),  # the author's
        ("name: 'Double Trouble'\ncost: 4\n", "Don't", "name: 'Don''t'"),  # single quotes stay single
        ('name: ""\ncost: 4\n', "D", "name: D"),  # the old value's need
        ('name: ""\ncost: 4\n', "true", 'name: "true"'),  # the new value's need
    ],
)
def test_quotes_stay_when_the_author_chose_them(text: str, name: str, written: str) -> None:
    data = YAML(typ="safe").load(text)
    assert edit_text(text, data, {**data, "name": name}).splitlines()[0] == written
    through_round_trip = edit_text(text, data, {"name": name})  # the cost removed as well
    assert through_round_trip.splitlines()[0] in (written, written.replace('"', "'"))


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_byte_order_mark_stays_and_moves_no_edit(newline: str) -> None:
    text = "\ufeffid: x\ncost: 5\nranks: [A, K]\n".replace("\n", newline)
    data = YAML(typ="safe").load(text)
    out = edit_text(text, data, {**data, "cost": 6, "ranks": ["A", "Q"]})
    assert out == "\ufeffid: x\ncost: 6\nranks: [A, Q]\n".replace("\n", newline)


HAND = CONTENT / "tests" / "charms_hand.yaml"
PAIR_SCENARIO = (
    "# pair 10 x 2; AS +11, AH +11 -> 32 x 2; pair_mult +8 -> 32 x 10 = 320\n"
    "- name: pair_mult adds +8 Mult when the hand is a Pair\n"
    '  played: "AS AH"\n'
    "  charms: [pair_mult]\n"
    "  expect:\n"
    "    hand_type: pair\n"
    "    points: 32\n"
    "    mult: 10\n"
    "    total: 320\n"
    "\n"
)


def test_a_removed_item_takes_its_own_comments_and_leaves_the_next_ones() -> None:
    text = HAND.read_text(encoding="utf-8")
    data = YAML(typ="safe").load(text)
    assert PAIR_SCENARIO in text
    out = edit_text(text, data, [item for i, item in enumerate(data) if i != 1])
    assert out == text.replace(PAIR_SCENARIO, "", 1)


@pytest.mark.parametrize(
    ("gone", "left"),
    [
        ((0,), "k:\n  # b\n  - b\n\n  - c  # c\nz: 1\n"),
        ((1,), "k:\n  # a\n  - a\n\n  - c  # c\nz: 1\n"),
        ((2,), "k:\n  # a\n  - a\n\n  # b\n  - b\nz: 1\n"),
        ((0, 1), "k:\n  - c  # c\nz: 1\n"),
        ((1, 2), "k:\n  # a\n  - a\nz: 1\n"),
        ((0, 1, 2), "k: []\nz: 1\n"),
    ],
)
def test_removed_items_go_with_their_lines_and_leave_one_blank_line_between_the_rest(
    gone: tuple[int, ...], left: str
) -> None:
    text = "k:\n  # a\n  - a\n\n  # b\n  - b\n\n  - c  # c\nz: 1\n"
    data = YAML(typ="safe").load(text)
    out = edit_text(text, data, {**data, "k": [v for i, v in enumerate(data["k"]) if i not in gone]})
    assert out == left


def test_the_last_item_of_a_file_without_a_final_newline_is_removed_with_its_line() -> None:
    text = "id: x\neffects:\n- kind: mult\n  amount: 4\n- kind: chips\n  amount: 10"
    data = YAML(typ="safe").load(text)
    out = edit_text(text, data, {**data, "effects": data["effects"][:1]})
    assert out == "id: x\neffects:\n- kind: mult\n  amount: 4"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(CONTENT).as_posix())
def test_removing_any_item_of_a_block_list_only_takes_lines_out(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    data = YAML(typ="safe").load(text)
    for parts in [p for p in block_lists(text) if len(_get(data, p)) > 1][:4]:
        for i in {0, 1, len(_get(data, parts)) - 1}:  # the first, one inside, the last
            fewer = copy.deepcopy(data)
            del _get(fewer, parts)[i]
            out = edit_text(text, data, fewer)
            assert YAML(typ="safe").load(out) == fewer, (parts, i)
            ops = difflib.SequenceMatcher(
                None, text.splitlines(), out.splitlines(), autojunk=False
            ).get_opcodes()
            assert {op[0] for op in ops} <= {"equal", "delete"}, (parts, i)


def block_lists(text: str) -> Iterator[tuple[Any, ...]]:
    """The path of every block-style list of a text."""
    todo: list[tuple[tuple[Any, ...], Any]] = [((), YAML(typ="safe").compose(text))]
    while todo:
        parts, node = todo.pop(0)
        if isinstance(node, MappingNode):
            todo += [((*parts, k.value), v) for k, v in node.value]
        elif isinstance(node, SequenceNode):
            if not node.flow_style:
                yield parts
            todo += [((*parts, i), v) for i, v in enumerate(node.value)]


def _appended(text: str, parts: tuple[Any, ...], *items: Any) -> tuple[str, Any]:
    """``text`` with ``items`` added to the list at ``parts``, and the data it should hold."""
    data = YAML(typ="safe").load(text)
    more = copy.deepcopy(data)
    _get(more, parts).extend(items)
    out = edit_text(text, data, more)
    assert YAML(typ="safe").load(out) == more
    return out, more


def test_an_added_event_is_one_line_after_the_last() -> None:
    text = HAND.read_text(encoding="utf-8")
    event = {"step": "hand", "source": "plain_mult", "points": 16, "mult": 6}
    out, _ = _appended(text, (0, "expect", "events"), event)
    last = "      - {step: hand, source: plain_mult, points: 16, mult: 5}\n"
    assert out == text.replace(
        last, last + "      - {step: hand, source: plain_mult, points: 16, mult: 6}\n", 1
    )


@pytest.mark.parametrize(
    ("text", "added"),
    [
        (  # four spaces, three after the dash; a key with trailing spaces stays as it is
            "name: Four   \nabilities:\n    -   trigger: hand\n        effects:\n"
            "            -   kind: mult\n                amount: 4\n",
            "            -   kind: mult\n                amount: 7\n",
        ),
        (  # dashes at their key's column
            "abilities:\n- trigger: hand\n  effects:\n  - kind: mult\n    amount: 4\n",
            "  - kind: mult\n    amount: 7\n",
        ),
        (  # a flow mapping and a plain scalar over two lines elsewhere in the file
            "info: {a: 1,\n  b: 2}\ntext: a long\n  plain scalar\nabilities:\n  - trigger: hand\n"
            "    effects:\n      - {kind: mult, amount: 4}  # four\n",
            "      - {kind: mult, amount: 7}\n",
        ),
    ],
)
def test_an_added_item_copies_the_last_items_layout_and_leaves_every_other_line(
    text: str, added: str
) -> None:
    out, _ = _appended(text, ("abilities", 0, "effects"), {"kind": "mult", "amount": 7})
    assert out == text + added


def test_an_item_added_to_a_file_without_a_final_newline_adds_none() -> None:
    text = "id: x\neffects:\n  - kind: mult\n    amount: 4"
    out, _ = _appended(text, ("effects",), {"kind": "mult", "amount": 7})
    assert out == text + "\n  - kind: mult\n    amount: 7"


def test_an_added_item_with_nested_values_is_indented_as_the_file_is() -> None:
    text = "abilities:\n    -   trigger: hand\n        when:\n            ranks:\n                -   A\n"
    out, _ = _appended(text, ("abilities",), {"trigger": "hand", "when": {"ranks": ["K", "Q"]}})
    assert (
        out
        == text
        + "    -   trigger: hand\n        when:\n            ranks:\n                -   K\n                -   Q\n"
    )


def test_an_added_scenario_comes_after_a_blank_line_and_before_the_end_of_file_comment() -> None:
    text = (
        "# my tests\n\n- name: first\n  played: AS\n  expect:\n    total: 16\n\n"
        "# the second\n- name: second\n  played: AH\n  expect:\n    total: 16\n# the end\n"
    )
    out, _ = _appended(text, (), {"name": "third", "played": "AD", "expect": {"total": 16}})
    third = "\n- name: third\n  played: AD\n  expect:\n    total: 16\n"
    assert out == text.replace("# the end\n", third + "# the end\n")


def test_a_list_changed_in_more_ways_goes_through_the_round_trip_alone() -> None:
    """An item changed and one added: only the list's lines are written by ruamel, in the file's indentation."""
    text = (
        "info: {a: 1,\n    b: 2}\nname: Four   \nabilities:\n    -   trigger: hand  # hand\n        effects:\n"
        "            -   kind: mult  # four\n                amount: 4\ncost: 5\n"
    )
    data = YAML(typ="safe").load(text)
    new = copy.deepcopy(data)
    new["abilities"][0]["trigger"] = "discard"
    new["abilities"].append({"trigger": "hand", "effects": [{"kind": "chips", "amount": 10}]})
    out = edit_text(text, data, new)
    assert YAML(typ="safe").load(out) == new
    lines = out.splitlines()
    assert lines[:4] == text.splitlines()[:4] and lines[-1] == "cost: 5"
    assert lines[4].startswith("    -   trigger: discard") and lines[4].endswith("# hand")
    assert lines[6:8] == ["            -   kind: mult  # four", "                amount: 4"]


@pytest.mark.parametrize("emptied", [{}, [], None, "gone"])
def test_an_item_of_a_block_list_emptied_is_written_on_its_own_line(emptied: Any) -> None:
    """The comment above it stays; ruamel's round trip ran the next item's first two keys together
    (``- trigger: hand effects:``), a text that does not read back, so the edit was refused."""
    text = (
        "abilities:\n  # grows on straights\n  - trigger: before\n    when:\n      contains: straight\n"
        "    effects:\n      - {kind: grow, amount: 1}\n  - trigger: hand\n    effects:\n"
        "      - {kind: points, amount: 15, per: counter}\n"
    )
    data = YAML(typ="safe").load(text)
    new = copy.deepcopy(data)
    new["abilities"][0] = emptied
    out = edit_text(text, data, new)
    assert YAML(typ="safe").load(out) == new
    lines = out.splitlines()
    assert lines[:2] == ["abilities:", "  # grows on straights"] and lines[3:] == text.splitlines()[7:]


@pytest.mark.parametrize(
    ("block", "empty"),
    [
        ("  # keeps 5 Points\n  - trigger: hand\n    effects: []\n", []),
        ("  # only pairs\n  contains: pair\n", {}),
    ],
    ids=["list", "mapping"],
)
def test_a_commented_block_emptied_among_other_changes_is_written(block: str, empty: Any) -> None:
    """The comment above the first item goes with the items: kept, ruamel wrote it between the key and
    its ``[]``, or the next key on the line before, a text that does not read back (the edit was refused)."""
    text = f"cost: 5\nabilities:\n{block}name: Hiker\n"
    data = YAML(typ="safe").load(text)
    new = {**data, "abilities": empty, "art": "hiker.png"}
    out = edit_text(text, data, new)
    assert out == f"cost: 5\nabilities: {json.dumps(empty)}\nname: Hiker\nart: hiker.png\n"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(CONTENT).as_posix())
def test_adding_an_item_to_any_block_list_only_adds_lines(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    data = YAML(typ="safe").load(text)
    for parts in list(block_lists(text))[:4]:
        out, _ = _appended(text, parts, copy.deepcopy(_get(data, parts)[-1]))
        ops = difflib.SequenceMatcher(None, text.splitlines(), out.splitlines(), autojunk=False).get_opcodes()
        assert {op[0] for op in ops} <= {"equal", "insert"}, parts


DASH_ALONE = """\
id: zz_dash
name: Dash
abilities:
  - trigger: hand
    effects:
      # first effect
      - {kind: mult, amount: 4}  # four
      -   # after dash
        kind: mult
        amount: 2
"""


def test_an_item_whose_dash_stands_alone_is_followed_by_the_new_one() -> None:
    out, _ = _appended(DASH_ALONE, ("abilities", 0, "effects"), {"kind": "mult", "amount": 7})
    assert out == DASH_ALONE + "      - kind: mult\n        amount: 7\n"


def test_an_edit_whose_text_would_not_read_back_is_refused() -> None:
    """The round trip writes this file's items so they no longer parse: the edit is refused, not stored."""
    data = YAML(typ="safe").load(DASH_ALONE)
    new = copy.deepcopy(data)
    new["abilities"][0]["effects"].append({"kind": "mult", "amount": 7})
    del new["name"]  # a key removed: the round trip's work
    with pytest.raises(WorkspaceError, match="cannot be written"):
        edit_text(DASH_ALONE, data, new)


ALIASED = "base: &b\n  kind: mult\n  amount: 4\neffects:\n  - {kind: chips, amount: 5}\n  - *b  # the base\n"


def _unshared(data: Any) -> Any:
    """A copy of ``data`` in which no two places share an object (as an alias's data would)."""
    return json.loads(json.dumps(data))


def test_a_change_made_through_an_alias_writes_out_that_alias_alone() -> None:
    data = YAML(typ="safe").load(ALIASED)
    new = _unshared(data)
    new["effects"][1]["amount"] = 3
    out = edit_text(ALIASED, data, new)
    assert out == ALIASED.replace("  - *b  # the base", "  - {kind: mult, amount: 3}  # the base")


def test_a_change_to_an_anchored_node_leaves_its_aliases_their_value() -> None:
    data = YAML(typ="safe").load(ALIASED)
    new = _unshared(data)
    new["base"]["amount"] = 3
    out = edit_text(ALIASED, data, new)
    assert out == ALIASED.replace("amount: 4", "amount: 3").replace("*b", "{kind: mult, amount: 4}")


def test_an_alias_item_moves_with_its_own_line() -> None:
    data = YAML(typ="safe").load(ALIASED)
    moved = _moved(data, ("effects",), (1, 0))
    out = edit_text(ALIASED, data, moved)
    assert out == ALIASED.replace(
        "  - {kind: chips, amount: 5}\n  - *b  # the base\n",
        "  - *b  # the base\n  - {kind: chips, amount: 5}\n",
    )
    assert edit_text(out, moved, data) == ALIASED


def test_an_alias_moved_before_its_anchor_still_reads_back() -> None:
    text = (
        "abilities:\n  - trigger: hand\n    effects:\n      - &eff {kind: mult, amount: 4}\n"
        "  - trigger: discard\n    effects:\n      - *eff\n"
    )
    data = YAML(typ="safe").load(text)
    moved = _moved(data, ("abilities",), (1, 0))
    assert YAML(typ="safe").load(edit_text(text, data, moved)) == moved


FLOW_OVER_LINES = "effects:\n  - {kind: mult,   # the kind\n     amount: 4,  # four\n     every: 5}  # end\n"


@pytest.mark.parametrize(
    ("change", "written"),
    [
        (
            lambda e: e.update(up_to=20),
            "  - {kind: mult,   # the kind\n     amount: 4,  # four\n     every: 5, up_to: 20}  # end\n",
        ),
        (lambda e: e.pop("kind"), "  - {amount: 4,  # four\n     every: 5}  # end\n"),
        (lambda e: e.pop("amount"), "  - {kind: mult,   # the kind\n     every: 5}  # end\n"),
        (lambda e: e.pop("every"), "  - {kind: mult,   # the kind\n     amount: 4  # four\n     }  # end\n"),
    ],
    ids=["added", "first removed", "inner removed", "last removed"],
)
def test_a_key_added_to_or_removed_from_a_flow_mapping_over_lines_keeps_its_comments(
    change: Any, written: str
) -> None:
    data = YAML(typ="safe").load(FLOW_OVER_LINES)
    new = copy.deepcopy(data)
    change(new["effects"][0])
    out = edit_text(FLOW_OVER_LINES, data, new)
    assert out == "effects:\n" + written
    assert YAML(typ="safe").load(out) == new


def test_an_item_added_to_or_removed_from_a_flow_list_over_lines_keeps_its_comments() -> None:
    text = "ranks: ['A',   # the ace\n        K,\n        Q]  # end\n"
    data = YAML(typ="safe").load(text)
    out = edit_text(text, data, {"ranks": ["A", "K", "Q", "J"]})
    assert out == "ranks: ['A',   # the ace\n        K,\n        Q, J]  # end\n"
    out = edit_text(text, data, {"ranks": ["A", "Q"]})
    assert out == "ranks: ['A',   # the ace\n        Q]  # end\n"


def test_a_list_whose_lines_ruamel_cannot_read_alone_is_written_through_the_whole_round_trip() -> None:
    """The list's own lines hold an alias whose anchor stands before them: not a raw ruamel error."""
    text = "base: &b {kind: mult, amount: 4}\neffects:\n  - *b\n  - {kind: chips, amount: 5}  # five\nz: 1\n"
    data = YAML(typ="safe").load(text)
    new = _unshared(data)
    new["effects"][1]["amount"] = 6
    new["effects"].append({"kind": "x"})
    out = edit_text(text, data, new)
    assert YAML(typ="safe").load(out) == new
    assert out.startswith("base: &b {kind: mult, amount: 4}\neffects:\n  - *b\n")
