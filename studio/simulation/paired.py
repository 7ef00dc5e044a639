"""Paired comparisons: the same runs (the same seeds) with and without charms, and a ranking of charms.

Run ``i`` with a charm and run ``i`` without it start from the same seed, and
every source draws its chances from its own stream, so the two differ only
by what the charm does. The comparison is then made run by run: the mean of
the differences, with a 95% interval from their spread, which is far tighter
than comparing two independent samples; a charm compared with nothing
changed differs by exactly 0. The sums behind it are whole numbers, so
paired figures add up exactly in any order, like reports.

A ranking plays the baseline once, keeps each run's outcome, and compares
every charm with it on the same runs, spread over processes or a Dask
cluster like any simulation.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from studio.engine.intervals import t95
from studio.simulation.local import Progress, Runner, Task, chunk_tasks
from studio.simulation.play import run_one
from studio.simulation.report import Report, RunStats
from studio.simulation.spec import SimulationSpec

#: What a run came to, for pairing: antes cleared, and 1 if won.
Outcome = tuple[int, int]
#: Fewer paired runs than this flag no charm: a handful of runs can show no spread at all.
MIN_RUNS_TO_FLAG = 10


@dataclass(frozen=True, slots=True)
class Paired:
    """Run-by-run differences (with minus without) in antes cleared and in wins, as exact sums."""

    runs: int = 0
    antes: int = 0
    antes_squares: int = 0
    wins: int = 0
    wins_squares: int = 0

    @classmethod
    def of(cls, with_: Outcome, without: Outcome) -> Paired:
        """The pair of one run."""
        antes, wins = with_[0] - without[0], with_[1] - without[1]
        return cls(1, antes, antes * antes, wins, wins * wins)

    def __add__(self, other: Paired) -> Paired:
        return Paired(*(a + b for a, b in zip(_fields(self), _fields(other), strict=True)))

    @property
    def antes_difference(self) -> float:
        """Mean difference in antes cleared."""
        return self.antes / self.runs if self.runs else 0.0

    @property
    def antes_margin(self) -> float:
        """Half the width of the 95% interval of :attr:`antes_difference` (0 below 2 runs)."""
        return _margin(self.runs, self.antes, self.antes_squares)

    @property
    def win_rate_difference(self) -> float:
        """Difference in the share of runs won."""
        return self.wins / self.runs if self.runs else 0.0

    @property
    def win_rate_margin(self) -> float:
        """Half the width of the 95% interval of :attr:`win_rate_difference`."""
        return _margin(self.runs, self.wins, self.wins_squares)

    @property
    def beyond_luck(self) -> bool:
        """True if the difference in antes cleared is outside its 95% interval around 0.

        Never from fewer than 2 runs: one difference has no spread to measure luck by (its margin
        reads 0), so it cannot be told from luck.
        """
        return self.runs >= 2 and abs(self.antes_difference) > self.antes_margin

    def sentence(self) -> str:
        """The run-by-run difference, its margins and whether it is more than luck, as a clause."""
        if self.runs < 2:
            return (
                f"on the same seed: {self.antes_difference:+.2f} antes cleared,"
                f" {100 * self.win_rate_difference:+.1f} points of win rate; one run cannot tell a"
                " difference from luck: play more runs"
            )
        verdict = (
            "more than the seeds' luck"
            if self.beyond_luck
            else "within the seeds' luck: play more runs to tell"
        )
        return (
            f"run by run on the same seeds: {self.antes_difference:+.2f} antes cleared"
            f" (± {self.antes_margin:.2f} at 95%), {100 * self.win_rate_difference:+.1f} points of win rate"
            f" (± {100 * self.win_rate_margin:.1f}); {verdict}"
        )

    def to_json(self) -> dict[str, object]:
        """The differences and their margins."""
        return {
            "runs": self.runs,
            "antes_cleared_difference": self.antes_difference,
            "antes_cleared_margin": self.antes_margin,
            "win_rate_difference": self.win_rate_difference,
            "win_rate_margin": self.win_rate_margin,
            "beyond_luck": self.beyond_luck,
        }


def _fields(p: Paired) -> tuple[int, ...]:
    return (p.runs, p.antes, p.antes_squares, p.wins, p.wins_squares)


def _margin(n: int, total: int, squares: int) -> float:
    """The 95% margin of a mean (t quantile x standard error) from whole-number sums (the same to the
    last digit in any order)."""
    if n < 2:
        return 0.0
    variance = max(n * squares - total * total, 0) / (n * (n - 1))
    return t95(n - 1) * math.sqrt(variance / n)


def outcome(run: RunStats) -> Outcome:
    """What a run came to."""
    return run.antes_cleared, int(run.won)


@dataclass(frozen=True, slots=True)
class Comparison:
    """The runs without the charms, with them, and run by run."""

    without: Report = field(default_factory=Report)
    with_: Report = field(default_factory=Report)
    paired: Paired = field(default_factory=Paired)

    def __add__(self, other: Comparison) -> Comparison:
        return Comparison(self.without + other.without, self.with_ + other.with_, self.paired + other.paired)


def play_pair_chunk(spec: SimulationSpec, start: int, stop: int) -> Comparison:
    """Play runs ``start`` to ``stop - 1`` without and with ``spec``'s charms (a worker's task)."""
    total = Comparison()
    baseline = spec.without_charms()
    for i in range(start, stop):
        without, with_ = run_one(baseline, i), run_one(spec, i)
        total = total + Comparison(
            Report.of(without), Report.of(with_), Paired.of(outcome(with_), outcome(without))
        )
    return total


def compare(spec: SimulationSpec, run: Runner, progress: Progress | None = None) -> Comparison:
    """Play ``spec``'s runs with and without its charms, paired run by run."""
    totals = [Comparison()]

    def add(_index: int, part: Comparison) -> None:
        totals[0] = totals[0] + part
        if progress is not None:
            progress(totals[0].paired.runs, spec.runs)

    run(lambda workers: chunk_tasks(play_pair_chunk, spec, workers), add)
    return totals[0]


