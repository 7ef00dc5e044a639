"""Calls the workspace cannot carry out are refused with a WorkspaceError naming the file (and the field),
before anything changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ws_support import ref_of

from studio.workspace import Workspace, WorkspaceError


def test_replace_text_refuses_what_is_not_text(ws: Workspace, base_copy: Path) -> None:
    ref = ref_of(ws, "charm", "even_mult")
    text = ws.text(ref)
    not_text: Any = 42
    with pytest.raises(WorkspaceError, match=r"even_mult\.yaml: new text must be a str, not int"):
        ws.replace_text(ref, not_text)
    assert ws.text(ref) == text
    assert not ws.is_dirty(ref)
    ws.set_field(ref, ("cost",), 5)  # the file goes on working
    ws.save(ref)
    assert "cost: 5" in (base_copy / "charms" / "even_mult.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("json_path", "value", "reason"),
    [
        (
            ("abilities", 5, "trigger"),
            "hand",
            r"\$\.abilities\[5\]\.trigger not set: \$\.abilities has no item 5",
        ),
        (("cost", "max"), 1, r"\$\.cost\.max not set: \$\.cost is the number 4, which holds no fields"),
        (("abilities", "first"), 1, r"\$\.abilities\.first not set: \$\.abilities is a list"),
        (("abilities", 0, "effects", 3), {}, r"\$\.abilities\[0\]\.effects\[3\] not set: .* has no item 3"),
        ((), 1, r"\$ not set: the whole entry is a mapping, not the number 1; name a field"),
        (("cost",), {1, 2}, r"\$\.cost not set: a set cannot be written to YAML"),
    ],
)
def test_set_field_refuses_a_path_or_value_the_entry_cannot_hold(
    ws: Workspace, json_path: tuple[str | int, ...], value: Any, reason: str
) -> None:
    ref = ref_of(ws, "charm", "even_mult")
    text = ws.text(ref)
    with pytest.raises(WorkspaceError, match=r"even_mult\.yaml: " + reason):
        ws.set_field(ref, json_path, value)
    assert ws.text(ref) == text


def test_set_field_takes_a_tuple_as_a_list(ws: Workspace, base_copy: Path) -> None:
    ref = ref_of(ws, "charm", "even_mult")
    ws.set_field(ref, ("abilities", 0, "when", "ranks"), (2, 4))
    assert ws.data(ref)["abilities"][0]["when"]["ranks"] == [2, 4]
    assert "ranks: [2, 4]\n" in ws.text(ref)


def test_set_field_on_text_that_does_not_parse_says_so(ws: Workspace) -> None:
    ref = ref_of(ws, "charm", "even_mult")
    broken = ws.text(ref).replace("cost: 4", "cost: [4")
    ws.replace_text(ref, broken)
    with pytest.raises(
        WorkspaceError, match=r"even_mult\.yaml:\d+: \$\.cost not set: the text does not parse"
    ):
        ws.set_field(ref, ("cost",), 5)
    assert ws.text(ref) == broken


@pytest.mark.parametrize("ask", ["entries", "ids", "schema"])
def test_an_unknown_kind_is_refused_not_empty(ws: Workspace, ask: str) -> None:
    with pytest.raises(WorkspaceError, match=r"no kind 'charms' \(did you mean 'charm'\?\)"):
        getattr(ws, ask)("charms")


def test_the_kinds_a_reference_names_are_known(ws: Workspace) -> None:
    assert ws.ids("modifier") and ws.ids("behaviour") and ws.ids("charm")
    assert ws.entries("scenario") and ws.schema("scenario")
