"""Shared fixtures: the real base content, loaded once, and a way to run the real CLI."""

from __future__ import annotations

import contextlib
import gc
import importlib.util
import io
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from dists import build_dists
from pristine import Links
from spec_data import Run

from studio.cli.main import main as studio_main
from studio.engine.catalog import Catalog
from studio.plugins.loading import load_base

ROOT = Path(__file__).resolve().parents[1]
#: Deleted entries go to the system trash (send2trash reads XDG_DATA_HOME when first imported):
#: the tests' trash is a temporary folder, never the user's.
TRASH_HOME = Path(tempfile.mkdtemp(prefix="studio-tests-data-"))
os.environ["XDG_DATA_HOME"] = str(TRASH_HOME)

#: GUI tests need Qt (the `app` extra): without it they skip (``pytest.importorskip("PySide6")``).
pytest_plugins = ["pytestqt.plugin"] if importlib.util.find_spec("PySide6") else []


@pytest.fixture(autouse=True)
def _earlier_objects_frozen() -> Iterator[None]:
    """After each test, its garbage is collected and what is still alive (modules, caches, the base
    game loaded once) is left out of later collections: a window's close collects in full, and in a
    process that had run a thousand tests that walked every object they kept, a fifth of a second
    each time. Collecting first keeps the frozen objects to those still in use."""
    yield
    gc.collect()
    gc.freeze()


@pytest.fixture(scope="session")
def warm_caches(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The caches a user's earlier starts leave for the base game (its files parsed, the schemas, the
    command line's snapshot of it), made once per test process by a real load and a real command."""
    from studio.workspace import Workspace

    home = tmp_path_factory.mktemp("warm_home")
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(io.StringIO()):
        patch.setenv("STUDIO_HOME", str(home))
        Workspace.open([])
        assert studio_main(["score", "AS"]) == 0  # leaves the snapshot a second command starts from
    return home / "cache"


@pytest.fixture(scope="session")
def studio_homes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder each test's data folder is made in, one per test process: ``mktemp`` would list every
    folder made so far to number the next one, a cost that grows with each test the process has run."""
    return tmp_path_factory.mktemp("studio_homes")


@pytest.fixture(scope="session")
def warm_links(warm_caches: Path, tmp_path_factory: pytest.TempPathFactory) -> Links:
    """The warm cache files, linked into each test's cache folder (see :class:`pristine.Links`)."""
    files = [*warm_caches.glob("*.*"), *(warm_caches / "snapshots").iterdir()]
    return Links(
        {str(path.relative_to(warm_caches)): path for path in files}, tmp_path_factory.mktemp("warm_links")
    )


@pytest.fixture(autouse=True)
def studio_home(studio_homes: Path, monkeypatch: pytest.MonkeyPatch, warm_links: Links) -> Path:
    """Each test gets its own user data folder: installed packs and trust never leak between tests.

    Its cache folder starts with what a user's earlier starts leave there (the base game's files
    parsed, the schemas, the command line's snapshot of the base game; never a workspace snapshot),
    so each test, and each ``studio`` it starts, does not load them all again (the files are hard
    links to copies the tests of the process share, see :class:`pristine.Links`). Tests of the caches
    themselves empty it first.
    """
    home = Path(tempfile.mkdtemp(prefix="studio_home", dir=studio_homes))
    (home / "cache" / "snapshots").mkdir(parents=True)
    warm_links.link_into(home / "cache")
    monkeypatch.setenv("STUDIO_HOME", str(home))
    return home


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the wheel built from the checkout, with the build backend installed here (no
    network): built once for the tests of what they ship and of the wheel installed."""
    out = tmp_path_factory.mktemp("dist")
    build_dists(ROOT, out, "--sdist", "--wheel")
    return out


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    """The base game's catalog, loaded from content/ and plugins/."""
    content = load_base()
    assert not content.problems, content.problems
    assert content.catalog is not None
    return content.catalog


@pytest.fixture
def studio(capsys: pytest.CaptureFixture[str]):
    """Run ``studio`` in-process (fast) and capture its output."""

    def run(*argv: str) -> Run:
        code = studio_main(list(argv))
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


@pytest.fixture
def studio_exe():
    """Run the installed ``studio`` console script in a subprocess, as a user would."""
    exe = Path(sys.executable).with_name("studio")

    def run(*argv: str, cwd: Path | None = None) -> Run:
        proc = subprocess.run(
            [str(exe), *argv], capture_output=True, text=True, cwd=cwd, env={**os.environ}, check=False
        )
        return Run(proc.returncode, proc.stdout, proc.stderr)

    return run


@pytest.fixture
def installed_base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The base game laid out as an installed Studio keeps it (read-only): inside the package, in
    ``_base/content`` and ``_base/plugins``; return its content folder."""
    from studio.content.io import paths

    installed = tmp_path / "site-packages" / "studio" / "_base"
    shutil.copytree(paths.base_content_dir(), installed / "content")
    shutil.copytree(paths.base_plugins_dir(), installed / "plugins")
    monkeypatch.setattr(paths, "_INSTALLED", installed)
    return installed / "content"


@pytest.fixture
def plugin_kinds_forgotten() -> Iterator[None]:
    """After the test, the vocabulary is the built-in one again: a plugin's kinds never reach later tests."""
    yield
    from studio.content.extensions import reset

    reset()
