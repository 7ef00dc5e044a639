"""The fast path (the model in strict mode) never accepts what the JSON Schema refuses."""

from __future__ import annotations

import pytest
from data_paths import field_paths, with_field
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from pydantic import ValidationError

from studio.content.check.validation import validate_document
from studio.content.entries import kind_of
from studio.content.io.documents import Document, DocumentError
from studio.content.models import KINDS
from studio.content.packs.pack import base_pack
from studio.content.schemas import schema_for

BASE = base_pack()
DOCS = [
    (kind, doc.data) for rel in sorted(BASE.files) if (kind := kind_of(rel)) for doc in [BASE.document(rel)]
]
ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**7), 10**7),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
    st.sampled_from(["3", "2.5", "pair", "S", "A", "hand", "mult", "1.0.0", "^1.0.0"]),
)


def test_every_base_file_takes_the_fast_path() -> None:
    for kind, data in DOCS:
        KINDS[kind][1].model_validate(data, strict=True)


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_strict_model_acceptance_implies_schema_acceptance(data: st.DataObject) -> None:
    kind, doc = data.draw(st.sampled_from(DOCS))
    path = data.draw(st.sampled_from(field_paths(doc)))
    mutated = with_field(doc, path, data.draw(ODD_VALUES))
    try:
        KINDS[kind][1].model_validate(mutated, strict=True)
    except ValidationError:
        return
    assert list(Draft202012Validator(schema_for(kind)).iter_errors(mutated)) == []


def test_a_rank_outside_every_spelling_lists_every_accepted_spelling() -> None:
    text = "id: aces\nname: Aces\nabilities:\n  - trigger: scored_card\n    when: {ranks: [Ace]}\n    effects: [{kind: mult, amount: 2}]\n"
    _, (problem,) = validate_document("charm", Document.parse("aces.yaml", text))
    assert str(problem) == (
        "aces.yaml:5:20: $.abilities[0].when.ranks[0]: 'Ace' is not one of "
        "2, 3, 4, 5, 6, 7, 8, 9, 10, T, J, Q, K, A (did you mean 'A'?)"
    )


def test_a_suit_written_as_a_word_is_told_its_letter() -> None:
    text = "id: hearts\nname: H\nabilities:\n  - trigger: scored_card\n    when: {suits: [Hearts]}\n    effects: [{kind: mult, amount: 2}]\n"
    _, (problem,) = validate_document("charm", Document.parse("hearts.yaml", text))
    assert str(problem) == (
        "hearts.yaml:5:20: $.abilities[0].when.suits[0]: 'Hearts' is not one of S, H, C, D (did you mean 'H'?)"
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("id: x\nname: X\nabilities:\n  - trigger: hand\n   effects: []\n", "line 5 is indented differently"),
        ("id: x\n name: X\n", "line 2 is indented differently"),
        ("id: x\n\tname: y\n", "YAML indents with spaces, not tabs"),
        ("x:\n\t- a\n", "YAML indents with spaces, not tabs"),
        ("x:\n  - a\n  -\tb: 1\n", "YAML indents with spaces, not tabs"),
    ],
)
def test_bad_indentation_is_explained_in_words_beside_the_parsers_message(text: str, words: str) -> None:
    with pytest.raises(DocumentError) as caught:
        Document.parse("x.yaml", text)
    assert "malformed YAML: " in str(caught.value) and words in str(caught.value)


def test_an_id_with_accents_is_told_the_id_without_them() -> None:
    text = "id: néon_glow\nname: Glow\npassive: [splash]\n"
    _, (problem,) = validate_document("charm", Document.parse("néon_glow.yaml", text))
    assert str(problem).endswith("starting with a letter (did you mean 'neon_glow'?)"), str(problem)
