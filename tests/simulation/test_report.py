"""Reports add up exactly in any order and grouping; charms are credited from the real trace."""

from __future__ import annotations

import math
import random

from hypothesis import given
from hypothesis import strategies as st

from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.scoring import Situation, score
from studio.simulation.attribution import charm_effects, charm_of
from studio.simulation.render import render
from studio.simulation.report import (
    ITEM_FIGURES,
    CharmTally,
    ItemTally,
    Report,
    RunStats,
    bucket_range,
    score_bucket,
)
from studio.simulation.spec import SimulationSpec, chunks, run_seed


def test_charms_are_credited_with_what_their_events_added_to_points_x_mult(catalog: Catalog) -> None:
    row = ("even_mult", "money_mult", "plain_mult", "splash")
    situation = Situation(
        catalog.cards("KH 10H:glass 6H 4H 2H"),
        catalog.cards("5D:steel"),
        tuple(CharmSlot(c) for c in row),
        money=17,
    )
    result = score(situation, catalog)
    assert result.total == 3082
    effects = charm_effects(result.events, row)
    # even_mult: +4 Mult on 10H (55 x 8 -> 55 x 12), 6H (61 x 12 -> 16), 4H (65 x 16 -> 20), 2H (67 x 20 -> 24)
    assert effects["even_mult"] == (4, 220 + 244 + 260 + 268, 0)
    assert effects["money_mult"] == (1, 67 * 42 - 67 * 36, 0)
    assert effects["plain_mult"] == (1, 3082 - 67 * 42, 0)
    assert "splash" not in effects  # a passive rule has no event of its own


def test_a_retrigger_charm_is_credited_with_the_repeated_trigger(catalog: Catalog) -> None:
    row = ("low_retrigger", "even_mult")
    played = catalog.cards("2S 2H 5D 5C 9H")
    result = score(Situation(played, (), tuple(CharmSlot(c) for c in row)), catalog)
    assert result.total == 48 * 18
    effects = charm_effects(result.events, row)
    # repeated 2S: +2 Points (22 x 6 -> 24 x 6), +4 Mult (-> 24 x 10); 2H: 26 x 14 -> 28 x 14 -> 28 x 18;
    # 5D: 33 x 18 -> 38 x 18; 5C: 43 x 18 -> 48 x 18
    assert effects["low_retrigger"] == (4, 108 + 140 + 90 + 90, 0)
    # even_mult on 2S, 2S again, 2H, 2H again: +4 Mult each time
    assert effects["even_mult"] == (4, 88 + 96 + 104 + 112, 0)
    held = score(Situation(played, catalog.cards("KS:steel"), (CharmSlot("held_retrigger"),)), catalog)
    assert charm_effects(held.events, ("held_retrigger",)) == {"held_retrigger": (1, 153 - 102, 0)}


def test_an_event_source_names_a_charm_of_the_row_only() -> None:
    row = {"even_mult", "plain_mult"}
    assert charm_of("KH even_mult", row) == "even_mult"
    assert charm_of("plain_mult foil", row) == "plain_mult"
    assert charm_of("KH foil", row) is None
    assert charm_of("flint", row) is None


def test_score_buckets_are_powers_of_two() -> None:
    assert [score_bucket(t) for t in (0, 1, 2, 3, 4, 3082)] == [0, 1, 2, 2, 3, 12]
    assert bucket_range(12) == (2048, 4096)
    assert bucket_range(0) == (0, 1)


