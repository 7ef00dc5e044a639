"""Start, quit, start again: the same usable layout every time (and View > Reset layout)."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest

from studio.app import palette
from studio.app.main_window import MainWindow
from tests.app.conftest import open_window


def widths(window: MainWindow) -> tuple[int, int, int]:
    """The content tree's, the editor's and the preview's width on screen."""
    tree, preview = window.docks[0], window.docks[1]
    central = window.centralWidget()
    assert central is not None
    return tree.width(), central.width(), preview.width()


def usable(window: MainWindow, tree: int, editor: int, preview: int) -> bool:
    """The editor keeps room for its fields, the tree a third at most, the preview room for a hand."""
    return editor >= 360 and tree <= window.width() // 3 and preview >= 240


def laid_out() -> None:
    """Lay out now what is waiting to be (each widget laid out asks its parent's layout to follow)."""
    from PySide6.QtCore import QCoreApplication, QEvent

    for _ in range(8):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)


def settle(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication

    window.resize(1400, 900)
    qtbot.wait(50)
    QApplication.processEvents()


def test_the_layout_stays_usable_across_starts(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    for start in range(3):
        window = open_window(qtbot, tmp_path, content)
        if start == 0:
            settle(window, qtbot)  # later starts take the size they were left at
        qtbot.waitUntil(lambda w=window: w.session is not None)
        # A layout restored from a larger window is re-arranged once the editor is in place (a
        # layout pass later): wait for that, within a second, then say what is on screen.
        with contextlib.suppress(qtbot.TimeoutError):
            qtbot.waitUntil(lambda w=window: usable(w, *widths(w)), timeout=1000)
        tree, editor, preview = widths(window)
        assert editor >= 360, (start, tree, editor, preview)  # the form keeps room for its fields
        assert tree <= window.width() // 3 and preview >= 240, (start, tree, editor, preview)
        window.close()


def test_a_window_asked_for_at_1024_by_700_fits_with_room_for_every_part(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, tmp_path, content)
    qtbot.waitUntil(lambda: window.session is not None)
    window.resize(1024, 700)
    window.reset_layout()
    qtbot.wait(50)
    hint = window.minimumSizeHint()
    assert hint.width() <= 1024 and hint.height() <= 700
    assert window.size().width() == 1024 and window.size().height() == 700
    tree, editor, preview = widths(window)
    assert editor >= 360 and preview >= 400 and tree >= 150, (tree, editor, preview)
    window.docks[3].toggleViewAction().trigger()  # View > Balance, a tab below: the window does not grow
    qtbot.waitUntil(lambda: window.balance is not None)
    qtbot.wait(50)
    assert window.size().height() == 700


def test_reset_layout_brings_back_the_first_start_layout(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, tmp_path, content)
    settle(window, qtbot)
    window.resizeDocks(
        [window.docks[0]], [900], __import__("PySide6.QtCore").QtCore.Qt.Orientation.Horizontal
    )
    qtbot.wait(20)
    assert widths(window)[1] < 360
    window.reset_layout()
    qtbot.wait(20)
    assert widths(window)[1] >= 360


def test_a_window_made_narrower_shares_the_change_with_the_editor_and_back_again(
    qtbot: Any, tmp_path: Path, content: Path
) -> None:
    from PySide6.QtWidgets import QApplication

    window = _small_window(qtbot, tmp_path, content, (1600, 1000))
    qtbot.wait(50)
    wide = widths(window)
    for size in ((1024, 700), (1600, 1000)):
        window.resize(*size)  # a window moved to a laptop's screen, then back
        qtbot.wait(50)
        QApplication.processEvents()
        tree, editor, preview = widths(window)
        # Each part keeps its share (the editor took the whole change: 130 px with a sideways scroll).
        for part, before in zip((tree, editor, preview), wide, strict=True):
            assert abs(part / size[0] - before / 1600) < 0.03, (size, wide, (tree, editor, preview))
        assert editor >= 360
        assert window.editor is not None and window.editor.form_area.horizontalScrollBar().maximum() == 0
    assert all(abs(a - b) <= 8 for a, b in zip(widths(window), wide, strict=True)), (wide, widths(window))


def _small_window(qtbot: Any, tmp_path: Path, content: Path, size: tuple[int, int] = (1024, 700)) -> Any:
    """The main window at ``size`` (1024 by 700) with its docks as a first start lays them out."""
    window = open_window(qtbot, tmp_path, content)
    qtbot.waitUntil(lambda: window.session is not None)
    window.resize(*size)
    window.reset_layout()
    return window


def _fitting_form(window: Any) -> tuple[Any, Any]:
    """The editor's form, asserted to fit its scroll area's width (never scrolled sideways), and the
    area's view in global coordinates."""
    from PySide6.QtCore import QRect

    area = window.editor.form_area
    form = area.widget()
    assert form is not None
    assert form.minimumSizeHint().width() <= area.viewport().width()
    assert area.horizontalScrollBar().maximum() == 0
    return form, QRect(area.viewport().mapToGlobal(area.viewport().rect().topLeft()), area.viewport().size())


def test_a_charm_form_with_nested_abilities_fits_the_editor_at_1024_by_700(
    qtbot: Any, tmp_path: Path, content: Path
) -> None:
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QPushButton

    window = _small_window(qtbot, tmp_path, content)
    assert window.tree.select("charm", "jackknife") is not None and window.editor is not None
    qtbot.wait(50)
    # Its rows of ticks (13 ranks, the passive rules) wrap rather than widen it.
    form, view = _fitting_form(window)
    removes = [
        b for b in form.findChildren(QPushButton) if b.toolTip().startswith("Remove") and b.isVisible()
    ]
    assert len(removes) >= 6  # jackknife's three abilities and their effects
    for button in removes:
        at = QRect(button.mapToGlobal(button.rect().topLeft()), button.size())
        assert at.left() >= view.left() and at.right() <= view.right(), button.toolTip()


def test_the_playtest_fits_a_1024_window_with_the_trace_below_the_round(
    qtbot: Any, tmp_path: Path, content: Path
) -> None:
    from PySide6.QtWidgets import QBoxLayout, QScrollArea

    from studio.engine.run.actions import SelectBlind

    window = open_window(qtbot, tmp_path, content)
    qtbot.waitUntil(lambda: window.session is not None)
    for size, direction in (
        ((1024, 700), QBoxLayout.Direction.TopToBottom),
        ((1600, 1000), QBoxLayout.Direction.LeftToRight),
    ):
        window.resize(*size)
        window.reset_layout()
        panel = window.playtest.open()
        if panel.run is None:  # a hand dealt: the round page at its widest
            panel.new_run()
            panel.perform(SelectBlind())
        qtbot.wait(50)
        area = panel.parentWidget().parentWidget()  # the dock's scroll area (the viewport between)
        assert isinstance(area, QScrollArea)
        assert panel.columns.direction() == direction, size
        assert area.horizontalScrollBar().maximum() == 0, size  # never scrolled sideways


def test_a_file_of_many_scenarios_never_scrolls_sideways_at_1024_by_700(
    qtbot: Any, tmp_path: Path, content: Path
) -> None:
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QPushButton

    from studio.app.forms.lists import ListField

    window = _small_window(qtbot, tmp_path, content)
    assert window.session is not None and window.editor is not None
    window.open_entry(window.session.ws.ref(content / "tests" / "effects.yaml"))
    qtbot.wait(50)
    laid_out()
    # Each item's name (up to 60 characters) wraps rather than widening the form.
    form, view = _fitting_form(window)
    area = window.editor.form_area
    remove = next(b for b in form.findChildren(QPushButton) if b.accessibleName() == "Remove scenario 1")
    at = QRect(remove.mapToGlobal(remove.rect().topLeft()), remove.size())
    assert at.left() >= view.left() and at.right() <= view.right()
    # Opened, an item's folded sections (a scenario's expectations) cut their titles short instead.
    scenarios = window.editor.form
    assert isinstance(scenarios, ListField)
    for i in range(3):
        scenarios.open_item(i)
    qtbot.waitUntil(lambda: all(item is not None and item.isVisible() for item in scenarios.items[:3]))
    laid_out()
    assert form.minimumSizeHint().width() <= area.viewport().width()


@pytest.mark.parametrize("way", ["studio play", "View > Playtest"])
def test_the_playtest_opens_tall_enough_for_a_shop_and_its_buttons_at_1600_by_1000(
    qtbot: Any, tmp_path: Path, content: Path, way: str
) -> None:
    """Either way in: View > Playtest opened it at the other bottom tabs' 2/5, the shop's buttons cut."""
    from PySide6.QtWidgets import QScrollArea

    window = _small_window(qtbot, tmp_path, content, (1600, 1000))
    qtbot.wait(50)
    if way == "View > Playtest":
        window.playtest.dock.toggleViewAction().trigger()
    panel = window.playtest.open() if way == "studio play" else window.playtest.panel
    assert panel is not None
    panel.start(7, "red", 2, ("plain_mult", "even_mult"))
    panel.blind.select_button.click()
    panel.finish_round()  # to the shop: seven tiles, then Reroll and Leave shop under them
    qtbot.waitUntil(lambda: panel.run is not None and panel.run.game.state.phase == "shop")
    qtbot.wait(50)
    area = panel.parentWidget().parentWidget()
    assert isinstance(area, QScrollArea)
    assert area.verticalScrollBar().maximum() == 0  # opened at Problems' height (2/5), its buttons were cut


def test_a_charm_row_wider_than_a_laptop_preview_scrolls_sideways_below_whole_tiles(
    qtbot: Any, tmp_path: Path, content: Path
) -> None:
    """Seven charms at 1280×800: the scroll bar lay over the tiles, cutting their names, and a vertical
    one came with it; the row now grows by the bar's height while the bar shows."""
    window = open_window(qtbot, tmp_path, content)
    window.resize(1280, 800)
    row = window.preview.charm_row
    for charm in ("lucky_seven", "bus_rider", "idol"):
        window.preview.charms.add(charm)
    qtbot.waitUntil(lambda: row.horizontalScrollBar().isVisible())
    laid_out()
    assert not row.verticalScrollBar().isVisible()
    for i in range(row.count()):
        assert row.visualItemRect(row.item(i)).bottom() < row.viewport().height(), row.item(i).text()
    for _ in range(3):
        row.takeItem(row.count() - 1)
    qtbot.waitUntil(lambda: not row.horizontalScrollBar().isVisible())
    assert row.maximumHeight() == palette.CHARM_H + 10  # back to one line of tiles, no room for a bar


def test_the_preview_keeps_its_total_and_the_first_trace_rows_in_sight_at_1280_by_800(
    qtbot: Any, tmp_path: Path, content: Path
) -> None:
    """The sample hand with four charms at 1280×800: the inputs took the dock's height and pushed the
    trace out of sight (its header alone showed). The inputs now scroll on their own."""
    from studio.app.preview.panel import TRACE_ROWS_IN_SIGHT

    window = open_window(qtbot, tmp_path, content)
    window.resize(1280, 800)
    window.reset_layout()
    qtbot.waitUntil(lambda: window.preview.result is not None)
    laid_out()
    preview = window.preview
    total = preview.total_label
    assert total.visibleRegion().boundingRect().size() == total.size()  # the whole total, unscrolled
    trace = preview.trace_table
    rows = [trace.visualRect(trace.model().index(i, 0)) for i in range(TRACE_ROWS_IN_SIGHT)]
    seen = trace.viewport().visibleRegion()
    assert all(seen.contains(row) for row in rows), (seen.boundingRect(), rows)
    area = preview.inputs_area
    assert area.verticalScrollBar().maximum() > 0  # the inputs scroll: they are taller than their room
    area.ensureWidgetVisible(preview.situation)
    assert not preview.situation.visibleRegion().isEmpty()
    area.verticalScrollBar().setValue(area.verticalScrollBar().maximum())
    laid_out()
    cards, charms = preview.played_row, preview.charm_row
    assert cards.visibleRegion().boundingRect().height() < cards.height() // 2  # scrolled away
    steps = [e.step for e in preview.trace_model.events()]
    preview.playback.jump(steps.index("scored_card"))  # drawn on a played card: it comes back in sight
    laid_out()
    assert cards.visibleRegion().boundingRect().size() == cards.size()
    area.verticalScrollBar().setValue(0)
    preview.playback.jump(steps.index("hand"))  # drawn on a charm of the row
    laid_out()
    assert charms.visibleRegion().boundingRect().size() == charms.size()
    window.resize(1600, 1000)
    laid_out()
    assert area.verticalScrollBar().maximum() == 0  # with room, the inputs show whole
