"""What the Balance panel's simulations say, in a few lines of text (no Qt)."""

from __future__ import annotations

from studio.app.choices import named
from studio.simulation.paired import Paired, Ranking
from studio.simulation.render import counted
from studio.simulation.report import Report


def report_line(label: str, r: Report) -> str:
    """One simulation's outcome: wins, antes cleared, mean hand."""
    return (
        f"{label}: won {r.win_rate:.1%} of {r.runs:,} runs, {r.mean_antes_cleared:.2f} ± "
        f"{r.antes_cleared_margin:.2f} antes cleared on average, mean hand {r.mean_score:,.0f}."
    )


def baseline_summary(baseline: Report) -> str:
    """A simulation without a charm."""
    return report_line("Without a charm", baseline)


def comparison_summary(
    without: Report, with_: Report, charm: str, paired: Paired | None, name: str = ""
) -> str:
    """The runs without and with ``charm`` (called ``name`` in the game, as the Charm box shows it): the
    run-by-run difference (if ``paired`` gives it), how often the charm was in the row and what it added
    to a hand, then each side."""
    shown = named(charm, name)
    rounds = with_.locked_rounds.get(charm, 0)
    share = f" ({rounds / with_.rounds:.0%})" if with_.rounds else ""
    row = f"{shown} was in the row in {rounds:,} of {with_.rounds:,} rounds{share}"
    tally = with_.charms.get(charm)
    if tally is not None and tally.hands:
        row += f"; its effects added {tally.per_hand:,.0f} to a hand's total on average"
    # The finding first: a low dock shows it without scrolling.
    lines = [f"{shown}, {paired.sentence()}."] if paired is not None else []
    lines += [row + ".", report_line("Without a charm", without), report_line(f"With {shown}", with_)]
    return "\n\n".join(lines)


def ranking_summary(r: Ranking, chosen: str | None, name: str = "") -> str:
    """A finished ranking: the baseline, the median charm, and where ``chosen`` (called ``name``) stands."""
    b = r.baseline
    lines = [
        f"Ranked {counted(len(r.entries), 'charm')} against the same {counted(b.runs, 'run')}, best first.",
        f"Baseline: won {b.win_rate:.1%}, {b.mean_antes_cleared:.2f} antes cleared on average;"
        f" the median charm {r.median:+.2f} antes.",
    ]
    place = next((i for i, e in enumerate(r.entries, 1) if e.charm == chosen), 0)
    if place:
        p = r.entries[place - 1].paired
        lines.append(
            f"{named(str(chosen), name)} is {place} of {len(r.entries)}:"
            f" {p.antes_difference:+.2f} antes cleared (± {p.antes_margin:.2f})."
        )
    flagged = sum(1 for e in r.entries if e.outlier)
    if flagged:
        lines.append(f"{flagged} flagged: their difference is beyond luck from the median charm's.")
    return "\n\n".join(lines)
