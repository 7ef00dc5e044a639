"""The last hand played in the playtest: its cards, hand type and total, and the scorer's trace as a table
(the preview's trace model); selecting a played card lights the steps it fired."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from studio.app import palette
from studio.app.playtest_session import LastPlay
from studio.app.preview.hand_row import TileRow
from studio.app.preview.trace_model import TraceModel
from studio.engine.trace import Event, grouped


class PlayView(QWidget):
    """The cards of the last play, its result, and one row per event of its trace."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel("No hand played yet")
        self.title.setObjectName("playtestLastPlay")
        self.title.setWordWrap(True)
        self.cards = TileRow("card")
        self.cards.setObjectName("playtestPlayed")
        self.cards.setAccessibleName("Cards of the last play")
        self.cards.setDragDropMode(QAbstractItemView.DragDropMode.NoDragDrop)
        for action in self.cards.actions():  # its cards stay in the engine's order: positions are the run's
            self.cards.removeAction(action)
        self.cards.setToolTip("Select a card to light the steps it fired")
        self.model = TraceModel()
        self.table = QTableView()
        self.table.setObjectName("playtestTrace")
        self.table.setAccessibleName("Trace of the last play")
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(20)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The source and the change share the room left: a long source ("discards_points holographic")
        # fitted to its text left the change, the step's point, a few pixels ("+10 ...").
        for column in (2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        self.box = v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        v.setSpacing(4)
        v.addWidget(self.title)
        v.addWidget(self.cards)
        v.addWidget(self.table, 1)
        self.cards.itemSelectionChanged.connect(self._highlight)

    def add_under_cards(self, widget: QWidget) -> None:
        """Put ``widget`` (the playback controls) between the cards and the trace."""
        self.box.insertWidget(2, widget)

    def show_last(self, last: LastPlay | None) -> None:
        """Show a play (None: none yet): its cards and result; the trace is set by :meth:`show_events`."""
        if last is None or last.resolved.score is None:
            self.title.setText("No hand played yet")
            self.cards.set_tokens([])
            self.show_events(())
            return
        r = last.resolved.score
        theme = palette.current()
        refused = " (refused by the boss)" if r.refused else ""
        self.title.setText(
            f"<b>Last hand:</b> {r.hand_type.replace('_', ' ')} · "
            f"<span style='color:{theme.points}'><b>{grouped(r.points)}</b></span> × "
            f"<span style='color:{theme.mult}'><b>{grouped(r.mult)}</b></span>"
            f" = <b>{grouped(r.total)}</b>{refused}"
        )
        self.cards.set_tokens([(str(c), c) for c in last.played])

    def show_events(self, events: Sequence[Event]) -> None:
        """Fill the table with a trace's events."""
        self.model.set_events(events)

    def _highlight(self) -> None:
        chosen = set(self.cards.selected_rows())
        self.model.highlight((lambda e: e.zone == "played" and e.position in chosen) if chosen else None)
