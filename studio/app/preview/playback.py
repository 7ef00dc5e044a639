"""Trace playback: the scorer's events shown one at a time on the cards, the charms and a score counter.

:class:`PlaybackDriver` reads only the trace (through
:mod:`~studio.app.preview.playback_model`) and draws on a :class:`Stage`: rows of
tiles that can be marked (any :class:`TileView`, such as the preview's
``TileRow``), a :class:`~studio.app.preview.playback_overlay.PopupLayer` and a
:class:`~studio.app.preview.score_counter.ScoreCounter`. It knows nothing of
the preview panel, so another view of a hand can play its own traces.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QTimer, QVariantAnimation, Signal
from PySide6.QtWidgets import QWidget

from studio.app.preview.playback_model import Cue, Cursor, beat_ms, cues_of
from studio.app.preview.playback_overlay import PopupLayer
from studio.app.preview.score_counter import ScoreCounter
from studio.engine.trace import Event


class TileView(Protocol):
    """A row of tiles playback can mark: cards by position, or charms by slot."""

    def set_marks(self, marks: Mapping[int, str]) -> None:
        """Mark tiles (``source``, ``target`` or ``debuffed``) and unmark the rest."""

    def set_shift(self, index: int, dx: float) -> None:
        """Draw tile ``index`` ``dx`` pixels aside (a shake)."""

    def tile_area(self, index: int) -> QRect | None:
        """Where tile ``index`` is on screen (global coordinates), or None."""


@dataclass
class Stage:
    """What playback draws on: card rows by zone (``played``, ``held``), the charm row, pop-ups, score."""

    cards: Mapping[str, TileView]
    charms: TileView | None
    layer: PopupLayer
    counter: ScoreCounter
    #: Scrolls a row into sight before a step draws on it (the preview's inputs scroll on their own).
    reveal: Callable[[TileView], None] | None = None

    def views(self) -> list[TileView]:
        """Every row of tiles."""
        return [*self.cards.values(), *([self.charms] if self.charms is not None else [])]


class PlaybackDriver(QObject):
    """Plays a trace on a stage: play, pause, stop, step, jump, at a speed, with or without motion.

    ``stepped`` gives the event shown (-1: none, after a stop or a new trace);
    ``playing_changed`` says whether it plays on by itself.
    """

    stepped = Signal(int)
    playing_changed = Signal(bool)

    def __init__(self, stage: Stage, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.stage = stage
        self.cursor = Cursor()
        self.speed = 1
        self.reduced_motion = False
        self._events: tuple[Event, ...] = ()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        self._shake = QVariantAnimation(self)
        self._shake.setStartValue(0.0)
        self._shake.setEndValue(1.0)
        self._shaken: tuple[TileView, int] | None = None
        self._shake.valueChanged.connect(self._shaking)
        self._shake.finished.connect(self._unshake)

    # --- what is shown -------------------------------------------------------------------------
    @property
    def cues(self) -> tuple[Cue, ...]:
        """The trace as cues."""
        return self.cursor.cues

    @property
    def index(self) -> int:
        """The event shown (-1: none)."""
        return self.cursor.index

    def is_playing(self) -> bool:
        """Tell whether steps advance by themselves."""
        return self._timer.isActive()

    def set_trace(self, events: Sequence[Event]) -> None:
        """Play this trace from now on: a new one stops what is shown, and if it was playing starts
        again from its first event; the same trace again only redraws the step shown."""
        events = tuple(events)
        if events == self._events:
            self._mark(self.cursor.current)
            self.stepped.emit(self.index)
            return
        playing = self.is_playing()
        self._events = events
        self.pause()
        self.cursor = Cursor(cues_of(events))
        self._show()
        if playing:
            self.play()

    def set_speed(self, speed: int) -> None:
        """Steps per beat: 1, 2, 4, or 0 for instant (straight to the last event)."""
        self.speed = speed
        if self.is_playing():
            if speed <= 0:
                self.play()
            else:
                self._timer.setInterval(beat_ms(speed))

    def set_reduced_motion(self, reduced: bool) -> None:
        """Show steps without movement (no rising, fading, shaking or counting up) when ``reduced``."""
        if reduced == self.reduced_motion:
            return
        self.reduced_motion = reduced
        if reduced and self.cursor.current is not None:
            self._show()  # what is moving now stops where it ends

    # --- controls ------------------------------------------------------------------------------
    def play(self) -> None:
        """Play from the step shown (from the start after the last); instant shows the last at once."""
        if not self.cues:
            return
        if self.speed <= 0:
            self._timer.stop()
            self.cursor.jump(len(self.cues) - 1)
            self._show()
            self.playing_changed.emit(False)
            return
        if self.cursor.at_end():
            self.cursor.reset()
        self._timer.start(beat_ms(self.speed))
        self.playing_changed.emit(True)
        self._tick()

    def pause(self) -> None:
        """Stop advancing, keeping the step shown."""
        if self._timer.isActive():
            self._timer.stop()
            self.playing_changed.emit(False)

    def toggle(self) -> None:
        """Play, or pause while playing."""
        if self.is_playing():
            self.pause()
        else:
            self.play()

    def stop(self) -> None:
        """Pause and show no step: marks, pop-ups and the counter are cleared."""
        self.pause()
        self.cursor.reset()
        self._show()

    def forward(self) -> None:
        """Pause and show the next step."""
        self.pause()
        if self.cursor.forward():
            self._show()

    def back(self) -> None:
        """Pause and show the step before (none before the first)."""
        self.pause()
        if self.cursor.back():
            self._show()

    def jump(self, index: int) -> None:
        """Pause and show the step of event ``index`` (a trace row clicked)."""
        self.pause()
        if self.cursor.jump(index):
            self._show()

    # --- drawing -------------------------------------------------------------------------------
    def _tick(self) -> None:
        if self.cursor.forward():
            self._show()
        if self.cursor.at_end():
            self.pause()

    def _show(self) -> None:
        """Draw the cue shown: marks, its pop-up, the counter; emit ``stepped``."""
        cue = self.cursor.current
        self._shake.stop()  # a stopped animation does not finish: put the tile back here
        self._unshake()
        self._mark(cue)
        stage = self.stage
        if cue is None:
            stage.layer.retire()
            stage.counter.clear()
            self.stepped.emit(-1)
            return
        motion = not self.reduced_motion and self.speed > 0
        ms = beat_ms(self.speed) if self.speed > 0 else beat_ms(1)
        shown_on = self._drawn_on(cue)
        if stage.reveal is not None and shown_on is not None:
            stage.reveal(shown_on)  # its pop-up and marks go on a tile that may be scrolled away
        area, level, row = self._anchor(cue)
        stage.layer.pop(cue.text, cue.tone, area, motion=motion, ms=ms, level=level, row=row)
        self._watch_stage()
        total = cue.total if self.cursor.at_end() else None
        stage.counter.show_values(cue.points, cue.mult, cue.money, total, ms // 2 if motion else 0)
        view = stage.cards.get(cue.zone)
        if motion and cue.tone == "debuffed" and view is not None and cue.position >= 0:
            self._shaken = (view, cue.position)
            self._shake.setDuration(max(120, ms // 2))
            self._shake.start()
        self.stepped.emit(cue.index)

    def _mark(self, cue: Cue | None) -> None:
        """Mark the tiles of ``cue``: its source, the card a charm acts on, a debuffed card."""
        marks: dict[int, dict[int, str]] = {id(v): {} for v in self.stage.views()}
        if cue is not None:
            view = self.stage.cards.get(cue.zone)
            if view is not None and cue.position >= 0:
                kind = (
                    "debuffed" if cue.tone == "debuffed" else "source" if cue.anchor == "card" else "target"
                )
                marks[id(view)][cue.position] = kind
            if self.stage.charms is not None and cue.slot >= 0:
                marks[id(self.stage.charms)][cue.slot] = "source"
        for view in self.stage.views():
            view.set_marks(marks[id(view)])

    def _anchor(self, cue: Cue) -> tuple[QRect, float, QRect | None]:
        """Where the pop-up goes, at what height and within which row (see ``PopupLayer.pop``): over
        the middle of a card, hanging from a charm's bottom edge (its name stays readable), else just
        above the counter."""
        view = self._drawn_on(cue)
        if view is not None and cue.anchor == "charm":
            area = view.tile_area(cue.slot)
            if area is not None:
                return area, 1.0, _row_area(view)
        if view is not None and cue.anchor == "card":
            area = view.tile_area(cue.position)
            if area is not None:
                return area, 0.5, _row_area(view)
        counter = self.stage.counter
        return QRect(counter.mapToGlobal(counter.rect().topLeft()), counter.size()), -0.5, None

    def _drawn_on(self, cue: Cue) -> TileView | None:
        """The row of tiles the cue's pop-up goes on: the charm row, or its card's row (None: neither)."""
        if cue.anchor == "charm":
            return self.stage.charms
        return self.stage.cards.get(cue.zone) if cue.anchor == "card" else None

    def _watch_stage(self) -> None:
        """Hear when a row of the stage, or anything holding it, moves or changes size (a line of text
        appearing above it, a dock resized): see :meth:`eventFilter`. Installing again changes nothing."""
        host = self.stage.layer.host
        for view in (*self.stage.views(), self.stage.counter):
            widget = view if isinstance(view, QWidget) else None
            while widget is not None and widget is not host:
                widget.installEventFilter(self)
                widget = widget.parentWidget()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A row of the stage moved: the pop-up shown follows its tile (it is placed on the host)."""
        cue = self.cursor.current
        if cue is not None and event.type() in (QEvent.Type.Move, QEvent.Type.Resize):
            self.stage.layer.follow(*self._anchor(cue))
        return False

    def _shaking(self, value: object) -> None:
        if self._shaken is not None and isinstance(value, float):
            view, index = self._shaken
            view.set_shift(index, 5 * math.sin(value * math.pi * 6) * (1 - value))

    def _unshake(self) -> None:
        if self._shaken is not None:
            view, index = self._shaken
            view.set_shift(index, 0.0)
            self._shaken = None


def _row_area(view: TileView) -> QRect | None:
    """Where a row of tiles is on screen (global coordinates), if it is a widget."""
    return QRect(view.mapToGlobal(QPoint(0, 0)), view.size()) if isinstance(view, QWidget) else None
