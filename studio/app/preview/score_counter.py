"""Points × Mult as trace playback counts them: two boxes that count up to an event's running values.

The numbers drawn come from :meth:`ScoreCounter.show_values` only (the
playback passes each cue's running values), so what it shows at rest is the
trace's. A ``QVariantAnimation`` tweens them; without motion they change at once.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from studio.app import palette
from studio.engine.trace import fmt, grouped

_BOX_H = 26
_GAP = 6


class ScoreCounter(QWidget):
    """``[Points] × [Mult]``, then the money and, at the last event, ``= total``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playbackScore")
        self.setAccessibleName("Playback score")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        font = QFont(self.font())
        font.setPixelSize(15)
        font.setBold(True)
        self.setFont(font)
        self._from = (0.0, 0.0)
        self._to = (0.0, 0.0)
        self._now = (0.0, 0.0)
        self._exact: tuple[int, float] = (0, 0.0)
        self._money: int | None = None
        self._total: int | float | None = None
        self._blank = True
        self._tween = QVariantAnimation(self)
        self._tween.setStartValue(0.0)
        self._tween.setEndValue(1.0)
        self._tween.valueChanged.connect(self._step)

    def show_values(self, points: int, mult: float, money: int, total: int | float | None, ms: int) -> None:
        """Count up (or down) to ``points`` and ``mult`` over ``ms`` (0: at once); ``total`` when final."""
        self._tween.stop()
        self._from = self._now if not self._blank else (0.0, 0.0)
        self._to = (float(points), float(mult))
        self._money, self._total, self._blank = money, total, False
        self._exact = (points, mult)
        if ms > 0:
            self._tween.setDuration(ms)
            self._tween.start()
        else:
            self._step(1.0)
        self.setAccessibleDescription(f"{points} Points × {fmt(mult)} Mult")
        self.updateGeometry()

    def clear(self) -> None:
        """Show nothing (no step shown)."""
        self._tween.stop()
        self._blank = True
        self._now = (0.0, 0.0)
        self.setAccessibleDescription("")
        self.update()

    def is_counting(self) -> bool:
        """Tell whether the numbers are still moving."""
        return self._tween.state() == QVariantAnimation.State.Running

    def texts(self) -> tuple[str, str]:
        """The Points and the Mult as drawn now (``—`` when blank)."""
        if self._blank:
            return "—", "—"
        if not self.is_counting() and self._now == self._to:
            points, mult = self._exact
            return str(points), fmt(mult)
        whole = self._from[1].is_integer() and self._to[1].is_integer()  # 4 -> 8 counts 5, 6, 7
        return str(round(self._now[0])), str(round(self._now[1])) if whole else fmt(round(self._now[1], 1))

    def total_text(self) -> str:
        """``= 3,082`` at the last event, else empty."""
        total = self._total
        if self._blank or total is None:
            return ""
        return f"= {grouped(total)}"

    def _step(self, value: object) -> None:
        t = float(value) if isinstance(value, (int, float)) else 1.0
        (p0, m0), (p1, m1) = self._from, self._to
        self._now = (p0 + (p1 - p0) * t, m0 + (m1 - m0) * t) if t < 1.0 else self._to
        self.update()

    def _boxes(self) -> list[tuple[str, str]]:
        """What to draw, left to right: (text, tone) with tone ``box:points``, ``box:mult`` or ``ink``."""
        points, mult = self.texts()
        parts = [(points, "box:points"), ("×", "ink"), (mult, "box:mult")]
        if not self._blank and self._money is not None:
            parts.append((f"${self._money}", "muted"))
        if self.total_text():
            parts.append((self.total_text(), "ink"))
        return parts

    def _width(self, text: str, tone: str, metrics: QFontMetrics) -> int:
        wide = metrics.horizontalAdvance(text)
        return max(wide + 16, 52) if tone.startswith("box:") else wide

    def sizeHint(self) -> QSize:
        metrics = QFontMetrics(self.font())
        # Room for the money and a long total, so the row does not jump as numbers grow.
        wide = sum(self._width(t, k, metrics) + _GAP for t, k in self._boxes())
        return QSize(max(wide, 230), _BOX_H + 4)

    def minimumSizeHint(self) -> QSize:
        """Room for the two boxes: when narrower than its size hint, the money and total are left out."""
        metrics = QFontMetrics(self.font())
        wide = sum(self._width(t, k, metrics) + _GAP for t, k in self._boxes()[:3]) - _GAP
        return QSize(wide, _BOX_H + 4)

    def paintEvent(self, event: QPaintEvent) -> None:
        theme = palette.current()
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = QFontMetrics(self.font())
        x = 0.0
        top = (self.height() - _BOX_H) / 2
        for text, tone in self._boxes():
            w = self._width(text, tone, metrics)
            if x + w > self.width():
                break  # what does not fit is left out whole, never cut
            r = QRectF(x, top, w, _BOX_H)
            if tone.startswith("box:"):
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(palette.TONE_COLOURS[tone[4:]]))
                p.drawRoundedRect(r, 6, 6)
                p.setPen(QColor("#ffffff"))
            else:
                p.setPen(QColor(theme.muted if tone == "muted" else theme.text))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)
            x += w + _GAP
        p.end()
