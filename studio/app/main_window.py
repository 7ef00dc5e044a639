"""The main window: it only wires the panels (tree, editor, preview, problems) and the actions."""

from __future__ import annotations

import html
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QIcon, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QFrame,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QWidget,
)

from studio.app import palette
from studio.app.content_tree import ContentTree
from studio.app.editor import EntryEditor
from studio.app.entry_actions import NEW_KINDS, EntryActions
from studio.app.entry_art import CharmArt
from studio.app.entry_tools import EntryTools
from studio.app.pack_menu import PackMenu
from studio.app.playtest_dock import PlaytestDock
from studio.app.preview.motion import platform_prefers_reduced_motion
from studio.app.preview.panel import PreviewPanel, sample_for
from studio.app.preview.scenario_file import file_text, scenario_text, scenarios_of
from studio.app.preview.situation import SituationBox
from studio.app.problems_panel import ProblemsPanel
from studio.app.read_only import ReadOnlyOffer
from studio.app.safety import Safety
from studio.app.scenario_runs import ScenarioRuns
from studio.app.session import Session
from studio.app.tab_order import TabOrder
from studio.app.undo import UndoActions
from studio.app.undo_keys import UndoKeys
from studio.app.usages_panel import UsagesPanel
from studio.app.workers import Job, MainThreadGC, wait_all
from studio.content.io.paths import settings_file
from studio.content.io.text import printable
from studio.content.packs.folders import content_hash
from studio.content.packs.pack import Pack
from studio.desktop import ICON
from studio.engine.run.save import PackStamp
from studio.workspace import Change, EntryRef, Problem, Workspace

if TYPE_CHECKING:
    from studio.app.balance_panel import BalancePanel
    from studio.app.table_view import TablePanel


#: The least width the entry editor keeps when the layout is arranged (its fields need it).
EDITOR_MIN = 360


def _scrolled(panel: QWidget) -> QScrollArea:
    """``panel`` in a scroll area: a small screen scrolls it rather than the window outgrowing the screen."""
    area = QScrollArea()
    area.setWidget(panel)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    return area