def test_run_seeds_depend_on_the_simulation_seed_and_the_index_only() -> None:
    seeds = {run_seed(1, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert run_seed(1, 5) == run_seed(1, 5)
    assert run_seed(2, 5) != run_seed(1, 5)
    assert all(0 <= s < 2**63 for s in seeds)
    assert [list(c) for c in chunks(7, 3)] == [[0, 1, 2], [3, 4, 5], [6]]


def test_a_spec_refuses_a_negative_number_of_runs() -> None:
    try:
        SimulationSpec(bot="fast", runs=-1, seed=0)
    except ValueError as exc:
        assert "not -1" in str(exc)
    else:
        raise AssertionError("a negative number of runs was accepted")


tallies = st.builds(
    CharmTally,
    *[st.integers(0, 10**6)] * 3,
    st.integers(0, 500),
    st.integers(0, 500),
    st.integers(-(10**12), 10**15),
    st.integers(-50, 50),
)
item_tallies = st.builds(ItemTally, *[st.integers(0, 10**6)] * 3)
run_stats = st.builds(
    RunStats,
    index=st.integers(0, 10**6),
    won=st.booleans(),
    ante_reached=st.integers(1, 8),
    antes_cleared=st.integers(0, 8),
    antes=st.just(8),
    hand_types=st.dictionaries(st.sampled_from(["pair", "flush", "high_card"]), st.integers(1, 30)),
    scores=st.lists(st.one_of(st.integers(0, 10**30), st.just(-1)), max_size=20).map(tuple),
    charms=st.dictionaries(st.sampled_from(["pair_mult", "plain_mult", "even_mult"]), tallies),
    actions=st.integers(0, 500),
    consumables=st.dictionaries(st.sampled_from(["glass_stamp", "star_pair"]), item_tallies),
    vouchers=st.dictionaries(st.sampled_from(["discount_card", "spare_hand"]), item_tallies),
    tags=st.dictionaries(st.sampled_from(["foil_tag", "rare_tag"]), item_tallies),
)


@given(st.lists(run_stats, max_size=12), st.randoms(use_true_random=False))
def test_combining_is_the_same_in_any_order_and_grouping(runs: list[RunStats], rnd: random.Random) -> None:
    whole = Report.combine(runs)
    shuffled = list(runs)
    rnd.shuffle(shuffled)
    cut = rnd.randint(0, len(shuffled))
    grouped = Report.combine([Report.combine(shuffled[cut:]), Report.combine(shuffled[:cut])])
    assert grouped == whole
    assert grouped.to_json() == whole.to_json()
    assert whole.runs == len(runs)
    assert whole.hands == sum(len(r.scores) for r in runs)
    assert sum(whole.score_buckets.values()) + whole.infinite_hands == whole.hands
    for kind in ITEM_FIGURES:
        tallies: list[dict[str, ItemTally]] = [getattr(r, kind) for r in runs]
        ids = {k for t in tallies for k in t}
        assert whole.items(kind) == {k: sum((t[k] for t in tallies if k in t), ItemTally()) for k in ids}


def test_rates_come_from_the_counts() -> None:
    def run(i: int, cleared: int, won: bool = False) -> RunStats:
        return RunStats(i, won, min(cleared + 1, 8), cleared, 8, {"pair": 2}, (10, 40, -1))

    report = Report.combine([run(0, 0), run(1, 2), run(2, 8, won=True), run(3, 2)])
    assert report.win_rate == 0.25
    assert report.cleared_by_ante() == [0.75, 0.75, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25]
    assert report.ante_reached == {"1": 1, "3": 2, "8": 1}
    assert report.mean_score == 25
    assert report.infinite_hands == 4
    assert report.score_histogram() == [(8, 16, 4), (16, 32, 0), (32, 64, 4)]
    text = render(report, "Simulation")
    assert "won: 1 (25.0%; 95% interval" in text
    assert "pair" in text


def test_intervals_come_from_the_counts_and_say_when_a_difference_is_luck() -> None:
    import statistics

    def run(i: int, cleared: int, won: bool = False) -> RunStats:
        return RunStats(i, won, min(cleared + 1, 8), cleared, 8, {}, (10,))

    cleared = [0, 2, 8, 2, 3, 3, 1, 4]
    report = Report.combine([run(i, c) for i, c in enumerate(cleared)])
    # Student's t with 7 degrees of freedom (2.3646), not the normal 1.96: the spread is itself estimated.
    expected = 2.3646 * statistics.stdev(cleared) / len(cleared) ** 0.5
    assert math.isclose(report.antes_cleared_margin, expected)
    assert Report.combine([run(0, 3)]).antes_cleared_margin == 0.0
    none_won = Report.combine([run(i, 2) for i in range(200)])
    low, high = none_won.win_rate_interval()
    assert low == 0.0 and 0.018 < high < 0.020  # 0 of 200 is not "0%": at most about 1.9%
    half = Report.combine([run(i, 8, won=i % 2 == 0) for i in range(100)])
    low, high = half.win_rate_interval()
    assert math.isclose(low, 0.4038, abs_tol=1e-3) and math.isclose(high, 0.5962, abs_tol=1e-3)
    better = Report.combine([run(i, 5) for i in range(40)] + [run(40 + i, 6) for i in range(40)])
    json = better.to_json()
    assert json["mean_antes_cleared_margin"] == better.antes_cleared_margin
    assert json["win_rate_interval"] == list(better.win_rate_interval())
    assert "± " in render(better)


def test_items_are_counted_by_kind_under_their_own_names() -> None:
    Items = dict[str, ItemTally]

    def run(
        i: int, consumables: Items | None = None, vouchers: Items | None = None, tags: Items | None = None
    ) -> RunStats:
        return RunStats(
            i, False, 1, 0, 8, consumables=consumables or {}, vouchers=vouchers or {}, tags=tags or {}
        )

    report = Report.combine(
        [
            run(0, vouchers={"discount_card": ItemTally(1, 1)}, tags={"foil_tag": ItemTally(2, 1)}),
            run(1, vouchers={"discount_card": ItemTally(1)}, tags={"rare_tag": ItemTally(1)}),
            run(2, consumables={"star_pair": ItemTally(3, 2, 1)}),
        ]
    )
    json = report.to_json()
    assert json["consumables"] == {"star_pair": {"offered": 3, "bought": 2, "used": 1}}
    assert json["vouchers"] == {"discount_card": {"offered": 2, "bought": 1}}
    assert json["tags"] == {"foil_tag": {"offered": 2, "taken": 1}, "rare_tag": {"offered": 1, "taken": 0}}
    assert list(ITEM_FIGURES) == ["consumables", "vouchers", "tags"]
    text = render(report)
    assert text.index("\nConsumables\n") < text.index("\nVouchers\n") < text.index("\nTags\n")
    assert "tag       offered  taken  pick rate" in text
    assert "foil_tag        2      1      50.0%" in text


def test_every_field_of_the_json_report_is_in_the_docs() -> None:
    from pathlib import Path

    from studio.simulation.local import simulate

    doc = (Path(__file__).resolve().parents[2] / "docs" / "simulation.md").read_text(encoding="utf-8")
    report = simulate(SimulationSpec(bot="fast", runs=2, seed=1, charms=("fuse",))).to_json()
    fields = [*report, *report["charms"]["fuse"], *report["score_per_hand"]]
    assert [f for f in fields if f"`{f}`" not in doc] == []


def test_counts_in_sentences_say_one_of_a_thing_in_the_singular() -> None:
    from studio.simulation.render import counted

    assert (counted(1, "charm"), counted(2, "charm"), counted(0, "run"), counted(1200, "run")) == (
        "1 charm",
        "2 charms",
        "0 runs",
        "1,200 runs",
    )
