"""The Playtest dock of the main window: the panel is made when the dock is first shown (no start waits for
it), follows the editor's content, and sends a round's hand to the preview."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QPixmap, QResizeEvent
from PySide6.QtWidgets import QDockWidget, QFrame, QScrollArea

from studio.engine.run.save import PackStamp

if TYPE_CHECKING:
    from studio.app.playtest_panel import PlaytestPanel
    from studio.app.preview.panel import PreviewPanel
    from studio.engine.catalog import Catalog
    from studio.workspace.model import Problem


class PlaytestDock:
    """The dock's panel, made on demand; ``show_tab`` brings the dock in front at a usable height."""

    def __init__(
        self,
        dock: QDockWidget,
        preview: PreviewPanel,
        preview_dock: QDockWidget,
        show_tab: Callable[[QDockWidget], None],
    ) -> None:
        self.dock, self.preview, self.preview_dock, self.show_tab = dock, preview, preview_dock, show_tab
        self.panel: PlaytestPanel | None = None
        #: The packs on screen, as run saves name them; the window sets it from its workspace.
        self.stamps: Callable[[], list[PackStamp]] = list
        self._reduced = False
        self.catalog: Catalog | None = None
        #: How many errors the content on screen has (the panel says runs play it as last valid).
        self.errors = 0
        dock.visibilityChanged.connect(lambda shown: self.build() if shown else None)

    @property
    def reduced_motion(self) -> bool:
        """Whether playback shows steps without movement (View > Reduce motion, or the platform's wish)."""
        return self._reduced

    @reduced_motion.setter
    def reduced_motion(self, reduced: bool) -> None:
        self._reduced = reduced
        if self.panel is not None:
            self.panel.playback.set_reduced_motion(reduced)

    def build(self) -> PlaytestPanel:
        """The panel, made the first time it is needed."""
        if self.panel is None:
            from studio.app.playtest_panel import PlaytestPanel

            self.panel = PlaytestPanel()
            self.panel.to_preview.connect(self._to_preview)
            self.panel.items.art = self._art
            self.panel.stamps = lambda: list(self.stamps())
            self.panel.playback.set_reduced_motion(self._reduced)
            area = _FittingArea(self.panel)  # a short screen scrolls the panel rather than clipping it
            area.setWidgetResizable(True)
            area.setFrameShape(QFrame.Shape.NoFrame)
            self.dock.setWidget(area)
            if self.catalog is not None:
                self.panel.set_catalog(self.catalog)
            self.panel.set_errors(self.errors)
        return self.panel

    def set_catalog(self, catalog: Catalog | None) -> None:
        """Follow the editor's content (unsaved edits included); None (content with errors) keeps the last."""
        if catalog is None:
            return
        self.catalog = catalog
        if self.panel is not None:
            self.panel.set_catalog(catalog)

    def set_problems(self, problems: Sequence[Problem]) -> None:
        """Follow how many errors the content has (its warnings change nothing a run plays)."""
        self.errors = sum(p.severity == "error" for p in problems)
        if self.panel is not None:
            self.panel.set_errors(self.errors)

    def shutdown(self) -> None:
        """Stop a charm's hook the playtest is waiting for (the window is closing)."""
        if self.panel is not None:
            self.panel.shutdown()

    def open(self) -> PlaytestPanel:
        """Show the dock in front and return its panel (``studio play``)."""
        self.show_tab(self.dock)
        return self.build()

    def _art(self, charm_id: str, size: int) -> QPixmap | None:
        """A charm's art (or face), found as the preview finds it (from the workspace on screen)."""
        find = self.preview.charms.art
        return find(charm_id, size) if find is not None else None

    def _to_preview(self, data: dict[str, Any]) -> None:
        self.preview.set_state(data)
        self.preview_dock.show()
        self.preview_dock.raise_()


class _FittingArea(QScrollArea):
    """Scrolls the panel on a short screen, and tells it the width there is, so it lays itself out to fit
    rather than scroll sideways."""

    def __init__(self, panel: PlaytestPanel) -> None:
        super().__init__()
        self.panel = panel
        self.setWidget(panel)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Fit the panel to the new width before the scroll area lays it out."""
        self.panel.fit(self.viewport().width())
        super().resizeEvent(event)
