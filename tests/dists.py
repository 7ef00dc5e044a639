"""Building Studio's own distributions from a source tree, as a release would (no network)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def build_dists(source: Path, out: Path, *kinds: str) -> None:
    """Build ``kinds`` (``--sdist``, ``--wheel``) of the project at ``source`` into ``out`` with the build
    backend installed here (no isolation, so no download); fail the test with the builder's output."""
    command = [sys.executable, "-m", "build", *kinds, "--no-isolation", "--outdir", str(out), str(source)]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
