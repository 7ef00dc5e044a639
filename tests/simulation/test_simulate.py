"""Simulations play real bot runs; the figures never depend on who plays which run, or in what order."""

from __future__ import annotations

import threading

import pytest

from studio.engine.bot import Bot
from studio.engine.catalog import Catalog
from studio.engine.game import Game
from studio.engine.run_setup import RunSetup
from studio.simulation.catalogs import ContentError, load_catalog
from studio.simulation.local import Cancelled, simulate
from studio.simulation.play import play_chunk, run_one
from studio.simulation.report import Report
from studio.simulation.spec import SimulationSpec, run_seed

SPEC = SimulationSpec(runs=6, seed=3)


def test_a_run_is_the_same_whenever_it_is_played() -> None:
    first = run_one(SPEC, 4)
    assert run_one(SPEC, 4) == first
    assert run_one(SPEC, 5) != first
    assert first.antes == 8
    assert first.hand_types and sum(first.hand_types.values()) == len(first.scores)
    assert first.ante_reached >= 1 and first.actions > 0


def test_a_run_plays_the_engine_run_of_its_seed(catalog: Catalog) -> None:
    stats = run_one(SPEC, 2)
    game = Game.start(RunSetup.from_catalog(catalog, seed=run_seed(SPEC.seed, 2)))
    bot = Bot(catalog)
    while not game.is_over:
        game.apply(bot.choose(game))
    assert stats.won == game.won
    assert stats.ante_reached == game.state.ante
    assert stats.actions == len(game.history)
    assert list(stats.scores) == [int(r.score.total) for r in game.history if r.score is not None]


def test_chunks_add_up_to_the_whole(catalog: Catalog) -> None:
    whole = play_chunk(SPEC, 0, SPEC.runs)
    assert play_chunk(SPEC, 3, 6) + play_chunk(SPEC, 0, 3) == whole
    assert whole == Report.combine(run_one(SPEC, i) for i in reversed(range(SPEC.runs)))
    assert whole.runs == 6 and sum(whole.ante_reached.values()) == 6


def test_progress_is_reported_as_runs_finish() -> None:
    seen: list[tuple[int, int]] = []
    report = simulate(SPEC, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i, 6) for i in range(1, 7)]  # (two worker processes: see the command's tests)
    assert report.runs == 6


def test_a_starting_charm_is_credited_in_the_hands_it_is_in_the_row() -> None:
    report = simulate(SimulationSpec(runs=2, seed=3, charms=("plain_mult",)))
    tally = report.charms["plain_mult"]
    assert 0 < tally.hands <= report.hands  # from the first hand on, until the bot sells it
    assert 0 < tally.events <= tally.hands  # +4 Mult once a hand, a boss's refusal aside
    assert tally.contribution >= 4 * tally.events


def test_a_cancelled_simulation_stops() -> None:
    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled):
        simulate(SimulationSpec(runs=1000, seed=1), cancel=stop)


def test_a_run_that_cannot_start_names_the_problem() -> None:
    with pytest.raises(ContentError, match="no such folder, zip or installed pack"):
        load_catalog(("no_such_pack",))
    with pytest.raises(RuntimeError, match=r"run 0 of seed 1 .*deck"):
        run_one(SimulationSpec(runs=1, seed=1, deck="purple"), 0)


def test_the_report_counts_each_consumable_offered_bought_and_used() -> None:
    report = simulate(SimulationSpec(runs=8, seed=1))
    figures = report.to_json()["consumables"]
    assert isinstance(figures, dict) and figures
    assert sum(f["bought"] for f in figures.values()) > 0 and sum(f["used"] for f in figures.values()) > 0
    spec = SimulationSpec(runs=8, seed=1)
    assert play_chunk(spec, 0, 3) + play_chunk(spec, 3, 8) == report
