"""Readable text for people: the event trace as a table, problems, counts."""

from __future__ import annotations

from studio.content.io.text import printable
from studio.content.io.text import table as table  # commands import it from here too
from studio.engine.trace import ScoreResult, fmt


def trace_table(result: ScoreResult) -> str:
    """Return the trace as a numbered table of step, source, change and running values."""
    rows = [
        [str(i), e.step, e.source, e.change, str(e.points), fmt(e.mult), f"${e.money}"]
        for i, e in enumerate(result.events, 1)
    ]
    return table(["#", "step", "source", "change", "Points", "Mult", "money"], rows, right=(0, 4, 5, 6))


def score_report(result: ScoreResult, played: str, held: str) -> str:
    """Return the readable report of one scored hand."""
    lines = [f"Played: {printable(played)}"]
    if held.strip():
        lines.append(f"Held:   {printable(held)}")
    rules = [
        f"boss {result.boss}" if result.boss else "no boss",
        f"deck {result.deck}" if result.deck else "",
    ]
    lines.append(f"Rules:  {', '.join(r for r in rules if r)}")
    lines.append(f"Hand:   {result.hand_type}   scoring: {' '.join(result.scoring) or '-'}")
    lines += ["", trace_table(result), ""]
    if result.refused:
        lines.append("Total = 0 (the boss refused the hand)")
    else:
        lines.append(f"Total = {result.points} x {fmt(result.mult)} = {fmt(result.total)}")
    return "\n".join(lines)
