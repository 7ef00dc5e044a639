"""Reliability: a run stopped at any action, saved and resumed ends exactly where the uninterrupted run ends."""

from __future__ import annotations

import random

from studio.engine import save
from studio.engine.bot import Bot, play_on, play_run
from studio.engine.catalog import Catalog
from studio.engine.run_setup import RunSetup

SEEDS = range(200)


def test_stop_save_resume_finish_matches_the_uninterrupted_run(catalog: Catalog) -> None:
    bot = Bot(catalog)
    decks = sorted(catalog.decks)
    for seed in SEEDS:
        setup = RunSetup.from_catalog(catalog, deck=decks[seed % len(decks)], difficulty=seed % 6, seed=seed)
        whole = play_run(catalog, setup, bot)
        stop = random.Random(seed).randint(0, len(whole.history))
        part = play_run(catalog, setup, bot, stop_after=stop)
        resumed = save.loads(save.dumps(part), catalog)
        play_on(resumed, bot)
        assert resumed.state.to_json() == whole.state.to_json(), f"seed {seed}, stopped after {stop}"
        assert [h.action for h in resumed.history] == [h.action for h in whole.history], seed
        assert [h.score for h in resumed.history] == [h.score for h in whole.history], seed
