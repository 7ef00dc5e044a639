"""Time ``studio score --batch``: hands per second end to end, trace and JSON out.

Run: ``python benchmarks/bench_batch.py [--hands N]``. Writes N seeded random
scenarios (1-5 played cards, up to three held, five random base charms, money
and hands left) as JSON lines, runs the real ``studio score --batch`` command
on them with its output going to a file, and prints a markdown table. The
figure includes start-up and loading the base game. No timed assertions.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from studio.plugins.loading import load_base

RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()
SUITS = "SHCD"


def scenarios(n: int, seed: int = 1) -> list[dict[str, object]]:
    """Return ``n`` seeded random scenarios with five base charms each."""
    catalog = load_base().catalog
    assert catalog is not None
    ids = sorted(catalog.charms)
    rnd = random.Random(seed)
    deck = [r + s for r in RANKS for s in SUITS]
    out: list[dict[str, object]] = []
    for _ in range(n):
        cards = rnd.sample(deck, rnd.randint(1, 5) + 3)
        out.append(
            {
                "played": " ".join(cards[:-3]),
                "held": " ".join(cards[-3:]),
                "charms": [rnd.choice(ids) for _ in range(5)],
                "money": rnd.randint(0, 30),
                "hands_left": rnd.randint(0, 3),
            }
        )
    return out


def run_batch(lines: Path, out: Path) -> tuple[float, float]:
    """Run the real command on ``lines``; return (wall seconds, CPU seconds), start to finish.

    CPU time is shown too: on a shared machine it varies far less than the wall clock.
    """
    exe = str(Path(sys.executable).with_name("studio"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with out.open("wb") as sink:
        subprocess.run([exe, "score", "--batch", str(lines)], stdout=sink, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description="Batch scoring throughput, end to end.")
    parser.add_argument("--hands", type=int, default=50_000, help="scenarios in the batch")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best counts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        lines = Path(tmp) / "batch.jsonl"
        lines.write_text("".join(json.dumps(s) + "\n" for s in scenarios(args.hands)), encoding="utf-8")
        out = Path(tmp) / "out.jsonl"
        runs = [run_batch(lines, out) for _ in range(args.repeat)]
        wall, cpu = min(r[0] for r in runs), min(r[1] for r in runs)
        results = out.read_bytes().count(b"\n")
        assert results == args.hands, (results, args.hands)
        assert b'"error"' not in out.read_bytes()
    print("| `studio score --batch`, five charms, trace and JSON out | hands/s (wall) | hands/CPU-s |")
    print("|---|---:|---:|")
    print(f"| {args.hands:,} hands, start-up included | {args.hands / wall:,.0f} | {args.hands / cpu:,.0f} |")


if __name__ == "__main__":
    main()
