"""A value the editor writes looks like the values beside it: the quotes the file's strings of that
field wear, else none where YAML reads the value back as the same string."""

from __future__ import annotations

import pytest
from ws_support import ref_of

from studio.workspace import Workspace
from studio.workspace.yamledit import render


def saved_lines(ws: Workspace, kind: str, entry_id: str) -> list[str]:
    """The entry saved, its file's lines read back from the disk."""
    ref = ref_of(ws, kind, entry_id)
    ws.save(ref)
    return ref.path.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize(
    ("typed", "line"),
    [
        ("10H 10S:lucky", "played: 10H 10S:lucky"),  # bare, as the file writes its cards
        ("AS:gold_seal AH", "played: AS:gold_seal AH"),
        ("10", 'played: "10"'),  # YAML would read a bare 10 as a number
        ("AS # a pair", 'played: "AS # a pair"'),  # and a bare " #" as a comment
    ],
)
def test_typed_cards_are_bare_where_the_file_writes_them_bare(ws: Workspace, typed: str, line: str) -> None:
    ws.create("scenario", "my_pair", "base")  # its cards are written bare: played: AS
    ws.set_field(ref_of(ws, "scenario", "my_pair"), ("played",), typed)
    assert line in saved_lines(ws, "scenario", "my_pair")
    assert ws.data(ref_of(ws, "scenario", "my_pair"))["played"] == typed


def test_new_cards_wear_the_quotes_the_files_cards_wear(ws: Workspace) -> None:
    """bosses.yaml quotes every card (``played: "AS AH"``, ``held: "5C:steel"``)."""
    ref = ref_of(ws, "scenario", "bosses")
    assert "held" not in ws.data(ref)[0]
    ws.set_field(ref, (0, "held"), "KD")  # a new key
    ws.set_field(ref, (0, "played"), "")  # typed over: the quotes "" needs are not the file's choice
    ws.set_field(ref, (0, "played"), "KS")
    lines = saved_lines(ws, "scenario", "bosses")
    assert '  played: "KS"' in lines and '  held: "KD"' in lines


def test_a_bare_card_needs_quotes_in_brackets_only() -> None:
    assert render("AS:lucky AH", block=True) == "AS:lucky AH"  # a block mapping's value
    assert render("AS:lucky AH") == '"AS:lucky AH"'  # in brackets, YAML's reader stops at the colon
    assert render("10H") == "10H"
    assert render("x, y", block=True) == "x, y" and render("x, y") == '"x, y"'


def test_a_new_list_is_laid_out_as_the_base_game_lays_that_field_out(ws: Workspace) -> None:
    """The Arm has no modifiers; every boss's modifiers are one line each in a list over lines."""
    ref = ref_of(ws, "boss", "arm")
    ws.set_field(ref, ("modify",), [{"value": "hand_size", "add": -1}])
    ws.set_field(ref, ("modify",), [{"value": "hand_size", "add": -1}, {"value": "hands", "add": 1}])
    text = "\n".join(saved_lines(ws, "boss", "arm"))
    assert text.endswith("modify:\n  - {value: hand_size, add: -1}\n  - {value: hands, add: 1}")


def test_a_first_item_opens_an_empty_list_as_the_file_writes_that_field(ws: Workspace) -> None:
    """A new ability starts with ``effects: []``; its first effect is written as the other abilities'
    effects are: one line each, in a list over lines."""
    ref = ref_of(ws, "charm", "money_mult")
    ability = {"trigger": "before", "effects": []}
    ws.set_field(ref, ("abilities",), [*ws.data(ref)["abilities"], ability])
    ws.set_field(ref, ("abilities", 1, "effects"), [{"kind": "points", "amount": 30}])
    text = "\n".join(saved_lines(ws, "charm", "money_mult"))
    assert text.endswith("  - trigger: before\n    effects:\n      - {kind: points, amount: 30}")


def test_a_new_scenario_writes_its_lists_as_the_files_scenarios_do(ws: Workspace) -> None:
    ref = ref_of(ws, "scenario", "rules")
    scenario = {
        "name": "a pair with two charms",
        "played": "KS KH",
        "charms": ["pair_mult", {"id": "plain_mult", "edition": "foil"}],
        "expect": {"total": 1, "events": [{"step": "hand", "source": "pair_mult", "mult": 10}]},
    }
    ws.replace(ref, [*ws.data(ref), scenario])
    text = "\n".join(saved_lines(ws, "scenario", "rules"))
    assert text.endswith(
        '- name: a pair with two charms\n  played: "KS KH"\n'
        "  charms: [pair_mult, {id: plain_mult, edition: foil}]\n"
        "  expect:\n    total: 1\n    events:\n      - {step: hand, source: pair_mult, mult: 10}"
    )
