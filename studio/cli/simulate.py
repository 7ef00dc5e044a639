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
from typing import TYPE_CHECKING, TextIO

from studio.cli.errors import OK, PROBLEMS, UsageError
from studio.cli.jsonout import dump_json
from studio.cli.loading import add_pack_options, catalog_of

#: The exit code of a command stopped by Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130
#: Below this many runs, one process: starting workers would take longer than the runs.
SMALL = 100

if TYPE_CHECKING:
    from studio.simulation.report import Report
    from studio.simulation.spec import SimulationSpec


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    p.add_argument("--runs", type=int, required=True, metavar="N", help="how many runs")
    p.add_argument("--seed", type=int, required=True, metavar="S", help="seed of the simulation")
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
    p.add_argument(
        "--compare",
        action="store_true",
        help="also play the same runs without the --charm charms and say whether they change more than luck",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    add_pack_options(p)
    p.set_defaults(func=main)


def spec_of(args: argparse.Namespace) -> SimulationSpec:
    """Check the arguments against the loaded content and return the simulation they describe."""
    from studio.engine.run_setup import RunSetup, SetupError
    from studio.simulation.spec import SimulationSpec

    if args.runs < 1:
        raise UsageError(f"--runs needs 1 or more, not {args.runs}")
    if args.workers is not None and args.workers < 1:
        raise UsageError(f"--workers needs 1 or more, not {args.workers}")
    try:
        RunSetup.from_catalog(catalog_of(args), args.deck, args.difficulty, args.seed, tuple(args.charm))
    except SetupError as exc:
        raise UsageError(str(exc)) from None
    return SimulationSpec(
        runs=args.runs,
        seed=args.seed,
        deck=args.deck,
        difficulty=args.difficulty,
        charms=tuple(args.charm),
        packs=tuple(args.pack),
        no_base=args.no_base,
        trust=args.trust,
    )


def main(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    from studio.simulation.catalogs import ContentError
    from studio.simulation.local import simulate
    from studio.simulation.play import RunFailed

    spec = spec_of(args)
    if args.compare and not spec.charms:
        raise UsageError("--compare plays the runs again without the --charm charms: give one or more")
    specs = [spec.without_charms(), spec] if args.compare else [spec]
    bar = ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    try:
        reports = []
        for one in specs:
            if args.cluster is not None:
                from studio.simulation.cluster import ClusterError, simulate_on_cluster

                try:
                    reports.append(simulate_on_cluster(one, args.cluster, bar))
                except ClusterError as exc:
                    raise UsageError(str(exc)) from None
            else:
                reports.append(simulate(one, args.workers or default_workers(one.runs), bar))
    except ContentError as exc:
        raise UsageError(str(exc)) from None
    except RunFailed as exc:  # a pack's code failed in a run: it ran and failed, exit 1, no traceback
        raise UsageError(str(exc), PROBLEMS) from None
    except KeyboardInterrupt:
        print("studio simulate: interrupted", file=sys.stderr)
        return INTERRUPTED
    finally:
        if bar is not None:
            bar.close()
    if not args.compare:
        (report,) = reports
        print(dump_json({"spec": _spec_json(spec), **report.to_json()}) if args.json else _text(spec, report))
        return OK
    print(dump_json(_comparison_json(spec, *reports)) if args.json else _comparison_text(spec, *reports))
    return OK


def default_workers(runs: int) -> int:
    """One process per core this process may use; one for a small simulation, where starting costs more."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return 1 if runs < SMALL else max(1, cores)


def _spec_json(spec: SimulationSpec) -> dict[str, object]:
    return {
        "runs": spec.runs,
        "seed": spec.seed,
        "deck": spec.deck,
        "difficulty": spec.difficulty,
        "charms": list(spec.charms),
        "packs": list(spec.packs),
    }


def _text(spec: SimulationSpec, report: Report) -> str:
    charms = f", starting with {', '.join(spec.charms)}" if spec.charms else ""
    title = f"Simulation: seed {spec.seed}, deck {spec.deck}, difficulty {spec.difficulty}{charms}"
    return report.render(title)


def _verdict(baseline: Report, report: Report) -> tuple[float, float, bool]:
    """The difference in antes cleared, its 95% margin, and whether it is beyond the seeds' luck."""
    from studio.simulation.report import antes_difference

    difference, margin = antes_difference(baseline, report)
    return difference, margin, abs(difference) > margin


def _comparison_json(spec: SimulationSpec, baseline: Report, report: Report) -> dict[str, object]:
    difference, margin, beyond = _verdict(baseline, report)
    return {
        "spec": _spec_json(spec),
        "without": baseline.to_json(),
        "with": report.to_json(),
        "antes_cleared_difference": difference,
        "antes_cleared_margin": margin,
        "beyond_luck": beyond,
    }


def _comparison_text(spec: SimulationSpec, baseline: Report, report: Report) -> str:
    difference, margin, beyond = _verdict(baseline, report)
    charms = ", ".join(spec.charms)
    verdict = "more than the seeds' luck" if beyond else "within the seeds' luck: play more runs to tell"
    won = f"{100 * (report.win_rate - baseline.win_rate):+.1f} points of win rate"
    return "\n\n".join(
        [
            _text(spec.without_charms(), baseline),
            _text(spec, report),
            f"{charms}: {difference:+.2f} antes cleared (± {margin:.2f} at 95%), {won}; {verdict}.",
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
