"""Time the editor on a big mod: the base game plus 400 charms, 150 scenarios, a few bosses and decks.

Run: ``python benchmarks/bench_big_pack.py [--runs N]`` (offscreen; needs the
``app`` extra). The pack is written by :mod:`big_pack` to a temporary folder,
beside a copy of the base game, with a data folder of its own (``STUDIO_HOME``).
The real main window is opened on them and each figure is what a designer
does: open the window; select a charm and a file of 25 scenarios in the tree;
type a letter into a charm's name; change an amount (the problems and the
preview follow); the tests that edit can change, run as the window runs them
after it, and their 50 failures listed; type again while they are listed;
filter the tree; save; undo; rename the charm the 50 scenarios name.
Figures are CPU milliseconds of the GUI thread (median of N; another job on the
machine changes them less than the time on the clock, and work the window hands
to a worker thread is left out), the events each step posts included.
Prints a markdown table. No timed assertions: figures only.
"""

from __future__ import annotations

import argparse
import gc
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from itertools import cycle
from pathlib import Path
from typing import Any

from big_pack import STAR, make_big_pack

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]


#: One thing done in the window.
Step = Callable[[], object]


def cpu_ms(action: Step, runs: int, after: Step | None = None) -> float:
    """Median CPU milliseconds of ``action()`` and the events it posts (the window redrawn) over ``runs``
    runs (``after`` runs untimed after each)."""
    from PySide6.QtWidgets import QApplication

    times = []
    for _ in range(runs):
        start = time.thread_time()
        action()
        QApplication.processEvents()
        times.append((time.thread_time() - start) * 1000)
        if after is not None:
            after()
    return statistics.median(times)


@contextmanager
def big_content() -> Iterator[tuple[Path, Path]]:
    """A copy of the base game and the big pack in a temporary folder, which holds the data folder too."""
    with tempfile.TemporaryDirectory() as tmp:
        old = os.environ.get("STUDIO_HOME")
        os.environ["STUDIO_HOME"] = str(Path(tmp) / "home")
        try:
            base = Path(tmp) / "content"
            shutil.copytree(ROOT / "content", base)
            yield base, make_big_pack(Path(tmp))
            gc.collect()  # the windows' objects go before their folder
        finally:
            if old is None:
                del os.environ["STUDIO_HOME"]
            else:
                os.environ["STUDIO_HOME"] = old


def new_window(tmp: Path) -> Any:
    """A main window with its settings and recovery folder under ``tmp``, closing without asking."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from studio.app.main_window import MainWindow

    settings = QSettings(f"{tmp}/s.ini", QSettings.Format.IniFormat)
    window = MainWindow(recovery_dir=tmp / "r", settings=settings)
    window.ask_save = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    return window


def opening(base: Path, pack: Path, runs: int) -> list[tuple[str, float]]:
    """Open the window on base + pack: every file parsed; a full open with parsed data cached; from the
    snapshot of the last open."""
    from studio.workspace import Workspace

    windows = []

    def open_once() -> None:
        windows.append(new_window(pack.parent))
        windows[-1].set_workspace(Workspace.open([pack], base=base))
        windows[-1].show()

    def close() -> None:
        windows.pop().close()

    star = pack / "charms" / f"{STAR}.yaml"
    edits = iter(range(10_000))

    def touch() -> None:  # one file changed: the next open is a full one
        star.write_text(f"{star.read_text(encoding='utf-8')}# change {next(edits)}\n", encoding="utf-8")

    first = cpu_ms(open_once, 1, after=close)
    touch()
    full = cpu_ms(open_once, max(3, runs // 4), after=lambda: (close(), touch()))
    cpu_ms(open_once, 1, after=close)  # leaves the snapshot
    kept = cpu_ms(open_once, max(3, runs // 4), after=close)
    return [
        ("open the window on base + pack, no cache (every file parsed and checked)", first),
        ("the same after one file changed (a full open, parsed data from the cache)", full),
        ("the same with nothing changed (from the snapshot of the last open)", kept),
    ]


def editing(base: Path, pack: Path, runs: int) -> list[tuple[str, float]]:
    """A designer's steps in one window on base + pack."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QLineEdit

    from studio.workspace import Workspace
    from studio.workspace.scenario_watch import run_batch

    window = new_window(pack.parent)
    touch = pack / "pack.yaml"  # a full open: the content is checked, as after any edit
    touch.write_text(touch.read_text(encoding="utf-8") + "# opened again\n", encoding="utf-8")
    window.set_workspace(Workspace.open([pack], base=base))
    window.show()
    QApplication.processEvents()
    ws, tree, editor = window.session.ws, window.tree, window.editor
    few = max(3, runs // 4)
    rows = []

    def row(what: str, act: Step, n: int = runs, after: Step | None = None) -> None:
        rows.append((what, cpu_ms(act, n, after)))

    charms, files = cycle(["ace_bonus_1", "splash_2"]), cycle(["big_00", "big_01"])
    row("select a charm in the tree (its form built and filled)", lambda: tree.select("charm", next(charms)))
    row("select a file of 25 scenarios in the tree", lambda: tree.select("scenario", next(files)), few)
    tree.select("charm", STAR)
    name = editor.field_at(("name",)).findChild(QLineEdit)
    name.setFocus()
    row("type a letter into the charm's name (a typing edit)", lambda: QTest.keyClick(name, Qt.Key.Key_A))
    box = editor.field_at(("abilities", 0, "effects", 0, "amount")).box
    values = iter(range(5, 10_000))
    row("change the charm's amount (form, workspace, problems, preview)", lambda: box.setValue(next(values)))
    box.setValue(next(values))
    batch = window.tests.watch.start(ws)
    assert batch is not None
    row("the tests that edit can change, run (off the GUI thread)", lambda: run_batch(batch), few)
    window.tests.watch.finish(batch, run_batch(batch))
    none_listed = partial(window.problems.show_tests, [])  # so each run lists them afresh
    row("their results shown (problems, tree marks)", window.tests._show, after=none_listed)
    window.tests._show()
    failing = f"type a letter while those {window.problems.count()} failing tests are listed under Problems"
    row(failing, lambda: QTest.keyClick(name, Qt.Key.Key_A))
    words = cycle(["mult", "big_0", "wall", ""])
    row("filter the tree (a word typed, or cleared)", lambda: tree.filter.setText(next(words)))
    tree.filter.clear()
    row("save the charm (Ctrl+S) after an edit", window.save, after=lambda: box.setValue(next(values)))
    undo = window.history.undo_action.trigger
    row("undo an amount changed", undo, after=lambda: box.setValue(next(values)))
    names = cycle(["star", STAR])
    window.entries.ask = lambda *_a: next(names)
    row("rename the charm 50 scenarios name (all follow)", lambda: window.entries.rename(editor.ref), few)
    window.close()
    return rows


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20, help="repetitions per figure (slow ones: a quarter)")
    args = parser.parse_args()
    try:
        from PySide6.QtWidgets import QApplication
    except ImportError:
        print("bench_big_pack: the app extra is not installed; skipped")
        return
    from studio.app import palette

    app = QApplication.instance() or QApplication(sys.argv[:1])
    palette.apply(app, False)  # type: ignore[arg-type]
    with big_content() as (base, pack):
        rows = opening(base, pack, args.runs) + editing(base, pack, args.runs)
    print("| editor on a big mod (400 charms, 150 scenarios) | CPU ms |")
    print("|---|---:|")
    for what, ms in rows:
        print(f"| {what} | {ms:.1f} |")


if __name__ == "__main__":
    main()
