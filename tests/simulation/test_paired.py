"""Paired comparisons and the charm ranking: the same seeds with and without, run by run."""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable
from pathlib import Path

import pytest
from spec_data import Run

from studio.engine.bot import Bot
from studio.engine.catalog import Catalog
from studio.engine.run.actions import IllegalAction, SelectBlind, Sell
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.simulation.paired import (
    Paired,
    compare,
    play_against_chunk,
    play_baseline_chunk,
    play_pair_chunk,
    rank,
)
from studio.simulation.runners import runner
from studio.simulation.spec import SimulationSpec

SPEC = SimulationSpec(bot="fast", runs=6, seed=3)


def test_a_set_up_compared_with_itself_differs_by_exactly_zero() -> None:
    _, _, outcomes = play_baseline_chunk(SPEC, 0, SPEC.runs)
    _, paired = play_against_chunk(SPEC, 0, SPEC.runs, outcomes)
    assert (paired.runs, paired.antes, paired.antes_squares, paired.wins) == (6, 0, 0, 0)
    assert (paired.antes_difference, paired.antes_margin, paired.beyond_luck) == (0.0, 0.0, False)


def test_paired_sums_add_up_in_any_order_and_by_chunks() -> None:
    spec = SimulationSpec(bot="fast", runs=5, seed=2, charms=("pair_x2",))
    whole = play_pair_chunk(spec, 0, 5)
    parts = [play_pair_chunk(spec, a, b) for a, b in ((0, 2), (2, 3), (3, 5))]
    assert parts[0] + parts[1] + parts[2] == whole == parts[2] + parts[0] + parts[1]
    assert whole.paired.runs == 5
    assert whole.paired.antes_difference == pytest.approx(
        whole.with_.mean_antes_cleared - whole.without.mean_antes_cleared
    )


def test_the_margin_is_the_spread_of_the_differences() -> None:
    p = Paired.of((4, 0), (3, 0)) + Paired.of((4, 0), (3, 0)) + Paired.of((5, 1), (3, 0))
    assert p.antes_difference == 4 / 3 and p.win_rate_difference == 1 / 3
    assert p.antes_margin > 0 and Paired.of((4, 0), (3, 0)).antes_margin == 0.0  # one run: no spread yet
    # Three differences (1, 1, 2): their spread times Student's t with 2 degrees of freedom.
    assert p.antes_margin == pytest.approx(4.3027 * statistics.stdev([1, 1, 2]) / 3**0.5)


def test_the_t_quantile_meets_the_normal_one_as_runs_grow() -> None:
    from studio.engine.intervals import Z95, t95

    assert (t95(1), t95(9), t95(30)) == (12.7062, 2.2622, 2.0423)
    # Published values beyond the table (4 decimals), and the normal quantile far out.
    for df, t in ((40, 2.0211), (60, 2.0003), (120, 1.9799), (1000, 1.9623)):
        assert t95(df) == pytest.approx(t, abs=1e-4)
    assert t95(10**6) == pytest.approx(Z95, abs=1e-5)
    assert all(t95(df) > t95(df + 1) for df in range(1, 500))


def test_two_workers_compare_and_rank_exactly_as_one() -> None:
    spec = SimulationSpec(bot="fast", runs=8, seed=1, charms=("plain_mult",))
    assert compare(spec, runner(2)) == compare(spec, runner(1))
    charms = ["plain_mult", "pair_x2"]
    one, two = rank(SPEC, charms, runner(1)), rank(SPEC, charms, runner(2))
    assert one == two and [e.charm for e in one.entries] == [e.charm for e in two.entries]


def test_a_ranking_hears_each_charm_once_all_its_runs_are_in() -> None:
    heard: list[str] = []
    done: list[tuple[int, int]] = []
    ranking = rank(
        SPEC,
        ["plain_mult", "pair_x2"],
        runner(1),
        lambda d, t: done.append((d, t)),
        lambda e: heard.append(e.charm),
    )
    assert sorted(heard) == ["pair_x2", "plain_mult"]
    assert done[-1] == (18, 18)
    assert all(e.paired.runs == SPEC.runs for e in ranking.entries)


def test_a_locked_charm_is_never_sold_nor_destroyed_by_another(catalog: Catalog) -> None:
    game = Game.start(
        RunSetup.from_catalog(catalog, seed=4, charms=("plain_mult", "ritual_knife"), locked=True)
    )
    assert all(c.locked for c in game.state.charms)
    game.state.charms.reverse()  # the knife left of plain_mult: it would sacrifice it
    game.apply(SelectBlind())
    assert [c.id for c in game.state.charms] == ["ritual_knife", "plain_mult"]
    game.state.phase, game.state.round = "select", None
    try:
        game.apply(Sell(1))
    except IllegalAction as exc:
        assert "plain_mult is locked" in str(exc)
    else:
        raise AssertionError("a locked charm was sold")


