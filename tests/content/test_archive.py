"""The archive gate: every hostile archive is built for real with zipfile (patched where zipfile will not lie),
refused with a one-line reason naming the member, and leaves nothing behind when extracted."""

from __future__ import annotations

import hashlib
import os
import random
import re
import stat
import struct
import warnings
import zipfile
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studio.content.packs import archive
from studio.content.packs.archive import (
    LIMITS,
    ArchiveError,
    Limits,
    content_hash,
    extract_zip,
    folder_files,
    read_zip,
    write_zip,
)

SMALL = Limits(max_files=10, max_file_bytes=4_000, max_total_bytes=10_000, max_ratio=100.0)
YAML = b"id: lone\nname: Lone\nabilities:\n  - trigger: hand\n    effects: [{kind: mult, amount: 3}]\n"

Member = tuple[str | zipfile.ZipInfo, bytes]


def noise(n: int, seed: int = 0) -> bytes:
    """Bytes that do not compress, so only the size limits are in play."""
    return random.Random(seed).randbytes(n)


def make_zip(
    tmp_path: Path,
    members: Sequence[Member],
    *,
    method: int = zipfile.ZIP_DEFLATED,
    tweak: Callable[[list[zipfile.ZipInfo]], None] | None = None,
) -> Path:
    """Write `members` to tmp_path/pack.zip; `tweak` edits the central directory entries before it is written."""
    path = tmp_path / "pack.zip"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about duplicate names; hostile archives have them
        with zipfile.ZipFile(path, "w") as zf:
            for name, data in members:
                zf.writestr(name, data, compress_type=method)
            if tweak:
                tweak(zf.filelist)
    return path


def info(name: str, mode: int) -> zipfile.ZipInfo:
    entry = zipfile.ZipInfo(name)
    entry.external_attr = mode << 16
    return entry


def assert_refused(path: Path, tmp_path: Path, match: str, limits: Limits = LIMITS) -> None:
    """read_zip refuses with `match` in one line, and extract_zip refuses the same way without writing."""
    with pytest.raises(ArchiveError, match=match) as caught:
        read_zip(path, limits)
    assert "\n" not in str(caught.value)
    dest = tmp_path / "installed" / "pack"
    with pytest.raises(ArchiveError, match=match):
        extract_zip(path, dest, limits)
    assert not dest.exists()


# --- names ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["/etc/x.yaml", "/", "C:\\x.yaml", "C:/x.yaml", "c:x.yaml", "\\\\server\\x.yaml"]
)
def test_an_absolute_member_path_is_refused_and_nothing_is_written(tmp_path: Path, name: str) -> None:
    path = make_zip(tmp_path, [("ok.yaml", YAML), (name, YAML)])
    assert_refused(path, tmp_path, re.escape(f"{name!r}: absolute path"))


@pytest.mark.parametrize("name", ["../x.yaml", "cards/../../x.yaml", "cards/..", "../"])
def test_a_member_with_dotdot_is_refused_and_nothing_is_written(tmp_path: Path, name: str) -> None:
    assert_refused(make_zip(tmp_path, [(name, b"")]), tmp_path, "'\\.\\.' in path")


@pytest.mark.parametrize("name", ["cards\\lone.yaml", "..\\x.yaml"])
def test_a_backslash_in_a_member_name_is_refused_and_nothing_is_written(tmp_path: Path, name: str) -> None:
    assert_refused(make_zip(tmp_path, [(name, YAML)]), tmp_path, "backslash in name")


@pytest.mark.parametrize("name", ["cards//lone.yaml", "./lone.yaml", "cards/./lone.yaml"])
def test_an_empty_or_dot_path_component_is_refused(tmp_path: Path, name: str) -> None:
    assert_refused(make_zip(tmp_path, [(name, YAML)]), tmp_path, "empty or '.' path component")


def test_an_empty_member_name_is_refused(tmp_path: Path) -> None:
    def blank(infos: list[zipfile.ZipInfo]) -> None:
        infos[0].filename = ""  # zipfile will not write an empty name itself

    assert_refused(make_zip(tmp_path, [("x", YAML)], tweak=blank), tmp_path, "'': empty name")


