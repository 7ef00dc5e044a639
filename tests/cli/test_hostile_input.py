"""Hostile input and a hostile environment, fed through the real ``studio`` command.

Every case ends with one clear line and exit 1 or 2: never a traceback, a hang
or a crash. Each command runs with its address space capped at 3 GB, so a case
that would exhaust memory fails here instead of passing slowly. The cases run
each in a subprocess of its own, as a user would run them.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from studio.content.io import limits

EXE = str(Path(sys.executable).with_name("studio"))
MEMORY_CAP = 3 * 1024**3
HANG_GUARD_SECONDS = 120  # a hang, not a speed target: the figures are in docs/limits.md

MANIFEST = "id: {id}\nname: {name}\nversion: 1.0.0\n"
CHARM = "id: {id}\nname: A charm\npassive: [splash]\n"


@dataclass(frozen=True)
class Case:
    """A command, the files it needs, and what its one line must say."""

    argv: tuple[str, ...]
    fragment: str
    files: dict[str, bytes | Callable[[Path], None]]
    exit_code: int = 2
    home: str | None = None  # STUDIO_HOME, relative to the case folder ("/..." is absolute)
    in_output: bool = False  # the line is a batch's error line on stdout, not one on stderr


def deep_yaml(depth: int) -> bytes:
    return b"played: AS\nx: " + b"[" * depth + b"]" * depth + b"\n"


def laughs() -> bytes:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 12)]
    return ("\n".join(lines) + "\nplayed: AS\n").encode()


def pack(extra: dict[str, bytes] | None = None) -> dict[str, bytes | Callable[[Path], None]]:
    """The files of a small folder pack ``pack/``, plus ``extra`` (path in the pack -> bytes)."""
    files: dict[str, bytes | Callable[[Path], None]] = {
        "pack/pack.yaml": MANIFEST.format(id="p", name="P").encode()
    }
    files.update({f"pack/{rel}": data for rel, data in (extra or {}).items()})
    return files


def zipped(*members: tuple[str, bytes], pack_id: str = "z") -> Callable[[Path], None]:
    def write(path: Path) -> None:
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("pack.yaml", MANIFEST.format(id=pack_id, name="Z"))
            for name, data in members:
                z.writestr(name, data)

    return write


def sparse(size: int) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        with path.open("wb") as out:
            out.truncate(size)

    return write


def fifo(path: Path) -> None:
    os.mkfifo(path)


def deep_folder(path: Path) -> None:
    (path / "pack.yaml").parent.mkdir(parents=True, exist_ok=True)
    (path / "pack.yaml").write_text(MANIFEST.format(id="deep", name="Deep"), encoding="utf-8")
    deep = path.joinpath(*["d"] * 40)
    deep.mkdir(parents=True)
    (deep / "x.yaml").write_text("x: 1\n", encoding="utf-8")


SCORE_PACK = ("score", "AS", "--pack", "pack")
GHOST = {"charms/p_g.yaml": b"id: p_g\nname: G\nbehaviour: ghost\ndescription: boo\n"}


def RANGE(clauses: int) -> bytes:
    return (
        MANIFEST.format(id="p", name="P").encode() + b"studio: '" + b" ".join([b">=0.0.1"] * clauses) + b"'\n"
    )


GHOST = {"charms/p_g.yaml": b"id: p_g\nname: G\nbehaviour: ghost\ndescription: boo\n"}
CASES: dict[str, Case] = {
    # bounds on a file's text
    "yaml_nested_deep": Case(
        ("score", "--scenario", "s.yaml"), "nested more than 64", {"s.yaml": deep_yaml(100_000)}
    ),
    "json_nested_deep": Case(
        ("score", "--scenario", "s.json"),
        "nested more than 64",
        {"s.json": b'{"played": "AS", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"},
    ),
    "billion_laughs": Case(
        ("score", "--scenario", "s.yaml"), "aliases expand to more than", {"s.yaml": laughs()}
    ),
    "recursive_alias": Case(
        ("score", "--scenario", "s.yaml"),
        "refers to a node that contains it",
        {"s.yaml": b"played: AS\nx: &a [*a]\n"},
    ),
    "huge_number": Case(
        ("score", "--scenario", "s.yaml"),
        "a number of 5000 characters",
        {"s.yaml": b"played: AS\nmoney: " + b"9" * 5000 + b"\n"},
    ),
    "unsafe_tag": Case(
        ("score", "--scenario", "s.yaml"),
        "YAML tag",
        {"s.yaml": b"played: !!python/object/apply:os.system [touch pwned]\n"},
    ),
    "unknown_tag": Case(
        ("score", "--scenario", "s.yaml"), "YAML tag '!include'", {"s.yaml": b"played: !include other.yaml\n"}
    ),
    "file_too_big": Case(
        ("score", "--scenario", "s.yaml"), "MAX_FILE_BYTES", {"s.yaml": sparse(limits.MAX_FILE_BYTES + 1)}
    ),
    "fifo_scenario": Case(("score", "--scenario", "pipe.yaml"), "not a regular file", {"pipe.yaml": fifo}),
    "device_batch": Case(("score", "--batch", "/dev/zero"), "not a regular file", {}),
    "too_many_entries": Case(
        ("score", "--scenario", "s.yaml"),
        "more than 10000 entries",
        {"s.yaml": b"- played: AS\n" * (limits.MAX_ENTRIES_PER_FILE + 1)},
    ),
    "batch_line_nested_deep": Case(
        ("score", "--batch", "b.jsonl"),
        "nested more than 64",
        {"b.jsonl": b'{"played": "AS", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n"},
        exit_code=1,
        in_output=True,
    ),
    # packs
    "range_of_thousands_of_clauses": Case(SCORE_PACK, "more than 200", pack({"pack.yaml": RANGE(3000)})),
    "range_of_many_clauses": Case(SCORE_PACK, "20 comparisons, more than 16", pack({"pack.yaml": RANGE(20)})),
    "self_referencing_patch": Case(
        SCORE_PACK,
        "refers to a node that contains it",
        pack({"patches/x.yaml": b"target: charm/pair_mult\nset: &s {abilities: *s}\n"}),
    ),
    "patch_of_its_own_pack": Case(
        SCORE_PACK,
        "'nope' is not one of",
        pack(
            {
                "charms/p_c.yaml": CHARM.format(id="p_c").encode(),
                "patches/x.yaml": b"target: charm/p_c\nset: {rarity: nope}\n",
            }
        ),
    ),
    "folder_nested_thousands_deep": Case(
        ("score", "AS", "--pack", "deep"), "parts deep", {"deep": deep_folder}
    ),
    "folder_pack_fifo": Case(SCORE_PACK, "not a regular file", {**pack(), "pack/charms/pipe.yaml": fifo}),
    "untrusted_plugin_with_nul": Case(
        SCORE_PACK,
        "unknown behaviour 'ghost'",
        pack({"plugins/ghost.py": b"class Ghost:\n    id = 'ghost'\x00\n", **GHOST}),
    ),
    "untrusted_plugin_too_deep": Case(  # its ids are still read, line by line: its charm is disabled
        SCORE_PACK,
        "is not trusted, so its code does not run; disabled charms: p_g",
        pack(
            {
                "plugins/ghost.py": b"class Ghost:\n    id = 'ghost'\n    x = " + b"-" * 200_000 + b"1\n",
                **GHOST,
            }
        ),
        exit_code=0,
    ),
    "trusted_plugin_too_deep": Case(
        (*SCORE_PACK, "--trust"),
        "plugin failed to load",
        pack(
            {
                "plugins/ghost.py": b"class Ghost:\n    id = 'ghost'\n    x = "
                + b"(" * 200_000
                + b")" * 200_000
                + b"\n",
                **GHOST,
            }
        ),
        exit_code=1,  # code that ran and failed
    ),
    "zip_member_nested_deep": Case(
        ("pack", "install", "z.zip"),
        "parts deep",
        {"z.zip": zipped(("/".join(["d"] * 3000) + "/x.yaml", b"x: 1\n"))},
    ),
    "zip_direction_override": Case(
        ("pack", "install", "z.zip"),
        "direction control",
        {"z.zip": zipped(("charms/\u202egnp.yaml", b"x: 1\n"))},
    ),
    "zip_windows_device_name": Case(
        ("pack", "install", "z.zip"), "reserved on Windows", {"z.zip": zipped(("charms/aux.yaml", b"x: 1\n"))}
    ),
    "zip_tests_checked": Case(
        ("pack", "install", "z.zip"),
        "unknown field 'chrams'",
        {"z.zip": zipped(("tests/t.yaml", b"played: AS\nchrams: []\n"))},
    ),
    "fifo_archive": Case(("pack", "install", "p.zip"), "not a regular file", {"p.zip": fifo}),
    "install_id_base": Case(("pack", "install", "b.zip"), "the id 'base'", {"b.zip": zipped(pack_id="base")}),
    # a hostile environment
    "trust_file_is_a_folder": Case(
        (*SCORE_PACK, "--trust"),
        "trust.json: cannot read file: it is a folder",
        {**pack(), "home/trust.json/x": b""},
        home="home",
    ),
    "trust_file_wrong_shape": Case(
        (*SCORE_PACK, "--trust"),
        "not a trust record",
        {**pack(), "home/trust.json": b'{"packs": [1, 2]}'},
        home="home",
    ),
    "read_only_data_folder_install": Case(
        ("pack", "install", "z.zip"),
        "cannot create the packs folder",
        {"z.zip": zipped()},
        home="/proc/studio",
    ),
    "read_only_data_folder_trust": Case(
        (*SCORE_PACK, "--trust"), "cannot record trust", pack(), home="/proc/studio"
    ),
    "read_only_data_folder_remove": Case(
        ("pack", "remove", "p"), "no installed pack 'p'", {}, home="/proc/studio"
    ),
    "pack_new_over_long_id": Case(("pack", "new", "a" * 5000), "bad pack id", {}),
    "pack_new_id_with_newline": Case(("pack", "new", "abc\n"), "bad pack id 'abc\\n'", {}),
    "pack_new_dir_is_a_file": Case(
        ("pack", "new", "abc", "--dir", "afile"), "cannot create the pack", {"afile": b""}
    ),
    "pack_new_base": Case(("pack", "new", "base"), "bad pack id 'base'", {}),
    "remove_id_with_newline": Case(("pack", "remove", "p\n"), "no installed pack", {}),
}


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def lay_out(root: Path, name: str, case: Case, warm: Path | None = None) -> tuple[Path, str]:
    """Write a case's files under ``root/name``; return that folder and the data folder to use. A case
    that names no data folder of its own gets one whose cache holds ``warm``'s files (the base game
    parsed and its snapshot, as a user's earlier starts leave them), so the hostile input is all it
    reads anew."""
    where = root / name
    where.mkdir()
    if warm is not None and case.home is None:
        (where / "home/cache").mkdir(parents=True)
        for kept in warm.glob("*.*"):
            shutil.copyfile(kept, where / "home/cache" / kept.name)
        shutil.copytree(warm / "snapshots", where / "home/cache/snapshots")
    for rel, content in case.files.items():
        path = where / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if callable(content):
            content(path)
        else:
            path.write_bytes(content)
    home = case.home if case.home and case.home.startswith("/") else str(where / (case.home or "home"))
    return where, home


def _run(root: Path, name: str, case: Case, warm: Path) -> subprocess.CompletedProcess[str]:
    where, home = lay_out(root, name, case, warm)
    env = {**os.environ, "STUDIO_HOME": home}
    return subprocess.run(
        [EXE, *case.argv],
        cwd=where,
        env=env,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=HANG_GUARD_SECONDS,
        preexec_fn=_cap_memory,
        check=False,
    )


@pytest.mark.parametrize("name", list(CASES))
def test_hostile_input_ends_in_one_clear_line_and_exit_1_or_2(
    tmp_path: Path, warm_caches: Path, name: str
) -> None:
    """(Or exit 0 with one warning, where the input is only refused in part: untrusted code that is not run.)"""
    case = CASES[name]
    done = _run(tmp_path, name, case, warm_caches)
    assert "Traceback" not in done.stdout + done.stderr, done.stderr[-2000:]
    assert done.returncode == case.exit_code, (done.returncode, done.stdout[-500:], done.stderr[-500:])
    if case.in_output:
        lines = [line for line in done.stdout.splitlines() if "error" in line]
    else:
        lines = done.stderr.splitlines()
        if case.exit_code:  # the one line that says why; a warning before it names what else was seen
            lines = [line for line in lines if not line.startswith("studio: warning:")]
        if case.exit_code == 2:
            assert done.stdout == ""
    assert len(lines) == 1, lines
    assert case.fragment in lines[0], lines[0]
    assert len(lines[0]) < 1000, "messages quote an excerpt, never a whole value"


def test_names_cannot_fake_lines_or_columns_in_the_terminal(tmp_path: Path) -> None:
    folder = tmp_path / "spoof"
    (folder / "charms").mkdir(parents=True)
    fake_row = "Nice\\nother    9.9.9    Other    trusted\\u202e"
    (folder / "pack.yaml").write_text(f'id: spoof\nname: "{fake_row}"\nversion: 1.0.0\n', encoding="utf-8")
    (folder / "charms" / "spoof_c.yaml").write_text(
        'id: spoof_c\nname: "Red\\e[31m\\rX"\npassive: [splash]\n', encoding="utf-8"
    )
    archive = tmp_path / "spoof.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for path in sorted(folder.rglob("*.yaml")):
            z.write(path, path.relative_to(folder).as_posix())
    env = {**os.environ, "STUDIO_HOME": str(tmp_path / "home")}

    def studio(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([EXE, *argv], env=env, capture_output=True, text=True, check=False)

    assert studio("pack", "install", str(archive)).returncode == 0
    listed = studio("pack", "list")
    rows = listed.stdout.splitlines()
    assert len(rows) == 3, rows  # header, rule, one pack
    assert "Nice\\nother" in rows[2] and "\\u202e" in rows[2]
    charms = studio("list", "charms", "--pack", "spoof").stdout
    assert "\x1b" not in charms and "\r" not in charms
    assert "Red\\x1b[31m\\rX" in charms
