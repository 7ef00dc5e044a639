"""Time the editing core: one edit of a charm, with its checks and catalog, must stay well under 16 ms.

Run: ``python benchmarks/bench_workspace.py [--edits N]``. A copy of the base
game is opened as a workspace in a temporary folder; each edit changes one
charm's Mult (as a form does), re-validates it, re-runs the cross-checks and
swaps it in the engine catalog. Prints a markdown table (median and worst of N).
No timed assertions: figures only.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from studio.workspace import Workspace

ROOT = Path(__file__).resolve().parents[1]


def timed(action: Callable[[int], object], runs: int) -> list[float]:
    """Run ``action(i)`` ``runs`` times; return each run's milliseconds."""
    out = []
    for i in range(runs):
        start = time.perf_counter()
        action(i)
        out.append((time.perf_counter() - start) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="Workspace editing timings.")
    parser.add_argument("--edits", type=int, default=200, help="edits per case")
    args = parser.parse_args()
    n = args.edits
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        shutil.copytree(ROOT / "content", base)
        start = time.perf_counter()
        ws = Workspace.open([], base=base)
        opened = (time.perf_counter() - start) * 1000
        ref = next(r for r in ws.entries("charm") if r.id == "money_mult")
        data = ws.data(ref)

        def form_edit(i: int) -> None:
            data["abilities"][0]["effects"][0]["amount"] = 2 + i % 7
            ws.replace(ref, data)

        def field_edit(i: int) -> None:
            ws.set_field(ref, ("abilities", 0, "effects", 0, "amount"), 3 + i % 5)

        text = ws.text(ref)

        def text_edit(i: int) -> None:
            ws.replace_text(ref, text.replace("amount: 2", f"amount: {10 + i % 9}"))

        def edit_and_problems(i: int) -> None:
            form_edit(i)
            ws.problems()

        hand = next(r for r in ws.entries("hand_type") if r.id == "pair")

        def hand_edit(i: int) -> None:
            ws.set_field(hand, ("points",), 10 + i % 3)

        def rename(i: int) -> None:
            charm = next(r for r in ws.entries("charm") if r.id in ("plain_mult", f"renamed_{i - 1}"))
            ws.rename(charm, f"renamed_{i}")

        rows = [
            ("charm: form data -> re-check + catalog", timed(form_edit, n)),
            ("charm: one field (undo command)", timed(field_edit, n)),
            ("charm: YAML text -> re-check + catalog", timed(text_edit, n)),
            ("charm: edit + every problem listed", timed(edit_and_problems, n)),
            ("hand type: edit -> re-check + hand types swapped", timed(hand_edit, n)),
            ("save one file (atomic)", timed(lambda i: (form_edit(i), ws.save(ref)), max(n // 10, 1))),
            ("rename a charm (every reference)", timed(rename, 3)),
        ]
    print("| workspace (base game) | median ms | worst ms |")
    print("|---|---:|---:|")
    print(f"| open the base game for editing | {opened:.1f} | {opened:.1f} |")
    for name, ms in rows:
        print(f"| {name} | {statistics.median(ms):.2f} | {max(ms):.2f} |")


if __name__ == "__main__":
    main()
