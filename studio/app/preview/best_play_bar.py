"""The Best play button with its progress bar and Cancel: runs the search in a worker thread."""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QPushButton, QWidget

from studio.app import palette
from studio.app.preview.best_play import BestPlay, best_play
from studio.app.workers import Job
from studio.engine.catalog import Catalog
from studio.engine.scoring import Situation

MOST_CARDS = 8


class BestPlayBar(QWidget):
    """Starts, shows and cancels one best-play search; emits ``found`` or a ``message``."""

    found = Signal(object)
    message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.job: Job | None = None
        self.button = QPushButton(palette.icon("fa5s.magic"), "Best play")
        self.button.setObjectName("bestPlayButton")
        self.button.setToolTip("Try every play of 1-5 of the played and held cards (Ctrl+B)")
        self.cancel_button = QPushButton(palette.icon("fa5s.stop"), "Cancel")
        self.cancel_button.setObjectName("cancelBestPlay")
        self.cancel_button.setToolTip("Stop the search (Esc)")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.progress = QProgressBar()
        self.progress.setObjectName("bestPlayProgress")
        self.progress.setAccessibleName("Best play progress")
        self.progress.setTextVisible(False)
        self.progress.setMaximumWidth(90)
        self.progress.hide()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.progress)
        row.addWidget(self.button)
        row.addWidget(self.cancel_button)

    def start(self, situation: Situation, catalog: Catalog) -> Job | None:
        """Search the best play of the situation's played and held cards (at most 8)."""
        if self.job is not None and self.job.is_running():
            return self.job
        cards = [*situation.played, *situation.held]
        if len(cards) > MOST_CARDS:
            self.message.emit(f"Best play takes up to {MOST_CARDS} cards, not {len(cards)}")
            return None
        base = dataclasses.replace(situation, held=())

        def work(progress: Any, cancelled: Any) -> BestPlay:
            return best_play(cards, base, catalog, progress, cancelled)

        self.job = job = Job(work, self)
        job.progress.connect(self._progressed)
        job.done.connect(self.found)
        job.failed.connect(lambda m: self.message.emit(f"Best play failed: {m}"))
        job.cancelled.connect(lambda: self.message.emit("Best play cancelled"))
        job.finished.connect(self._finished)
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.show()
        self.button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        return job.start()

    def cancel(self) -> None:
        """Stop the running search."""
        if self.job is not None:
            self.job.cancel()

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)

    def _finished(self) -> None:
        self.progress.hide()
        self.button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def shutdown(self) -> None:
        """Cancel and wait for the search (before the window closes)."""
        if self.job is not None and self.job.is_running():
            self.job.cancel()
            self.job.wait()
