"""Rows of painted tiles (played cards, held cards, the charm row) reordered by drag and drop.

A row is a ``QListWidget`` in icon mode whose items hold text tokens
(``10H:glass``, ``bus_rider:foil``); a delegate paints each token as a card or
a charm. Dropping an item somewhere else in the row emits the new order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QAction, QColor, QDropEvent, QKeySequence, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from studio.app import palette
from studio.app.preview.card import paint_card, paint_charm
from studio.app.preview.charm_tokens import edition_of, id_of
from studio.engine.cards import Card

TOKEN = Qt.ItemDataRole.UserRole
Index = QModelIndex | QPersistentModelIndex
#: Item role holding a parsed Card (card rows) or the charm's display name (charm row).
PAYLOAD = Qt.ItemDataRole.UserRole + 1
#: Item roles of trace playback: the tile's mark (``source``, ``target``, ``debuffed``) and its shake.
MARK = Qt.ItemDataRole.UserRole + 2
SHIFT = Qt.ItemDataRole.UserRole + 3
#: Item role of a charm tile's art (or generated face), a QPixmap.
ART = Qt.ItemDataRole.UserRole + 4
#: Why a charm tile's code does not run (its pack is not trusted): the tile is muted and wears a lock.
LOCKED = Qt.ItemDataRole.UserRole + 5


def art_key(art: object) -> int | None:
    """What tells two pictures apart without comparing pixels (Qt shares a key between copies): an item
    given the same pixmap again says its data changed and repaints, as Qt finds no two pixmaps equal."""
    return art.cacheKey() if isinstance(art, QPixmap) else None


class _Delegate(QStyledItemDelegate):
    def __init__(self, size: QSize, paint: Callable[[QPainter, QRectF, Index, bool], None]) -> None:
        super().__init__()
        self._size = size
        self._paint = paint

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        return self._size

    def paint(
        self, p: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        rect = QRectF(option.rect).translated(float(index.data(SHIFT) or 0.0), 0)
        mark = index.data(MARK)
        p.save()
        locked = bool(index.data(LOCKED))
        if mark == "debuffed" or locked:
            p.setOpacity(0.4)
        self._paint(p, rect, index, selected)
        p.restore()
        if locked:
            _paint_lock(p, rect)
        if mark in ("source", "target"):
            _paint_mark(p, rect, mark == "source")


def _paint_mark(p: QPainter, rect: QRectF, source: bool) -> None:
    """Ring a tile playback is showing: solid round its source, dashed round the card a charm acts on."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(QColor(palette.current().accent), 3 if source else 2)
    if not source:
        pen.setStyle(Qt.PenStyle.DashLine)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(rect.adjusted(1.5, 1.5, -1.5, -1.5), 7, 7)
    p.restore()


def _paint_lock(p: QPainter, rect: QRectF) -> None:
    """A lock in the tile's top right corner: its code does not run."""
    side = 16
    badge = QRectF(rect.right() - side - 6, rect.top() + 6, side, side)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(palette.current().base))
    p.drawEllipse(badge.adjusted(-2, -2, 2, 2))
    palette.icon("fa5s.lock", palette.current().error).paint(p, badge.toRect())
    p.restore()


def _card_painter(p: QPainter, rect: QRectF, index: Index, selected: bool) -> None:
    card = index.data(PAYLOAD)
    if isinstance(card, Card):
        paint_card(p, rect, card, selected=selected)


def _charm_painter(p: QPainter, rect: QRectF, index: Index, selected: bool) -> None:
    token = str(index.data(TOKEN))
    name = index.data(PAYLOAD)
    label = str(name or id_of(token))
    art = index.data(ART)
    paint_charm(
        p,
        rect,
        label,
        edition_of(token),
        selected=selected,
        missing=name is None,
        art=art if isinstance(art, QPixmap) else None,
    )


