"""``studio simulate --cluster`` gives up in one line on a peer that is not a scheduler, and Ctrl-C is one line."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from spec_data import Run

pytest.importorskip("distributed")


@pytest.fixture
def peer(request: pytest.FixtureRequest) -> Iterator[str]:
    """A local server that accepts every connection, then says nothing or sends garbage (the test's param)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:  # closed: the test is over
                return
            held.append(conn)
            if request.param == "garbage":
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n" + b"\xff" * 64)

    threading.Thread(target=serve, daemon=True).start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    server.close()
    for conn in held:
        conn.close()


@pytest.mark.parametrize("peer", ["silent", "garbage"], indirect=True)
def test_a_peer_that_is_not_a_scheduler_is_one_line_and_exit_1(
    studio: Callable[..., Run], monkeypatch: pytest.MonkeyPatch, peer: str
) -> None:
    monkeypatch.setenv("STUDIO_CLUSTER_TIMEOUT", "0.5")
    run = studio("simulate", "--runs", "2", "--seed", "1", "--cluster", peer)
    assert run.code == 1, run
    (line,) = run.err.splitlines()
    assert line.startswith(f"studio simulate: error: the peer at {peer} ")
    assert "did not answer as a Dask scheduler within 0.5 s" in line or "does not answer as a Dask" in line


def test_a_long_address_is_quoted_short(studio: Callable[..., Run]) -> None:
    run = studio("simulate", "--runs", "2", "--seed", "1", "--cluster", "x" * 5000)
    assert run.code == 2 and len(run.err) < 600 and "tcp://HOST:8786" in run.err


def _children(pid: int) -> list[str]:
    """The processes ``pid`` started (any of its threads)."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as listing:
            found += listing.read().split()
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc to see the workers start")
def test_ctrl_c_on_a_local_cluster_is_one_line(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("studio")
    argv = [str(exe), "simulate", "--runs", "400", "--seed", "1", "--cluster", "local"]
    # Its own session: the SIGINT goes to the command and all its processes, as a terminal's Ctrl-C does.
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not _children(proc.pid) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)  # polling for the cluster's first worker, not waiting for a result
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert err.decode() == "studio simulate: interrupted\n"
    assert out == b""
