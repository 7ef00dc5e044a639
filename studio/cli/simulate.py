"""``studio simulate``: the bot plays many runs; win rate, antes, hands, scores and charms.

Run ``i`` of seed ``S`` is the same run whichever process or machine plays it,
and reports add up exactly, so ``--workers`` and ``--cluster`` change the speed,
never the figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from studio.cli.errors import INTERRUPTED, OK, UsageError
from studio.cli.idle_charms import refuse_idle, refuse_idle_charms
from studio.cli.jsonout import dump_json
from studio.cli.loading import add_pack_options, catalog_of
from studio.cli.run_options import add_bot_option
from studio.cli.seeds import seed
from studio.cli.unknown_ids import setup_error
from studio.content.io.limits import MAX_SIMULATION_RUNS, MAX_WORKERS

#: Below this many runs, one process: starting workers would take longer than the runs.
SMALL = 100
#: What an idle charm would do nothing in (see :mod:`studio.cli.idle_charms`).
RUNS = "in these runs"

if TYPE_CHECKING:
    from studio.simulation.paired import Comparison, Ranking
    from studio.simulation.report import Report
    from studio.simulation.spec import SimulationSpec


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    p.add_argument("--runs", type=int, required=True, metavar="N", help="how many runs")
    p.add_argument("--seed", type=seed, required=True, metavar="S", help="seed of the simulation")
    p.add_argument("--deck", default="standard", metavar="ID", help="the deck (default: standard)")
    p.add_argument("--difficulty", type=int, default=0, metavar="N", help="difficulty level (default: 0)")
    p.add_argument(
        "--charm",
        action="append",
        default=[],
        metavar="ID[:EDITION]",
        help="a charm every run starts with (repeatable)",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="worker processes on this machine (default: one per core, one for fewer than 100 runs)",
    )
    where.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play on a Dask cluster: a scheduler address, or 'local' for two local worker processes",
    )
    add_bot_option(p)
    what = p.add_mutually_exclusive_group()
    what.add_argument(
        "--compare",
        action="store_true",
        help="also play the same runs without the --charm charms and compare them run by run",
    )
    what.add_argument(
        "--rank",
        action="store_true",
        help="compare every charm (of the --pack packs, if given) with the same baseline, best first",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    add_pack_options(p)
    p.set_defaults(func=main)


def spec_of(args: argparse.Namespace) -> SimulationSpec:
    """Check the arguments against the loaded content and return the simulation they describe."""
    from studio.engine.run.setup import RunSetup, SetupError
    from studio.simulation.spec import SimulationSpec

    if args.runs < 1:
        raise UsageError(f"--runs needs 1 or more, not {args.runs}")
    if args.runs > MAX_SIMULATION_RUNS:
        raise UsageError(f"--runs {args.runs}: at most {MAX_SIMULATION_RUNS:,} (MAX_SIMULATION_RUNS)")
    if args.workers is not None and args.workers < 1:
        raise UsageError(f"--workers needs 1 or more, not {args.workers}")
    from studio.simulation.local import most_workers

    if args.workers is not None and args.workers > most_workers():
        raise UsageError(
            f"--workers {args.workers}: at most {most_workers()} here (4 per core, MAX_WORKERS {MAX_WORKERS})"
        )
    catalog = catalog_of(args)
    try:
        setup = RunSetup.from_catalog(catalog, args.deck, args.difficulty, args.seed, tuple(args.charm))
    except SetupError as exc:
        raise UsageError(setup_error(args, exc)) from None
    refuse_idle_charms(args, catalog, setup.charm_ids(), "--charm", RUNS)
    return SimulationSpec(
        runs=args.runs,
        seed=args.seed,
        deck=args.deck,
        difficulty=args.difficulty,
        charms=tuple(args.charm),
        packs=tuple(args.pack),
        no_base=args.no_base,
        trust=args.trust,
        bot=args.bot,
    )


def main(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    from studio.services.simulating import simulate

    spec = spec_of(args)
    if args.compare and not spec.charms:
        raise UsageError("--compare plays the runs again without the --charm charms: give one or more")
    if args.rank and spec.charms:
        raise UsageError("--rank compares every charm with the same baseline: it takes no --charm")
    charms = _charms_to_rank(args) if args.rank else []
    bar = ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    try:
        result = simulate(
            spec,
            workers=args.workers or default_workers(spec.runs * (1 + len(charms))),
            cluster=args.cluster,
            paired=args.compare,
            ranking=charms if args.rank else None,
            progress=None if bar is None else lambda done, total, _what: bar(done, total),
        )
    except KeyboardInterrupt:
        _say_interrupted()
        return INTERRUPTED
    finally:
        if bar is not None:
            bar.close()
    print(_output(spec, result, args.json))
    return OK


def _say_interrupted() -> None:
    """Say in one line that a Ctrl-C stopped the command, and send what is still written to stderr to the
    null device: that line is all a user sees, not what a cluster interrupted while it started says, from
    its own threads, as it is torn down. The null device takes stderr before the line is written, so no
    such message can slip in after it."""
    line = "studio simulate: interrupted\n"
    real = sys.__stderr__
    if real is None or sys.stderr is not real:  # stderr is not the process's (a test captures it): leave it
        print(line, end="", file=sys.stderr)
        return
    real.flush()
    shown = os.dup(2)
    with open(os.devnull, "wb") as null:
        os.dup2(null.fileno(), 2)
    os.write(shown, line.encode())
    os.close(shown)


def _charms_to_rank(args: argparse.Namespace) -> list[str]:
    """The charms a ranking compares: those of the ``--pack`` packs, or of all the loaded content."""
    if not args.pack:
        return sorted(catalog_of(args).charms)
    from studio.cli.loading import full_load  # which pack defines what: only a full load knows
    from studio.content.packs.pack import BASE_ID

    content = full_load(args)
    # The base game is loaded unasked; it counts only when --pack names it (its folder, a copy, its id).
    named = {str(Path(spec).resolve()) for spec in args.pack} | set(args.pack)
    asked = [
        p
        for p in content.requested
        if p.manifest.id != BASE_ID or p.manifest.id in named or str(p.origin.resolve()) in named
    ]
    charms = sorted({e.id for e in content.entries if e.kind == "charm" and e.pack in asked})
    if not charms:
        raise UsageError(f"--rank: the packs {', '.join(args.pack)} define no charm")
    refuse_idle(content, charms, "--rank", RUNS)
    return charms


def _output(spec: SimulationSpec, result: object, as_json: bool) -> str:
    from studio.simulation.paired import Comparison, Ranking
    from studio.simulation.report import Report

    if isinstance(result, Ranking):
        return (
            dump_json({"spec": _spec_json(spec), **result.to_json()})
            if as_json
            else _ranking_text(spec, result)
        )
    if isinstance(result, Comparison):
        return dump_json(_comparison_json(spec, result)) if as_json else _comparison_text(spec, result)
    assert isinstance(result, Report)
    return dump_json({"spec": _spec_json(spec), **result.to_json()}) if as_json else _text(spec, result)


def default_workers(runs: int) -> int:
    """One process per core this process may use; one for a small simulation, where starting costs more."""
    from studio.simulation.local import cores

    return 1 if runs < SMALL else max(1, min(cores(), MAX_WORKERS))


def _spec_json(spec: SimulationSpec) -> dict[str, object]:
    return {
        "runs": spec.runs,
        "seed": spec.seed,
        "deck": spec.deck,
        "difficulty": spec.difficulty,
        "charms": list(spec.charms),
        "packs": list(spec.packs),
        "bot": spec.bot,
    }


def _text(spec: SimulationSpec, report: Report, in_row: bool = True) -> str:
    """The report for people, titled with its set-up; ``in_row``: ending with how many of the rounds
    each locked charm was in the row."""
    charms = f", starting with {', '.join(spec.charms)}" if spec.charms else ""
    kept = f", {', '.join(spec.kept_out)} kept out of the shop" if spec.kept_out else ""
    title = (
        f"Simulation: seed {spec.seed}, deck {spec.deck}, difficulty {spec.difficulty}, bot {spec.bot}"
        f"{charms}{kept}"
    )
    from studio.simulation.render import render

    text = render(report, title)
    rows = _in_row(report)
    return f"{text}\n\n{rows}." if in_row and rows else text


def _in_row(report: Report) -> str:
    """How many of the rounds played each locked charm was in the row ("" without one)."""
    return ", ".join(
        f"{k} in the row {v:,} of {report.rounds:,} rounds" for k, v in sorted(report.locked_rounds.items())
    )


def _comparison_json(spec: SimulationSpec, c: Comparison) -> dict[str, object]:
    return {
        "spec": _spec_json(spec),
        "without": c.without.to_json(),
        "with": c.with_.to_json(),
        "paired": c.paired.to_json(),
        "antes_cleared_difference": c.paired.antes_difference,
        "antes_cleared_margin": c.paired.antes_margin,
        "beyond_luck": c.paired.beyond_luck,
    }


def _comparison_text(spec: SimulationSpec, c: Comparison) -> str:
    kept = _in_row(c.with_)
    return "\n\n".join(
        [
            _text(spec.without_charms(), c.without),
            _text(spec, c.with_, in_row=False),
            f"{', '.join(spec.charms)}, {c.paired.sentence()}." + (f"\n{kept}." if kept else ""),
        ]
    )


def _ranking_text(spec: SimulationSpec, r: Ranking) -> str:
    """The ranking for people: the baseline, then a table best first whose columns fit the longest id."""
    from studio.simulation.render import counted, table

    b = r.baseline
    rows = [
        [
            str(i),
            e.charm,
            f"{e.paired.antes_difference:+.2f} ± {e.paired.antes_margin:.2f}",
            f"{100 * e.paired.win_rate_difference:+.1f} ± {100 * e.paired.win_rate_margin:.1f}",
            f"{e.in_row_share:.0%}",
            e.flag,
        ]
        for i, e in enumerate(r.entries, 1)
    ]
    return "\n".join(
        [
            f"Ranking: {counted(len(r.entries), 'charm')} against the same {counted(b.runs, 'run')}"
            f" (seed {spec.seed}, deck {spec.deck}, difficulty {spec.difficulty}, bot {spec.bot})",
            f"Baseline: won {b.win_rate:.1%}, {b.mean_antes_cleared:.2f} antes cleared on average;"
            f" median charm {r.median:+.2f} antes",
            "",
            *table(["#", "charm", "antes cleared", "win rate", "in row", "flag"], rows, left=(1, 5)),
        ]
    )


class ProgressBar:
    """A one-line progress bar redrawn on a terminal's stderr."""

    WIDTH = 30

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.lock = threading.Lock()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        filled = self.WIDTH * done // max(total, 1)
        with self.lock:
            self.stream.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done:,}/{total:,} runs")
            self.stream.flush()
            self.shown = True

    def close(self) -> None:
        """End the bar's line."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
