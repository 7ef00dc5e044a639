"""The question asked when a file with unsaved edits was changed by another program.

The dialog shows the file on disk beside the unsaved text before any choice,
so keeping one's own edits never overwrites the other change unseen. Reload
takes the disk's text; Keep mine keeps the unsaved text (the next save writes
it over the disk); Merge takes each differing top-level entry from the side
picked for it (studio/workspace/merge.py), an entry changed on one side only
starting out on that side. Closing the dialog keeps the unsaved text.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QRadioButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from studio.app import palette
from studio.app.side_diff import SideBySide
from studio.workspace.merge import Key, Merge, Part


class Answer(Enum):
    """What the user chose."""

    RELOAD = "reload"
    KEEP = "keep"
    MERGE = "merge"


class DiskConflict(QDialog):
    """A side-by-side diff of a file on disk and its unsaved text, with Reload, Keep mine and Merge.

    Open it with ``open()``; when ``finished``, ``answer`` holds the choice and
    :meth:`merged_text` the merge. ``theirs`` is the disk's text as shown (None: removed).
    """

    def __init__(
        self, parent: QWidget | None, path: Path, base: str | None, mine: str, theirs: str | None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("diskConflict")
        self.setWindowTitle(f"{path.name} changed on disk")
        self.path, self.mine, self.theirs = path, mine, theirs
        self.answer = Answer.KEEP
        self.merge = Merge.of(path, base, mine, theirs) if theirs is not None else None
        #: The (on disk, yours) choice of each entry that differs.
        self.radios: dict[Key, tuple[QRadioButton, QRadioButton]] = {}
        muted = palette.current().muted
        what = "removed" if theirs is None else "changed"
        header = QLabel(
            f"<b>{path.name}</b> was {what} by another program while it has unsaved edits here. "
            f"Compare the two, then choose.<br><span style='color:{muted}'>{path}</span>"
        )
        header.setWordWrap(True)
        header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        disk = "On disk (theirs)" if theirs is not None else "On disk: removed"
        self.diff = SideBySide(disk, "Yours (unsaved)")
        self.diff.set_texts(theirs or "", mine)
        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)
        split.addWidget(self.diff)
        split.addWidget(self._entries())
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        take = "Reload (take theirs)" if theirs is not None else "Remove it (take theirs)"
        self.reload_button = QPushButton(take)
        self.reload_button.setToolTip("Drop your unsaved edits of this file and take it as it is on disk")
        self.keep_button = QPushButton("Keep mine")
        self.keep_button.setToolTip("Keep your text; the next save writes it over the file on disk")
        self.merge_button = QPushButton("Merge")
        self.merge_button.setToolTip("Take each entry from the side picked for it above")
        self.merge_button.setEnabled(bool(self.merge and self.merge.parts))
        self.keep_button.setDefault(True)
        hint = QLabel("Keep mine: the next save writes your text over the file on disk.")
        hint.setStyleSheet(f"color: {muted}")
        buttons = QHBoxLayout()
        buttons.addWidget(hint, 1)
        for button, answer in (
            (self.reload_button, Answer.RELOAD),
            (self.keep_button, Answer.KEEP),
            (self.merge_button, Answer.MERGE),
        ):
            button.clicked.connect(lambda _=False, a=answer: self._choose(a))
            buttons.addWidget(button)
        v = QVBoxLayout(self)
        v.setSpacing(palette.SPACING)
        v.addWidget(header)
        v.addWidget(split, 1)
        v.addLayout(buttons)
        self.resize(980, 660)

    def _entries(self) -> QWidget:
        """The entries that differ, each with its side to take (or why there are none to pick)."""
        box = QWidget()
        v = QVBoxLayout(box)
        v.setContentsMargins(0, 0, 0, 0)
        if self.merge is None or not self.merge.parts:
            why = (
                "The file was removed on disk: there is nothing to merge."
                if self.theirs is None
                else "An entry-by-entry merge needs both texts to parse as a mapping or a list."
                if self.merge is None
                else "The two differ only in layout or comments: there is no entry to pick."
            )
            v.addWidget(QLabel(why))
            return box
        v.addWidget(
            QLabel("<b>Merge entry by entry</b> — each entry that differs, from the side picked for it:")
        )
        self.tree = QTreeWidget()
        self.tree.setObjectName("mergeEntries")
        self.tree.setHeaderLabels(["Entry", "What changed", "Take"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        taken = self.merge.defaults()
        for part in self.merge.parts:
            self._add_row(part, part.key in taken)
        self.tree.currentItemChanged.connect(self._follow)
        v.addWidget(self.tree)
        return box

    def _add_row(self, part: Part, theirs: bool) -> None:
        item = QTreeWidgetItem(self.tree, [part.label, part.change, ""])
        if part.on_both_sides:
            font = QFont(item.font(1))
            font.setBold(True)
            item.setFont(1, font)
        item.setData(0, Qt.ItemDataRole.UserRole, part)
        cell = QWidget()
        h = QHBoxLayout(cell)
        h.setContentsMargins(palette.SPACING, 0, palette.SPACING, 0)
        group = QButtonGroup(cell)
        pair = (QRadioButton("On disk"), QRadioButton("Yours"))
        for radio in pair:
            group.addButton(radio)
            h.addWidget(radio)
        pair[0 if theirs else 1].setChecked(True)
        self.tree.setItemWidget(item, 2, cell)
        self.radios[part.key] = pair

    def _follow(self, item: QTreeWidgetItem | None) -> None:
        part = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if isinstance(part, Part):
            self.diff.show_line(part.theirs_line, part.mine_line)

    def take(self, key: Key, theirs: bool) -> None:
        """Pick the side of one entry (as clicking its radio button does)."""
        self.radios[key][0 if theirs else 1].click()

    def taken(self) -> set[Key]:
        """The entries picked from the disk."""
        return {key for key, (theirs, _) in self.radios.items() if theirs.isChecked()}

    def merged_text(self) -> str:
        """The text the picks make (the unsaved text when there is nothing to merge)."""
        return self.merge.text(self.taken()) if self.merge is not None else self.mine

    def _choose(self, answer: Answer) -> None:
        self.answer = answer
        self.accept()

    def reject(self) -> None:
        """Closing the dialog keeps the unsaved text (it was shown beside the disk's)."""
        self.answer = Answer.KEEP
        super().reject()
