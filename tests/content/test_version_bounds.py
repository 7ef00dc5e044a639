"""Versions and ranges are read whole and bounded before the library parses them."""

from __future__ import annotations

import pytest

from studio.content.io.limits import MAX_RANGE_CHARS, MAX_RANGE_CLAUSES
from studio.content.packs.versions import parse_range, parse_version


@pytest.mark.parametrize("text", ["1.0.0\n", " 1.0.0", "1.0.0 ", "1.0.0\t"])
def test_a_version_is_the_whole_text(text: str) -> None:
    with pytest.raises(ValueError, match="is not a semantic version"):
        parse_version(text)


def test_a_range_with_a_line_break_is_refused() -> None:
    with pytest.raises(ValueError, match="line break"):
        parse_range("^1.0.0\n")


def test_a_long_range_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(ValueError, match=f"more than {MAX_RANGE_CHARS}"):
        parse_range(" ".join([">=0.0.1"] * 3000))


def test_a_range_of_too_many_comparisons_is_refused() -> None:
    text = " || ".join(["1.0.0"] * (MAX_RANGE_CLAUSES + 1))
    assert len(text) <= MAX_RANGE_CHARS
    with pytest.raises(
        ValueError, match=f"{MAX_RANGE_CLAUSES + 1} comparisons, more than {MAX_RANGE_CLAUSES}"
    ):
        parse_range(text)


def test_ordinary_ranges_still_parse() -> None:
    for text in ("^1.2.0", ">=1.0.0 <2.0.0", "1.x || 2.x", "*", "~1.2"):
        parse_range(text)


@pytest.mark.parametrize(
    ("text", "meant"), [("v0.2.0", "0.2.0"), ("V1.2.3", "1.2.3"), ("0.2", "0.2.0"), ("1", "1.0.0")]
)
def test_a_tag_style_or_short_version_is_told_the_version_meant(text: str, meant: str) -> None:
    with pytest.raises(ValueError, match=f"did you mean '{meant}'"):
        parse_version(text)
