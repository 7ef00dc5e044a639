"""A worker process that dies or never ends stops ``studio simulate`` with one line naming the runs."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from spec_data import Run

from studio.simulation.spec import SimulationSpec, run_seed

HOOK = (
    "import os, time\n\nfrom studio.plugins import Behaviour\n\n\n"
    "class Fault(Behaviour):\n    id = 'fault'\n\n    def hand(self, ctx, charm):\n        {body}\n"
)
ARGV = ("simulate", "--runs", "2", "--seed", "1", "--workers", "2", "--charm", "fault", "--trust")


def faulty_pack(tmp_path: Path, body: str) -> Path:
    """A pack whose one charm runs ``body`` in its hook, the first time a hand scores."""
    root = tmp_path / "faulty"
    for folder in ("charms", "plugins"):
        (root / folder).mkdir(parents=True)
    (root / "pack.yaml").write_text("id: faulty\nname: Faulty\nversion: 1.0.0\n", encoding="utf-8")
    (root / "charms" / "fault.yaml").write_text(
        "id: fault\nname: Fault\ndescription: Goes wrong\nbehaviour: fault\n", encoding="utf-8"
    )
    (root / "plugins" / "fault.py").write_text(HOOK.format(body=body), encoding="utf-8")
    return root


def names_a_run_and_its_seed(run: Run) -> str:
    assert run.code == 1, run
    assert "Traceback" not in run.err and run.out == ""
    (line,) = run.err.splitlines()
    assert line.startswith("studio simulate: error: ")
    seeds = {str(run_seed(1, i)) for i in range(2)}
    assert re.search(r"run [01] of seed 1 \(run seed \d+\)", line) and any(s in line for s in seeds)
    return line


def test_a_worker_that_dies_is_an_error_naming_its_run(
    studio_exe: Callable[..., Run], tmp_path: Path
) -> None:
    run = studio_exe(*ARGV, "--pack", str(faulty_pack(tmp_path, "os._exit(3)")))
    assert "a worker process died" in names_a_run_and_its_seed(run)


def test_a_worker_that_never_ends_is_an_error_naming_its_run(
    studio_exe: Callable[..., Run], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Both runs reach the hook that never returns, so however long a worker takes to get there, the
    # limit is what ends them: it only sets how long this test waits (two runs' worth: 1 s).
    monkeypatch.setenv("STUDIO_RUN_TIMEOUT", "0.5")
    run = studio_exe(*ARGV, "--pack", str(faulty_pack(tmp_path, "time.sleep(3600)")))
    line = names_a_run_and_its_seed(run)
    assert "did not finish in 1 s (0.5 s per run, STUDIO_RUN_TIMEOUT)" in line


def test_a_bad_run_timeout_is_refused(studio: Callable[..., Run], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STUDIO_RUN_TIMEOUT", "soon")
    run = studio("simulate", "--runs", "2", "--seed", "1", "--workers", "2")
    assert run.code == 2 and "STUDIO_RUN_TIMEOUT: want a number of seconds above 0" in run.err


def test_runs_are_named_with_their_seeds() -> None:
    from studio.simulation.spec import runs_named

    spec = SimulationSpec(bot="fast", runs=40, seed=7)
    assert runs_named(spec, 3, 4) == f"run 3 of seed 7 (run seed {run_seed(7, 3)})"
    many = runs_named(spec, 0, 25)
    assert many.startswith(f"runs 0 to 24 of seed 7 (run seeds {run_seed(7, 0)}, ") and many.endswith(", …)")
    assert os.linesep not in many