# -- ranking ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RankEntry:
    """One charm against the baseline: its runs, the paired differences, and whether it stands out."""

    charm: str
    report: Report
    paired: Paired
    #: "high" or "low" when its difference is beyond luck from the median charm's; "" otherwise.
    outlier: str = ""

    @property
    def order(self) -> tuple[float, float, str]:
        """Where it ranks: antes cleared, then win rate (both best first), then id."""
        return -self.paired.antes_difference, -self.paired.win_rate_difference, self.charm

    @property
    def in_row_share(self) -> float:
        """Share of the rounds played in which the charm was in the row."""
        return (
            self.report.locked_rounds.get(self.charm, 0) / self.report.rounds if self.report.rounds else 0.0
        )

    @property
    def flag(self) -> str:
        """The outlier flag as a reader reads it."""
        return {"high": "above the rest", "low": "below the rest"}.get(self.outlier, "")

    def to_json(self) -> dict[str, object]:
        """The charm's differences, its win rate and whether it stands out."""
        return {
            "charm": self.charm,
            **self.paired.to_json(),
            "win_rate": self.report.win_rate,
            "mean_antes_cleared": self.report.mean_antes_cleared,
            "rounds_in_row": self.report.locked_rounds.get(self.charm, 0),
            "rounds": self.report.rounds,
            "outlier": self.outlier,
        }


@dataclass(frozen=True, slots=True)
class Ranking:
    """Every charm compared with the same baseline, best first."""

    baseline: Report
    entries: tuple[RankEntry, ...]
    median: float

    def to_json(self) -> dict[str, object]:
        """The baseline's figures and each charm's entry, best first."""
        return {
            "baseline": {
                "runs": self.baseline.runs,
                "win_rate": self.baseline.win_rate,
                "mean_antes_cleared": self.baseline.mean_antes_cleared,
            },
            "median_antes_cleared_difference": self.median,
            "charms": [e.to_json() for e in self.entries],
        }


