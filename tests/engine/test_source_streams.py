"""Each source draws its chances from its own stream, so adding or removing a charm shifts no other draw."""

from __future__ import annotations

import random

from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.rng import RngState
from studio.engine.run.actions import Play, SelectBlind
from studio.engine.run.consumables import take_created
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.run.shop import pick_charm
from studio.engine.run.state import Created
from studio.engine.run.tags import made_tags
from studio.engine.scoring import Situation, score
from studio.engine.trace import ScoreResult


def _hand(catalog: Catalog, charms: tuple[str, ...], seed: int) -> ScoreResult:
    return score(
        Situation(
            played=catalog.cards("AH KH QH:lucky 9H:glass 2H"),
            charms=tuple(CharmSlot(c) for c in charms),
            rng=RngState(seed),
        ),
        catalog,
    )


def _of(result: ScoreResult, source: str) -> list[tuple[str, float]]:
    return [(e.what, e.amount) for e in result.events if source in e.source]


def test_a_charm_added_or_removed_changes_no_other_sources_draws(catalog: Catalog) -> None:
    hits = 0
    for seed in range(60):
        alone = _hand(catalog, ("lucky_hearts",), seed)
        crowded = _hand(catalog, ("misprint", "lucky_seven", "lucky_hearts", "misprint"), seed)
        assert _of(crowded, "lucky_hearts") == _of(alone, "lucky_hearts"), seed
        assert _of(crowded, "QH") == _of(alone, "QH"), seed  # the lucky card's own draws
        assert crowded.broken == alone.broken, seed  # glass breaks on its own stream
        hits += bool(_of(alone, "lucky_hearts"))
    assert 0 < hits < 60 * 5  # the chances do vary with the seed


def test_two_charms_of_one_id_draw_from_two_streams(catalog: Catalog) -> None:
    draws = [
        tuple(
            e.amount for e in _hand(catalog, ("misprint", "misprint"), seed).events if e.source == "misprint"
        )
        for seed in range(30)
    ]
    assert any(first != second for first, second in draws)


def test_a_run_state_names_each_sources_stream(catalog: Catalog) -> None:
    result = _hand(catalog, ("misprint", "lucky_hearts"), 3)
    streams = dict(result.rng.counters)
    assert {"chance.misprint", "chance.lucky_hearts", "chance.card.9H:glass"} <= streams.keys()
    assert "chance" not in streams and "chance.upgrade.QH lucky" in streams


def test_what_an_effect_makes_is_drawn_from_its_makers_own_stream(catalog: Catalog) -> None:
    for seed in range(6):
        game = Game.start(RunSetup.from_catalog(catalog, seed=seed, charms=("fortune_teller",)))
        game.apply(SelectBlind())
        before = dict(game.state.rng.state().counters)
        game.state.created += [
            Created("consumable", "", "level", "fortune_teller"),
            Created("tag", "", "", "fortune_teller"),
        ]
        events = take_created(game.state, game.setup) + made_tags(game.state, game.setup)
        assert [e.kind for e in events][:2] == ["consumable_taken", "tag"], seed
        after = dict(game.state.rng.state().counters)
        changed = {k for k in after if after[k] != before.get(k)}
        assert "create.fortune_teller" in changed, seed
        assert not changed & {"consumables", "tags", "shop"}, (seed, changed)  # the shop's, the skip tags'


def _first_offers(catalog: Catalog, seed: int, charms: tuple[str, ...]) -> list[str]:
    """The charms for sale in the first shop of a run with ``charms``, its first blind beaten at once."""
    game = Game.start(RunSetup.from_catalog(catalog, seed=seed, charms=charms))
    game.apply(SelectBlind())
    assert game.state.round is not None
    game.state.round.requirement = 1
    game.apply(Play((0,)))
    assert game.state.shop is not None
    return [o.item for o in game.state.shop.offers if o.kind == "charm"]


def test_a_charm_in_the_row_changes_no_offer_but_one_that_would_have_been_it(catalog: Catalog) -> None:
    same = 0
    for seed in range(40):
        without = _first_offers(catalog, seed, ())
        with_it = _first_offers(catalog, seed, ("lucky_hearts",))
        if "lucky_hearts" not in without:
            assert with_it == without, seed
            same += 1
    assert same >= 30


def test_a_charm_is_picked_evenly_among_those_left() -> None:
    pool = ["a", "b", "c", "d", "e"]
    draws = random.Random(7)
    picks = [pick_charm(draws.random(), pool, {"b", "d"}) for _ in range(100_000)]
    counts = {c: picks.count(c) for c in "ace"}
    assert sum(counts.values()) == 100_000, counts
    assert all(abs(n - 100_000 / 3) < 1_000 for n in counts.values()), counts  # 6 standard deviations
    assert pick_charm(0.1, pool, {"b"}) == "a"  # a draw that does not land on an excluded charm keeps it


def test_excluding_one_more_charm_changes_only_the_draws_that_picked_it() -> None:
    """Whatever else is excluded: a draw landing on an excluded charm picked among those left, so which
    one it got hung on every charm excluded (a charm owned changed offers it was never among)."""
    pool = [f"c{i}" for i in range(30)]
    draws = random.Random(3)
    for _ in range(5_000):
        u = draws.random()
        exclude = set(draws.sample(pool, draws.randint(1, 12)))
        more = draws.choice([c for c in pool if c not in exclude])
        before = pick_charm(u, pool, exclude)
        assert before not in exclude
        if before != more:
            assert pick_charm(u, pool, exclude | {more}) == before, (u, sorted(exclude), more)


def test_a_booster_a_tag_gives_draws_from_the_tags_own_streams(catalog: Catalog) -> None:
    from studio.engine.run.shop import booster_def, open_booster

    game = Game.start(RunSetup.from_catalog(catalog, seed=2))
    before = dict(game.state.rng.state().counters)
    open_booster(game.state, game.setup, booster_def(game.setup, "charm_pack"), 0, "charm_pack_tag")
    after = dict(game.state.rng.state().counters)
    changed = {k for k in after if after[k] != before.get(k)}
    assert changed and all(k.endswith(".charm_pack_tag") for k in changed), changed
