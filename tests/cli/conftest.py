"""Fixtures of the CLI tests: a small real content tree, and runners that also catch argparse's exit."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from spec_data import Run

from studio.cli.main import main as studio_main
from studio.content.io.paths import base_content_dir

#: The parts of the base game a small tree copies: enough to score a hand and to check references.
SMALL_TREE = [
    "hands",
    "upgrades",
    "editions",
    "seals",
    "run.yaml",
    "consumables",
    "decks/standard.yaml",
    "charms/pair_mult.yaml",
    "charms/plain_mult.yaml",
    "charms/even_mult.yaml",
    "bosses/flint.yaml",
]


@pytest.fixture
def small_tree(tmp_path: Path) -> Path:
    """A copy of a small part of the base content in ``tmp_path/pack``; it validates cleanly."""
    base = base_content_dir()
    root = tmp_path / "pack"
    root.mkdir()
    (root / "pack.yaml").write_text("id: small\nname: Small\nversion: 1.0.0\n", encoding="utf-8")
    for part in SMALL_TREE:
        src, dst = base / part, root / part
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst)
        else:
            shutil.copy(src, dst)
    return root


@pytest.fixture
def studio_cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """Run ``studio`` in-process like the ``studio`` fixture, but also when argparse exits.

    The console script turns argparse's ``SystemExit`` into the exit code; so does this.
    """

    def run(*argv: str) -> Run:
        try:
            code = studio_main(list(argv))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run
