"""``studio score --batch -``: a batch piped in is scored as a file is, each result out as its line is."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOD = b'{"played": "AS AH", "charms": ["pair_mult"]}'
#: Seconds to wait for a line that should come at once: generous, so a busy machine never fails the test.
PATIENCE = 60
#: Lines a process printed, as they come.
Lines = queue.Queue[bytes]


def _studio(*argv: str, stdin: int = subprocess.PIPE) -> subprocess.Popen[bytes]:
    """``python -m studio ARGV`` of this checkout; its output and errors are pipes, its input ``stdin``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen(
        [sys.executable, "-m", "studio", *argv],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )


def _piped(data: bytes) -> subprocess.CompletedProcess[bytes]:
    with _studio("score", "--batch", "-") as proc:
        out, err = proc.communicate(data, timeout=PATIENCE)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@contextlib.contextmanager
def _streaming(stdin: int = subprocess.PIPE) -> Iterator[tuple[subprocess.Popen[bytes], Lines, Lines]]:
    """``studio score --batch -`` running, and the lines of its output and of its errors as they come
    (read by threads: a test waits for one with a timeout, on any system). Killed at the end if still
    running, so a test that fails ends rather than waits for a line that never comes."""
    proc = _studio("score", "--batch", "-", stdin=stdin)
    queues: tuple[Lines, Lines] = (queue.Queue(), queue.Queue())
    readers = [
        threading.Thread(target=_read_lines, args=(stream, lines), daemon=True)
        for stream, lines in zip((proc.stdout, proc.stderr), queues, strict=True)
    ]
    for reader in readers:
        reader.start()
    try:
        yield proc, *queues
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        for reader in readers:
            reader.join(PATIENCE)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                with contextlib.suppress(BrokenPipeError):
                    stream.close()


def _read_lines(stream: IO[bytes], lines: Lines) -> None:
    for line in iter(stream.readline, b""):
        lines.put(line)


def test_lines_piped_in_give_what_the_same_file_gives(tmp_path: Path) -> None:
    data = b"\n".join(
        [b"\xef\xbb\xbf" + GOOD, b"", b'{"played": "AS XX"}', b'{"played": "KH 10H 6H 4H 2H"}', b"[1]"]
    )
    path = tmp_path / "batch.jsonl"
    path.write_bytes(data + b"\n")
    with _studio("score", "--batch", str(path), stdin=subprocess.DEVNULL) as proc:
        from_file, _ = proc.communicate(timeout=PATIENCE)
    piped = _piped(data)  # no newline after the last line: it is a line all the same
    assert (piped.returncode, piped.stderr) == (proc.returncode, b"") == (1, b"")
    assert piped.stdout == from_file.replace(str(path).encode(), b"<stdin>")
    assert len(piped.stdout.splitlines()) == 4


def test_a_bad_line_piped_in_is_an_error_line_naming_stdin_and_the_lines_after_it_are_scored() -> None:
    run = _piped(GOOD + b'\n{"played": "AS", "hld": "KS"}\n' + GOOD + b"\n")
    first, bad, last = (json.loads(line) for line in run.stdout.splitlines())
    assert bad == {"error": "<stdin>:2:18: $.hld: unknown field 'hld' (did you mean 'held'?)"}
    assert first == last and first["hand_type"] == "pair"
    assert (run.returncode, run.stderr) == (1, b"")


def test_each_result_comes_out_while_the_input_is_still_open() -> None:
    """``producer | studio score --batch - | consumer``: a producer that never ends gets its results."""
    with _streaming() as (proc, results, _):
        assert proc.stdin is not None
        for played, hand_type in (("AS AH", "pair"), ("KH 10H 6H 4H 2H", "flush")):
            proc.stdin.write(json.dumps({"played": played}).encode() + b"\n")
            proc.stdin.flush()
            assert json.loads(results.get(timeout=PATIENCE))["hand_type"] == hand_type
        proc.stdin.close()
        assert proc.wait(PATIENCE) == 0


def test_a_reader_that_stops_early_ends_a_piped_batch_quietly() -> None:
    """``producer | studio score --batch - | head -1``: exit 0, nothing on stderr, as for a file."""
    with _studio("score", "--batch", "-") as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        stdin = proc.stdin

        def produce() -> None:
            try:
                stdin.write((GOOD + b"\n") * 5000)  # far more output than a pipe holds
            except BrokenPipeError:  # studio may end before reading all of it
                pass
            finally:
                with contextlib.suppress(BrokenPipeError):
                    stdin.close()

        producer = threading.Thread(target=produce, daemon=True)
        producer.start()
        assert json.loads(proc.stdout.readline())["hand_type"] == "pair"
        proc.stdout.close()
        err = proc.stderr.read()
        producer.join(PATIENCE)
    assert (proc.returncode, err) == (0, b"")


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="a terminal is made with a pseudo-terminal")
def test_a_terminal_on_standard_input_is_told_how_to_end_the_batch() -> None:
    main, terminal = os.openpty()
    try:
        with _streaming(stdin=terminal) as (proc, results, errors):
            hint = errors.get(timeout=PATIENCE).decode()
            assert "from the terminal" in hint and "Ctrl-D" in hint
            os.write(main, GOOD + b"\n")
            assert json.loads(results.get(timeout=PATIENCE))["hand_type"] == "pair"
            os.write(main, b"\x04")  # Ctrl-D: the end of the input
            assert proc.wait(PATIENCE) == 0
    finally:
        os.close(main)
        os.close(terminal)
