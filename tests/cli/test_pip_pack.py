"""The pip-package example of docs/packs.md, built and installed for real: its pack is listed with its
distribution and scores by id."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from test_docs_commands import ROOT, File, steps

DOC = ROOT / "docs" / "packs.md"


def run(*argv: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(argv), capture_output=True, text=True, env=env, cwd=cwd, check=False)


def test_the_docs_pip_package_installs_lists_and_scores(tmp_path: Path, studio_home: Path) -> None:
    files = [s for s in steps(DOC.read_text(encoding="utf-8")) if isinstance(s, File)]
    project = [f for f in files if f.path.startswith("neon_glow/")]
    assert {f.path for f in project} >= {"neon_glow/pyproject.toml", "neon_glow/neon_glow/pack.yaml"}
    for f in project:
        (tmp_path / f.path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / f.path).write_text(f.text, encoding="utf-8")
    env = {**os.environ, "STUDIO_HOME": str(studio_home)}
    site = tmp_path / "site"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation"]
    installed = run(
        *pip, "--no-index", "--target", str(site), str(tmp_path / "neon_glow"), env=env, cwd=tmp_path
    )
    assert installed.returncode == 0, installed.stderr
    assert not (site / "neon_glow" / "__init__.py").exists()  # the pack folder, as shipped

    env["PYTHONPATH"] = str(site)
    studio = str(Path(sys.executable).with_name("studio"))
    away = tmp_path / "elsewhere"  # not beside a folder named like the pack id
    away.mkdir()
    listed = run(studio, "pack", "list", "--json", env=env, cwd=away)
    [row] = json.loads(listed.stdout)["packs"]
    assert (row["id"], row["version"], row["from"]) == ("neon_glow", "1.0.0", "pip: neon-glow 1.0.0")
    assert Path(row["path"]) == site / "neon_glow"
    scored = run(
        studio,
        "score",
        "AH KH 9H 5H 2H",
        "--pack",
        "neon_glow",
        "--charm",
        "neon_glow_flush",
        env=env,
        cwd=away,
    )
    assert scored.returncode == 0, scored.stderr
    assert scored.stdout.rstrip().endswith("Total = 72 x 8 = 576")
    tested = run(studio, "test", "--pack", "neon_glow", env=env, cwd=away)
    assert tested.stdout.strip() == "1 passed, 0 failed", tested.stdout
