"""Reading content files: every bound checked before the work it would make expensive, lines found once."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.content.check.validation import validate_document
from studio.content.io import limits
from studio.content.io.documents import Document, DocumentError, read_document


def refused(text: str) -> str:
    with pytest.raises(DocumentError) as caught:
        Document.parse("f.yaml", text)
    return str(caught.value)


@pytest.mark.parametrize(
    "text",
    [
        "x: " + "[" * 100_000 + "]" * 100_000,
        "x: " + "{a: " * 100_000 + "}" * 100_000,
        "x:\n" + "".join(" " * i + "- \n" for i in range(0, 200, 2)),
        '{"x": ' + "[" * (limits.MAX_NESTING + 1) + "]" * (limits.MAX_NESTING + 1) + "}",
    ],
)
def test_nesting_past_the_limit_is_refused_at_its_line_without_recursion(text: str) -> None:
    assert f"nested more than {limits.MAX_NESTING} deep" in refused(text)


def test_nesting_up_to_the_limit_loads() -> None:
    depth = limits.MAX_NESTING - 1  # the top mapping is one level
    doc = Document.parse("f.yaml", "x: " + "[" * depth + "]" * depth)
    assert isinstance(doc.data["x"], list)


def test_exponential_aliases_are_refused_before_anything_is_built() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 30)]
    assert "aliases expand to more than" in refused("\n".join(lines))


def test_a_few_aliases_are_fine_and_share_their_node() -> None:
    doc = Document.parse("f.yaml", "base: &b {kind: mult, amount: 2}\nmore: [*b, *b]\n")
    assert doc.data["more"] == [{"kind": "mult", "amount": 2}] * 2


@pytest.mark.parametrize(("text", "why"), [("x: &a [*a]", "contains it"), ("x: *nowhere", "is not defined")])
def test_an_alias_to_itself_or_to_nothing_is_refused(text: str, why: str) -> None:
    assert why in refused(text)


@pytest.mark.parametrize(
    "text",
    [
        "x: !!python/object/apply:os.system [echo pwned]",
        "x: !!binary aGk=",
        "x: !include other.yaml",
        "x: !!set {a: null}",
        "!custom {x: 1}",
    ],
)
def test_tags_beyond_plain_data_are_refused_and_never_constructed(text: str) -> None:
    assert "is not allowed: content is plain data" in refused(text)


def test_plain_tags_are_accepted() -> None:
    assert Document.parse("f.yaml", "x: !!str 12\ny: !!int '3'\n").data == {"x": "12", "y": 3}


def test_a_number_past_the_length_limit_is_refused_but_a_long_quoted_string_is_not() -> None:
    assert "a number of 5000 characters" in refused("x: " + "9" * 5000)
    assert Document.parse("f.yaml", f"x: '{'9' * 5000}'").data["x"] == "9" * 5000


def test_entries_past_the_limit_are_refused_at_the_first_extra_one() -> None:
    text = "- {played: AS}\n" * (limits.MAX_ENTRIES_PER_FILE + 1)
    message = refused(text)
    assert f"f.yaml:{limits.MAX_ENTRIES_PER_FILE + 1}:" in message and "MAX_ENTRIES_PER_FILE" in message


def test_malformed_yaml_names_its_line() -> None:
    assert refused("played: AS\nmoney: 4: 5\n").startswith("f.yaml:2:")


def test_an_unclosed_flow_is_named_where_it_opens_not_where_the_text_ends() -> None:
    message = refused("played: AS\nheld: [KS\nmoney: 4\nseed: 1\n")
    assert message.startswith("f.yaml:2:7: malformed YAML: this '[' is not closed by a ']'")
    nested = refused("id: x\nabilities:\n  - when: {hand_types: [pair}\n    trigger: hand\n")
    assert nested.startswith("f.yaml:3:24: ") and "this '[' is not closed by a ']'" in nested
    assert refused('name: "Neon\nid: x\n').startswith("f.yaml:1:7: malformed YAML: this '\"' is not closed")
    last = refused("id: x\nabilities: {\n")  # left open as the last thing in the file
    assert (
        last
        == "f.yaml:2:12: malformed YAML: this '{' is not closed by a '}', or lacks a ',' before the end of the text"
    )
    assert refused("- [\n- b\n").startswith("f.yaml:1:3: malformed YAML: this '[' is not closed by a ']'")
    assert refused("a: [1, ,]\n") == "f.yaml:1:8: malformed YAML: did not find expected node content"


@pytest.mark.parametrize(
    ("text", "at"),
    [('{"played": "AS AH",}\n', "1:20"), ('# hands\n{"played": "AS"}\n', "1:1"), ("played: AS\n", "1:1")],
    ids=["trailing comma", "comment", "yaml"],
)
def test_a_json_file_that_only_yaml_reads_is_malformed_json_at_its_place(text: str, at: str) -> None:
    """JSON tools and editors refuse it; it was read as the YAML it also is, every time from the cache."""
    for _ in range(2):  # the second parse finds the text in the cache of parsed texts
        with pytest.raises(DocumentError) as caught:
            Document.parse("s.json", text)
        assert str(caught.value).startswith(f"s.json:{at}: malformed JSON: ")
        assert str(caught.value).endswith("(a YAML file may write this; a .json file is JSON)")
    assert Document.parse("s.yaml", text).data is not None


def test_a_malformed_json_file_is_called_malformed_json() -> None:
    """A ``.json`` file is read as the YAML it also is, but its author wrote JSON."""
    with pytest.raises(DocumentError) as caught:
        Document.parse("s.json", '{"played": "AS AH",\n "charms": [}\n')
    assert str(caught.value) == "s.json:2:13: malformed JSON: did not find expected node content"
    with pytest.raises(DocumentError) as caught:
        Document.parse("s.JSON", '{"played": "AS", "played": "KS"}')
    assert "s.JSON:1:18: malformed JSON: found duplicate key" in str(caught.value)
    assert refused('{"played": [}').startswith("f.yaml:1:13: malformed YAML:")


def test_read_document_refuses_a_folder_a_device_and_a_file_over_the_size_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as out:
        out.truncate(limits.MAX_FILE_BYTES + 1)
    for path, why in [
        (tmp_path, "it is a folder"),
        (Path("/dev/zero"), "not a regular file"),
        (big, "MAX_FILE_BYTES"),
    ]:
        with pytest.raises(DocumentError, match=why):
            read_document(path)


def test_items_share_one_position_index_so_locating_every_problem_is_linear() -> None:
    count = 2_000
    doc = Document.parse("f.yaml", "".join(f"- played: AS\n  chrams: [{i}]\n" for i in range(count)))
    problems = [p for i in range(count) for p in validate_document("scenario", doc.item(i))[1]]
    assert len(problems) == count
    assert [p.line for p in problems] == [2 * i + 2 for i in range(count)]
    assert doc.item(0)._where is doc.item(count - 1)._where  # one index for the whole file


def test_positions_point_at_values_and_items_and_fall_back_to_the_parent() -> None:
    doc = Document.parse("f.yaml", "a:\n  b: [10, 20]\n  c: {d: 1}\n  e:\n    f\n")
    assert doc.locate(["a", "b", 1]) == (2, 11)
    assert doc.locate(["a", "c", "d"]) == (3, 10)
    assert doc.locate(["a", "c"]) == (3, 6)  # a mapping in braces starts at its brace
    assert doc.locate(["a", "e"]) == (5, 5)  # a value on the line below its key
    assert doc.locate(["a"]) == (1, 1)  # a block mapping has no mark of its own: its key stands for it
    assert doc.locate(["a", "missing"]) == (1, 1)


def test_a_problem_about_a_key_points_at_the_key() -> None:
    doc = Document.parse("f.yaml", "a:\n  c: {d: 1}\n")
    assert doc.locate(["a", "c", "d"], key=True) == (2, 7)
    assert doc.locate(["a", "c"], key=True) == (2, 3)


def test_a_long_or_expanded_value_is_quoted_as_an_excerpt() -> None:
    doc = Document.parse("f.yaml", "played: AS\nheld: [" + ", ".join(["KS"] * 2000) + "]\n")
    _, problems = validate_document("scenario", doc)
    assert problems and all(len(p.message) < 300 for p in problems)


def test_an_expected_mult_of_nan_is_refused_and_infinity_taken() -> None:
    """No result equals NaN, so a scenario expecting it could never pass; an infinite Mult is a result."""
    text = "played: AS\nexpect:\n  mult: {}\n  events: [{{step: base, source: x, points: 1, mult: {}}}]\n"
    _, problems = validate_document("scenario", Document.parse("f.yaml", text.format(".nan", ".nan")))
    assert [(p.line, p.path, p.message) for p in problems] == [
        (3, "$.expect.mult", "nan is not a number"),
        (4, "$.expect.events[0].mult", "nan is not a number"),
    ]
    model, problems = validate_document("scenario", Document.parse("f.yaml", text.format(".inf", "1")))
    assert model is not None and not problems


@pytest.mark.parametrize("text", ["? [a, b]\n: 1\n", "? {a: 1}\n: 2\n", "x: &k 1\n*k : 2\n", "{[1]: 2}"])
def test_a_key_that_is_a_list_a_mapping_or_an_alias_is_refused(text: str) -> None:
    assert "a key must be a plain value" in refused(text)


@pytest.mark.parametrize(
    ("group", "where", "message"),
    [
        ('{ranks: ["10", J, T]}', (4, 23), "$.cards[0].ranks[2]: 10 is listed twice"),
        ("{suits: [S, H, S]}", (4, 20), "$.cards[0].suits[2]: S is listed twice"),
    ],
)
def test_a_deck_group_listing_a_rank_or_suit_twice_is_refused_at_the_second(
    group: str, where: tuple[int, int], message: str
) -> None:
    """``T`` spells 10: a group listing both would deal its tens twice, unasked (copies says how many)."""
    doc = Document.parse("d.yaml", f"id: d\nname: D\ncards:\n  - {group}\n")
    _, problems = validate_document("deck", doc)
    assert [(p.line, p.col) for p in problems] == [where]
    assert message in str(problems[0]) and "copies" in str(problems[0])
