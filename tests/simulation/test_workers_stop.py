"""Workers leave nothing running behind them: the pool's manager thread is joined before run_in_workers
returns, so the interpreter's exit never wakes a pool already closed (a traceback, "Bad file
descriptor", after the command's output)."""

from __future__ import annotations

import threading

from studio.simulation.workers import run_in_workers


def test_a_finished_run_leaves_no_pool_thread_running() -> None:
    got: dict[int, object] = {}
    run_in_workers([(abs, (-1,)), (abs, (-2,))], 2, lambda i, r: got.__setitem__(i, r))
    assert got == {0: 1, 1: 2}
    left = [t for t in threading.enumerate() if type(t).__name__ == "_ExecutorManagerThread" and t.is_alive()]
    assert left == []
