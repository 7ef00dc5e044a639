"""The raw YAML tab: highlighted text; a syntax error is marked at its line and the text is kept."""

from __future__ import annotations

import re

from PySide6.QtCore import QRegularExpression, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
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


class YamlHighlighter(QSyntaxHighlighter):
    """Keys, strings, numbers, booleans and comments in the theme's colours."""

    def highlightBlock(self, text: str) -> None:
        theme = palette.current()
        rules = (
            (r"^\s*(?:- )?[\w$-]+(?=\s*:)", _fmt(theme.accent, bold=True)),
            (r"(?<=[{,]\s)[\w$-]+(?=:)|(?<={)[\w$-]+(?=:)", _fmt(theme.accent)),
            (r"\b-?\d+(\.\d+)?\b", _fmt(theme.points)),
            (r"\b(true|false|null)\b", _fmt(theme.mult)),
            (r"\"[^\"]*\"|'[^']*'", _fmt(theme.ok)),
            (r"(^|\s)#.*$", _fmt(theme.muted, italic=True)),
        )
        for pattern, style in rules:
            it = QRegularExpression(pattern).globalMatch(text)
            while it.hasNext():
                m = it.next()
                self.setFormat(m.capturedStart(), m.capturedLength(), style)


class YamlView(QWidget):
    """A text editor for one file; emits ``text_edited`` a moment after typing stops."""

    text_edited = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = QPlainTextEdit()
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

    def flush(self) -> None:
        """Send pending typing now."""
        self._timer.stop()
        text = self.edit.toPlainText()
        if text != self._shown:
            self._shown = text
            self.text_edited.emit(text)

    def set_text(self, text: str) -> None:
        """Show the file's text, keeping the cursor's line when the text changed elsewhere."""
        if text == self.edit.toPlainText():
            self._shown = text
            return
        cursor = self.edit.textCursor().position()
        self.edit.blockSignals(True)
        self.edit.setPlainText(text)
        self.edit.blockSignals(False)
        c = self.edit.textCursor()
        c.setPosition(min(cursor, len(text)))
        self.edit.setTextCursor(c)
        self._shown = text

    def mark(self, problems: list[tuple[int, str]]) -> None:
        """Underline the lines of ``(line, message)`` problems and list them under the text."""
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
