"""A charm's hook that never returns cannot hang a command: past its time limit it is stopped, and the
command fails (exit 1, code that ran and failed) naming the pack, the charm, its behaviour and the limit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from looping_packs import looping_pack
from spec_data import Run

#: The limit the tests set (the editor's 5 s is the default), and how long a command may take before the
#: test calls it hung: a loaded machine starts and loads slowly, a stopped hook ends at once.
LIMIT_S = "0.5"
HUNG_S = 60


def studio_limited(*argv: str, cwd: Path) -> Run:
    """Run the installed ``studio`` with the hook limit at ``LIMIT_S``; fail, not hang, if it never ends."""
    exe = Path(sys.executable).with_name("studio")
    env = {**os.environ, "STUDIO_HOOK_TIMEOUT": LIMIT_S}
    try:
        done = subprocess.run(
            [str(exe), *argv], capture_output=True, text=True, cwd=cwd, env=env, timeout=HUNG_S, check=False
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"studio {' '.join(argv)} still ran after {HUNG_S} s: the hook was never stopped")
    return Run(done.returncode, done.stdout, done.stderr)


def names_the_stop(line: str) -> None:
    """The line names the charm, its pack and plugin file, the behaviour, and the limit that stopped it."""
    assert "charm looper (pack 'looppack', looppack/plugins/looper.py:" in line, line
    assert "behaviour 'looper' failed: stopped after " in line, line
    assert line.rstrip().endswith(f"(time limit {LIMIT_S} s, STUDIO_HOOK_TIMEOUT)"), line


def test_score_stops_a_hook_that_never_returns_and_names_it(tmp_path: Path) -> None:
    looping_pack(tmp_path)
    run = studio_limited("score", "AS AH", "--charm", "looper", "--pack", "looppack", "--trust", cwd=tmp_path)
    assert run.code == 1 and run.out == "", run
    (line,) = run.err.splitlines()
    assert line.startswith("studio score: error: "), line
    names_the_stop(line)


def test_test_fails_that_scenario_and_runs_the_others(tmp_path: Path) -> None:
    looping_pack(tmp_path, tests=True)
    run = studio_limited("test", "looppack", "--trust", cwd=tmp_path)
    assert run.code == 1, run
    (error,) = [line for line in run.out.splitlines() if line.startswith("ERROR ")]
    names_the_stop(error)
    assert run.out.splitlines()[-1] == "1 passed, 1 failed"  # the skeleton's own test still ran


def test_a_limit_that_is_not_a_number_of_seconds_is_bad_input(studio, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("STUDIO_HOOK_TIMEOUT", "soon")
    run = studio("score", "AS AH")
    assert run.code == 2 and run.err == (
        "studio score: error: STUDIO_HOOK_TIMEOUT: want a number of seconds above 0, not 'soon'\n"
    )
