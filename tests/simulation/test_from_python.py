"""Simulations from a Python script: the example of docs/simulation.md runs as written, and a script
that starts worker processes the way they cannot start is told what to change."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "simulation.md"


def _run(script: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=script.parent
    )


def test_the_docs_example_prints_a_report(tmp_path: Path) -> None:
    [code] = re.findall(r"## From Python\n\n```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    script = tmp_path / "balance.py"
    assert "runs=50," in code
    script.write_text(code.replace("runs=50,", "runs=6,"), encoding="utf-8")  # the doc's code, fewer runs
    done = _run(script)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Runs: 6 ") and "pair_mult" in done.stdout


def test_a_script_without_the_main_guard_is_told_to_add_it(tmp_path: Path) -> None:
    script = tmp_path / "unguarded.py"
    script.write_text(
        "from studio.simulation.local import simulate\n"
        "from studio.simulation.spec import SimulationSpec\n\n"
        "simulate(SimulationSpec(runs=2, seed=1), workers=2)\n",
        encoding="utf-8",
    )
    done = _run(script)
    assert done.returncode != 0
    # The standard library's resource tracker may warn of the workers' semaphores after the error line.
    lines = [line for line in done.stderr.splitlines() if "resource_tracker" not in line]
    assert 'must start them under `if __name__ == "__main__":`' in lines[-1]
