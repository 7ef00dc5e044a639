"""The Balance panel's two plots: runs that clear each ante, and hand totals, as neighbouring bars.

The baseline's bars and the charm's stand side by side at each ante and each
power-of-two bucket of hand totals; the plots take the theme's colours.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import pyqtgraph as pg

from studio.app import palette
from studio.simulation.report import Report, bucket_range

#: Colours of the baseline and of the runs with the charm.
BASE_COLOUR, CHARM_COLOUR = "#8a94a6", "#e0823d"
#: The plots' titles: small enough that both fit side by side in a dock 380 pixels wide per plot.
TITLE_SIZE = "10pt"


#: How many buckets of totals the empty plot shows (totals from 0 up to 32k).
_FIRST_BUCKETS = 17


def make_plots(antes: int) -> tuple[pg.PlotWidget, pg.PlotWidget]:
    """The ante plot (``antes`` antes on its axis) and the hand totals plot, empty."""
    pg.setConfigOptions(antialias=True)
    ante_plot = pg.PlotWidget()
    ante_plot.setTitle("Runs that clear each ante", size=TITLE_SIZE)
    ante_plot.setLabel("bottom", "ante")
    ante_plot.setLabel("left", "share of runs (%)")
    score_plot = pg.PlotWidget()
    score_plot.setTitle("Hand totals", size=TITLE_SIZE)
    score_plot.setLabel("bottom", "total at least (powers of 2)")
    score_plot.setLabel("left", "hands (%)")
    # No legend inside a plot: wherever it sat, it hid the bars that reached its corner (a share of
    # runs near 100%, a peak of totals). The panel names the colours once, under both plots (key_text).
    for plot in (ante_plot, score_plot):
        plot.showGrid(y=True, alpha=0.3)
        plot.setMouseEnabled(x=False, y=False)
    ante_plot.getAxis("bottom").setTicks([[(a, str(a)) for a in range(1, antes + 1)]])
    ante_plot.setXRange(0.5, antes + 0.5)
    ante_plot.setYRange(0, 100)
    score_plot.setYRange(0, 100)
    # Before the first runs, the buckets of totals up to 32k (not pyqtgraph's 0.2 ... 0.8).
    score_plot.getAxis("bottom").setTicks(score_ticks(range(_FIRST_BUCKETS)))
    score_plot.setXRange(-0.5, _FIRST_BUCKETS - 0.5)
    return ante_plot, score_plot


def key_text(series: Sequence[tuple[str, str]]) -> str:
    """The key of both plots as rich text: a square of each series' colour before its name."""
    return "&nbsp;&nbsp;&nbsp;".join(
        f'<span style="color:{colour}">&#9632;</span>&nbsp;{html.escape(name)}' for name, colour in series
    )


def theme_plot(plot: pg.PlotWidget) -> None:
    """Paint a plot in the current theme's colours (a white plot glares in the dark theme)."""
    theme = palette.current()
    plot.setBackground(theme.base)
    item = plot.getPlotItem()
    item.setTitle(item.titleLabel.text, color=theme.text, size=TITLE_SIZE)
    for side in ("left", "bottom"):
        axis = item.getAxis(side)
        axis.setPen(theme.muted)
        axis.setTextPen(theme.text)


def score_shares(report: Report, buckets: Sequence[int]) -> list[float]:
    """Share of the report's finite hands in each bucket, in percent."""
    finite = report.hands - report.infinite_hands
    return [100 * report.score_buckets.get(str(b), 0) / finite if finite else 0.0 for b in buckets]


def bars(
    plot: pg.PlotWidget, series: Sequence[tuple[str, list[float], str]], start: int
) -> list[pg.BarGraphItem]:
    """Replace the plot's bars with one group per x, one bar per series, side by side."""
    plot.clear()
    width = 0.8 / max(1, len(series))
    items = []
    for k, (name, heights, colour) in enumerate(series):
        xs = [start + i - 0.4 + width * (k + 0.5) for i in range(len(heights))]
        item = pg.BarGraphItem(
            x=xs, height=heights, width=width * 0.95, brush=colour, pen=pg.mkPen(None), name=name
        )
        plot.addItem(item)
        items.append(item)
    return items


def score_ticks(buckets: Sequence[int]) -> list[list[tuple[int, str]]]:
    """Every other bucket is a minor tick, labelled only where its text does not run into another."""
    ticks = [(i, short(bucket_range(b)[0])) for i, b in enumerate(buckets)]
    return [ticks[::2], ticks[1::2]]


def short(n: int) -> str:
    """A total as a short tick label: 512, 8k, 1M."""
    for size, unit in ((1 << 30, "G"), (1 << 20, "M"), (1 << 10, "k")):
        if n >= size:
            return f"{n // size}{unit}"
    return str(n)
