"""Recovery records are read only when they are what Studio writes: regular files, bounded, paths in place."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from studio.content.io.limits import MAX_RECOVERY_BYTES
from studio.workspace.recovery import SUFFIX, read_records, write_records


def record(
    path: str = "/packs/neon/charms/a.yaml", rel: str = "charms/a.yaml", **more: object
) -> dict[str, object]:
    return {
        "version": 2,
        "path": path,
        "pack": "neon",
        "rel": rel,
        "text": "id: a\n",
        "base_sha256": None,
        "old_path": None,
        "undo": [],
        **more,
    }


def good(folder: Path) -> None:
    write_records(folder, [record()])


def test_a_sound_record_is_read(tmp_path):
    good(tmp_path)
    (item,) = read_records(tmp_path)
    assert item.path == Path("/packs/neon/charms/a.yaml")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_like_a_record_is_skipped_without_blocking(tmp_path):
    good(tmp_path)
    os.mkfifo(tmp_path / f"0000{SUFFIX}")
    found: list[object] = []
    reader = threading.Thread(target=lambda: found.extend(read_records(tmp_path)), daemon=True)
    reader.start()
    reader.join(10)
    assert not reader.is_alive(), "reading the records blocked on a FIFO"
    assert len(found) == 1


def test_a_link_named_like_a_record_is_not_followed(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    good(elsewhere)
    folder = tmp_path / "records"
    folder.mkdir()
    (target,) = elsewhere.iterdir()
    (folder / f"link{SUFFIX}").symlink_to(target)
    assert read_records(folder) == []


def test_an_oversized_record_is_skipped(tmp_path):
    good(tmp_path)
    big = record(text="x" * (MAX_RECOVERY_BYTES + 1), saved_at=1.0)
    (tmp_path / f"big{SUFFIX}").write_text(json.dumps(big), encoding="utf-8")
    assert [r.text for r in read_records(tmp_path)] == ["id: a\n"]


@pytest.mark.parametrize("nest", [10, 100_000])
def test_a_deeply_nested_record_is_skipped(tmp_path, nest):
    deep = record(saved_at=1.0, undo="[" * nest + "]" * nest)
    text = json.dumps(deep).replace('"' + "[" * nest + "]" * nest + '"', "[" * nest + "]" * nest)
    (tmp_path / f"deep{SUFFIX}").write_text(text, encoding="utf-8")
    assert read_records(tmp_path) == []


@pytest.mark.parametrize(
    "fields",
    [
        {"path": "charms/a.yaml"},
        {"path": "/packs/neon/../../etc/passwd"},
        {"rel": "../outside.yaml"},
        {"rel": "/etc/passwd"},
        {"old_path": "relative/old.yaml"},
        {"old_path": "/packs/neon/../x.yaml"},
    ],
)
def test_a_record_naming_a_path_out_of_place_is_skipped(tmp_path, fields):
    (tmp_path / f"bad{SUFFIX}").write_text(json.dumps(record(saved_at=1.0, **fields)), encoding="utf-8")
    assert read_records(tmp_path) == []