def test_a_nul_in_a_member_name_is_refused_though_zipfile_cuts_the_name_there(tmp_path: Path) -> None:
    path = make_zip(tmp_path, [("evil@.yaml.py", b"print(1)")], method=zipfile.ZIP_STORED)
    path.write_bytes(path.read_bytes().replace(b"evil@", b"evil\0"))
    assert zipfile.ZipFile(path).namelist() == ["evil"]  # what a naive reader would see
    assert_refused(path, tmp_path, "NUL in name")


@pytest.mark.parametrize(
    ("name", "reason"), [("a\nb.yaml", "control character"), ("cards/a:b.yaml", "colon in name")]
)
def test_control_characters_and_colons_in_a_name_are_refused(tmp_path: Path, name: str, reason: str) -> None:
    assert_refused(make_zip(tmp_path, [(name, YAML)]), tmp_path, reason)


def test_a_name_in_invalid_utf8_is_refused_as_not_a_readable_zip(tmp_path: Path) -> None:
    path = make_zip(tmp_path, [("caf\u00e9.yaml", YAML)], method=zipfile.ZIP_STORED)
    path.write_bytes(path.read_bytes().replace("caf\u00e9".encode(), b"caf\xff\xfe"))
    assert_refused(path, tmp_path, "not a readable zip file")


# --- member kinds and flags -------------------------------------------------------------------------------


def test_a_symlink_member_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    link = info("cards/passwd.yaml", stat.S_IFLNK | 0o777)
    assert_refused(make_zip(tmp_path, [("ok.yaml", YAML), (link, b"/etc/passwd")]), tmp_path, "is a symlink")


@pytest.mark.parametrize("kind", [stat.S_IFIFO, stat.S_IFCHR, stat.S_IFBLK, stat.S_IFSOCK])
def test_other_non_regular_members_are_refused(tmp_path: Path, kind: int) -> None:
    assert_refused(make_zip(tmp_path, [(info("dev", kind | 0o644), b"")]), tmp_path, "is not a regular file")


def test_a_folder_mode_without_a_trailing_slash_is_refused(tmp_path: Path) -> None:
    folder = info("cards", stat.S_IFDIR | 0o755)
    assert_refused(make_zip(tmp_path, [(folder, b"")]), tmp_path, "folder without a trailing '/'")


def test_a_folder_entry_that_carries_data_is_refused(tmp_path: Path) -> None:
    assert_refused(make_zip(tmp_path, [("cards/", b"hidden")]), tmp_path, "folder entry that carries data")


def test_folder_entries_and_modeless_files_are_accepted_and_folders_skipped(tmp_path: Path) -> None:
    members: list[Member] = [
        (info("cards/", stat.S_IFDIR | 0o755), b""),
        (info("cards/lone.yaml", 0), YAML),  # no unix mode at all, as Windows tools write
        (info("run.py", stat.S_IFREG | 0o755), b"print(1)\n"),
    ]
    assert read_zip(make_zip(tmp_path, members)) == {"cards/lone.yaml": YAML, "run.py": b"print(1)\n"}


def test_an_encrypted_member_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    def encrypt(infos: list[zipfile.ZipInfo]) -> None:
        infos[0].flag_bits |= 0x1

    assert_refused(
        make_zip(tmp_path, [("secret.yaml", YAML)], tweak=encrypt), tmp_path, "'secret.yaml': is encrypted"
    )


@pytest.mark.parametrize("method", [zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])
def test_compression_methods_zipfile_inflates_unbounded_are_refused(tmp_path: Path, method: int) -> None:
    path = make_zip(tmp_path, [("lone.yaml", YAML)], method=method)
    assert_refused(path, tmp_path, f"compression method {method} not allowed")


# --- duplicates -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "names",
    [
        ("cards/lone.yaml", "cards/lone.yaml"),
        ("cards/lone.yaml", "Cards/LONE.yaml"),
        ("cards/lone.yaml", "cards/lone.yaml/"),
        ("caf\u00e9.yaml", "cafe\u0301.yaml"),  # NFC and NFD: one file on macOS
    ],
)
def test_duplicate_member_names_are_refused_including_case_only_and_trailing_slash(
    tmp_path: Path, names: tuple[str, str]
) -> None:
    first, second = names
    path = make_zip(tmp_path, [(first, YAML), (second, b"" if second.endswith("/") else b"other")])
    assert_refused(path, tmp_path, f"{second!r}: duplicate of {first!r}")


