"""Tab moves through the window as it reads: panel by panel, and within a panel row by row.

Qt's own focus chain follows the order widgets were made in, so a form built
when an entry opens would come after the preview, and a table would keep Tab
for its cells. The window asks this module instead: its panels in order (the
content tree, the editor, the preview, then the docks below), and in each the
widgets that take Tab, sorted into rows by where they are on screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QTabWidget,
    QTextEdit,
    QWidget,
)


def takes_tab(widget: QWidget) -> bool:
    """True for a widget a person can reach with Tab now (shown, enabled, not a mere container nor a
    part that hands its focus on)."""
    if isinstance(widget, (QScrollArea, QTabWidget)) or hands_focus_on(widget):
        return False
    wants = widget.focusPolicy() & Qt.FocusPolicy.TabFocus == Qt.FocusPolicy.TabFocus
    return wants and widget.isVisible() and widget.isEnabled()


def hands_focus_on(widget: QWidget) -> bool:
    """True for a part whose focus goes to the widget around it: a scroll area's or a view's viewport,
    a spin box's or an editable combo box's line edit.

    Told by where the part sits, not by ``QWidget.focusProxy()``: PySide files the widget that call
    returns as a child of the part it was asked of, so a scroll area made in Python became its own
    viewport's child, and once no Python name held either, the collector deleted the area and
    everything in it (Tab through the window took the Preview away).
    """
    parent = widget.parentWidget()
    if isinstance(parent, QAbstractScrollArea):
        return widget is parent.viewport()
    if isinstance(parent, QAbstractSpinBox):
        return isinstance(widget, QLineEdit)
    return isinstance(parent, QComboBox) and widget is parent.lineEdit()


def reading_order(widgets: Sequence[QWidget], window: QWidget) -> list[QWidget]:
    """Sort widgets into rows, top to bottom, and each row left to right.

    A widget that starts above the middle of a row's first widget is in that row.
    """
    placed = sorted(((w.mapTo(window, QPoint(0, 0)), w) for w in widgets), key=lambda pw: pw[0].y())
    rows: list[list[tuple[QPoint, QWidget]]] = []
    middle = 0
    for point, widget in placed:
        if rows and point.y() < middle:
            rows[-1].append((point, widget))
        else:
            rows.append([(point, widget)])
            middle = point.y() + max(widget.height(), 1) // 2
    return [w for row in rows for _, w in sorted(row, key=lambda pw: pw[0].x())]


def folded(widget: QWidget, panel: QWidget) -> bool:
    """True inside a folded section: some container between the widget and its panel has no room."""
    parent = widget.parentWidget()
    while parent is not None and parent is not panel:
        if parent.height() == 0 or parent.width() == 0:
            return True
        parent = parent.parentWidget()
    return False


#: The property that makes a widget a column Tab reads whole, top to bottom, where the column starts:
#: rows read across the panel would mix it with the columns beside it.
COLUMN = "tabColumn"


def chain(panels: Sequence[QWidget], window: QWidget) -> list[QWidget]:
    """Every widget Tab reaches: panel by panel, each in reading order (a column read whole)."""
    found: list[QWidget] = []
    for panel in panels:
        if not panel.isVisible():
            continue
        inside = [w for w in panel.findChildren(QWidget) if takes_tab(w) and not folded(w, panel)]
        columns = [c for c in panel.findChildren(QWidget) if c.property(COLUMN) is True and c.isVisible()]
        loose = [w for w in inside if not any(c.isAncestorOf(w) for c in columns)]
        for unit in reading_order(([panel] if takes_tab(panel) else []) + loose + columns, window):
            within = [w for w in inside if unit.isAncestorOf(w)]
            found += reading_order(within, window) if unit in columns else [unit]
    return found


def step(
    panels: Sequence[QWidget], window: QWidget, current: QWidget | None, forward: bool
) -> QWidget | None:
    """The widget after (or before) ``current`` in the chain; None when the chain is empty."""
    widgets = chain(panels, window)
    if not widgets:
        return None
    at = _position(widgets, current)
    if at is None:
        return widgets[0] if forward else widgets[-1]
    return widgets[(at + (1 if forward else -1)) % len(widgets)]


def panel_step(panels: Sequence[QWidget], current: QWidget | None, forward: bool) -> QWidget | None:
    """The next (or previous) shown panel after the one holding ``current``."""
    shown = [p for p in panels if p.isVisible()]
    if not shown:
        return None
    at = next((i for i, p in enumerate(shown) if current is not None and p.isAncestorOf(current)), None)
    if at is None:
        return shown[0] if forward else shown[-1]
    return shown[(at + (1 if forward else -1)) % len(shown)]


def _position(widgets: list[QWidget], current: QWidget | None) -> int | None:
    """Where ``current`` is in the chain (a child of a listed widget counts as it)."""
    widget = current
    while widget is not None:
        if widget in widgets:
            return widgets.index(widget)
        widget = widget.parentWidget()
    return None


class TabOrder(QObject):
    """Takes Tab and Shift+Tab in ``window`` (lists and tables included) and moves along :func:`chain`."""

    def __init__(self, window: QWidget, panels: Callable[[], Sequence[QWidget]]) -> None:
        super().__init__(window)
        self.window, self.panels = window, panels
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Tab or Shift+Tab pressed in the window moves the focus along the chain.

        Every event of the application comes here: its class, a check in C, rules out nearly all before
        ``event.type()``, which makes a Python enum each time."""
        if not isinstance(event, QKeyEvent) or event.type() != QEvent.Type.KeyPress:
            return False
        key, mods = event.key(), event.modifiers()
        if key not in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) or mods & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
        ):
            return False
        focus = QApplication.focusWidget()
        if watched is not focus or focus is None or not self.window.isAncestorOf(focus):
            return False
        forward = key == Qt.Key.Key_Tab and not mods & Qt.KeyboardModifier.ShiftModifier
        if forward and isinstance(focus, (QPlainTextEdit, QTextEdit)) and not focus.isReadOnly():
            return False  # a text editor's own Tab (Shift+Tab and Ctrl+Tab still leave it)
        return self.move(focus, forward)

    def move(self, current: QWidget | None, forward: bool) -> bool:
        """Put the focus on the next (or previous) widget of the chain; False if there is none."""
        target = step(self.panels(), self.window, current, forward)
        if target is None:
            return False
        focus(target, Qt.FocusReason.TabFocusReason if forward else Qt.FocusReason.BacktabFocusReason)
        return True

    def move_panel(self, forward: bool) -> None:
        """Ctrl+Tab: put the focus on the first widget of the next (or previous) panel."""
        panel = panel_step(self.panels(), QApplication.focusWidget(), forward)
        if panel is not None:
            first = chain([panel], self.window)
            focus(first[0] if first else panel, Qt.FocusReason.OtherFocusReason)

    def stop(self) -> None:
        """Stop watching the keyboard (the window closes)."""
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)


def focus(widget: QWidget, reason: Qt.FocusReason) -> None:
    """Focus a widget and scroll every scroll area around it so it is in view."""
    widget.setFocus(reason)
    outer = widget.parentWidget()
    while outer is not None:
        if isinstance(outer, QScrollArea):
            outer.ensureWidgetVisible(widget)
        outer = outer.parentWidget()
