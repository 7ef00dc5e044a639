"""Problems are said in sentences: what to write instead, never a schema's pattern or jargon."""

from __future__ import annotations

import pytest

from studio.content.check.validation import validate_document
from studio.content.io.documents import Document
from studio.content.models.common import ID_RULE
from studio.content.schemas import schema_for

CHARM = "id: lucky\nname: Lucky\nabilities:\n  - trigger: hand\n    effects: [{kind: mult, amount: 4}]\n"


def said(kind: str, text: str) -> list[str]:
    """The messages of every problem of one document, with their field paths."""
    return [f"{p.path}: {p.message}" for p in validate_document(kind, Document.parse("x.yaml", text))[1]]


@pytest.mark.parametrize(
    ("kind", "text", "message"),
    [
        (
            "charm",
            CHARM.replace("id: lucky", "id: Lucky Seven"),
            "$.id: 'Lucky Seven' is not allowed: an id uses lower-case letters, digits and _, starting with "
            "a letter (did you mean 'x', the file's name?)",  # an id is its file's name
        ),
        (
            "charm",
            CHARM.replace("trigger: hand", "trigger: hand\n    when: {hand_types: [Pair]}"),
            "$.abilities[0].when.hand_types[0]: 'Pair' is not allowed: an id uses lower-case letters, digits "
            "and _, starting with a letter (did you mean 'pair'?)",
        ),
        (
            "charm",
            CHARM.replace("[{kind: mult, amount: 4}]", "[]"),
            "$.abilities[0].effects: empty: give at least one effect",
        ),
        ("charm", CHARM.replace("name: Lucky", "name: ''"), "$.name: empty: write something here"),
        ("scenario", "played: ''\n", "$.played: empty: write at least one card, e.g. AS"),
        (
            "charm",
            CHARM.replace("name: Lucky", f"name: {'x' * 70}"),
            f"$.name: '{'x' * 70}' is too long: at most 60 characters, not 70",
        ),
        ("charm", CHARM + "cost: lots\n", "$.cost: 'lots' is not a whole number"),
        ("charm", CHARM + "cost: true\n", "$.cost: true is not a whole number"),  # as YAML writes it
        ("charm", CHARM + "cost: [true, ~]\n", "$.cost: [true, null] is not a whole number"),
        (
            "charm",
            CHARM + 'cost: "4"\n',
            "$.cost: '4' is not a whole number (in quotes it is text: write 4 without them)",
        ),
        (
            "charm",
            CHARM.replace("amount: 4", "amount: '1.5'"),
            "$.abilities[0].effects[0].amount: '1.5' is not a number (in quotes it is text: write 1.5 without them)",
        ),
        (
            "charm",
            CHARM.replace("amount: 4}", "amount: 4, chance: 0.5}"),
            "$.abilities[0].effects[0].chance: 0.5 is not a mapping of fields (its fields: n, in)",
        ),
        (
            "difficulty",
            "id: hard\nname: Hard\nlevel: 9\nscore_scale: 0\n",
            "$.score_scale: 0 is too small: it must be more than 0",
        ),
        (
            "charm",
            CHARM + "vars: {" + ", ".join(f"v{i}: {{start: 0}}" for i in range(9)) + "}\n",
            "$.vars: 9 entries: at most 8",
        ),
        (
            "patch",
            "target: Charm/lucky\nset: {cost: 2}\n",
            "$.target: 'Charm/lucky' is not allowed: write an entry as kind/id in lower case, e.g. charm/plain_mult (did you mean 'charm/lucky'?)",
        ),
        ("patch", "target: charm/lucky\nset: {}\n", "$.set: empty: give at least one field"),
        (
            "hand_type",
            "id: six\nname: Six\nstrength: 1\ngroups: [3, 2, 1, 1, 1, 1]\npoints: 1\nmult: 1\n",
            "$.groups: 6 groups: at most 5",
        ),
        (
            "pack",
            "id: neon\nname: Neon\nversion: 0.1\n",
            '$.version: 0.1 is not text (YAML reads it as a number): a version is MAJOR.MINOR.PATCH in quotes, here "0.1.0"',
        ),
    ],
)
def test_a_broken_rule_is_said_as_a_sentence(kind: str, text: str, message: str) -> None:
    assert said(kind, text) == [message]


def test_no_message_quotes_a_pattern_or_says_non_empty() -> None:
    found = said("charm", "id: 9lives\nname: ''\nabilities: []\npassive: []\ncost: -1\nrarity: Rare\n")
    assert found and not any("^" in m or "non-empty" in m or "does not match" in m for m in found), found


def test_what_a_pattern_asks_is_data_in_the_schema_beside_the_pattern() -> None:
    node = schema_for("charm")["properties"]["id"]
    assert node["pattern"] == "^[a-z][a-z0-9_]*$" and node["x-message"] == ID_RULE


def test_a_charm_that_does_nothing_is_reported_at_its_abilities() -> None:
    [problem] = validate_document(
        "charm", Document.parse("x.yaml", "id: lucky\nname: Lucky\nabilities: []\n")
    )[1]
    assert (problem.path, problem.line) == ("$.abilities", 3)
    assert problem.message == "a charm needs abilities, passive rules, modifiers or a behaviour"


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        (".nan", "nan is not a number"),
        (".inf", "inf is greater than the maximum of 1000000"),
        ("-.inf", "-inf is less than the minimum of -1000000"),
    ],
)
def test_a_value_that_is_not_a_finite_number_is_said_truly(amount: str, message: str) -> None:
    text = CHARM.replace("{kind: mult, amount: 4}", f"{{kind: xmult, amount: {amount}}}")
    assert said("charm", text) == [f"$.abilities[0].effects[0].amount: {message}"]
