"""``studio run --save/--resume``: a save names its packs, and no save file can fool or hang the command."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from spec_data import Run

from studio.content.io.limits import MAX_RUN_ACTIONS, MAX_SAVE_BYTES
from studio.engine.run import save


def empty_pack(tmp_path: Path, version: str = "1.0.0", extra: str = "") -> Path:
    """A pack with a manifest only: loading it changes the packs, not the game."""
    root = tmp_path / "empty"
    root.mkdir(exist_ok=True)
    (root / "pack.yaml").write_text(f"id: empty\nname: Empty\nversion: {version}\n{extra}", encoding="utf-8")
    return root


def one_error(run: Run, code: int = 2) -> str:
    assert run.code == code, run
    assert "Traceback" not in run.err
    (line,) = run.err.splitlines()
    return line


def test_a_save_resumes_only_with_the_packs_it_was_made_with(
    studio_cli: Callable[..., Run], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the save's path as a user gives it, relative to where they are
    pack = empty_pack(tmp_path)
    made = studio_cli("run", "--seed", "5", "--stop-after", "3", "--save", "s.json", "--pack", str(pack))
    assert made.code == 0, made.err
    stamps = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))["run"]["packs"]
    assert [p["id"] for p in stamps] == ["base", "empty"] and stamps[1]["version"] == "1.0.0"

    resume = ("run", "--resume", "s.json", "--stop-after", "1")
    missing = one_error(studio_cli(*resume))
    assert missing == (
        "studio run: error: s.json: made with other packs: pack 'empty' 1.0.0 is not loaded;"
        " --force resumes it anyway"
    )
    forced = studio_cli(*resume, "--force")
    assert forced.code == 0, forced.err
    assert forced.err == (
        "studio: warning: s.json: made with other packs (pack 'empty' 1.0.0 is not loaded);"
        " resuming anyway (--force)\n"
    )
    assert "is at version 1.1.0, the save's at 1.0.0" in one_error(
        studio_cli(*resume, "--pack", str(empty_pack(tmp_path, "1.1.0")))
    )
    other = one_error(studio_cli(*resume, "--pack", str(empty_pack(tmp_path, extra="# edited\n"))))
    assert "pack 'empty' 1.0.0 has other content (hash " in other
    assert studio_cli(*resume, "--pack", str(empty_pack(tmp_path))).code == 0  # the same again

    plain = studio_cli("run", "--seed", "5", "--stop-after", "3", "--save", "p.json")
    assert plain.code == 0, plain.err
    added = one_error(studio_cli("run", "--resume", "p.json", "--pack", str(pack)))
    assert "pack 'empty' 1.0.0 is loaded, not in the save" in added


def _resigned(data: dict[str, object]) -> str:
    data["checksum"] = save.checksum(data["run"])
    return json.dumps(data)


def test_a_save_file_must_be_a_bounded_regular_file_of_finite_numbers(
    studio_cli: Callable[..., Run], tmp_path: Path
) -> None:
    good = tmp_path / "good.json"
    assert studio_cli("run", "--seed", "1", "--stop-after", "2", "--save", str(good)).code == 0
    link = tmp_path / "link.json"
    link.symlink_to(good)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(MAX_SAVE_BYTES + 1)  # sparse: the size is checked before anything is read

    def resume_fails(path: Path) -> str:
        return one_error(studio_cli("run", "--resume", str(path)))

    assert (
        resume_fails(link)
        == f"studio run: error: {link}: cannot read the save: it is a symbolic link (name the file itself)"
    )
    assert resume_fails(fifo).endswith(
        f"{fifo}: cannot read the save: not a regular file (a device, FIFO or socket)"
    )
    assert resume_fails(Path("/dev/zero")).endswith("not a regular file (a device, FIFO or socket)")
    assert resume_fails(big).endswith(f"more than {MAX_SAVE_BYTES:,} bytes (MAX_SAVE_BYTES)")
    for target in (link, fifo):
        line = one_error(studio_cli("run", "--seed", "1", "--stop-after", "1", "--save", str(target)))
        assert f"{target}: cannot write the save: " in line
    assert link.is_symlink() and good.read_text(encoding="utf-8")  # nothing written through the link

    data = json.loads(good.read_text(encoding="utf-8"))
    for constant in ("NaN", "Infinity", "-Infinity", "1e999"):
        text = good.read_text(encoding="utf-8").replace('"money": ', f'"money": {constant}, "was": ', 1)
        (tmp_path / "odd.json").write_text(text, encoding="utf-8")
        assert "not a readable run save: " in resume_fails(tmp_path / "odd.json")
    run = data["run"]
    run["history"] = run["history"] + [{"action": "reorder_charms", "order": []}] * MAX_RUN_ACTIONS
    (tmp_path / "long.json").write_text(_resigned(data), encoding="utf-8")
    assert f"more than a run can have ({MAX_RUN_ACTIONS:,})" in resume_fails(tmp_path / "long.json")
    for seed in (-5, 2**63, 2**70):  # the seeds --seed refuses, a save refuses too
        data = json.loads(good.read_text(encoding="utf-8"))
        data["run"]["setup"]["seed"] = seed
        (tmp_path / "seed.json").write_text(_resigned(data), encoding="utf-8")
        assert resume_fails(tmp_path / "seed.json").endswith(
            f"run.setup.seed: want a whole number from 0 to {2**63 - 1}, not {seed}"
        )
    data = json.loads(good.read_text(encoding="utf-8"))
    run = data["run"]
    run["history"] = [{"action": "x" * 100_000}]
    run["setup"] = {**run["setup"], "deck": "d" * 100_000}
    (tmp_path / "huge.json").write_text(_resigned(data), encoding="utf-8")
    assert len(resume_fails(tmp_path / "huge.json")) < 700  # quoted values are excerpts


def test_a_save_that_cannot_be_written_leaves_no_temporary_file(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("studio")

    def small_files() -> None:  # a disk that fills up: no file of the process may pass 4,000 bytes
        resource.setrlimit(resource.RLIMIT_FSIZE, (4000, 4000))

    proc = subprocess.run(
        [str(exe), "run", "--seed", "5", "--stop-after", "40", "--save", "s.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        preexec_fn=small_files,
        check=False,
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("studio run: error: s.json: cannot write the save: ")
    assert list(tmp_path.iterdir()) == []  # neither the save nor its temporary file


@pytest.mark.parametrize("where", ["a_file/s.json", "missing/s.json"])
def test_a_save_into_a_folder_that_cannot_hold_it_is_one_line(
    studio_cli: Callable[..., Run], tmp_path: Path, where: str
) -> None:
    (tmp_path / "a_file").write_text("", encoding="utf-8")
    line = one_error(studio_cli("run", "--seed", "1", "--stop-after", "1", "--save", str(tmp_path / where)))
    assert f"{tmp_path / where}: cannot write the save: " in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a_file"]
