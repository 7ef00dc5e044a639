"""The preview's inputs in a scroll area of their own, as tall as they are while there is room.

A short window scrolls the inputs, not the whole preview: the total and the first rows of the trace
below them stay in sight (at 1280x800 the trace was pushed out of the dock).
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


class InputsArea(QScrollArea):
    """Scrolls ``inputs`` up and down only; asks for their whole height and their least width."""

    def __init__(self, inputs: QWidget) -> None:
        super().__init__()
        self.setObjectName("previewInputs")
        self.setWidget(inputs)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def sizeHint(self) -> QSize:
        """The inputs' own size (a scroll area caps its hint at a few dozen lines of text)."""
        inputs = self.widget()
        return inputs.sizeHint() if inputs is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        """The inputs' least width, with room for the scroll bar; a scroll area's least height."""
        inputs = self.widget()
        base = super().minimumSizeHint()
        if inputs is None:
            return base
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(inputs.minimumSizeHint().width() + bar, base.height())
