"""The code stays ruff-clean, mypy-strict-clean and inside its layers (all configured in pyproject.toml)."""

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


def test_the_code_is_laid_out_as_ruff_format_lays_it_out() -> None:
    """One layout everywhere, so a change's diff holds its change and no reformatting of other lines."""
    proc = subprocess.run(
        [str(BIN / "ruff"), "format", "--check", "studio", "tests", "benchmarks", "plugins", "scripts"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout


def test_the_code_is_mypy_strict_clean() -> None:
    proc = subprocess.run([str(BIN / "mypy")], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout


def test_the_layers_of_the_design_hold() -> None:
    proc = subprocess.run(
        [str(BIN / "lint-imports"), "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 broken" in proc.stdout


def test_no_module_imports_itself_back() -> None:
    """Import cycles (a function-level import counts: it is still a dependency) make modules that cannot
    be understood, tested or moved alone. The rule kinds register themselves when the engine package
    is imported, so the modules that ask the registries never import the kinds."""
    import grimp

    graph = grimp.build_graph("studio", exclude_type_checking_imports=True)
    cycles = []
    for module in sorted(graph.modules):
        for imported in graph.find_modules_directly_imported_by(module):
            if imported.startswith("studio.") and graph.chain_exists(imported, module):
                cycles.append((module, imported))
    assert cycles == []