def test_a_member_that_is_both_a_file_and_a_folder_is_refused(tmp_path: Path) -> None:
    path = make_zip(tmp_path, [("cards", YAML), ("cards/lone.yaml", YAML)])
    assert_refused(path, tmp_path, "'cards': is a file, but 'cards/lone.yaml' needs it to be a folder")


# --- sizes, counts and ratios -----------------------------------------------------------------------------


def test_too_many_members_are_refused(tmp_path: Path) -> None:
    path = make_zip(tmp_path, [(f"c{i}.yaml", YAML) for i in range(4)])
    assert_refused(path, tmp_path, r"4 members, more than 3 \(MAX_FILES\)", Limits(max_files=3))


def test_members_are_counted_even_when_the_end_record_understates_them(tmp_path: Path) -> None:
    path = make_zip(tmp_path, [(f"c{i}.yaml", YAML) for i in range(4)])
    blob = bytearray(path.read_bytes())
    struct.pack_into("<HH", blob, blob.rfind(b"PK\5\6") + 8, 1, 1)  # entries on this disk, entries in all
    path.write_bytes(bytes(blob))
    assert len(zipfile.ZipFile(path).infolist()) == 4  # zipfile ignores the declared count
    assert_refused(path, tmp_path, r"4 members, more than 3 \(MAX_FILES\)", Limits(max_files=3))


def test_a_central_directory_too_big_for_max_files_is_refused_before_zipfile_parses_it(
    tmp_path: Path,
) -> None:
    entry = zipfile.ZipInfo("lone.yaml")
    entry.comment = b"x" * 5_000
    assert_refused(make_zip(tmp_path, [(entry, YAML)]), tmp_path, "central directory of", Limits(max_files=1))


def test_a_member_declared_bigger_than_max_file_bytes_is_refused(tmp_path: Path) -> None:
    path = make_zip(tmp_path, [("small.yaml", YAML), ("big.bin", noise(4_001))])
    assert_refused(
        path, tmp_path, r"'big.bin': declares 4001 bytes, more than 4000 \(MAX_FILE_BYTES\)", SMALL
    )


def test_members_declared_bigger_than_max_total_bytes_together_are_refused(tmp_path: Path) -> None:
    path = make_zip(tmp_path, [(f"part{i}.bin", noise(3_000, i)) for i in range(4)])
    assert_refused(path, tmp_path, r"declares 12000 bytes in all, more than 10000 \(MAX_PACK_BYTES\)", SMALL)


def test_a_zip_bomb_over_max_ratio_is_refused(tmp_path: Path) -> None:
    path = make_zip(tmp_path, [("bomb.yaml", bytes(2 * 1024 * 1024))])
    assert_refused(
        path, tmp_path, "'bomb.yaml': compression ratio \\d+ over 100 \\(MAX_RATIO", Limits(max_ratio=100)
    )


def test_a_member_declaring_bytes_from_nothing_is_refused_without_dividing_by_zero(tmp_path: Path) -> None:
    def no_compressed_bytes(infos: list[zipfile.ZipInfo]) -> None:
        infos[0].compress_size = 0

    path = make_zip(tmp_path, [("lone.yaml", YAML)], tweak=no_compressed_bytes)
    assert_refused(path, tmp_path, "compression ratio inf")


def test_a_header_that_understates_its_size_is_refused_though_zipfile_would_cut_it_silently(
    tmp_path: Path,
) -> None:
    data = bytes(200_000)

    def lie(infos: list[zipfile.ZipInfo]) -> None:
        infos[0].file_size = 100
        infos[0].CRC = zlib.crc32(data[:100])  # forged for the cut, so zipfile's CRC check passes

    path = make_zip(tmp_path, [("bomb.yaml", data)], tweak=lie)
    assert zipfile.ZipFile(path).read("bomb.yaml") == data[:100]  # the surprise: no error, just 100 bytes
    assert_refused(path, tmp_path, "'bomb.yaml': inflates past its declared 100 bytes")


def test_a_header_that_overstates_its_size_is_refused(tmp_path: Path) -> None:
    def lie(infos: list[zipfile.ZipInfo]) -> None:
        infos[0].file_size += 50

    path = make_zip(tmp_path, [("lone.yaml", YAML)], method=zipfile.ZIP_STORED, tweak=lie)
    assert_refused(path, tmp_path, f"'lone.yaml': holds {len(YAML)} bytes but declares {len(YAML) + 50}")


