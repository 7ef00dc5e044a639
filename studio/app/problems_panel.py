"""The problems panel: every problem of the workspace; double-click jumps to its field."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

from studio.app import palette
from studio.workspace import Problem

PROBLEM = Qt.ItemDataRole.UserRole + 1


class ProblemsPanel(QTreeWidget):
    """One row per problem: where (file:line), which field, what is wrong."""

    jump = Signal(object)
    #: A one-line summary after each change of the list, e.g. "2 errors, 1 warning".
    counted = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("problemsPanel")
        self.setAccessibleName("Problems")
        self.setColumnCount(3)
        self.setHeaderLabels(["where", "field", "problem"])
        self.setRootIsDecorated(False)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.itemActivated.connect(self._activated)
        self.extra: list[str] = []

    def show_problems(self, problems: list[Problem], extra: list[str] | None = None) -> None:
        """List the workspace's problems, then app messages (a plugin's failure, a refused edit)."""
        if extra is not None:
            self.extra = extra
        self.clear()
        theme = palette.current()
        for p in problems:
            where = f"{p.path.parent.name}/{p.path.name}:{p.line}"
            field = "$" + "".join(f"[{x}]" if isinstance(x, int) else f".{x}" for x in p.json_path)
            item = QTreeWidgetItem([where, field, p.message])
            error = p.severity == "error"
            item.setIcon(
                0,
                palette.icon(
                    "fa5s.times-circle" if error else "fa5s.exclamation-triangle",
                    theme.error if error else "#d49a00",
                ),
            )
            item.setToolTip(2, str(p))
            item.setData(0, PROBLEM, p)
            self.addTopLevelItem(item)
        for message in self.extra:
            item = QTreeWidgetItem(["app", "", message])
            item.setIcon(0, palette.icon("fa5s.bug", theme.error))
            item.setToolTip(2, message)
            self.addTopLevelItem(item)
        self._count()

    def add_message(self, message: str) -> None:
        """Add an app message (kept until the next successful reload of problems clears it)."""
        self.extra = [*self.extra[-20:], message]
        item = QTreeWidgetItem(["app", "", message])
        item.setIcon(0, palette.icon("fa5s.bug", palette.current().error))
        item.setToolTip(2, message)
        self.addTopLevelItem(item)
        self._count()

    def _count(self) -> None:
        errors = warnings = 0
        for i in range(self.topLevelItemCount()):
            item = self.topLevelItem(i)
            problem = item.data(0, PROBLEM) if item is not None else None
            if isinstance(problem, Problem) and problem.severity != "error":
                warnings += 1
            else:
                errors += 1
        parts = [f"{errors} error{'s' * (errors != 1)}"] if errors else []
        parts += [f"{warnings} warning{'s' * (warnings != 1)}"] if warnings else []
        self.counted.emit(", ".join(parts) or "none")

    def count(self) -> int:
        """How many rows are listed."""
        return self.topLevelItemCount()

    def _activated(self, item: QTreeWidgetItem, _col: int) -> None:
        problem = item.data(0, PROBLEM)
        if isinstance(problem, Problem):
            self.jump.emit(problem)
