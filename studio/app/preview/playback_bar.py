"""The playback controls: play/pause, step back and forward, stop, speed, the step shown and the score."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSizePolicy, QToolButton, QWidget

from studio.app import palette
from studio.app.preview.playback import PlaybackDriver
from studio.app.preview.playback_model import SPEEDS
from studio.app.preview.score_counter import ScoreCounter


def _button(name: str, glyph: str, tip: str) -> QToolButton:
    button = QToolButton()
    button.setObjectName(name)
    button.setIcon(palette.icon(glyph))
    button.setToolTip(tip)
    button.setAccessibleName(tip.split(" (")[0])
    button.setAutoRaise(True)
    button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    return button


class PlaybackBar(QWidget):
    """Controls over a :class:`PlaybackDriver` (see :meth:`bind`), and the counter it draws on."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playbackBar")
        self.play_button = _button("playbackButton", "fa5s.play", "Play the trace on the cards and charms")
        self.play_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.play_button.setText("Pause")
        self.play_button.setMinimumWidth(self.play_button.sizeHint().width())  # Play ⇄ Pause moves nothing
        self.play_button.setText("Play")
        self.back_button = _button("playbackBack", "fa5s.step-backward", "Step back")
        self.forward_button = _button("playbackForward", "fa5s.step-forward", "Step forward")
        self.stop_button = _button("playbackStop", "fa5s.stop", "Stop (clear the step shown)")
        self.speed = QComboBox()
        self.speed.setObjectName("playbackSpeed")
        self.speed.setAccessibleName("Playback speed")
        self.speed.setToolTip("Playback speed: instant shows the last step at once")
        for text, speed in SPEEDS.items():
            self.speed.addItem(text, speed)
        self.step_label = QLabel()
        self.step_label.setObjectName("playbackStep")
        self.step_label.setIndent(6)
        # It takes the room left (and none when narrow: see resizeEvent).
        self.step_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.counter = ScoreCounter()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(2)
        for widget in (self.play_button, self.back_button, self.forward_button, self.stop_button):
            row.addWidget(widget)
        row.addSpacing(4)
        row.addWidget(self.speed)
        row.addWidget(self.step_label, 1)
        row.addWidget(self.counter)
        self._driver: PlaybackDriver | None = None
        self._show_step(-1)

    def bind(self, driver: PlaybackDriver) -> None:
        """Drive ``driver`` from these controls and follow its steps."""
        self._driver = driver
        self.play_button.clicked.connect(driver.toggle)
        self.back_button.clicked.connect(driver.back)
        self.forward_button.clicked.connect(driver.forward)
        self.stop_button.clicked.connect(driver.stop)
        self.speed.currentIndexChanged.connect(lambda _i: driver.set_speed(int(self.speed.currentData())))
        driver.set_speed(int(self.speed.currentData()))
        driver.stepped.connect(self._show_step)
        driver.playing_changed.connect(self._show_playing)
        self._show_step(driver.index)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A narrow bar leaves out the step number (the trace's selected row still says it), so it
        never makes the preview wider than its other rows."""
        super().resizeEvent(event)
        parts = (self.play_button, self.back_button, self.forward_button, self.stop_button, self.speed)
        room = sum(w.sizeHint().width() for w in (*parts, self.step_label, self.counter))
        self.step_label.setVisible(event.size().width() >= room + 24)

    def _show_playing(self, playing: bool) -> None:
        self.play_button.setIcon(palette.icon("fa5s.pause" if playing else "fa5s.play"))
        self.play_button.setText("Pause" if playing else "Play")

    def _show_step(self, index: int) -> None:
        count = len(self._driver.cues) if self._driver is not None else 0
        self.step_label.setText(f"{index + 1} / {count}" if index >= 0 else f"– / {count}" if count else "")
        self.step_label.setAccessibleName(f"Step {index + 1} of {count}" if index >= 0 else "No step shown")
        self.play_button.setEnabled(count > 0)
        self.forward_button.setEnabled(index < count - 1)
        self.back_button.setEnabled(index >= 0)
        self.stop_button.setEnabled(index >= 0)