class TileRow(QListWidget):
    """A horizontal row of tiles; emits ``reordered`` with the tokens after a drag and drop."""

    reordered = Signal(list)

    def __init__(self, kind: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        charm = kind == "charm"
        size = QSize(palette.CHARM_W, palette.CHARM_H) if charm else QSize(palette.CARD_W, palette.CARD_H)
        self._delegate = _Delegate(size, _charm_painter if charm else _card_painter)
        self.setItemDelegate(self._delegate)
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(False)
        self.setMovement(QListView.Movement.Snap)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setSpacing(1)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # one line of tiles
        self.setFixedHeight(size.height() + 10)
        self._room = 0  # the height added for the horizontal scroll bar while it shows
        self.horizontalScrollBar().rangeChanged.connect(self._fit_scroll_bar)
        self.setToolTip(
            "Drag (or Ctrl+Left / Ctrl+Right) to reorder; select to highlight its steps in the trace"
        )
        self._shown: list[tuple[str, object]] = []
        for keys, step in (("Ctrl+Left", -1), ("Ctrl+Right", 1)):
            action = QAction(self)
            action.setShortcut(QKeySequence(keys))
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            action.triggered.connect(lambda _=False, d=step: self.nudge(d))
            self.addAction(action)

    def _fit_scroll_bar(self, _low: int, high: int) -> None:
        """Grow by the horizontal scroll bar's height while it shows (more tiles than the row is wide):
        laid over the tiles, it cut their names off."""
        room = self.horizontalScrollBar().sizeHint().height() if high > 0 else 0
        if room != self._room:
            self.setFixedHeight(self.maximumHeight() - self._room + room)
            self._room = room

    def set_tokens(self, tokens: Sequence[tuple[str, object]]) -> None:
        """Show ``(token, payload)`` pairs, keeping the selection where tokens match."""
        if list(tokens) == self._shown:
            return
        self._shown = list(tokens)
        chosen = {i.data(TOKEN) for i in self.selectedItems()}
        self.blockSignals(True)
        self.clear()
        for token, payload in tokens:
            item = QListWidgetItem()
            item.setData(TOKEN, token)
            item.setData(PAYLOAD, payload)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, token)
            item.setToolTip(token)
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsDropEnabled)
            self.addItem(item)
            item.setSelected(token in chosen)
        self.blockSignals(False)

    def tokens(self) -> list[str]:
        """Return the tokens in row order."""
        return [str(self.item(i).data(TOKEN)) for i in range(self.count())]

    def selected_rows(self) -> list[int]:
        """Return the positions of the selected tiles, in row order."""
        return sorted(self.row(i) for i in self.selectedItems())

    def set_marks(self, marks: Mapping[int, str]) -> None:
        """Mark tiles for trace playback (``source``, ``target``, ``debuffed``) and unmark the rest."""
        for i in range(self.count()):
            item = self.item(i)
            if item.data(MARK) != marks.get(i):
                item.setData(MARK, marks.get(i))

    def set_shift(self, index: int, dx: float) -> None:
        """Draw tile ``index`` ``dx`` pixels aside (playback shakes a debuffed card)."""
        item = self.item(index)
        if item is not None:
            item.setData(SHIFT, dx)

    def tile_area(self, index: int) -> QRect | None:
        """Where tile ``index`` is on screen (global coordinates), or None without it."""
        item = self.item(index)
        if item is None:
            return None
        r = self.visualItemRect(item)
        return QRect(self.viewport().mapToGlobal(r.topLeft()), r.size())

    def move_tile(self, source: int, target: int) -> None:
        """Move the tile at ``source`` to ``target`` and emit the new order (drag and drop's effect)."""
        item = self.takeItem(source)
        self.insertItem(target, item)
        self._shown = []
        self.reordered.emit(self.tokens())

    def nudge(self, step: int) -> None:
        """Move the current tile one place left (-1) or right (+1): the keyboard's drag and drop."""
        row = self.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.count():
            return
        self.move_tile(row, target)
        self.setCurrentRow(target)

    def dropEvent(self, event: QDropEvent) -> None:
        super().dropEvent(event)
        self._shown = []
        self.reordered.emit(self.tokens())