def test_members_are_capped_while_they_inflate_not_only_by_their_headers(tmp_path: Path) -> None:
    path = make_zip(tmp_path, [("part.bin", noise(3_000))])
    with zipfile.ZipFile(path) as zf:
        part = zf.getinfo("part.bin")
        assert archive._read_member(zf, part, budget=3_000, limits=SMALL) == noise(3_000)
        with pytest.raises(
            ArchiveError, match=r"'part.bin': inflates the archive past 10000 bytes \(MAX_PACK_BYTES\)"
        ):
            archive._read_member(zf, part, budget=2_999, limits=SMALL)
        with pytest.raises(ArchiveError, match=r"'part.bin': inflates past 1000 bytes \(MAX_FILE_BYTES\)"):
            archive._read_member(zf, part, budget=9_999, limits=Limits(max_file_bytes=1_000))


# --- layout and corruption --------------------------------------------------------------------------------


def test_members_that_share_their_data_are_refused(tmp_path: Path) -> None:
    def overlap(infos: list[zipfile.ZipInfo]) -> None:
        infos[1].header_offset = infos[0].header_offset

    path = make_zip(tmp_path, [("a.yaml", YAML), ("b.yaml", YAML)], tweak=overlap)
    assert_refused(path, tmp_path, "overlaps member")


def test_a_member_whose_data_runs_past_the_end_is_refused(tmp_path: Path) -> None:
    def stretch(infos: list[zipfile.ZipInfo]) -> None:
        infos[0].compress_size = infos[0].file_size = 10_000

    path = make_zip(tmp_path, [("lone.yaml", YAML)], method=zipfile.ZIP_STORED, tweak=stretch)
    assert_refused(path, tmp_path, "'lone.yaml': data runs past the end of the archive")


def test_a_file_that_is_not_a_zip_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "pack.zip"
    path.write_bytes(b"id: lone\nname: Lone\n")
    assert_refused(path, tmp_path, "not a zip file")


def test_a_truncated_zip_is_refused(tmp_path: Path) -> None:
    path = make_zip(tmp_path, [("lone.yaml", YAML), ("more.yaml", noise(2_000))])
    path.write_bytes(path.read_bytes()[:-30])
    assert_refused(path, tmp_path, "not a (readable )?zip file")


def test_a_member_with_a_bad_crc_is_refused(tmp_path: Path) -> None:
    path = make_zip(tmp_path, [("lone.yaml", YAML)], method=zipfile.ZIP_STORED)
    path.write_bytes(path.read_bytes().replace(b"name: Lone", b"name: Gone"))
    assert_refused(path, tmp_path, "'lone.yaml': corrupt: Bad CRC-32")


def test_a_member_with_a_broken_deflate_stream_is_refused(tmp_path: Path) -> None:
    path = make_zip(tmp_path, [("lone.yaml", YAML * 20)])
    blob = bytearray(path.read_bytes())
    start = 30 + len("lone.yaml")
    blob[start : start + 8] = b"\xff" * 8
    path.write_bytes(bytes(blob))
    assert_refused(path, tmp_path, "'lone.yaml': corrupt")


def test_a_very_long_member_name_is_clipped_in_the_message(tmp_path: Path) -> None:
    name = "cards/" + "x" * 5_000 + "/../lone.yaml"
    with pytest.raises(ArchiveError, match="path of 5019 characters, more than 512") as caught:
        read_zip(make_zip(tmp_path, [(name, YAML)]))
    assert len(str(caught.value)) < 250


def test_a_missing_archive_is_refused(tmp_path: Path) -> None:
    assert_refused(tmp_path / "nowhere.zip", tmp_path, "not a readable zip file")


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_a_damaged_archive_is_read_or_refused_never_anything_else(
    tmp_path: Path, data: st.DataObject
) -> None:
    members: list[Member] = [("cards/lone.yaml", YAML * 3), ("raw.bin", noise(300))]
    good = make_zip(tmp_path, members).read_bytes()
    blob = bytearray(good)
    for _ in range(data.draw(st.integers(1, 6))):
        blob[data.draw(st.integers(0, len(blob) - 1))] = data.draw(st.integers(0, 255))
    blob = blob[: data.draw(st.integers(0, len(blob)))] if data.draw(st.booleans()) else blob
    path = tmp_path / "damaged.zip"
    path.write_bytes(bytes(blob))
    try:
        files = read_zip(path, SMALL)
    except ArchiveError as exc:
        assert "\n" not in str(exc)
    else:
        assert sum(map(len, files.values())) <= SMALL.max_total_bytes


