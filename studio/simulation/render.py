"""A report as text for a terminal: outcome, antes, hand types, scores, charms, consumables, vouchers
and tags."""

from __future__ import annotations

from collections.abc import Sequence

from studio.simulation.report import ITEM_FIGURES, Report

#: Width of the bars of the score histogram.
_BAR = 30


def counted(n: int, noun: str) -> str:
    """``n`` and its noun, singular for one: "1 charm", "200 runs"."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], left: Sequence[int] = (0,)) -> list[str]:
    """Aligned columns, each as wide as its widest cell: those in ``left`` left-aligned, the others
    right-aligned."""
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i in left else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return [line(headers), line(["-" * w for w in widths]), *map(line, rows)]


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _num(x: float) -> str:
    return f"{x:,.0f}" if abs(x) >= 100 else f"{x:,.1f}"


def render(report: Report, title: str = "") -> str:
    """Return the report as plain text sections."""
    r = report
    out = [title] if title else []
    low, high = r.win_rate_interval()
    won = f"won: {r.wins:,} ({_pct(r.win_rate)}; 95% interval {_pct(low)} to {_pct(high)})"
    out.append(f"Runs: {r.runs:,}   {won}   actions: {r.actions:,}")
    mean = f"{r.mean_antes_cleared:.2f} ± {r.antes_cleared_margin:.2f}"
    out += ["", f"Antes (a run clears {mean} on average, 95% interval)"]
    cleared = r.cleared_by_ante()
    rows = [
        [str(a), f"{r.ante_reached.get(str(a), 0):,}", _pct(cleared[a - 1])] for a in range(1, r.antes + 1)
    ]
    out += table(["ante", "runs ended here", "cleared"], rows)
    out += ["", f"Hand types played ({r.hands:,} hands)"]
    types = sorted(r.hand_types.items(), key=lambda kv: (-kv[1], kv[0]))
    out += table(["hand type", "hands", "share"], [[t, f"{n:,}", _pct(n / r.hands)] for t, n in types])
    out += [
        "",
        f"Score per hand: mean {_num(r.mean_score)}, median about {r.score_quantile(0.5):,},"
        f" max {r.score_max:,}" + (f", infinite {r.infinite_hands:,}" if r.infinite_hands else ""),
    ]
    hist = r.score_histogram()
    top = max((n for _, _, n in hist), default=0)
    out += table(
        ["total from", "to", "hands", ""],
        [[f"{lo:,}", f"{hi:,}", f"{n:,}", "#" * round(_BAR * n / top) if top else ""] for lo, hi, n in hist],
        left=(3,),
    )
    if r.charms:
        out += ["", "Charms (contribution: Points x Mult their events added)"]
        charms = sorted(r.charms.items(), key=lambda kv: (-kv[1].contribution, kv[0]))
        out += table(
            ["charm", "offered", "bought", "pick rate", "hands", "contribution", "per hand", "money"],
            [
                [
                    k,
                    f"{c.offered:,}",
                    f"{c.bought:,}",
                    _pct(c.pick_rate),
                    f"{c.hands:,}",
                    f"{c.contribution:,}",
                    _num(c.per_hand),
                    f"${c.money:,}",
                ]
                for k, c in charms
            ],
        )
    for kind in ITEM_FIGURES:
        out += _items(r, kind)
    return "\n".join(out)


def _items(report: Report, kind: str) -> list[str]:
    """A section for an item kind (none if nothing of it was on offer): each item's figures, the most
    taken first, and the share of its offers taken."""
    tallies = report.items(kind)
    if not tallies:
        return []
    names = ITEM_FIGURES[kind]
    rows = sorted(tallies.items(), key=lambda kv: (-kv[1].bought, -kv[1].offered, kv[0]))
    return [
        "",
        kind.capitalize(),
        *table(
            [kind.removesuffix("s"), *names, "pick rate"],
            [[k, *(f"{n:,}" for n in t.astuple()[: len(names)]), _pct(t.pick_rate)] for k, t in rows],
        ),
    ]