def play_baseline_chunk(
    spec: SimulationSpec, start: int, stop: int
) -> tuple[int, Report, tuple[Outcome, ...]]:
    """Play runs ``start`` to ``stop - 1`` of ``spec`` and keep each run's outcome (a worker's task)."""
    runs = [run_one(spec, i) for i in range(start, stop)]
    return start, Report.combine(runs), tuple(outcome(r) for r in runs)


def play_against_chunk(
    spec: SimulationSpec, start: int, stop: int, baseline: Sequence[Outcome]
) -> tuple[Report, Paired]:
    """Play runs ``start`` to ``stop - 1`` of ``spec`` and pair them with the baseline's outcomes of the
    same runs (a worker's task)."""
    report, paired = Report(), Paired()
    for i, before in zip(range(start, stop), baseline, strict=True):
        run = run_one(spec, i)
        report, paired = report + Report.of(run), paired + Paired.of(outcome(run), before)
    return report, paired


def rank(
    spec: SimulationSpec,
    charms: Sequence[str],
    run: Runner,
    progress: Progress | None = None,
    ranked: Callable[[RankEntry], None] | None = None,
) -> Ranking:
    """Compare each of ``charms`` with ``spec`` (its own charms left out) on the same runs.

    ``progress`` hears (runs done, runs in all); ``ranked`` hears each charm's entry as soon as all its
    runs are in (an entry never depends on which worker played what).
    """
    base = spec.without_charms()
    total = spec.runs * (1 + len(charms))
    done = [0]
    outcomes: dict[int, tuple[Outcome, ...]] = {}
    baseline = [Report()]

    def tick(runs: int) -> None:
        done[0] += runs
        if progress is not None:
            progress(done[0], total)

    def keep_baseline(_index: int, part: tuple[int, Report, tuple[Outcome, ...]]) -> None:
        start, report, runs = part
        baseline[0] = baseline[0] + report
        outcomes[start] = runs
        tick(report.runs)

    run(lambda workers: chunk_tasks(play_baseline_chunk, base, workers), keep_baseline)
    by_run = [o for start in sorted(outcomes) for o in outcomes[start]]
    sums: dict[str, tuple[Report, Paired]] = {c: (Report(), Paired()) for c in charms}
    owners: list[str] = []

    def against_tasks(workers: int) -> list[Task]:
        tasks: list[Task] = []
        owners.clear()
        for charm in charms:
            one = replace(base, charms=(charm,))
            for function, (s, start, stop) in chunk_tasks(play_against_chunk, one, workers):
                tasks.append((function, (s, start, stop, tuple(by_run[start:stop]))))
                owners.append(charm)
        return tasks

    entries: dict[str, RankEntry] = {}

    def keep_charm(index: int, part: tuple[Report, Paired]) -> None:
        charm = owners[index]
        report, paired = sums[charm]
        sums[charm] = report, paired = report + part[0], paired + part[1]
        tick(part[0].runs)
        if report.runs == spec.runs:
            entries[charm] = RankEntry(charm, report, paired)
            if ranked is not None:
                ranked(entries[charm])

    run(against_tasks, keep_charm)
    return ranking(baseline[0], list(entries.values()))


def ranking(baseline: Report, entries: Sequence[RankEntry]) -> Ranking:
    """Sort entries best first (antes cleared, then win rate, then id) and flag those beyond luck from the
    median charm's difference (from :data:`MIN_RUNS_TO_FLAG` paired runs on)."""
    median = statistics.median([e.paired.antes_difference for e in entries]) if entries else 0.0
    flagged = []
    for e in entries:
        gap = e.paired.antes_difference - median
        beyond = e.paired.runs >= MIN_RUNS_TO_FLAG and abs(gap) > e.paired.antes_margin
        outlier = ("high" if gap > 0 else "low") if beyond else ""
        flagged.append(replace(e, outlier=outlier))
    flagged.sort(key=lambda e: e.order)
    return Ranking(baseline, tuple(flagged), median)
