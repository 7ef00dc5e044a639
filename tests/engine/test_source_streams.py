"""Each source draws its chances from its own stream, so adding or removing a charm shifts no other draw."""

from __future__ import annotations

from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.rng import RngState
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
        tuple(e.amount for e in _hand(catalog, ("misprint", "misprint"), seed).events if e.source == "misprint")
        for seed in range(30)
    ]
    assert any(first != second for first, second in draws)


def test_a_run_state_names_each_sources_stream(catalog: Catalog) -> None:
    result = _hand(catalog, ("misprint", "lucky_hearts"), 3)
    streams = dict(result.rng.counters)
    assert {"chance.misprint", "chance.lucky_hearts", "chance.card.9H:glass"} <= streams.keys()
    assert "chance" not in streams and "chance.upgrade.QH lucky" in streams