class MainWindow(QMainWindow):
    """Content tree | editor | preview, problems below; emits ``loaded`` once content is in."""

    loaded = Signal()

    def __init__(self, recovery_dir: Path | None = None, settings: QSettings | None = None) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.setWindowTitle("Charm Studio")
        self.setWindowIcon(QIcon(str(ICON)))
        self.resize(1500, 920)
        self.settings = settings or QSettings(str(settings_file()), QSettings.Format.IniFormat)
        self.session: Session | None = None
        self.history = UndoActions(self)
        self.tree = ContentTree()
        self.preview = PreviewPanel()
        self.problems = ProblemsPanel()
        #: The preview's scroll area, held here: a widget made in Python that no Python name holds is
        #: kept only by PySide's record of its parent, which some calls rewrite.
        self.preview_area = _scrolled(self.preview)
        self.editor: EntryEditor | None = None
        self.balance: BalancePanel | None = None
        self.loading = QLabel("Loading content…")
        self.loading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.loading.setWordWrap(True)
        self.setCentralWidget(self.loading)
        self.docks = [
            self._dock("Content", self.tree, Qt.DockWidgetArea.LeftDockWidgetArea, "contentDock"),
            self._dock("Preview", self.preview_area, Qt.DockWidgetArea.RightDockWidgetArea, "previewDock"),
            self._dock("Problems", self.problems, Qt.DockWidgetArea.BottomDockWidgetArea, "problemsDock"),
            self._dock(
                "Balance", QLabel("Loading content…"), Qt.DockWidgetArea.BottomDockWidgetArea, "balanceDock"
            ),
        ]
        # Balance opens from View > Balance as a tab beside Problems: its plots need the full width.
        balance = self.docks[3]
        self.tabifyDockWidget(self.docks[2], balance)
        balance.hide()
        balance.toggleViewAction().triggered.connect(lambda on: balance.raise_() if on else None)
        balance.visibilityChanged.connect(lambda shown: self._build_balance() if shown else None)
        # The table (View > Table) and the usages (Entry > Find usages) are tabs beside Problems too; the
        # table is made when first shown (no start waits for its module and widgets).
        self.table: TablePanel | None = None
        self.usages = UsagesPanel()
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        self.table_dock = self._dock("Table", QLabel("Loading content…"), bottom, "tableDock")
        self.table_dock.visibilityChanged.connect(lambda shown: self._build_table() if shown else None)
        self.usages_dock = self._dock("Usages", self.usages, bottom, "usagesDock")
        playtest = self._dock("Playtest", QLabel("Loading content…"), bottom, "playtestDock")
        # A round's hand or a shop and its buttons want more room than a table: over half the window.
        show = partial(self._show_tab, share=0.55)
        self.playtest = PlaytestDock(playtest, self.preview, self.docks[1], show)
        tabs = ((self.table_dock, self._show_tab), (self.usages_dock, self._show_tab), (playtest, show))
        for dock, shown in tabs:  # View > Playtest opens it as `studio play` does, not at a table's height
            self.tabifyDockWidget(self.docks[2], dock)
            dock.hide()
            dock.toggleViewAction().triggered.connect(lambda on, d=dock, s=shown: s(d) if on else None)
            self.docks.append(dock)
        self.usages.jump.connect(self.jump_to)
        problems_dock = self.docks[2]
        self.problems.counted.connect(lambda text: problems_dock.setWindowTitle(f"Problems — {text}"))
        self.pack_menu = PackMenu(self, lambda pack: self.ask_trust(pack))
        self.read_only = ReadOnlyOffer(self, self)
        #: The charms' pictures the preview and the playtest show, for the workspace on screen.
        self.charm_art: CharmArt | None = None
        self.pack_menu.opened.connect(self._pack_opened)
        self.tab_order = TabOrder(self, self._panels)
        self.undo_keys = UndoKeys(
            self,
            [self.history.undo_action, self.history.redo_action],
            lambda widget: self.editor is not None and self.editor.isAncestorOf(widget),
            self._take_typing,
        )
        self.entries = EntryActions(self, self.tree, self._entries_changed, self.preview.follow_rename)
        self.tools = EntryTools(self, self.usages, lambda: self._show_tab(self.usages_dock), self.status)
        self.entries.more = self.tools.tree_actions()
        self.tests = ScenarioRuns(self, self.problems, self.tree, self.jump_to, self.open_scenario_item)
        self._actions()
        self.tree.opened.connect(self.open_entry)
        self.problems.jump.connect(self.jump_to)
        self.preview.message.connect(self.status)
        self.preview.failed.connect(self.problems.add_message)
        self.safety = Safety(self, recovery_dir, self.problems.add_message)
        self.safety.told.connect(self.status)
        self.safety.left.connect(self._files_left)
        self.safety.checking.connect(self._take_typing)
        self.safety.checking.connect(self._scenario_on_disk)
        # Work is in the recovery folder before any charm's code runs on an edit (it may never return).
        self.preview.running_code.connect(self.safety.autosave_first)
        self.tests.starting.connect(self.safety.autosave)
        self.collector = MainThreadGC(self)
        self.load_job: Job | None = None
        state = self.settings.value("state")
        #: True when the user's own arrangement of the docks was restored (else the defaults apply).
        self.arranged = isinstance(state, QByteArray) and self.restoreState(state)
        if self.arranged:
            self.restoreGeometry(self.settings.value("geometry") or QByteArray())

    # --- layout -------------------------------------------------------------------------------
    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea, name: str) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _action(
        self, menu: Any, text: str, slot: Any, shortcut: Any = None, icon: str | None = None
    ) -> QAction:
        action = QAction(text, self)
        if icon:
            action.setIcon(palette.icon(icon))
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
            action.setToolTip(f"{text.replace('&', '').rstrip('…')} ({action.shortcut().toString()})")
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _actions(self) -> None:
        bar = self.menuBar()
        tools = self.addToolBar("Main")
        tools.setObjectName("mainToolBar")
        file = bar.addMenu("&File")
        self.save_action = self._action(file, "&Save", self.save, QKeySequence.StandardKey.Save, "fa5s.save")
        self._action(file, "Save &all", self.save_all, "Ctrl+Shift+S")
        self._action(
            file,
            "&Open scenario…",
            self.open_scenario_dialog,
            QKeySequence.StandardKey.Open,
            "fa5s.folder-open",
        )
        self._action(file, "Open &pack folder…", self.pack_menu.open_folder_dialog, None, "fa5s.folder-plus")
        self._action(file, "Copy the &base game…", self.read_only.copy_base, None, "fa5s.clone")
        self._action(
            file, "Save preview as scenario…", self.save_scenario_dialog, "Ctrl+Shift+E", "fa5s.vial"
        )
        file.addSeparator()
        self._action(file, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        edit = bar.addMenu("&Edit")
        undo, redo = self.history.undo_action, self.history.redo_action
        edit.addAction(undo)
        edit.addAction(redo)
        self._action(edit, "&Find in content", lambda: self.tree.filter.setFocus(), "Ctrl+F")
        preview = bar.addMenu("&Preview")
        self._action(preview, "&Best play", self.preview.start_best_play, "Ctrl+B", "fa5s.magic")
        self._action(preview, "Cancel best play", self.preview.cancel_best_play, "Esc")
        self._action(preview, "Edit played cards", lambda: self.preview.played_input.setFocus(), "Ctrl+P")
        self._action(preview, "&Play or pause the trace", self.preview.playback.toggle, "F5", "fa5s.play")
        view = bar.addMenu("&View")
        for dock in self.docks:
            view.addAction(dock.toggleViewAction())
        self._action(view, "Reset &layout", self.reset_layout)
        self._action(view, "&Next panel", lambda: self.tab_order.move_panel(True), "Ctrl+Tab")
        self._action(view, "&Previous panel", lambda: self.tab_order.move_panel(False), "Ctrl+Shift+Tab")
        view.addSeparator()
        self._action(view, "Light theme", lambda: self.set_theme(False))
        self._action(view, "Dark theme", lambda: self.set_theme(True))
        self._action(view, "Follow the system", lambda: self.set_theme(None))
        view.addSeparator()
        self.reduce_motion = self._action(view, "Reduce &motion", self.set_reduce_motion)
        self.reduce_motion.setCheckable(True)
        self.reduce_motion.setChecked(bool(self.settings.value("reduce_motion", False, type=bool)))
        self.set_reduce_motion(self.reduce_motion.isChecked())
        entry = bar.addMenu("E&ntry")
        self._action(entry, "&New charm…", lambda: self.entries.new("charm"), "Ctrl+N", "fa5s.plus")
        new = entry.addMenu(palette.icon("fa5s.plus"), "New &entry")  # of any kind, the first of a pack's too
        for kind in NEW_KINDS:
            self.entries.add_new(new, kind, f"{kind.replace('_', ' ').capitalize()}…")
        self._action(
            entry, "&Duplicate…", lambda: self._with_entry(self.entries.duplicate), "Ctrl+D", "fa5s.copy"
        )
        self._action(entry, "&Rename…", lambda: self._with_entry(self.entries.rename), "F2", "fa5s.i-cursor")
        self._action(
            entry, "De&lete…", lambda: self._with_entry(self.entries.delete), "Ctrl+Delete", "fa5s.trash-alt"
        )
        self._action(entry, "&Override in a pack…", lambda: self._with_entry(self.read_only.override))
        self.tools.install(entry)
        self.pack_menu.install(bar.addMenu("&Pack"))
        for action in (self.save_action, undo, redo):
            tools.addAction(action)
        tools.addAction(preview.actions()[0])

    # --- loading ------------------------------------------------------------------------------
    def open_packs(self, pack_dirs: list[Path], *, base: Path | None = None, trust: bool = False) -> Job:
        """Load packs in a worker thread (the window stays responsive); ``loaded`` follows."""
        self.status("Loading content…")

        def work(_p: Any, _c: Any) -> Workspace:
            return Workspace.open(pack_dirs, base=base, trust=trust)

        self.load_job = job = Job(work, self)
        job.done.connect(self.set_workspace)
        job.failed.connect(self._load_failed)
        return job.start()

    def _load_failed(self, message: str) -> None:
        self.problems.add_message(f"loading failed: {message}")
        self.loading.setText(f"The content could not be loaded:\n{message}")

    def set_workspace(self, ws: Workspace) -> None:
        """Show an open workspace: tree, problems, preview; offer back autosaved work."""
        self.session = Session(ws, self)
        self.session.changed.connect(self.on_change)
        self.session.changed.connect(self.read_only.changed)
        self.session.failed.connect(self.problems.add_message)
        self.session.failed.connect(self.status)
        self.tests.start(self.session)
        self.problems.words = self._field_words
        self.editor = EntryEditor(self.session)
        self.editor.item_opened.connect(self.open_scenario_item)
        self.editor.rename_asked.connect(self.entries.rename)
        self.editor.pending_changed.connect(lambda: self.problems.show_problems(self._listed(ws.problems())))
        deck = self.preview.situation.deck
        deck.currentIndexChanged.connect(lambda: self.editor.odds.set_deck(SituationBox.chosen(deck)))
        self.setCentralWidget(self.editor)
        self.tree.populate(ws)
        problems = ws.problems()
        self.problems.show_problems(problems)
        self.charm_art = CharmArt(ws)
        self.preview.charms.art = self.charm_art
        self.preview.charms.disabled = ws.disabled
        self.preview.set_catalog(ws.catalog)
        if not self.preview.played_input.text():
            self.preview.set_state(sample_for(ws.catalog))
        self.editor.odds.set_deck(SituationBox.chosen(deck))  # odds count the preview's deck
        self.editor.odds.watch_charms(self.preview.charms)  # under the rules of the preview's charms
        self.pack_menu.set_session(self.session)
        self.history.attach(self.session)
        self.entries.session = self.session
        if self.table is not None:
            self.table.set_session(self.session)
        self.tools.attach(self.session, self.editor)
        if self.balance is not None or self.docks[3].isVisible():
            self._build_balance()
        self.playtest.set_catalog(ws.catalog)
        self.playtest.set_problems(problems)
        self.playtest.stamps = partial(pack_stamps, ws)
        if self.safety.start(self.session):
            self.tree.populate(ws)
        if not ws.checked:  # opened from a snapshot: check the content now, off the GUI thread
            QTimer.singleShot(0, lambda: self._warm(ws))
        # Once the editor's place in the layout is settled: the first-run layout, or the restored one
        # if it still leaves every part usable (it was saved around another window and screen).
        QTimer.singleShot(0, self._check_layout if self.arranged else self._arrange)
        self.status(f"Loaded {sum(len(ws.entries(k)) for k in ws.kinds())} files")
        self.loaded.emit()

    def _warm(self, ws: Workspace) -> None:
        """Check a workspace opened from a snapshot in a worker thread, once the window is usable, so the
        first edit need not wait for the content models (an edit made sooner waits for it to end)."""
        if self.session is None or self.session.ws is not ws or not self.isVisible():
            return  # another workspace is shown, or the window closed: its first need checks it

        def work(_p: Any, _c: Any) -> None:
            ws.warm()

        job = Job(work, self)
        job.failed.connect(lambda message: self.problems.add_message(f"checking the content: {message}"))
        job.finished.connect(job.deleteLater)
        job.start()

    def _arrange(self) -> None:
        """The first-run layout, once the editor is in place: a slim tree, a wide preview, low problems.

        Shares are cut to what the window holds, so the editor keeps :data:`EDITOR_MIN` pixels.
        """
        width, height = self.width(), self.height()
        room = max(width - EDITOR_MIN - 24, 0)  # 24: the docks' separators and margins
        tree = min(max(200, width // 6), room * 2 // 7)
        preview = min(max(400, width * 2 // 5), room - tree)
        self.resizeDocks([self.docks[0], self.docks[1]], [tree, preview], Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks[2]], [max(90, height // 9)], Qt.Orientation.Vertical)

    def _check_layout(self) -> None:
        """Keep a restored layout only while the editor, the tree and the preview are all usable."""
        central = self.centralWidget()
        tree, preview = self.docks[0], self.docks[1]
        squeezed = central is not None and central.width() < min(EDITOR_MIN, self.width() // 3)
        if (
            squeezed
            or (tree.isVisible() and tree.width() > self.width() // 2)
            or (preview.isVisible() and preview.width() < 240)
        ):
            self._arrange()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A change of width is shared by the side panels and the editor in proportion.

        Qt's main window gives the whole change to its central widget, so a window moved from a wide
        screen to a laptop (or a restored 1600-pixel layout shown at 1024) left the editor a sliver
        with a sideways scroll bar while the preview kept its width; growing back gave it all to the
        editor. In proportion, a window made narrower and wide again is laid out as it was.
        """
        old, new = event.oldSize().width(), event.size().width()
        if old > 0 and new > 0 and new != old:
            sides = [
                d
                for d in self.docks[:2]
                if d.isVisible()
                and not d.isFloating()
                and self.dockWidgetArea(d)
                in (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
            ]
            if sides:
                self.resizeDocks(sides, [d.width() * new // old for d in sides], Qt.Orientation.Horizontal)
        super().resizeEvent(event)

    def _panels(self) -> list[QWidget]:
        """The panels in the order Tab visits them: tree, editor, preview, then the other docks as placed."""
        first = [self.docks[0].widget(), self.centralWidget(), self.preview_area]
        others = [d for d in self.findChildren(QDockWidget) if d not in self.docks[:2] and d.isVisible()]
        others.sort(key=lambda d: (d.geometry().y(), d.geometry().x()))
        return [w for w in (*first, *(d.widget() for d in others)) if w is not None]

    def reset_layout(self) -> None:
        """View > Reset layout: the docks and sizes of a first start (the saved arrangement is forgotten)."""
        for dock in self.docks[:3]:
            dock.show()
        for dock in self.docks[3:]:
            dock.hide()
        self.settings.remove("state")
        self._arrange()

    def _show_tab(self, dock: QDockWidget, share: float = 0.4) -> None:
        """Show a tab of the bottom docks in front, at ``share`` of the window's height (it opens at
        Problems' height) unless it is about that tall already (a height the user chose is kept)."""
        dock.show()
        dock.raise_()
        want = int(self.height() * share)
        if dock.height() < want * 5 // 6:
            self.resizeDocks([dock], [want], Qt.Orientation.Vertical)

    def _build_table(self) -> None:
        """Make the table (View > Table) the first time it is shown."""
        if self.table is not None:
            return
        from studio.app.table_view import TablePanel

        self.table = TablePanel()
        self.table.jump.connect(self.jump_to)
        if self.session is not None:
            self.table.set_session(self.session)
        self.table_dock.setWidget(self.table)

    def _build_balance(self) -> None:
        """Make the Balance panel for the workspace on screen (its plotting library is imported only now).

        Simulations play in worker processes that read the pack folders; the panel
        hands them the workspace's unsaved edits as each simulation starts, so they
        play what is on screen.
        """
        ws = self.session.ws if self.session is not None else None
        if ws is None or ws.catalog is None:
            return
        packs = [str(p.origin) for p in ws.packs if not p.builtin]
        if self.balance is not None and (self.balance.edits, self.balance.packs) == (
            ws.unsaved_edits,
            tuple(packs),
        ):
            return
        from studio.app.balance_panel import BalancePanel

        first = self.balance is None
        if self.balance is not None:
            self.balance.close()  # stops a simulation of the content it replaces
        self.balance = BalancePanel(ws.catalog, packs, edits=ws.unsaved_edits, trust=ws.code_trusted)
        self.balance.opened.connect(lambda charm_id: self.tree.select("charm", charm_id))
        self.docks[3].setWidget(self.balance)
        if self.editor is not None and self.editor.ref is not None and self.editor.ref.kind == "charm":
            self.balance.choose_charm(self.editor.ref.id)
        if first and not self.arranged:  # room for the controls and both plots
            self.docks[3].raise_()
            self.resizeDocks([self.docks[3]], [max(360, self.height() * 9 // 20)], Qt.Orientation.Vertical)

    # --- reacting to changes ------------------------------------------------------------------
    def on_change(self, change: Change) -> None:
        """Redraw what a workspace change touched."""
        assert self.session is not None
        ws = self.session.ws
        self.tree.mark(ws, change.entries)
        if self.charm_art is not None:  # a charm's name, rarity, trigger or art may have changed
            self.charm_art.forget({r.id for r in change.entries if r.kind == "charm"})
        self.tests.changed(change)
        problems = ws.problems() if change.problems_changed else None
        if self.editor is not None and self.editor.file in change.files:
            self.editor.refresh(change.catalog_changed, problems)
        if change.catalog_changed or change.problems_changed:
            self.preview.charms.disabled = ws.disabled
            self.preview.set_catalog(ws.catalog)
        shown = self.preview.scenario_file
        if shown is not None and shown[0] in change.files:  # judged by what the file now expects
            self.preview.scenario_changed(self.session.text(shown[0]))
        if change.catalog_changed and self.balance is not None and ws.catalog is not None:
            self._build_balance()  # anew when a pack was opened; else its lists follow the catalog
            self.balance.set_catalog(ws.catalog)
        if change.catalog_changed:
            self.playtest.set_catalog(ws.catalog)
        if problems is not None:
            self.problems.show_problems(self._listed(problems), [])
            self.playtest.set_problems(problems)
        self._title()

    def _listed(self, problems: list[Problem]) -> list[Problem]:
        """The problems as the panel lists them: a list emptied in the entry being written is pending."""
        return self.editor.listed(problems) if self.editor is not None else problems

    def _pack_opened(self, folder: Path) -> None:
        """A pack joined the workspace (File > Open pack folder, Pack > New pack): its work left by a crash
        is offered back as at start, and the tree shows it."""
        if self.session is not None:
            self.safety.offer_recovery(folder)
            if self.charm_art is not None:  # the new pack may replace charms, with art of its own
                self.charm_art.forget()
            self.tree.populate(self.session.ws)
            self.status(f"Opened pack {folder}")

    def _entries_changed(self) -> None:
        """Files were added, moved or removed: the editor lets go of a file that left."""
        if self.editor is not None and self.editor.file is not None and self.editor.ref is None:
            self.editor.close_file()

    def _files_left(self) -> None:
        """Files removed on disk left the workspace: the tree shows what is left."""
        if self.session is not None:
            self.tree.populate(self.session.ws)
        self._entries_changed()

    def _title(self, *_args: object) -> None:
        dirty = bool(self.session and self.session.ws.dirty())
        self.setWindowTitle(f"Charm Studio{' — unsaved changes' if dirty else ''}")

    def report_exception(self, kind: type[BaseException], exc: BaseException, tb: Any) -> None:
        """Show an unexpected error (a plugin's, a bug's) in the problems panel; the app goes on."""
        import traceback

        where = traceback.extract_tb(tb)[-1] if tb is not None else None
        place = f" at {Path(where.filename).name}:{where.lineno}" if where is not None else ""
        self.problems.add_message(f"unexpected error{place}: {kind.__name__}: {exc}")
        self.status(f"unexpected error: {exc}")

    def status(self, text: str) -> None:
        """Show a message in the status bar."""
        self.statusBar().showMessage(text, 6000)

    # --- entries ------------------------------------------------------------------------------
    def open_entry(self, ref: EntryRef) -> None:
        """Edit a file; a scenario also opens in the preview with expected against actual."""
        if self.editor is None:
            return
        self.editor.open(ref)
        if ref.kind == "charm":  # ready to try: Add puts the charm being edited in the preview's row
            self.preview.charms.pick.setCurrentText(ref.id)
            if self.balance is not None:  # and Balance compares it, until another charm is chosen there
                self.balance.choose_charm(ref.id)
        if ref.kind == "scenario":
            self.open_scenario_item(ref.path, 0)

    def _with_entry(self, action: Any) -> None:
        ref = self.editor.ref if self.editor is not None else None
        if ref is not None:
            action(ref)

    def jump_to(self, problem: Problem) -> None:
        """Open the problem's file and put the focus on its field (or its line in the text)."""
        if self.editor is None or problem.entry is None:
            return
        if self.editor.file != problem.entry.path:
            self.open_entry(problem.entry)
            self.tree.follow(problem.entry)
        self.editor.focus_problem(problem)

    def _field_words(self, problem: Problem) -> str:
        """A problem's field as the form names it (``Ability 2 › Effects``, ``Scenario 16 › Expect``);
        "" when its file does not parse (its JSON path is shown then)."""
        from studio.app.forms.nodes import file_words

        if self.session is None or problem.entry is None:
            return ""
        ws = self.session.ws
        try:
            return file_words(
                problem.entry.kind, ws.data(ws.ref(problem.entry.path)), problem.json_path, ws.schema
            )
        except (ValueError, KeyError):  # a text that does not parse, a file gone since
            return ""

    def _still_wrong(self, path: Path) -> str:
        """What a file just saved still has wrong, for the status bar: saving keeps the author's text,
        problems and all, and should not read as if it were sound (" with 1 error: see Problems")."""
        assert self.session is not None
        errors = sum(p.severity == "error" and p.path == path for p in self.session.ws.problems())
        return f" with {errors} error{'s' if errors != 1 else ''}: see Problems" if errors else ""

    def _take_typing(self) -> None:
        """Make text typed in the YAML tab a moment ago an edit now (it is taken a quarter second later)."""
        if self.editor is not None:
            self.editor.yaml.flush()

    def save(self) -> None:
        """Save the file in the editor (Ctrl+S)."""
        if self.editor is not None and self.editor.file is not None and self.session is not None:
            self._take_typing()
            ref = self.session.ref(self.editor.file)
            why = self.session.ws.read_only(ref)
            if why is not None:  # not saved here: offer where it can be
                self.read_only.offer(ref, why)
                return
            if self.session.save(self.editor.file) is not None:
                self.status(f"Saved {self.editor.file.name}{self._still_wrong(self.editor.file)}")
            else:
                self.safety.check_disk()  # a file changed on disk is asked about now, as the refusal says

    def save_all(self) -> None:
        """Save every file with unsaved edits, text typed in the YAML tab a moment ago included. A file it
        cannot write stops none of the others; each one not saved is named in Problems with its reason,
        and the status bar names them all."""
        if self.session is not None:
            self._take_typing()
            if self.session.save_all():
                names = ", ".join(ref.path.name for ref in self.session.ws.dirty())
                self.status(f"Not saved: {names} (see Problems)")

    # --- scenarios ----------------------------------------------------------------------------
    def open_scenario_item(self, path: Path, index: int) -> None:
        """Show scenario ``index`` of a file in the preview, as edited, expected against actual."""
        ref = self.editor.ref if self.editor is not None else None
        if ref is not None and ref.kind == "scenario" and self.session is not None:
            try:
                self.preview.open_scenario(path, index, self.session.ws.text(self.session.ws.ref(path)))
            except ValueError as exc:
                self.status(str(exc))

    def open_scenario_dialog(self) -> None:
        """Open a scenario file in the preview (expected against actual); of a file of many, the scenario
        the user picks by name."""
        tests = self.pack_menu.folder() / "tests"
        name, _ = QFileDialog.getOpenFileName(
            self, "Open scenario", str(tests), "Scenarios (*.yaml *.yml *.json)"
        )
        if not name:
            return
        path = Path(name)
        try:  # a file of the packs as edited; any other as on disk
            edited = self.session.text(path) if self.session else None
            text = file_text(path) if edited is None else edited
            listed = scenarios_of(path, text)
            index = self.ask_scenario(path, [s.name for s in listed]) if len(listed) > 1 else 0
            if index is not None:
                self.preview.open_listed(path, listed, index, text)
        except ValueError as exc:
            self.problems.add_message(str(exc))

    def ask_scenario(self, path: Path, names: list[str]) -> int | None:
        """Ask which of a file's scenarios to show (by name and number); None if the user cancels."""
        labels = [f"{i}. {printable(n) if n else '(no name)'}" for i, n in enumerate(names, 1)]
        chosen, ok = QInputDialog.getItem(
            self, "Open scenario", f"{path.name} holds {len(names)} scenarios; show:", labels, 0, False
        )
        return labels.index(chosen) if ok and chosen in labels else None

    def _scenario_on_disk(self) -> None:
        """A scenario opened from a file outside the packs follows that file on disk, checked as often as
        the packs' files are, so its verdict stays true when another program changes it."""
        shown = self.preview.scenario_file
        if shown is not None and self.session is not None and self.session.text(shown[0]) is None:
            self.preview.scenario_changed()

    def save_scenario_dialog(self) -> None:
        """Write the preview as a test scenario with its expectation."""
        target = self.pack_menu.folder() / "tests" / "new_scenario.yaml"
        name, _ = QFileDialog.getSaveFileName(self, "Save as scenario", str(target), "YAML (*.yaml)")
        if not name:
            return
        path = Path(name)
        pack = self._tests_pack(path)
        if pack is not None and self.session is not None and self.preview.result is not None:
            # In a loaded pack's tests/: the workspace makes and saves it, so it shows in the tree at once.
            ws = self.session.ws
            text = scenario_text(self.preview.state(), self.preview.result)
            made = self.session.perform("save scenario", lambda: ws.create("scenario", path.stem, pack, text))
            if made is None:
                return
            if self.session.perform("save scenario", lambda: ws.save(ws.ref(path))) is not None:
                self.tree.populate(ws)
                self.tree.select("scenario", path.stem)
                self.status(f"Saved scenario {path}")
            return
        try:
            self.preview.save_scenario(path)
        except (OSError, ValueError) as exc:
            self.problems.add_message(f"save scenario: {exc}")

    def _tests_pack(self, path: Path) -> str | None:
        """The id of the loaded pack folder whose tests/ holds ``path`` as a new file (None: none)."""
        if self.session is None or path.exists():
            return None
        for pack in self.session.ws.packs:
            if pack.origin.is_dir() and path.parent.resolve() == (pack.origin / "tests").resolve():
                return pack.id
        return None

    def set_theme(self, dark: bool | None) -> None:
        """Switch between the light and dark palettes (None follows the system)."""
        app = QApplication.instance()
        if isinstance(app, QApplication):
            palette.apply(app, dark)
            self.settings.setValue("theme", {None: "system", True: "dark", False: "light"}[dark])

    def set_reduce_motion(self, reduce: bool) -> None:
        """View > Reduce motion (remembered): playback shows steps without movement; the platform's
        preference asks for it too."""
        self.settings.setValue("reduce_motion", reduce)
        reduced = reduce or platform_prefers_reduced_motion()
        self.preview.playback.set_reduced_motion(reduced)
        self.playtest.reduced_motion = reduced

    def follow_system(self) -> None:
        """The system's appearance changed: follow it unless a theme was chosen."""
        if str(self.settings.value("theme", "system")) == "system":
            self.set_theme(None)

    def ask_save(self) -> QMessageBox.StandardButton:
        """Ask whether to save before closing (Save, Discard or Cancel)."""
        return QMessageBox.question(
            self,
            "Unsaved changes",
            "Save all changes before closing?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )

    def ask_trust(self, pack: Pack) -> bool:
        """Ask whether to let a pack's code run, naming it and its plugin files (Cancel is the default)."""
        files = "".join(f"<li>{html.escape(name)}</li>" for name, _ in pack.code())
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Trust this pack's code",
            f"<p>Trust the code of pack <b>{html.escape(pack.id)}</b> {html.escape(str(pack.version))}?</p>"
            f"<ul>{files}</ul>"
            "<p>Its Python code will run inside Studio with your permissions: it can read, change or "
            "delete your files. Trust only a pack whose code you have read or whose author you trust.</p>"
            "<p>Trust is for this content: once the pack changes, it must be trusted again.</p>",
            QMessageBox.StandardButton.Cancel,
            self,
        )
        trust = box.addButton("Trust and run its code", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is trust

    def ask_save_run(self) -> QMessageBox.StandardButton:
        """Ask whether to save the playtest run under way before closing (Save run…, Discard or Cancel)."""
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Playtest run in progress",
            "The playtest run is not over and has actions not saved. Save the run before closing?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            self,
        )
        box.button(QMessageBox.StandardButton.Save).setText("Save run…")
        return QMessageBox.StandardButton(box.exec())

    def _keep_run(self) -> bool:
        """Whether closing may go on as far as the playtest goes: its run under way is saved (the panel's
        Save…) or discarded as the user says; False if they cancel, or cancel where to save it."""
        run = self.playtest.panel
        if run is None or not run.unsaved():
            return True
        answer = self.ask_save_run()
        if answer == QMessageBox.StandardButton.Save:
            return run.save_as()
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event: QCloseEvent) -> None:
        """Remember the layout; unsaved work stays in the recovery folder only if the user keeps it, and a
        playtest run under way is lost only if the user says so."""
        if not self._keep_run():
            event.ignore()
            return
        self._take_typing()  # typing in the YAML tab not yet taken is unsaved work too
        if self.session is not None and self.session.ws.dirty():
            answer = self.ask_save()
            if answer == QMessageBox.StandardButton.Cancel:
                event.ignore()
                return
            if answer == QMessageBox.StandardButton.Save:
                self.save_all()
                if self.session.ws.dirty():
                    event.ignore()
                    return
        self.settings.setValue("geometry", self.saveGeometry())
        self.settings.setValue("state", self.saveState())
        self.preview.shutdown()
        self.playtest.shutdown()
        self.tests.shutdown()
        if self.editor is not None:
            self.editor.odds.shutdown()
        if self.balance is not None:
            self.balance.close()  # stops a running simulation before its thread outlives the panel
        wait_all()
        self.collector.stop()
        self.safety.stop()
        self.tab_order.stop()
        self.undo_keys.stop()
        super().closeEvent(event)


def pack_stamps(ws: Workspace) -> list[PackStamp]:
    """The packs on screen as a run save names them: id, version, and the hash of their files as edited."""
    return [PackStamp(p.id, p.manifest.version, content_hash(p.files)) for p in ws.packs]