# --- extraction -------------------------------------------------------------------------------------------


def test_extract_zip_writes_the_files_under_a_new_dest(tmp_path: Path) -> None:
    files = {"cards/lone.yaml": YAML, "plugins/run.py": b"print(1)\n", "readme.md": b"# Pack\n"}
    path = tmp_path / "pack.zip"
    write_zip(files, path)
    dest = tmp_path / "packs" / "lone"
    assert extract_zip(path, dest) == files
    written = {p.relative_to(dest).as_posix(): p.read_bytes() for p in dest.rglob("*") if p.is_file()}
    assert written == files
    assert not (dest / "plugins" / "run.py").stat().st_mode & 0o111  # no modes taken from the archive


def test_extract_zip_refuses_a_dest_that_exists_and_leaves_it_alone(tmp_path: Path) -> None:
    path = tmp_path / "pack.zip"
    write_zip({"lone.yaml": YAML}, path)
    dest = tmp_path / "lone"
    dest.mkdir()
    (dest / "mine.txt").write_text("keep")
    with pytest.raises(ArchiveError, match="already exists"):
        extract_zip(path, dest)
    assert [p.name for p in dest.iterdir()] == ["mine.txt"]


def test_a_failure_while_extracting_removes_dest_entirely(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "pack.zip"
    write_zip({"a.yaml": YAML, "b/c.yaml": YAML, "d.yaml": YAML}, path)
    real = archive._write_new
    calls: list[Path] = []

    def fail_on_the_second(target: Path, data: bytes) -> None:
        calls.append(target)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real(target, data)

    monkeypatch.setattr(archive, "_write_new", fail_on_the_second)
    dest = tmp_path / "lone"
    with pytest.raises(OSError, match=r"No space left"):  # the destination's failure, not the archive's
        extract_zip(path, dest)
    assert calls and not dest.exists()


# --- folders ----------------------------------------------------------------------------------------------


def pack_folder(root: Path) -> Path:
    for name, data in {
        "pack.yaml": b"id: lone-pack\n",
        "cards/lone.yaml": YAML,
        "plugins/lone.py": b"def run() -> int:\n    return 3\n",
        "tests/test_lone.py": b"def test_lone() -> None:\n    assert True\n",
        ".vscode/settings.json": b"{}",
        ".git/HEAD": b"ref: refs/heads/main\n",
        ".hidden.yaml": b"x: 1\n",
        "cards/.draft.yaml": b"x: 1\n",
        "plugins/__pycache__/lone.cpython-311.pyc": b"\0\0",
        "plugins/stale.pyc": b"\0\0",
    }.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root


def test_folder_files_skips_hidden_parts_pycache_and_pyc(tmp_path: Path) -> None:
    files = folder_files(pack_folder(tmp_path / "pack"))
    assert list(files) == ["cards/lone.yaml", "pack.yaml", "plugins/lone.py", "tests/test_lone.py"]
    assert files["cards/lone.yaml"] == YAML


@pytest.mark.parametrize("target_is_dir", [False, True])
def test_folder_files_refuses_a_symlink_inside(tmp_path: Path, target_is_dir: bool) -> None:
    root = pack_folder(tmp_path / "pack")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_bytes(b"token: x\n")
    link = root / "cards" / "linked"
    link.symlink_to(outside if target_is_dir else outside / "secret.yaml", target_is_directory=target_is_dir)
    with pytest.raises(ArchiveError, match="'cards/linked': is a symlink"):
        folder_files(root)


def test_folder_files_ignores_symlinks_in_hidden_folders(tmp_path: Path) -> None:
    root = pack_folder(tmp_path / "pack")
    (root / ".venv" / "bin").mkdir(parents=True)
    (root / ".venv" / "bin" / "python").symlink_to("/usr/bin/python3")
    assert "pack.yaml" in folder_files(root)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_folder_files_refuses_a_fifo_rather_than_blocking_on_it(tmp_path: Path) -> None:
    root = pack_folder(tmp_path / "pack")
    os.mkfifo(root / "cards" / "pipe")
    with pytest.raises(ArchiveError, match="'cards/pipe': is not a regular file"):
        folder_files(root)


def test_folder_files_refuses_names_that_would_collide_once_packed(tmp_path: Path) -> None:
    root = pack_folder(tmp_path / "pack")
    (root / "cards" / "Lone.yaml").write_bytes(YAML)
    if len(list((root / "cards").iterdir())) < 3:
        pytest.skip("case-insensitive filesystem")
    with pytest.raises(ArchiveError, match="duplicate of"):
        folder_files(root)


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("cards/\u202egnp.yaml", "Unicode direction control"),
        ("cards/a\u2066b.yaml", "Unicode direction control"),
        ("cards/CON.yaml", "reserved on Windows"),
        ("nul/lone.yaml", "reserved on Windows"),
        ("cards/com1", "reserved on Windows"),
        ("cards/lone.yaml.", "ends in a space or '.'"),
        ("/".join(["d"] * 17) + ".yaml", "17 parts deep, more than 16"),
        ("cards/" + "y" * 300 + ".yaml", "a path part of 305 characters"),
    ],
)
def test_names_that_read_or_land_differently_are_refused(tmp_path: Path, name: str, reason: str) -> None:
    assert_refused(make_zip(tmp_path, [(name, YAML)]), tmp_path, reason)
    with pytest.raises(ArchiveError, match=reason):
        write_zip({name: YAML}, tmp_path / "out.zip")


