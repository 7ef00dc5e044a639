"""Time the author's loop from a terminal: ``studio --help`` and one ``studio score``, start to finish.

Run: ``python benchmarks/bench_cli.py [--runs N]``. Each command runs N times
as a new process, as a user runs it; the table gives the fastest and the
median wall time. ``score`` is timed three ways: cold (an empty data folder,
so every content file is parsed), after an edit (the parsed files cached but
no current snapshot, so the content is validated and cross-checked again) and
warm (the snapshot of the run before serves the catalog, as in everyday use).
No timed assertions: figures only.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STUDIO = str(Path(sys.executable).with_name("studio"))
HAND = ["score", "KH 10H:glass 6H 4H 2H", "--held", "5D:steel", "--money", "17"]
CHARMS = ["--charm", "even_mult", "--charm", "money_mult", "--charm", "plain_mult", "--charm", "splash"]


def timed(argv: list[str], home: Path, forget: str) -> float:
    """Run ``studio argv`` once with ``home`` as its data folder; return the wall time in seconds.

    ``forget`` names what of the cache to delete first: "" nothing, "snapshots", or "cache" (all of it).
    """
    cache = home / "charm-studio" / "cache"
    if forget:
        shutil.rmtree(cache / "snapshots" if forget == "snapshots" else cache, ignore_errors=True)
    # The data folder found as a user's is (not STUDIO_HOME), in a temporary place.
    env = {k: v for k, v in os.environ.items() if k != "STUDIO_HOME"}
    env["XDG_DATA_HOME"] = str(home)
    start = time.perf_counter()
    subprocess.run([STUDIO, *argv], env=env, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        cases = [
            ("`studio --help`", ["--help"], "", "< 0.1 s"),
            ("one `studio score` (appendix hand, 4 charms), cold", [*HAND, *CHARMS], "cache", ""),
            ("one `studio score`, after a content edit", [*HAND, *CHARMS], "snapshots", ""),
            ("one `studio score`, warm", [*HAND, *CHARMS], "", "< 0.25 s"),
        ]
        for label, argv, forget, target in cases:
            timed(argv, home, forget)  # warm the operating system's file cache
            times = [timed(argv, home, forget) for _ in range(args.runs)]
            rows.append((label, target, min(times), statistics.median(times)))
    print(f"| command ({args.runs} runs each) | target | fastest | median |")
    print("|---|---|---|---|")
    for label, target, fastest, median in rows:
        print(f"| {label} | {target} | {fastest:.3f} s | {median:.3f} s |")


if __name__ == "__main__":
    main()
