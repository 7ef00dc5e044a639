"""Readable text for people: the event trace as a table, problems, counts."""

from __future__ import annotations

from collections.abc import Sequence

from studio.content.text import printable
from studio.engine.trace import ScoreResult, fmt


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[int] = ()) -> str:
    """Return a plain-text table with aligned columns (``right``: right-aligned columns).

    Cells are escaped (`printable`): a name from a pack cannot break a row or fake a column.
    """
    headers = [printable(h) for h in headers]
    rows = [[printable(c) for c in row] for row in rows]
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])


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
