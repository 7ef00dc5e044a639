"""The raw YAML tab: highlighted text; a syntax error is marked at its line and the text is kept."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QKeyEvent,
    QShowEvent,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QTextEdit, QVBoxLayout, QWidget

from studio.app import palette


def _fmt(colour: str, bold: bool = False, italic: bool = False) -> QTextCharFormat:
    f = QTextCharFormat()
    f.setForeground(QColor(colour))
    if bold:
        f.setFontWeight(QFont.Weight.Bold)
    f.setFontItalic(italic)
    return f


_RULES = (
    (re.compile(r"^\s*(?:- )?[\w$-]+(?=\s*:)"), "accent", True, False),
    (re.compile(r"(?<=[{,]\s)[\w$-]+(?=:)|(?<={)[\w$-]+(?=:)"), "accent", False, False),
    (re.compile(r"\b-?\d+(\.\d+)?\b"), "points", False, False),
    (re.compile(r"\b(true|false|null)\b"), "mult", False, False),
    (re.compile(r"\"[^\"]*\"|'[^']*'"), "ok", False, False),
    (re.compile(r"(^|\s)#.*$"), "muted", False, True),
)


class YamlHighlighter(QSyntaxHighlighter):
    """Keys, strings, numbers, booleans and comments in the theme's colours."""

    _formats: tuple[str, list[QTextCharFormat]] = ("", [])

    def highlightBlock(self, text: str) -> None:
        theme = palette.current()
        if self._formats[0] != theme.name:
            styles = [_fmt(getattr(theme, colour), bold, italic) for _, colour, bold, italic in _RULES]
            self._formats = (theme.name, styles)
        for (pattern, *_), style in zip(_RULES, self._formats[1], strict=True):
            for m in pattern.finditer(text):
                self.setFormat(m.start(), m.end() - m.start(), style)


class YamlText(QPlainTextEdit):
    """The text box: Tab indents with two spaces, since YAML refuses tab characters."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Tab and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            self.insertPlainText("  ")
            return
        super().keyPressEvent(event)


class YamlView(QWidget):
    """A text editor for one file; emits ``text_edited`` a moment after typing stops."""

    text_edited = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = YamlText()
        self.edit.setUndoRedoEnabled(False)  # the window's undo takes the steps (see studio.app.undo_keys)
        self.edit.setObjectName("yamlText")
        self.edit.setAccessibleName("YAML text")
        self.edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.highlighter = YamlHighlighter(self.edit.document())
        self.error = QLabel()
        self.error.setObjectName("yamlError")
        self.error.setWordWrap(True)
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        v.addWidget(self.edit, 1)
        v.addWidget(self.error)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self.flush)
        self.edit.textChanged.connect(self._timer.start)
        self._shown = ""
        self._pending: str | None = None
        self._marks: list[tuple[int, str]] = []

    def flush(self) -> None:
        """Send pending typing now."""
        self._timer.stop()
        if self._pending is not None:
            return  # hidden and out of date: nothing was typed
        text = self.edit.toPlainText()
        if text != self._shown:
            self._shown = text
            self.text_edited.emit(text)

    def set_text(self, text: str) -> None:
        """Show the file's text, keeping the cursor's place when the text changed elsewhere.

        While the tab is hidden the text is only remembered (re-laying out and
        highlighting a document on every keystroke of the form costs time the
        preview needs); it is put in when the tab is shown.
        """
        if not self.isVisible():
            self._pending = text
            return
        self._pending = None
        if text == self.edit.toPlainText():
            self._shown = text
            return
        cursor = self.edit.textCursor().position()
        bars = (self.edit.verticalScrollBar(), self.edit.horizontalScrollBar())
        scrolled = [bar.value() for bar in bars]
        self.edit.blockSignals(True)
        self.edit.setPlainText(text)
        self.edit.blockSignals(False)
        c = self.edit.textCursor()
        c.setPosition(min(cursor, len(text)))
        self.edit.setTextCursor(c)
        for bar, value in zip(bars, scrolled, strict=True):  # the text stays where it was on screen
            bar.setValue(value)
        self._shown = text

    def showEvent(self, event: QShowEvent) -> None:
        if self._pending is not None:
            self.set_text(self._pending)
            self.mark(self._marks)
        super().showEvent(event)

    def mark(self, problems: list[tuple[int, str]]) -> None:
        """Underline the lines of ``(line, message)`` problems and list them under the text."""
        self._marks = problems
        theme = palette.current()
        selections = []
        for line, _ in problems:
            block = self.edit.document().findBlockByNumber(max(0, line - 1))
            sel = QTextEdit.ExtraSelection()
            sel.cursor = QTextCursor(block)
            fmt = QTextCharFormat()
            fmt.setBackground(
                QColor(theme.error).lighter(185) if theme.name == "light" else QColor("#4a2020")
            )
            fmt.setProperty(QTextFormat.Property.FullWidthSelection, True)
            sel.format = fmt
            selections.append(sel)
        self.edit.setExtraSelections(selections)
        text = "<br>".join(f"line {n}: {re.sub(r'<', '&lt;', m)}" for n, m in problems[:5])
        self.error.setText(f"<span style='color:{theme.error}'>{text}</span>" if text else "")
        self.error.setVisible(bool(text))
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
