"""Time the editor: start to a usable window, a preview update after an edit, best play.

Run: ``python benchmarks/bench_app.py [--runs N]`` (offscreen; needs the ``app`` extra).
- start: a fresh process from its first line to the window shown with the base
  game loaded and the sample hand scored (median of N runs), in a data folder
  of its own where one start before them left the caches and the snapshot; the
  same for a copy of the base game with one file changed before each start
  (a full open, the other files' parsed data cached);
- first edit after a start from the snapshot: opening a charm's form and
  changing its amount, at once (the content models imported and the content
  checked on the way) and once the check in the background has ended;
- preview: one edit of a charm's amount in the form, through undo command,
  workspace, catalog, editor and preview, with 20 charms in the row; and the
  preview's re-score alone;
- best play: all 218 plays of 1-5 of 8 cards with the real scorer, 4 and 20 charms;
- playback: one step of a trace drawn; playtest: a hand played through the panel and undone.
Prints a markdown table.
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

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]

STARTUP = """
import time; t0 = time.perf_counter()
import sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
from PySide6.QtCore import QEventLoop, QSettings
from studio.app import palette
from studio.app.main_window import MainWindow
app = QApplication(sys.argv[:1]); palette.apply(app, False)
w = MainWindow(recovery_dir=Path(sys.argv[1]) / 'r',
               settings=QSettings(sys.argv[1] + '/s.ini', QSettings.Format.IniFormat))
w.show(); app.processEvents(); shown = time.perf_counter() - t0
loop = QEventLoop()
w.loaded.connect(loop.quit); w.open_packs([], base=Path(sys.argv[2]) if sys.argv[2] else None); loop.exec()
assert w.preview.result is not None
print(shown, time.perf_counter() - t0, time.process_time(), flush=True)
if sys.argv[3] != "start":  # then the first edit: open a charm's form and change its amount
    while sys.argv[3] == "checked" and not w.session.ws.checked:  # the check in the background
        app.processEvents(); time.sleep(0.005)
    t = time.perf_counter()
    w.tree.select("charm", "money_mult")
    w.editor.field_at(("abilities", 0, "effects", 0, "amount")).box.setValue(3)
    assert w.preview.total_label.text() == "3,283"
    print((time.perf_counter() - t) * 1000, flush=True)
from PySide6.QtWidgets import QMessageBox
w.ask_save = lambda: QMessageBox.StandardButton.Discard
w.close()
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


def start(home: str, base: str = "", then: str = "start") -> list[float]:
    """One start in a fresh process with ``home`` as the data folder; what STARTUP prints."""
    with tempfile.TemporaryDirectory() as tmp:
        argv = [sys.executable, "-c", STARTUP, tmp, base, then]
        env = {**os.environ, "STUDIO_HOME": home}
        out = subprocess.run(argv, capture_output=True, text=True, check=True, env=env)
    return [float(x) for x in out.stdout.split()]


def startup(runs: int) -> list[tuple[str, float, str]]:
    """Median start-up figures: to the window shown, to a usable window and the CPU used by then, from
    the snapshot; to a usable window after a content file changed; the first edit after a start.

    The CPU time tells what an idle machine would take when other work shares the cores.
    """
    with tempfile.TemporaryDirectory() as home:
        start(home)  # the caches and the snapshot of the base game, as the last start leaves them
        quick = [start(home) for _ in range(runs)]
        shown, ready, cpu = (statistics.median(r[i] for r in quick) * 1000 for i in range(3))
        copy = Path(home) / "content"
        shutil.copytree(ROOT / "content", copy)
        charm = copy / "charms" / "plain_mult.yaml"
        changed = []
        for i in range(runs):
            charm.write_text(f"{charm.read_text(encoding='utf-8')}# change {i}\n", encoding="utf-8")
            changed.append(start(home, str(copy))[1] * 1000)
        at_once = statistics.median(start(home, then="edit")[3] for _ in range(runs))
        later = statistics.median(start(home, then="checked")[3] for _ in range(runs))
    usable = "start to a usable window (base game loaded, sample hand scored), from the snapshot"
    first = "first edit after a start from the snapshot, at once: a charm's form opened, its amount changed"
    return [
        ("start to the window shown", shown, ""),
        (usable, ready, "700 ms"),
        ("CPU time used by then (process, all threads)", cpu, ""),
        ("the same start after a content file changed (a full open)", statistics.median(changed), ""),
        (first, at_once, ""),
        ("the same once the content is checked in the background", later, ""),
    ]


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
        window.ask_save_run = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
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
        edit = timed(lambda: (box.setValue(next(values)), window.session.ws.history.clear()), runs)
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
        rows += playing(window, runs)
        window.close()
    return rows


def playing(window, runs: int) -> list[tuple[str, float, str]]:  # type: ignore[no-untyped-def]
    """Trace playback and the playtest in the same window: one playback step drawn (marks, pop-up,
    counter), instant and with motion; one playtest action clicked through to the redrawn panel."""
    from PySide6.QtWidgets import QApplication

    preview = window.preview
    preview.set_state(
        {"played": "KH 10H:glass 6H 4H 2H", "held": "5D:steel", "charms": TWENTY[:4], "money": 17}
    )
    driver, last = preview.playback, len(preview.playback.cues) - 1
    rows = []
    for speed, label in ((0, "instant"), (4, "4x, with motion")):
        driver.set_speed(speed)
        steps = iter(range(10_000))
        ms = timed(lambda steps=steps: driver.jump(next(steps) % last), runs)
        rows.append((f"playback: one step of the trace drawn ({label})", ms, "16 ms"))
    panel = window.playtest.open()
    panel.start(5, "standard", 0, ("plain_mult", "even_mult"))
    panel.blind.select_button.click()

    def play_and_undo() -> None:  # each played off the GUI thread; then the panel's redraw is let through
        panel.round.select([0, 1])
        panel.round.play_button.click()
        panel.undo()
        QApplication.processEvents()

    ms = timed(play_and_undo, max(3, runs // 2))
    rows.append(
        ("playtest: a hand played through the panel and undone (replay), panel redrawn", ms, "100 ms")
    )
    return rows


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20, help="repetitions per figure (starts: half, >= 3)")
    args = parser.parse_args()
    try:
        import PySide6  # noqa: F401
    except ImportError:
        print("bench_app: the app extra is not installed; skipped")
        return
    print("| editor | time | target |")
    print("|---|---:|---:|")
    for what, ms, target in startup(max(3, args.runs // 2)):
        print(f"| {what} | {ms:.0f} ms | {target} |")
    for what, ms, target in in_process(args.runs):
        print(f"| {what} | {ms:.1f} ms | {target} |")


if __name__ == "__main__":
    main()
