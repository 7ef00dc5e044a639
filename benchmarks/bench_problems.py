"""Show that reporting problems costs time linear in their number: ``studio validate`` and ``studio test``.

Run: ``python benchmarks/bench_problems.py [--sizes 1000 10000]``. For each size N,
writes a pack whose one tests file holds N bad scenarios (an unknown field, an
unknown charm, a bad card, in turn), runs the real commands on it and prints a
markdown table: seconds, and microseconds per problem, which stays flat when
the cost is linear. No timed assertions.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BAD = [
    "- name: bad field {i}\n  played: AS AH\n  chrams: [pair_mult]\n  expect: {{total: 1}}\n",
    "- name: unknown charm {i}\n  played: AS AH\n  charms: [pair_mul]\n  expect: {{total: 1}}\n",
    "- name: bad card {i}\n  played: AS XX\n  expect: {{total: 1}}\n",
]


def make_pack(root: Path, n: int) -> Path:
    """Write a pack with ``n`` bad scenarios in ``tests/bad.yaml``; return its folder."""
    pack = root / f"bad{n}"
    (pack / "tests").mkdir(parents=True)
    (pack / "pack.yaml").write_text(f"id: bad{n}\nname: Bad\nversion: 1.0.0\n", encoding="utf-8")
    body = "".join(BAD[i % len(BAD)].format(i=i) for i in range(n))
    (pack / "tests" / "bad.yaml").write_text(body, encoding="utf-8")
    return pack


def timed(*argv: str) -> tuple[float, int]:
    """Run ``studio ARGV``; return (seconds, lines of output)."""
    exe = str(Path(sys.executable).with_name("studio"))
    start = time.perf_counter()
    done = subprocess.run([exe, *argv], capture_output=True, check=False)
    seconds = time.perf_counter() - start
    assert done.returncode == 1, done.stderr[-500:]
    return seconds, done.stdout.count(b"\n")


def main() -> None:
    parser = argparse.ArgumentParser(description="Problem reporting stays linear.")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000], help="bad scenarios")
    args = parser.parse_args()
    print("| bad scenarios in one file | command | seconds | µs per problem |")
    print("|---:|---|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            pack = make_pack(Path(tmp), n)
            for name, argv in (
                ("`studio validate PACK`", ("validate", str(pack))),
                ("`studio test FILE`", ("test", str(pack / "tests" / "bad.yaml"))),
            ):
                seconds, lines = timed(*argv)
                assert lines >= n, (name, lines, n)
                print(f"| {n:,} | {name} | {seconds:.2f} | {seconds / n * 1e6:,.0f} |")


if __name__ == "__main__":
    main()
