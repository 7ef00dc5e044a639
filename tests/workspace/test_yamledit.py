"""Text edits keep every line that did not change, over every file of the base game."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML
from ws_support import changed_lines

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
    text = "id: x\ndescription: >-\n  Two lines\n  of text.\nname: X  # kept\n"
    data = YAML(typ="safe").load(text)
    out = edit_text(text, data, {**data, "description": "One line\nand another"})
    assert out == "id: x\ndescription: |-\n  One line\n  and another\nname: X  # kept\n"


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
        ('name: ""\ncost: 4\n', "D", "name: D"),  # the old value's need
        ('name: ""\ncost: 4\n', "true", 'name: "true"'),  # the new value's need
    ],
)
def test_quotes_stay_when_the_author_chose_them(text: str, name: str, written: str) -> None:
    data = YAML(typ="safe").load(text)
    assert edit_text(text, data, {**data, "name": name}).splitlines()[0] == written
    through_round_trip = edit_text(text, data, {"name": name})  # the cost removed as well
    assert through_round_trip.splitlines()[0].replace("'", '"') == written
