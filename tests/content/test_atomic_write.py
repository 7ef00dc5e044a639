"""Replacing a file keeps its permissions and its links, and leaves nothing behind when it fails."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from studio.content.io.atomic import write_atomically


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("bits", [0o644, 0o640, 0o600, 0o664])
def test_a_replaced_file_keeps_its_permission_bits(tmp_path, bits):
    path = tmp_path / "charm.yaml"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(bits)
    write_atomically(path, "new\n")
    assert path.read_text(encoding="utf-8") == "new\n"
    assert mode(path) == bits


def test_a_new_file_gets_the_usual_permissions_not_owner_only(tmp_path):
    umask = os.umask(0o022)
    try:
        write_atomically(tmp_path / "sub" / "new.yaml", b"x")
    finally:
        os.umask(umask)
    assert mode(tmp_path / "sub" / "new.yaml") == 0o644


def test_an_exact_mode_wins(tmp_path):
    path = tmp_path / "pack.zip"
    path.write_bytes(b"old")
    path.chmod(0o600)
    write_atomically(path, b"zip", mode=0o644)
    assert mode(path) == 0o644


def test_text_is_utf8_with_line_ends_as_given(tmp_path):
    path = tmp_path / "a.yaml"
    write_atomically(path, "name: Café\r\nx: 1\n")
    assert path.read_bytes() == "name: Café\r\nx: 1\n".encode()


def test_a_link_stays_a_link_and_its_target_is_replaced(tmp_path):
    real = tmp_path / "real.yaml"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    write_atomically(link, "new")
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "new"


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path):
    path = tmp_path / "charm.yaml"
    path.write_text("old", encoding="utf-8")

    with pytest.raises(TypeError):
        write_atomically(path, object())  # type: ignore[arg-type]
    assert path.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["charm.yaml"]


def test_a_folder_that_cannot_be_written_is_an_oserror_and_leaves_nothing(tmp_path):
    if os.geteuid() == 0:
        blocker = tmp_path / "file"
        blocker.write_text("", encoding="utf-8")
        target = blocker / "x.yaml"  # a file as the folder: refused even for root
    else:
        folder = tmp_path / "ro"
        folder.mkdir()
        folder.chmod(0o500)
        target = folder / "x.yaml"
    with pytest.raises(OSError):
        write_atomically(target, "x")
    assert not any(p.name.endswith(".tmp") for p in tmp_path.rglob("*"))


def test_a_missing_folder_is_said_of_the_file_asked_for(tmp_path):
    import pytest

    wanted = tmp_path / "nowhere" / "run.json"
    with pytest.raises(FileNotFoundError) as caught:
        write_atomically(wanted, "{}", folders=False)
    assert caught.value.filename == str(wanted) and ".tmp" not in str(caught.value)
    assert not (tmp_path / "nowhere").exists()