def test_a_folder_nested_thousands_deep_is_refused_at_the_depth_limit(tmp_path: Path) -> None:
    root = pack_folder(tmp_path / "pack")
    deep = root
    for _ in range(40):  # enough to pass the limit; the walk stops at the 17th level, never further
        deep = deep / "d"
    deep.mkdir(parents=True)
    (deep / "x.yaml").write_bytes(YAML)
    with pytest.raises(ArchiveError, match="17 parts deep, more than 16"):
        folder_files(root)


def test_a_folder_pack_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    root = pack_folder(tmp_path / "pack")
    with (root / "cards" / "huge.yaml").open("wb") as out:
        out.truncate(SMALL.max_file_bytes + 1)  # sparse: the walk must refuse it from its size alone
    with pytest.raises(
        ArchiveError, match=r"'cards/huge\.yaml': 4001 bytes, more than 4000 \(MAX_FILE_BYTES\)"
    ):
        folder_files(root, SMALL)


def test_a_folder_pack_with_too_many_files_is_refused(tmp_path: Path) -> None:
    root = pack_folder(tmp_path / "pack")
    for i in range(SMALL.max_files):
        (root / "cards" / f"c{i}.yaml").write_bytes(b"x: 1\n")
    with pytest.raises(ArchiveError, match=r"more than 10 files in the pack \(MAX_FILES\)"):
        folder_files(root, SMALL)


def test_a_folder_pack_over_the_total_size_is_refused(tmp_path: Path) -> None:
    root = pack_folder(tmp_path / "pack")
    for i in range(3):
        (root / "cards" / f"c{i}.yaml").write_bytes(b"#" * 3_900)
    with pytest.raises(ArchiveError, match=r"more than 10000 bytes \(MAX_PACK_BYTES\)"):
        folder_files(root, SMALL)


def test_folder_files_refuses_a_path_that_is_not_a_folder(tmp_path: Path) -> None:
    with pytest.raises(ArchiveError, match="is not a folder"):
        folder_files(tmp_path / "missing")


# --- hashing and writing ----------------------------------------------------------------------------------


def test_content_hash_follows_the_stated_format(tmp_path: Path) -> None:
    files = {"b.yaml": b"two", "a.yaml": b"one"}
    expected = hashlib.sha256(b"a.yaml\x003\x00one" + b"b.yaml\x003\x00two").hexdigest()
    assert content_hash(files) == expected
    assert content_hash({}) == hashlib.sha256().hexdigest()


def test_content_hash_tells_apart_files_that_concatenate_alike() -> None:
    assert content_hash({"a": b"bc"}) != content_hash({"ab": b"c"})
    assert content_hash({"a": b"b", "c": b""}) != content_hash({"a": b"b\0c"})


