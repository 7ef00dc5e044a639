"""Seeded randomness: named streams with counters, saved and resumed exactly."""

from __future__ import annotations

import json

from studio.engine.rng import Rng, RngState


def test_the_same_seed_gives_the_same_numbers() -> None:
    a, b = Rng(7), Rng(7)
    assert [a.random("chance") for _ in range(5)] == [b.random("chance") for _ in range(5)]


def test_different_seeds_give_different_numbers() -> None:
    assert Rng(1).random("chance") != Rng(2).random("chance")


def test_drawing_from_one_stream_never_shifts_another() -> None:
    a, b = Rng(3), Rng(3)
    for _ in range(10):
        a.random("shop")
    assert a.random("chance") == b.random("chance")


def test_state_saved_as_json_resumes_exactly() -> None:
    rng = Rng(11)
    for _ in range(3):
        rng.random("chance")
    rng.random("shuffle")
    saved = json.loads(json.dumps(rng.state().to_json()))
    resumed = Rng.from_state(RngState.from_json(saved))
    assert [resumed.random("chance") for _ in range(4)] == [rng.random("chance") for _ in range(4)]
    assert saved == {"seed": 11, "counters": {"chance": 3, "shuffle": 1}}


def test_chance_is_about_n_in_m() -> None:
    rng = Rng(5)
    hits = sum(rng.chance("chance", 1, 4) for _ in range(4000))
    assert 850 < hits < 1150


def test_shuffle_is_a_seeded_permutation() -> None:
    items, again = list(range(20)), list(range(20))
    Rng(9).shuffle("shuffle", items)
    Rng(9).shuffle("shuffle", again)
    assert items == again and sorted(items) == list(range(20)) and items != list(range(20))
