"""A damaged cache file (a flipped byte, a cut, garbage) is never used: it is made again, with one warning."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from spec_data import Run

from studio.content.io.caches import unsealed
from studio.content.io.parsed import ParsedCache

TEXT = "id: lone\nname: Lone\n"


def _flip(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))


def _sound(path: Path) -> bool:
    raw = path.read_bytes()
    return unsealed(raw.partition(b"\n")[2] if raw.startswith(b"studio-parsed") else raw) is not None


def test_commands_rebuild_a_damaged_cache_and_say_so(
    studio_exe: Callable[..., Run], studio_home: Path
) -> None:
    cold = studio_exe("validate")
    assert cold.code == 0, cold.err
    parsed = studio_home / "cache" / "parsed.marshal"
    (schemas,) = (studio_home / "cache").glob("schemas-*.json")
    assert _sound(parsed) and _sound(schemas)
    _flip(parsed)
    _flip(schemas)
    again = studio_exe("validate")
    assert (again.code, again.out) == (0, cold.out)
    assert sorted(again.err.splitlines()) == [
        f"studio: warning: {parsed}: the parsed-content cache was damaged; it is not used, and is made again",
        f"studio: warning: {schemas}: the schema cache was damaged; it is not used, and is made again",
    ]
    assert _sound(parsed) and _sound(schemas)  # written again, whole
    assert studio_exe("validate").err == ""

    for snapshot in (studio_home / "cache" / "snapshots").glob("*"):
        snapshot.unlink()  # so that scoring reads the files again
    _flip(parsed)
    score = studio_exe("score", "AS AH", "--charm", "pair_mult", "--json")
    assert score.code == 0 and '"hand_type": "pair"' in score.out
    assert (
        score.err
        == f"studio: warning: {parsed}: the parsed-content cache was damaged; it is not used, and is made again\n"
    )
    assert _sound(parsed)


@pytest.mark.parametrize("damage", ["cut", "garbage", "flip"])
def test_a_damaged_parsed_cache_is_parsed_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    path = tmp_path / "parsed.marshal"
    first = ParsedCache(path)
    first.put(TEXT, {"id": "lone", "name": "Lone"})
    first.save()
    raw = path.read_bytes()
    damaged = {"cut": raw[: len(raw) - 5], "garbage": raw[:16] + b"\x00\xff" * 40, "flip": None}[damage]
    if damaged is None:
        _flip(path)
    else:
        path.write_bytes(damaged)
    again = ParsedCache(path)
    assert again.get(TEXT) == (False, None)
    assert "the parsed-content cache was damaged" in capsys.readouterr().err
    again.put(TEXT, {"id": "lone", "name": "Lone"})
    again.save()
    assert ParsedCache(path).get(TEXT) == (True, {"id": "lone", "name": "Lone"})