def test_a_folder_round_trips_through_write_zip_and_read_zip(tmp_path: Path) -> None:
    files = folder_files(pack_folder(tmp_path / "pack"))
    files_with_unicode = {**files, "cards/caf\u00e9.yaml": "name: Caf\u00e9\n".encode()}
    out = tmp_path / "dist" / "pack.zip"
    out.parent.mkdir()
    digest = write_zip(files_with_unicode, out)
    assert digest == hashlib.sha256(out.read_bytes()).hexdigest()
    back = read_zip(out)
    assert back == files_with_unicode
    assert content_hash(back) == content_hash(files_with_unicode)
    assert [p.name for p in out.parent.iterdir()] == ["pack.zip"]  # no temp file left over


def test_write_zip_is_byte_identical_whatever_the_mtimes_and_dict_order(tmp_path: Path) -> None:
    root = pack_folder(tmp_path / "pack")
    first = write_zip(folder_files(root), tmp_path / "one.zip")
    for i, path in enumerate(sorted(root.rglob("*"))):
        os.utime(path, (1_700_000_000 + i * 977, 1_700_000_000 + i * 977))
    reordered = dict(reversed(list(folder_files(root).items())))
    second = write_zip(reordered, tmp_path / "two.zip")
    assert first == second
    assert (tmp_path / "one.zip").read_bytes() == (tmp_path / "two.zip").read_bytes()


def test_write_zip_writes_the_stated_layout(tmp_path: Path) -> None:
    out = tmp_path / "pack.zip"
    write_zip({"z.yaml": YAML, "a/b.yaml": YAML, "caf\u00e9.yaml": YAML}, out)
    with zipfile.ZipFile(out) as zf:
        assert zf.comment == b""
        entries = zf.infolist()
    assert [e.filename for e in entries] == ["a/b.yaml", "caf\u00e9.yaml", "z.yaml"]
    for e in entries:
        assert e.date_time == (1980, 1, 1, 0, 0, 0)
        assert (e.create_system, e.external_attr, e.compress_type) == (
            3,
            0o100644 << 16,
            zipfile.ZIP_DEFLATED,
        )
        assert (e.extra, e.comment, e.is_dir()) == (b"", b"", False)
    blob = out.read_bytes()
    assert blob.count(b"PK\3\4") == 3 and b"UT\x09\x00" not in blob  # no local extras, no timestamps


def test_write_zip_replaces_an_existing_file_atomically(tmp_path: Path) -> None:
    out = tmp_path / "pack.zip"
    out.write_bytes(b"old")
    write_zip({"lone.yaml": YAML}, out)
    assert read_zip(out) == {"lone.yaml": YAML}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pack.zip"]


@pytest.mark.parametrize("name", ["../x.yaml", "/x.yaml", "a\\b.yaml", "cards/"])
def test_write_zip_refuses_names_read_zip_would_refuse_and_writes_nothing(tmp_path: Path, name: str) -> None:
    with pytest.raises(ArchiveError, match=repr(name).replace("\\", "\\\\").replace(".", "\\.")):
        write_zip({name: YAML}, tmp_path / "pack.zip")
    assert list(tmp_path.iterdir()) == []


def test_compiled_python_in_an_archive_is_refused(tmp_path: Path) -> None:
    archive = tmp_path / "p.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("pack.yaml", "id: p\n")
        z.writestr("plugins/__pycache__/x.cpython-311.pyc", b"\x00" * 16)
    with pytest.raises(ArchiveError, match="compiled Python is not allowed"):
        read_zip(archive)


def test_hidden_and_finder_members_are_left_out_as_a_folder_leaves_them(tmp_path: Path) -> None:
    archive = tmp_path / "p.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("pack.yaml", "id: p\n")
        z.writestr(".DS_Store", b"junk")
        z.writestr("__MACOSX/._pack.yaml", b"junk")
        z.writestr(".vscode/settings.json", "{}")
    assert list(read_zip(archive)) == ["pack.yaml"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_an_archive_that_is_a_fifo_or_a_device_is_refused_without_opening_it(tmp_path: Path) -> None:
    pipe = tmp_path / "pack.zip"
    os.mkfifo(pipe)
    for path in (pipe, Path("/dev/zero")):
        with pytest.raises(ArchiveError, match="not a regular file"):
            read_zip(path)
