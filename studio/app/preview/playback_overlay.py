"""Pop-ups over the tiles during trace playback: ``+10 Points`` over the card that gave them.

A :class:`PopupLayer` puts one :class:`PopLabel` at a time on a host widget,
over a tile given in global coordinates, between the edges of the tile's row
and inside the host's visible part (a tile out of view keeps its pop-up with
it). With motion a pop-up rises and fades in, and the one it replaces floats
up and fades out; without motion they appear and go at once.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QObject,
    QParallelAnimationGroup,
    QPoint,
    QPropertyAnimation,
    QRect,
    QRectF,
    QSize,
    Qt,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QGraphicsOpacityEffect, QWidget

from studio.app import palette

#: How far a pop-up rises as it comes and as it goes, in pixels.
RISE = 12
#: How far a pop-up keeps inside the edges it stays within (its row's, the host's), in pixels.
MARGIN = 2


class PopLabel(QWidget):
    """A pill of bold white text on its tone's colour; mouse clicks go through it."""

    def __init__(self, text: str, tone: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("playbackPopup")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.text, self.tone = text, tone
        #: Where it rests over its anchor (a rise ends there).
        self.home = QPoint()
        self.setAccessibleName(text)
        font = QFont(self.font())
        font.setPixelSize(14)
        font.setBold(True)
        self.setFont(font)
        metrics = QFontMetrics(font)
        self.resize(QSize(metrics.horizontalAdvance(text) + 18, metrics.height() + 8))

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        p.setPen(QPen(QColor(palette.current().base), 2))
        p.setBrush(QColor(palette.TONE_COLOURS.get(self.tone, palette.TONE_COLOURS["note"])))
        p.drawRoundedRect(r, r.height() / 2, r.height() / 2)
        p.setPen(QColor("#ffffff"))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, self.text)
        p.end()


class PopupLayer(QObject):
    """Shows playback's pop-ups on ``host``, one at a time."""

    def __init__(self, host: QWidget) -> None:
        super().__init__(host)
        self.host = host
        self._shown: list[PopLabel] = []

    def pop(
        self,
        text: str,
        tone: str,
        area: QRect,
        *,
        motion: bool,
        ms: int,
        level: float = 0.5,
        row: QRect | None = None,
    ) -> PopLabel:
        """Show ``text`` over ``area`` (global coordinates) and retire the pop-up before.

        ``level`` is where the pop-up's middle goes, as a share of the area's height from its top (0.5:
        its middle, 1: its bottom edge, -0.5: just above it); ``ms`` is the step's length, which the
        movement fits in. ``row`` (global coordinates) is the row of tiles ``area`` is in: while the
        tile is in it, the pop-up stays between its left and right edges, so the first or last tile's,
        wider than the tile, does not reach over what is beside the row.
        """
        self.retire(motion=motion, ms=ms)
        label = PopLabel(text, tone, self.host)
        label.home = at = self._place(label.size(), area, level, row)
        label.move(at)
        label.show()
        label.raise_()
        if motion and ms > 0:
            self._animate(label, at + QPoint(0, RISE), at, 0.0, 1.0, max(80, ms * 2 // 5))
        self._shown.append(label)
        return label

    def retire(self, *, motion: bool = False, ms: int = 0) -> None:
        """Take the pop-ups off: floating up and fading with motion, else at once (with those still
        going, so nothing moves after)."""
        if motion and ms > 0:
            for label in self._shown:
                at = label.pos()
                group = self._animate(label, at, at - QPoint(0, RISE), 1.0, 0.0, max(80, ms // 3))
                group.finished.connect(label.deleteLater)
        else:
            for label in self.host.findChildren(PopLabel, options=Qt.FindChildOption.FindDirectChildrenOnly):
                for group in label.findChildren(QParallelAnimationGroup):
                    group.stop()
                label.hide()
                label.deleteLater()
        self._shown = []

    def follow(self, area: QRect, level: float, row: QRect | None = None) -> None:
        """Put the pop-up shown back over its anchor, which moved (at once: a rise under way ends)."""
        for label in self._shown:
            at = self._place(label.size(), area, level, row)
            if at == label.home:
                continue
            label.home = at
            for group in label.findChildren(QParallelAnimationGroup):
                group.stop()
            effect = label.graphicsEffect()
            if isinstance(effect, QGraphicsOpacityEffect):
                effect.setOpacity(1.0)
            label.move(at)

    def labels(self) -> list[PopLabel]:
        """The pop-ups shown now (not those going)."""
        return list(self._shown)

    def _place(self, size: QSize, area: QRect, level: float, row: QRect | None) -> QPoint:
        """Centre a pop-up across ``area`` at ``level``, between the edges of ``row`` (if given) and
        inside what the host shows while the area is in view of each; an area scrolled out of view keeps
        its pop-up with it (held in view, it would sit over other cards)."""
        local = QRect(self.host.mapFromGlobal(area.topLeft()), area.size())
        x = local.center().x() - size.width() // 2
        y = local.top() + round(local.height() * level) - size.height() // 2
        if row is not None and row.intersects(area):
            span = QRect(self.host.mapFromGlobal(row.topLeft()), row.size()).adjusted(MARGIN, 0, -MARGIN, 0)
            x = max(span.left(), min(x, span.right() - size.width()))
        room = self.host.visibleRegion().boundingRect()
        if not room.intersects(local):
            room = self.host.rect()
        room = room.adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        x = max(room.left(), min(x, room.right() - size.width()))
        y = max(room.top(), min(y, room.bottom() - size.height()))
        return QPoint(x, y)

    def _animate(
        self, label: PopLabel, start: QPoint, end: QPoint, faded: float, shown: float, ms: int
    ) -> QParallelAnimationGroup:
        """Move ``label`` and change its opacity together; the animations belong to the label."""
        effect = label.graphicsEffect()
        if not isinstance(effect, QGraphicsOpacityEffect):
            effect = QGraphicsOpacityEffect(label)
            label.setGraphicsEffect(effect)
        for running in label.findChildren(QParallelAnimationGroup):
            running.stop()  # a pop-up retired while still rising: the new movement takes over
        group = QParallelAnimationGroup(label)
        slide = QPropertyAnimation(label, b"pos", group)
        slide.setStartValue(start)
        slide.setEndValue(end)
        slide.setEasingCurve(QEasingCurve.Type.OutCubic)
        fade = QPropertyAnimation(effect, b"opacity", group)
        fade.setStartValue(faded)
        fade.setEndValue(shown)
        for part in (slide, fade):
            part.setDuration(ms)
        group.start(QAbstractAnimation.DeletionPolicy.DeleteWhenStopped)
        return group
