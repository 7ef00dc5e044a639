"""Simulating: the bot plays many runs of a spec, alone, paired with and without charms, or ranking charms."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from studio.services.errors import Progress, ServiceError
from studio.simulation.catalogs import ContentError
from studio.simulation.cluster import ClusterError, PeerError
from studio.simulation.local import CancelFlag, simulate_with
from studio.simulation.paired import Comparison, RankEntry, Ranking, compare, rank
from studio.simulation.play import RunFailed
from studio.simulation.report import Report
from studio.simulation.runners import runner
from studio.simulation.spec import SimulationSpec


def simulate(
    spec: SimulationSpec,
    *,
    workers: int = 1,
    cluster: str | None = None,
    paired: bool = False,
    ranking: Sequence[str] | None = None,
    progress: Progress | None = None,
    cancel: CancelFlag | None = None,
    ranked: Callable[[RankEntry], None] | None = None,
) -> Report | Comparison | Ranking:
    """Play ``spec``'s runs with ``workers`` processes (or on ``cluster``) and return the report.

    ``paired`` plays them again without the spec's charms and compares run by run (a Comparison);
    ``ranking`` compares each of those charms with the same baseline (a Ranking; ``ranked`` hears
    each entry as its runs are in). ``progress`` hears (runs done, runs in all, "runs"); setting
    ``cancel`` stops the work with :class:`~studio.simulation.local.Cancelled`. Content that does
    not load and a cluster that cannot be reached raise ServiceError; a pack's code failing in a
    run, or a cluster failing once reached, raise it with ``ran``.
    """
    run = runner(workers, cluster, cancel)
    tick = None if progress is None else (lambda done, total: progress(done, total, "runs"))
    try:
        if ranking is not None:
            return rank(spec, ranking, run, tick, ranked)
        if paired:
            return compare(spec, run, tick)
        return simulate_with(spec, run, tick)
    except ContentError as exc:
        raise ServiceError(str(exc)) from None
    except (RunFailed, PeerError) as exc:
        raise ServiceError(str(exc), ran=True) from None
    except ClusterError as exc:
        raise ServiceError(str(exc)) from None
