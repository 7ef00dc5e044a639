"""Workers leave nothing running behind them: the pool's manager thread is joined before run_in_workers
returns, so the interpreter's exit never wakes a pool already closed (a traceback, "Bad file
descriptor", after the command's output)."""

from __future__ import annotations

import multiprocessing
import threading
import time
from pathlib import Path

import pytest

from studio.simulation.workers import Cancelled, run_in_workers


def test_a_finished_run_leaves_no_pool_thread_running() -> None:
    got: dict[int, object] = {}
    run_in_workers([(abs, (-1,)), (abs, (-2,))], 2, lambda i, r: got.__setitem__(i, r))
    assert got == {0: 1, 1: 2}
    left = [t for t in threading.enumerate() if type(t).__name__ == "_ExecutorManagerThread" and t.is_alive()]
    assert left == []


def _write_later(path: str) -> None:
    time.sleep(1.0)
    Path(path).write_text("played", encoding="utf-8")


def test_a_cancel_kills_the_workers_still_starting_before_they_play_a_task(tmp_path: Path) -> None:
    # A worker spawned but not yet started has not said its pid: left alone it took a queued task and
    # played it out while the cancel waited for the pool to end.
    cancel = threading.Event()
    cancel.set()
    marks = [str(tmp_path / f"played{i}") for i in range(2)]
    with pytest.raises(Cancelled):
        run_in_workers([(_write_later, (m,)) for m in marks], 2, lambda i, r: None, cancel=cancel)
    assert not [m for m in marks if Path(m).exists()]
    assert multiprocessing.active_children() == []
