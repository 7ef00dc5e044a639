"""Time validating a generated pack of 1,000 charms (schema, models, cross-references).

Run: ``python benchmarks/bench_validate.py [--charms N]``. The pack is written to
a temporary folder: N data charms of varied shapes, plus a test. Prints a
markdown table: loading and checking in-process, and the whole
``studio validate`` command. No timed assertions: figures only.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from studio.content.packs.pack import base_pack, open_pack
from studio.plugins.loading import load_packs

SHAPES = [
    "abilities:\n  - trigger: hand\n    when: {{contains: pair}}\n"
    "    effects: [{{kind: mult, amount: {n}}}]\n",
    "abilities:\n  - trigger: scored_card\n    when: {{suits: [H, D], ranks: [A, K]}}\n"
    "    effects: [{{kind: points, amount: {n}}}, {{kind: mult, amount: 2}}]\n",
    "abilities:\n  - trigger: hand\n    when: {{compare: [{{value: money, op: '>=', n: {n}}}]}}\n"
    "    effects: [{{kind: xmult, amount: 1.5}}]\n",
    "abilities:\n  - trigger: before\n    effects: [{{kind: grow, amount: 1}}]\n"
    "  - trigger: hand\n    effects: [{{kind: mult, amount: 1, per: counter}}]\n",
]


def make_pack(root: Path, charms: int) -> Path:
    """Write a pack of ``charms`` charms under ``root``; return its folder."""
    pack = root / "big"
    (pack / "charms").mkdir(parents=True)
    (pack / "pack.yaml").write_text("id: big\nname: Big\nversion: 1.0.0\n", encoding="utf-8")
    for i in range(charms):
        body = SHAPES[i % len(SHAPES)].format(n=i % 50 + 1)
        text = f"# yaml-language-server: $schema=charm.schema.json\nid: big_{i}\nname: Big {i}\n{body}"
        (pack / "charms" / f"big_{i}.yaml").write_text(text, encoding="utf-8")
    return pack


def main() -> None:
    parser = argparse.ArgumentParser(description="Validation timings.")
    parser.add_argument("--charms", type=int, default=1000, help="charms in the generated pack")
    parser.add_argument("--repeat", type=int, default=3, help="runs per case; the best counts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = make_pack(Path(tmp), args.charms)
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            pack, problems = open_pack(folder)
            assert pack is not None and not problems
            content = load_packs([base_pack(), pack])
            best = min(best, time.perf_counter() - start)
            assert not content.problems, content.problems[:3]
        exe = str(Path(sys.executable).with_name("studio"))
        whole = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            subprocess.run([exe, "validate", str(folder)], check=True, capture_output=True)
            whole = min(whole, time.perf_counter() - start)
    print(f"| validate a pack of {args.charms} charms (with the base game) | seconds |")
    print("|---|---:|")
    print(f"| load and check, in-process | {best:.3f} |")
    print(f"| the whole `studio validate` command | {whole:.3f} |")


if __name__ == "__main__":
    main()
