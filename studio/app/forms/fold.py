"""A folding section: a flat arrow button with a title over content shown only when open.

The arrow is the style's own, drawn at each paint in the palette of the moment,
so it follows a theme switch. (A widget kit's collapsible section was used
before; importing that kit cost the editor's start a sixth of a second through
its Qt compatibility layer, for what is a button and a hidden widget.)
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QSizePolicy, QToolButton, QVBoxLayout, QWidget


class Fold(QWidget):
    """A section, closed at first; ``toggled`` says when it opens (True) or closes (False)."""

    toggled = Signal(bool)

    def __init__(self, title: str) -> None:
        super().__init__()
        self.button = QToolButton()
        self.button.setText(title)
        self.button.setCheckable(True)
        self.button.setAutoRaise(True)
        self.button.setArrowType(Qt.ArrowType.RightArrow)
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
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

    def addWidget(self, widget: QWidget) -> None:
        """Put a widget in the section's content."""
        self._inner.addWidget(widget)

    def text(self) -> str:
        """The title beside the arrow."""
        return self.button.text()

    def setText(self, text: str) -> None:
        """Change the title beside the arrow."""
        self.button.setText(text)

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
