"""Simulations play real bot runs; the figures never depend on who plays which run, or in what order."""

from __future__ import annotations

import threading
from collections import Counter

import pytest

from studio.engine.bot import Bot
from studio.engine.catalog import Catalog
from studio.engine.run.actions import SelectBlind, SkipBlind
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.simulation.catalogs import ContentError, load_catalog
from studio.simulation.local import Cancelled, simulate
from studio.simulation.play import play_chunk, run_one
from studio.simulation.render import render
from studio.simulation.report import ItemTally, Report
from studio.simulation.spec import SimulationSpec, run_seed

SPEC = SimulationSpec(bot="fast", runs=6, seed=3)


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
    report = simulate(SimulationSpec(bot="fast", runs=2, seed=3, charms=("plain_mult",)))
    tally = report.charms["plain_mult"]
    assert 0 < tally.hands <= report.hands  # from the first hand on, until the bot sells it
    assert 0 < tally.events <= tally.hands  # +4 Mult once a hand, a boss's refusal aside
    assert tally.contribution >= 4 * tally.events


def test_a_cancelled_simulation_stops() -> None:
    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled):
        simulate(SimulationSpec(bot="fast", runs=1000, seed=1), cancel=stop)


def test_a_run_that_cannot_start_names_the_problem() -> None:
    with pytest.raises(ContentError, match="no such folder, zip or installed pack"):
        load_catalog(("no_such_pack",))
    with pytest.raises(RuntimeError, match=r"run 0 of seed 1 .*deck"):
        run_one(SimulationSpec(bot="fast", runs=1, seed=1, deck="purple"), 0)


def test_the_report_counts_each_item_offered_taken_and_used() -> None:
    report = simulate(SimulationSpec(bot="fast", runs=8, seed=1))
    json = report.to_json()
    consumables, vouchers, tags = json["consumables"], json["vouchers"], json["tags"]
    assert isinstance(consumables, dict) and isinstance(vouchers, dict) and isinstance(tags, dict)
    assert consumables and vouchers and tags
    assert sum(f["bought"] for f in consumables.values()) > 0
    assert sum(f["used"] for f in consumables.values()) > 0
    assert all(set(f) == {"offered", "bought"} for f in vouchers.values())
    assert all(set(f) == {"offered", "taken"} for f in tags.values())
    assert sum(f["bought"] for f in vouchers.values()) > 0 and sum(f["taken"] for f in tags.values()) > 0
    assert all(f["offered"] >= f["bought"] for f in vouchers.values())
    assert all(f["offered"] >= f["taken"] for f in tags.values())
    text = render(report)
    assert "\nConsumables\n" in text and "\nVouchers\n" in text and "\nTags\n" in text
    spec = SimulationSpec(bot="fast", runs=8, seed=1)
    assert play_chunk(spec, 0, 3) + play_chunk(spec, 3, 8) == report


def test_a_run_counts_vouchers_once_an_ante_and_tags_at_each_blind_it_could_skip(catalog: Catalog) -> None:
    stats = run_one(SPEC, 0)
    game = Game.start(RunSetup.from_catalog(catalog, seed=run_seed(SPEC.seed, 0)))
    bot = Bot(catalog)
    vouchers_on_offer: set[tuple[int, str]] = set()  # (ante, voucher), whatever the shops and rerolls
    tags_on_offer: Counter[str] = Counter()
    while not game.is_over:
        action = bot.choose(game)
        s = game.state
        if isinstance(action, SelectBlind | SkipBlind) and not game.setup.rules.blinds[s.blind].is_boss:
            tags_on_offer[s.skip_tags[s.blind]] += 1
        game.apply(action)
        if game.state.shop is not None:
            vouchers_on_offer |= {(s.ante, o.item) for o in game.state.shop.offers if o.kind == "voucher"}
    taken = Counter(e.subject for r in game.history for e in r.events if e.kind == "tag")
    assert taken and game.state.vouchers  # the bot skips blinds and buys vouchers
    assert stats.tags == {t: ItemTally(n, taken[t]) for t, n in tags_on_offer.items()}
    assert stats.vouchers == {
        v: ItemTally(n, game.state.vouchers.count(v))
        for v, n in Counter(v for _, v in vouchers_on_offer).items()
    }
