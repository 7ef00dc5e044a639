"""Retriggers honour every field: a count, a scale (``per``/``every``) and a chance per retrigger."""

from __future__ import annotations

import dataclasses

from studio.engine.catalog import Catalog
from studio.engine.charms import Ability, CharmDef, CharmSlot
from studio.engine.conditions import ALWAYS, Conditions
from studio.engine.describe import describe_charm
from studio.engine.effects import Chance, Effect, Scaling
from studio.engine.rng import RngState
from studio.engine.scoring import Situation, score
from studio.engine.trace import ScoreResult


def _charm(*effects: Effect, conditions: Conditions = ALWAYS) -> CharmDef:
    return CharmDef("echo", abilities=(Ability("scored_card", effects, conditions),))


def _play(
    catalog: Catalog, charm: CharmDef, played: str = "2S", counter: int = 0, seed: int = 0
) -> ScoreResult:
    cat = dataclasses.replace(catalog, charms={**catalog.charms, "echo": charm}, memo={})
    slots = (CharmSlot("echo", counter=counter),)
    return score(Situation(cat.cards(played), charms=slots, rng=RngState(seed)), cat)


def _retriggers(r: ScoreResult) -> int:
    return sum(1 for e in r.events if e.what == "retrigger")


def test_a_retrigger_scales_with_per_and_every(catalog: Catalog) -> None:
    charm = _charm(Effect("retrigger", 1, Scaling("counter", 2)))
    assert [_retriggers(_play(catalog, charm, counter=n)) for n in (0, 1, 2, 5, 6)] == [0, 0, 1, 2, 3]
    assert _play(catalog, charm, counter=4).points == 5 + 2 * 3


def test_a_retrigger_with_a_chance_draws_once_per_retrigger(catalog: Catalog) -> None:
    charm = _charm(Effect("retrigger", 3, chance=Chance(1, 2)))
    results = [_play(catalog, charm, seed=seed) for seed in range(200)]
    assert all(r.rng.counters == (("chance.echo", 3),) for r in results)
    counts = [_retriggers(r) for r in results]
    assert set(counts) == {0, 1, 2, 3}
    assert 250 < sum(counts) < 350  # 200 hands x 3 draws x 1/2


def test_a_retrigger_is_capped_however_it_scales(catalog: Catalog) -> None:
    charm = _charm(Effect("retrigger", 1, Scaling("counter")))
    assert _retriggers(_play(catalog, charm, counter=10**9)) == 100


def test_first_face_false_means_every_other_card(catalog: Catalog) -> None:
    charm = _charm(Effect("mult", 1), conditions=Conditions(first_face=False))
    r = _play(catalog, charm, played="KS KH 2S")
    assert [e.source for e in r.events if e.what == "mult"] == ["KH echo"]  # KS is first; 2S does not score


def test_the_text_says_every_field_of_a_retrigger() -> None:
    charm = _charm(
        Effect("retrigger", 2, Scaling("counter", 3), Chance(1, 4)),
        conditions=Conditions(ranks=frozenset({14}), chance=Chance(1, 2)),
    )
    assert describe_charm(charm) == (
        "1 in 2 chance to retrigger each Ace scored twice per 3 on its counter, each time with a 1 in 4 chance"
    )
    other = _charm(Effect("mult", 2), conditions=Conditions(first_face=False))
    assert describe_charm(other) == "+2 Mult for each scored card other than the first scoring face card"
