"""``studio completion SHELL`` prints a script made from the full parser, every subcommand in it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest


def test_bash_completion_is_valid_bash_and_knows_the_subcommands_and_their_options(
    studio, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    run = studio("completion", "bash")
    assert run.code == 0, run.err
    script = tmp_path / "studio.bash"
    script.write_text(run.out, encoding="utf-8")
    checked = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stderr
    for word in ("simulate", "validate", "--seed", "--charm", "completion", "desktop"):
        assert word in run.out


def test_bash_completion_completes_a_subcommand(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    script = tmp_path / "studio.bash"
    script.write_text(studio("completion", "bash").out, encoding="utf-8")
    probe = (
        f'source {script}; COMP_WORDS=(studio simu); COMP_CWORD=1; _shtab_studio; echo "${{COMPREPLY[@]}}"'
    )
    done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, check=False)
    assert done.stdout.split() == ["simulate"], done.stderr


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_completion_name_the_subcommands(studio, tmp_path: Path, shell: str) -> None:  # type: ignore[no-untyped-def]
    run = studio("completion", shell)
    assert run.code == 0, run.err
    assert "simulate" in run.out and "--seed" in run.out and "pack" in run.out
    if shutil.which(shell):  # a syntax check where the shell is installed
        script = tmp_path / f"studio.{shell}"
        script.write_text(run.out, encoding="utf-8")
        checked = subprocess.run([shell, "-n", str(script)], capture_output=True, text=True, check=False)
        assert checked.returncode == 0, checked.stderr


def test_completion_refuses_an_unknown_shell(studio) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as exit_:
        studio("completion", "tcsh")
    assert exit_.value.code == 2
