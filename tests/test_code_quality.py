"""The code stays ruff-clean and mypy-strict-clean (both configured in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def test_ruff_finds_nothing() -> None:
    proc = subprocess.run(
        [str(BIN / "ruff"), "check", "studio", "tests", "benchmarks", "plugins"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout


def test_the_code_is_mypy_strict_clean() -> None:
    proc = subprocess.run([str(BIN / "mypy")], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout
