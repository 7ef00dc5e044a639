"""The problems panel: every problem of the workspace, then failing tests; double-click jumps to its field."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

from studio.app import palette
from studio.workspace import Problem
from studio.workspace.scenario_watch import Outcome

PROBLEM = Qt.ItemDataRole.UserRole + 1
#: The ink of a warning's icon: amber, readable on both themes.
WARNING = "#d49a00"
#: A failing test's row holds its outcome here (its problem under PROBLEM).
TEST = Qt.ItemDataRole.UserRole + 2


class ProblemsPanel(QTreeWidget):
    """One row per problem: where (file:line), which field, what is wrong."""

    jump = Signal(object)
    #: A failing test's row was activated: its :class:`Outcome`, to show expected against actual.
    test_opened = Signal(object)
    #: A one-line summary after each change of the list, e.g. "2 errors, 1 warning, 1 failing test".
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
        self.problems: list[Problem] = []
        self.tests: list[Outcome] = []
        #: A problem's field as the form names it ("Ability 2 › Effects"; "": its JSON path is shown).
        self.words: Callable[[Problem], str] = lambda _p: ""
        #: What the rows show (problems, tests, messages): an edit that changes none of them makes no rows.
        self._shown: tuple[list[Problem], list[Outcome], list[str]] | None = None

    def show_problems(self, problems: list[Problem], extra: list[str] | None = None) -> None:
        """List the workspace's problems, the failing tests, then app messages (a plugin's failure, a
        refused edit)."""
        if extra is not None:
            self.extra = extra
        self.problems = problems
        if self._shown == (problems, self.tests, self.extra):
            return  # listed already: the row chosen stays chosen, and typing makes no rows
        self._shown = (list(problems), list(self.tests), list(self.extra))
        self.clear()
        theme = palette.current()
        looks = {
            "error": ("fa5s.times-circle", theme.error),
            "pending": ("fa5s.hourglass-half", theme.muted),  # to do before saving, not yet wrong
        }
        for p in problems:
            icon, colour = looks.get(p.severity, ("fa5s.exclamation-triangle", WARNING))
            self._add(p, palette.icon(icon, colour))
        for outcome in self.tests:
            self._add(outcome.problem, palette.icon("fa5s.vial", theme.error)).setData(0, TEST, outcome)
        for message in self.extra:
            item = QTreeWidgetItem(["app", "", message])
            item.setIcon(0, palette.icon("fa5s.bug", theme.error))
            item.setToolTip(2, message)
            self.addTopLevelItem(item)
        self._count()

    def show_tests(self, failures: list[Outcome]) -> None:
        """List these failing tests after the workspace's problems (in place of the last ones)."""
        self.tests = failures
        self.show_problems(self.problems)

    def _add(self, p: Problem, icon: QIcon) -> QTreeWidgetItem:
        where = f"{p.path.parent.name}/{p.path.name}:{p.line}"
        field = "$" + "".join(f"[{x}]" if isinstance(x, int) else f".{x}" for x in p.json_path)
        # A problem of the whole file (its text does not parse, it holds nothing) names no field.
        words = (self.words(p) or field) if p.json_path else ""
        item = QTreeWidgetItem([where, words, p.message])
        item.setToolTip(1, field if p.json_path else "the file as a whole")
        item.setIcon(0, icon)
        item.setToolTip(2, str(p))
        item.setData(0, PROBLEM, p)
        self.addTopLevelItem(item)
        return item

    def add_message(self, message: str) -> None:
        """Add an app message (kept until the next successful reload of problems clears it)."""
        self.extra = [*self.extra[-20:], message]
        item = QTreeWidgetItem(["app", "", message])
        item.setIcon(0, palette.icon("fa5s.bug", palette.current().error))
        item.setToolTip(2, message)
        self.addTopLevelItem(item)
        self._count()

    def _count(self) -> None:
        errors = warnings = tests = pending = 0
        for i in range(self.topLevelItemCount()):
            item = self.topLevelItem(i)
            problem = item.data(0, PROBLEM) if item is not None else None
            if item is not None and isinstance(item.data(0, TEST), Outcome):
                tests += 1
            elif isinstance(problem, Problem) and problem.severity == "pending":
                pending += 1
            elif isinstance(problem, Problem) and problem.severity != "error":
                warnings += 1
            else:
                errors += 1
        parts = [f"{errors} error{'s' * (errors != 1)}"] if errors else []
        parts += [f"{warnings} warning{'s' * (warnings != 1)}"] if warnings else []
        parts += [f"{tests} failing test{'s' * (tests != 1)}"] if tests else []
        parts += [f"{pending} to do"] if pending else []
        self.counted.emit(", ".join(parts) or "none")

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch redraws the rows, whose icons are in the theme's colours (the row stays chosen)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "problems"):
            current = self.currentItem()
            row = self.indexOfTopLevelItem(current) if current is not None else -1
            self._shown = None  # the same rows, in the new theme's colours
            self.show_problems(self.problems)
            again = self.topLevelItem(row) if row >= 0 else None
            if again is not None:
                self.setCurrentItem(again)

    def count(self) -> int:
        """How many rows are listed."""
        return self.topLevelItemCount()

    def _activated(self, item: QTreeWidgetItem, _col: int) -> None:
        problem = item.data(0, PROBLEM)
        if isinstance(item.data(0, TEST), Outcome):
            self.test_opened.emit(item.data(0, TEST))
        elif isinstance(problem, Problem):
            self.jump.emit(problem)
