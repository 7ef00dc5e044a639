"""The schemas kept in the data folder are the models' own, and a damaged cache is made again."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from studio.content import schemas
from studio.content.io.caches import unsealed
from studio.content.models import KINDS


@pytest.fixture
def fresh(studio_home: Path) -> Iterator[None]:
    """Forget the schemas this process holds (before and after the test) and those the cache folder
    starts with."""
    schemas._schemas.cache_clear()
    for kept in _cached(studio_home):
        kept.unlink()
    yield
    schemas._schemas.cache_clear()


def _cached(home: Path) -> list[Path]:
    return sorted((home / "cache").glob("schemas-*.json"))


def _held(path: Path) -> Any:
    """What a cache file holds, its checksum checked."""
    data = unsealed(path.read_bytes())
    assert data is not None
    return json.loads(data)


def test_the_cached_schemas_are_the_generated_ones(studio_home: Path, fresh: None) -> None:
    first = {kind: schemas.schema_for(kind) for kind in KINDS}
    (path,) = _cached(studio_home)
    generated = {kind: schemas._generated(kind) for kind in KINDS}
    assert _held(path) == json.loads(json.dumps(generated))
    assert first == json.loads(json.dumps(generated))
    schemas._schemas.cache_clear()
    assert {kind: schemas.schema_for(kind) for kind in KINDS} == first  # read back from the file


@pytest.mark.parametrize("damage", ["", "{", '{"charm": {}}', "[]"])
def test_a_damaged_cache_is_generated_again_and_replaced(studio_home: Path, fresh: None, damage: str) -> None:
    schemas.schema_for("charm")
    (path,) = _cached(studio_home)
    path.write_text(damage, encoding="utf-8")
    schemas._schemas.cache_clear()
    assert schemas.schema_for("charm") == json.loads(json.dumps(schemas._generated("charm")))
    assert _held(path).keys() == KINDS.keys()


def test_the_schemas_of_other_code_are_removed(studio_home: Path, fresh: None) -> None:
    old = studio_home / "cache" / "schemas-0123456789abcdef01234567.json"
    old.parent.mkdir(parents=True, exist_ok=True)  # the test starts with a cache folder
    old.write_text("{}", encoding="utf-8")
    schemas.schema_for("deck")
    assert old not in _cached(studio_home) and len(_cached(studio_home)) == 1
