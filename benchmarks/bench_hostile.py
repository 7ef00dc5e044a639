"""Time and memory of every hostile case of ``tests/cli/test_hostile_input.py``, through the real command.

Run: ``python benchmarks/bench_hostile.py``. Each case runs alone (one at a
time, so the figures are not shared with the others); the table shows its
wall seconds, CPU seconds and peak memory, and the slowest and biggest at the
end. The promise is under 10 s and 3 GB each. No timed assertions: figures only.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "cli"))

from test_hostile_input import CASES, EXE, Case, lay_out  # the cases live with their test


def measure(root: Path, name: str, case: Case) -> tuple[float, float, float, int]:
    """Run one case; return (wall s, CPU s, peak MB, exit code)."""
    where, home = lay_out(root, name, case)
    start = time.perf_counter()
    # A small launcher runs the command and reports its peak memory: measured from here, a child's
    # peak would include this process's own memory at the fork.
    done = subprocess.run(
        [sys.executable, "-S", "-c", _LAUNCHER, EXE, *case.argv],
        cwd=where,
        env={**os.environ, "STUDIO_HOME": home},
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - start
    code, cpu, peak_kb = done.stdout.split()
    return wall, float(cpu), int(peak_kb) / 1024, int(code)


_LAUNCHER = """
import resource, subprocess, sys
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
use = resource.getrusage(resource.RUSAGE_CHILDREN)
print(code, use.ru_utime + use.ru_stime, use.ru_maxrss)
"""


def main() -> None:
    print("| hostile case | exit | wall s | CPU s | peak MB |")
    print("|---|---:|---:|---:|---:|")
    worst = (0.0, 0.0)
    with tempfile.TemporaryDirectory() as tmp:
        for name, case in CASES.items():
            wall, cpu, peak, code = measure(Path(tmp), name, case)
            worst = (max(worst[0], wall), max(worst[1], peak))
            print(f"| {name} | {code} | {wall:.2f} | {cpu:.2f} | {peak:.0f} |")
    print(f"| **slowest, biggest** | | {worst[0]:.2f} | | {worst[1]:.0f} |")


if __name__ == "__main__":
    main()
