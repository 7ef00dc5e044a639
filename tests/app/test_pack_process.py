"""The Pack menu's process: its result and progress come back, and one that dies or is cancelled ends in
one red line instead of a dialog that waits forever."""

from __future__ import annotations

import os
import time
from functools import partial
from pathlib import Path

import pytest

from studio.app.pack_process import run_in_process
from studio.services.checks import validate
from studio.services.errors import Line
from studio.services.packs import new_pack


def test_the_result_and_progress_come_back_from_the_process(tmp_path: Path) -> None:
    made = run_in_process(partial(new_pack, "neon", tmp_path), lambda _d, _t: None, lambda: False)
    assert made[0] == 0 and made[1][-1].text.startswith("created pack 'neon'")
    heard: list[tuple[int, int]] = []
    checked = run_in_process(
        partial(validate, [tmp_path / "neon"]), lambda d, t: heard.append((d, t)), lambda: False
    )
    assert checked[0] == 0 and checked[1][0].text.startswith("ok: "), checked
    assert heard and heard[-1][0] == heard[-1][1]


def test_a_process_that_dies_is_one_red_line() -> None:
    died = run_in_process(partial(os._exit, 3), lambda _d, _t: None, lambda: False)  # type: ignore[arg-type]
    assert died == (2, [Line("error: the work ended without a result (exit code 3)", "bad")])


def test_cancelling_kills_the_process_at_once() -> None:
    start = time.monotonic()
    stopped = run_in_process(
        partial(time.sleep, 60),  # type: ignore[arg-type]
        lambda _d, _t: None,
        lambda: time.monotonic() > start + 0.5,
    )
    assert stopped == (2, [Line("cancelled", "bad")])
    assert time.monotonic() - start < 10


def test_a_pack_test_whose_hook_never_returns_fails_past_the_time_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nobody can press Stop in the Pack menu's process: its dialog waited for ever on such a test."""
    from looping_packs import looping_pack

    from studio.services.checks import run_scenarios

    monkeypatch.setenv(
        "STUDIO_HOOK_TIMEOUT", "0.5"
    )  # as for a command (5 s by default); the process inherits it
    pack = looping_pack(tmp_path, tests=True)
    start = time.monotonic()
    code, lines = run_in_process(
        partial(run_scenarios, packs=[str(pack)], trust=True),
        lambda _d, _t: None,
        lambda: time.monotonic() > start + 60,
    )
    assert time.monotonic() - start < 30
    assert code == 1 and any("stopped after" in line.text and "time limit" in line.text for line in lines), (
        lines
    )
