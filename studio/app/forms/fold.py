"""A folding section: a flat arrow button with a title over content shown only when open.

The arrow is the style's own, drawn at each paint in the palette of the moment,
so it follows a theme switch. (A widget kit's collapsible section was used
before; importing that kit cost the editor's start a sixth of a second through
its Qt compatibility layer, for what is a button and a hidden widget.)
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QToolButton, QVBoxLayout, QWidget


class Fold(QWidget):
    """A section, closed at first; ``toggled`` says when it opens (True) or closes (False).

    A title wider than the section is cut short with "…" (whole in the tooltip): it must not widen
    the form past its panel.
    """

    toggled = Signal(bool)

    def __init__(self, title: str) -> None:
        super().__init__()
        self.button = QToolButton()
        self._title = ""
        self.button.setCheckable(True)
        self.button.setAutoRaise(True)
        self.button.setArrowType(Qt.ArrowType.RightArrow)
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.button.toggled.connect(self._shown)
        self.content = QWidget()
        self.content.hide()
        self._inner = QVBoxLayout(self.content)
        self._inner.setContentsMargins(0, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.content)
        self.setText(title)

    def addWidget(self, widget: QWidget) -> None:
        """Put a widget in the section's content."""
        self._inner.addWidget(widget)

    def text(self) -> str:
        """The title beside the arrow, whole."""
        return self._title

    def setText(self, text: str) -> None:
        """Change the title beside the arrow."""
        self._title = text
        self.button.setToolTip(text)
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Fit the title to the new width."""
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        metrics = self.button.fontMetrics()
        arrow = self.button.sizeHint().width() - metrics.horizontalAdvance(self.button.text())
        room = self.width() - arrow
        self.button.setText(metrics.elidedText(self._title, Qt.TextElideMode.ElideRight, room))

    def isExpanded(self) -> bool:
        """True while the section is open."""
        return self.button.isChecked()

    def expand(self, animate: bool = False) -> None:
        """Open the section (it opens at once: ``animate`` is kept for callers that ask for none)."""
        self.button.setChecked(True)

    def collapse(self, animate: bool = False) -> None:
        """Close the section."""
        self.button.setChecked(False)

    def _shown(self, on: bool) -> None:
        self.button.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.content.setVisible(on)
        self.toggled.emit(on)