def test_the_charm_under_test_stays_in_the_row_in_every_round() -> None:
    spec = SimulationSpec(bot="fast", runs=12, seed=5, charms=("plain_mult",))
    c = compare(spec, runner(1))
    assert c.with_.rounds > 0 and c.with_.locked_rounds == {"plain_mult": c.with_.rounds}
    assert c.without.locked_rounds == {}


PACK = {
    "pack.yaml": "id: ranked\nname: Ranked\nversion: 1.0.0\n",
    "charms/overpowered.yaml": (
        "id: overpowered\nname: Overpowered\nrarity: common\ncost: 1\n"
        "abilities:\n  - trigger: hand\n    effects:\n      - {kind: xmult, amount: 50}\n"
    ),
    "charms/useless.yaml": (
        "id: useless\nname: Useless\nrarity: common\ncost: 1\n"
        "abilities:\n  - trigger: hand\n    when: {contains: flush_five}\n    effects:\n      - {kind: points, amount: 1}\n"
    ),
    "charms/modest.yaml": (
        "id: modest\nname: Modest\nrarity: common\ncost: 1\n"
        "abilities:\n  - trigger: hand\n    effects:\n      - {kind: mult, amount: 4}\n"
    ),
}


def test_the_ranking_puts_an_overpowered_charm_first_and_a_useless_one_last(
    studio: Callable[..., Run], tmp_path: Path
) -> None:
    for name, text in PACK.items():
        (tmp_path / "ranked" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "ranked" / name).write_text(text, encoding="utf-8")
    argv = (
        "simulate",
        "--rank",
        "--pack",
        str(tmp_path / "ranked"),
        "--runs",
        "16",
        "--seed",
        "1",
        "--bot",
        "fast",
    )
    run = studio(*argv, "--json")
    assert run.code == 0, run.err
    ranking = json.loads(run.out)
    order = [c["charm"] for c in ranking["charms"]]
    assert order == ["overpowered", "modest", "useless"]
    first = ranking["charms"][0]
    assert first["beyond_luck"] and first["outlier"] == "high" and first["rounds_in_row"] == first["rounds"]
    assert ranking["charms"][-1]["outlier"] != "high"
    text = studio(*argv).out
    assert text.splitlines()[0].startswith("Ranking: 3 charms against the same 16 runs")
    first_row = text.splitlines()[5]  # after the title, the baseline, a blank line, the header and its rule
    assert "overpowered" in first_row and "above the rest" in first_row


def test_a_charm_under_test_its_own_rule_removed_is_never_offered_again(catalog: Catalog) -> None:
    """The baseline never draws the charm under test; nor does its own side once the charm's rule took it
    out of the row (fuse burns out after a round's final hand), so the two sides' shops stay alike."""
    from studio.simulation.spec import run_seed

    gone_then_offered = gone = 0
    for i in range(10):
        setup = RunSetup.from_catalog(catalog, seed=run_seed(1, i), charms=("fuse",), locked=True)
        game, bot = Game.start(setup), Bot(catalog, "fast")
        left = False
        while not game.is_over:
            game.apply(bot.choose(game))
            left = left or all(c.id != "fuse" for c in game.state.charms)
            shop = game.state.shop
            if left and shop is not None and any(o.item == "fuse" for o in shop.offers if o.kind == "charm"):
                gone_then_offered += 1
        gone += left
    assert gone >= 5 and gone_then_offered == 0


def test_the_baseline_keeps_the_charm_out_so_both_sides_are_offered_the_same_charms(catalog: Catalog) -> None:
    """With the charm in its row a run's shop never offers it, so the baseline keeps it out too: the first
    shops of both sides then hold the same charms (the shop's draws are its own stream's)."""
    spec = SimulationSpec(bot="fast", runs=1, seed=0, charms=("pair_mult",))
    assert spec.without_charms().kept_out == ("pair_mult",)

    def first_shop(charms: tuple[str, ...], kept_out: tuple[str, ...], seed: int) -> list[str] | None:
        setup = RunSetup.from_catalog(catalog, seed=seed, charms=charms, locked=True, kept_out=kept_out)
        game, bot = Game.start(setup), Bot(catalog)
        while game.state.shop is None and not game.is_over:
            game.apply(bot.choose(game))
        return (
            None
            if game.state.shop is None
            else sorted(o.item for o in game.state.shop.offers if o.kind == "charm")
        )

    with_it = {seed: first_shop(("pair_mult",), (), seed) for seed in range(60)}
    kept = {seed: first_shop((), ("pair_mult",), seed) for seed in range(60)}
    offered = {seed: first_shop((), (), seed) for seed in range(60)}
    assert kept == with_it and sum(o is not None for o in kept.values()) >= 50
    assert (
        any(o and "pair_mult" in o for o in offered.values()) and offered != with_it
    )  # not kept out: it differs
