"""Time the editor: start to a usable window, a preview update after an edit, best play.

Run: ``python benchmarks/bench_app.py [--runs N]`` (offscreen; needs the ``app`` extra).
- start: a fresh process from its first line to the window shown with the base
  game loaded and the sample hand scored (median of N runs);
- preview: one edit of a charm's amount in the form, through undo command,
  workspace, catalog, editor and preview, with 20 charms in the row; and the
  preview's re-score alone;
- best play: all 218 plays of 1-5 of 8 cards with the real scorer, 4 and 20 charms.
Prints a markdown table.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

STARTUP = """
import time; t0 = time.perf_counter()
import sys
from PySide6.QtWidgets import QApplication
from PySide6.QtCore import QSettings
from studio.app import palette
from studio.app.main_window import MainWindow
app = QApplication(sys.argv[:1]); palette.apply(app, False)
w = MainWindow(recovery_dir=__import__('pathlib').Path(sys.argv[1]) / 'r',
               settings=QSettings(sys.argv[1] + '/s.ini', QSettings.Format.IniFormat))
w.show(); app.processEvents(); shown = time.perf_counter() - t0
w.loaded.connect(app.quit); w.open_packs([]); app.exec()
assert w.preview.result is not None
print(shown, time.perf_counter() - t0, time.process_time())
"""

TWENTY = [
    "even_mult",
    "money_mult",
    "plain_mult",
    "splash",
    "pair_mult",
    "ace_bonus",
    "bull_market",
    "club_money",
    "court_jester",
    "cupid",
    "diamond_mult",
    "early_bird",
    "encore",
    "face_points",
    "fibonacci",
    "flush_x2",
    "heart_mult",
    "king_held_x",
    "lone_wolf",
    "marathon",
]


def startup(runs: int) -> tuple[float, float, float]:
    """Median seconds to the window shown, to the content loaded and scored, and CPU seconds used by then.

    The CPU time tells what an idle machine would take when other work shares the cores.
    """
    shown, ready, cpu = [], [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            argv = [sys.executable, "-c", STARTUP, tmp]
            out = subprocess.run(argv, capture_output=True, text=True, check=True)
        a, b, c = out.stdout.split()
        shown.append(float(a))
        ready.append(float(b))
        cpu.append(float(c))
    return statistics.median(shown), statistics.median(ready), statistics.median(cpu)


def timed(fn, runs: int) -> float:  # type: ignore[no-untyped-def]
    """Median milliseconds of ``fn()``."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def in_process(runs: int) -> list[tuple[str, float, str]]:
    """Edit-to-preview and best-play figures in one window."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QMessageBox

    from studio.app import palette
    from studio.app.main_window import MainWindow
    from studio.app.preview.best_play import best_play
    from studio.workspace import Workspace

    app = QApplication.instance() or QApplication(sys.argv[:1])
    palette.apply(app, False)  # type: ignore[arg-type]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        window = MainWindow(
            recovery_dir=Path(tmp) / "r", settings=QSettings(f"{tmp}/s.ini", QSettings.Format.IniFormat)
        )
        window.ask_save = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
        window.set_workspace(Workspace.open([]))
        window.show()
        preview = window.preview
        preview.set_state(
            {"played": "KH 10H:glass 6H 4H 2H", "held": "5D:steel", "charms": TWENTY, "money": 17}
        )
        window.tree.select("charm", "money_mult")
        assert window.editor is not None
        box = window.editor.field_at(("abilities", 0, "effects", 0, "amount")).box  # type: ignore[union-attr]
        values = iter(range(3, 10_000))
        edit = timed(lambda: (box.setValue(next(values)), window.stack.clear()), runs)
        rows.append(("edit a charm's amount -> form, workspace, catalog, preview (20 charms)", edit, "5 ms"))
        rows.append(("preview re-score and redraw alone (20 charms)", timed(preview.refresh, runs), "16 ms"))
        catalog = window.session.ws.catalog  # type: ignore[union-attr]
        for n in (4, 20):
            preview.set_state(
                {"played": "AS AH AD KS", "held": "KH 2C 7D 9S", "charms": TWENTY[:n], "money": 17}
            )
            situation = preview.situation_now()
            cards = [*situation.played, *situation.held]
            ms = timed(lambda s=situation, c=cards: best_play(c, s, catalog), max(3, runs // 4))
            rows.append((f"best play, 8 cards (218 plays), {n} charms", ms, "100 ms"))
        window.close()
    return rows


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20, help="repetitions per figure (startup: 3)")
    args = parser.parse_args()
    try:
        import PySide6  # noqa: F401
    except ImportError:
        print("bench_app: the app extra is not installed; skipped")
        return
    shown, ready, cpu = startup(3)
    print("| editor | time | target |")
    print("|---|---:|---:|")
    print(f"| start to the window shown | {shown * 1000:.0f} ms | |")
    usable = "start to a usable window (base game loaded, sample hand scored)"
    print(f"| {usable} | {ready * 1000:.0f} ms | 700 ms |")
    print(f"| CPU time used by then (process, all threads) | {cpu * 1000:.0f} ms | |")
    for what, ms, target in in_process(args.runs):
        print(f"| {what} | {ms:.1f} ms | {target} |")


if __name__ == "__main__":
    main()
