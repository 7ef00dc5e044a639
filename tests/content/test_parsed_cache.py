"""The parsed-YAML cache: the same text gives the same data, as fresh objects, across commands."""

from __future__ import annotations

from pathlib import Path

from studio.content.io.documents import Document
from studio.content.io.parsed import ParsedCache, parsed_cache

TEXT = "id: lone\nname: Lone\nabilities:\n  - trigger: hand\n    effects: [{kind: mult, amount: 3}]\n"


def test_a_saved_cache_gives_back_the_parsed_data_as_fresh_objects(tmp_path: Path) -> None:
    path = tmp_path / "parsed.marshal"
    first = ParsedCache(path)
    assert first.get(TEXT) == (False, None)
    data = Document.parse("lone.yaml", TEXT).data
    first.put(TEXT, data)
    first.save()
    again = ParsedCache(path)
    known, cached = again.get(TEXT)
    assert known and cached == data
    assert again.get(TEXT)[1] is not cached  # a caller may change its copy freely
    assert again.get(TEXT + "\n# changed\n") == (False, None)


def test_a_damaged_cache_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "parsed.marshal"
    path.write_bytes(b"studio-parsed-1\n\x00garbage")
    assert ParsedCache(path).get(TEXT) == (False, None)


def test_documents_read_through_the_cache_of_the_data_folder(studio_home: Path) -> None:
    Document.parse("lone.yaml", TEXT)
    parsed_cache().save()
    assert (studio_home / "cache" / "parsed.marshal").is_file()
    assert ParsedCache(studio_home / "cache" / "parsed.marshal").get(TEXT)[0]


def test_a_command_fills_the_cache_and_scores_the_same_from_it(studio, studio_home: Path) -> None:
    cold = studio("score", "AS AH", "--charm", "pair_mult", "--json")
    assert (studio_home / "cache" / "parsed.marshal").is_file()
    warm = studio("score", "AS AH", "--charm", "pair_mult", "--json")
    assert cold.code == warm.code == 0 and cold.out == warm.out
