"""The trust record: read whatever shape it has, never overwrite one it cannot read, fail in one line."""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path

import pytest

from studio.content.packs.pack import open_pack
from studio.content.packs.trust import TrustError, TrustStore


@pytest.fixture
def pack(tmp_path: Path):
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.yaml").write_text("id: p\nname: P\nversion: 1.0.0\n", encoding="utf-8")
    found, problems = open_pack(folder)
    assert found is not None, problems
    return found


def test_trust_is_recorded_per_content_hash_and_read_back(tmp_path: Path, pack) -> None:
    TrustStore(tmp_path / "trust.json").trust(pack)
    assert TrustStore(tmp_path / "trust.json").is_trusted(pack)


@pytest.mark.parametrize(
    "text",
    ['{"packs": [1, 2]}', '{"packs": {"p": "abc"}}', '{"packs": {"p": [1]}}', "[]", "{not json", "\xff"],
)
def test_a_damaged_record_trusts_nothing_and_is_never_overwritten(tmp_path: Path, pack, text: str) -> None:
    path = tmp_path / "trust.json"
    path.write_text(text, encoding="latin-1")
    before = path.read_bytes()
    store = TrustStore(path)
    assert not store.is_trusted(pack)
    with pytest.raises(TrustError, match="mend or delete it"):
        store.trust(pack)
    assert path.read_bytes() == before


def test_a_record_that_is_a_folder_is_one_clear_error(tmp_path: Path, pack) -> None:
    (tmp_path / "trust.json").mkdir()
    with pytest.raises(TrustError, match="it is a folder"):
        TrustStore(tmp_path / "trust.json").trust(pack)


def test_a_record_that_cannot_be_written_is_one_clear_error_and_leaves_no_temporary_file(
    tmp_path: Path, pack
) -> None:
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(TrustError, match=f"cannot record trust: {blocker} is a file, not a folder$"):
        TrustStore(blocker / "trust.json").trust(pack)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["not_a_folder", "p"]


def test_a_missing_record_is_simply_empty(tmp_path: Path, pack) -> None:
    store = TrustStore(tmp_path / "trust.json")
    assert not store.is_trusted(pack) and store.damage is None
    store.trust(pack)
    assert json.loads((tmp_path / "trust.json").read_text(encoding="utf-8"))["packs"] == {"p": [pack.hash]}


def _trust_quietly(path: Path, folder: Path) -> None:
    found, _ = open_pack(folder)
    assert found is not None
    TrustStore(path).trust(found)
    os._exit(0)


def test_commands_trusting_packs_at_once_all_get_their_trust_recorded(tmp_path: Path) -> None:
    folders = []
    for i in range(6):
        folder = tmp_path / f"p{i}"
        folder.mkdir()
        (folder / "pack.yaml").write_text(f"id: p{i}\nname: P\nversion: 1.0.0\n", encoding="utf-8")
        folders.append(folder)
    path = tmp_path / "trust.json"
    fork = multiprocessing.get_context("fork")
    children = [fork.Process(target=_trust_quietly, args=(path, f)) for f in folders]
    for child in children:
        child.start()
    for child in children:
        child.join()
    assert sorted(json.loads(path.read_text(encoding="utf-8"))["packs"]) == [f"p{i}" for i in range(6)]
