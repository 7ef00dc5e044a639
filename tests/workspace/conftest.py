"""A copy of the base game in a temporary folder, opened as a workspace."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from studio.workspace import Workspace

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def base_copy(tmp_path: Path) -> Path:
    """The base game's content folder, copied so tests may change it."""
    folder = tmp_path / "base"
    shutil.copytree(ROOT / "content", folder)
    return folder


@pytest.fixture
def ws(base_copy: Path) -> Workspace:
    """The copied base game opened for editing."""
    return Workspace.open([], base=base_copy)
