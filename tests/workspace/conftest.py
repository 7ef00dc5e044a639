"""A copy of the base game in a temporary folder, opened as a workspace."""

from __future__ import annotations

from pathlib import Path

import pytest
from pristine import Copies

from studio.workspace import Workspace

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def base_copies(tmp_path_factory: pytest.TempPathFactory) -> Copies:
    """The copies of the base game's content folder the tests of this process get."""
    return Copies(ROOT / "content", tmp_path_factory.mktemp("base_copies"), "base")


@pytest.fixture
def base_copy(base_copies: Copies) -> Path:
    """The base game's content folder, copied so tests may change it (shared with the tests before it
    while none of them changed it, see :mod:`pristine`)."""
    return base_copies.pristine()


@pytest.fixture
def ws(base_copy: Path) -> Workspace:
    """The copied base game opened for editing."""
    return Workspace.open([], base=base_copy)
