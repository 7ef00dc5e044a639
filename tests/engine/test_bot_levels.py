"""The bot's two levels: each plays exactly what it scored; strong values charms in context and wins more."""

from __future__ import annotations

from dataclasses import replace

import pytest

from studio.engine.bot import Bot, play_run
from studio.engine.bot.strong import StrongPolicy
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.rng import RngState
from studio.engine.run.actions import Choose, OpenBooster, Play
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.run.shop import booster_def
from studio.engine.run.triggers import round_situation
from studio.engine.scoring import score


def _chance_free(game: Game, cards: tuple[int, ...], predicted: float) -> bool:
    """True if other generators score the play as predicted (no chance effect moves its total)."""
    s, r = game.state, game.state.round
    assert r is not None
    around = round_situation(s, game.setup, (), r.hands_left - 1, r.discards_left)
    played = tuple(r.hand[i] for i in cards)
    held = tuple(c for i, c in enumerate(r.hand) if i not in set(cards))
    if any(c.upgrade == "lucky" for c in played):
        return False
    return all(
        score(replace(around, played=played, held=held, rng=RngState(seed=k)), game.setup.catalog).total
        == predicted
        for k in range(-2, -12, -1)
    )


@pytest.mark.parametrize("level", ["fast", "strong"])
def test_every_play_scores_what_the_bot_predicted(catalog: Catalog, level: str) -> None:
    bot = Bot(catalog, level=level)  # type: ignore[arg-type]
    checked = plays = 0
    for seed in range(20):
        game = Game.start(RunSetup.from_catalog(catalog, seed=seed))
        while not game.is_over:
            action, choice = bot.decide(game)
            if isinstance(action, Play):
                assert choice is not None and choice.cards == action.cards
                plays += 1
                sure = _chance_free(game, action.cards, choice.total)
                game.apply(action)
                result = game.history[-1].score
                assert result is not None
                if sure:
                    checked += 1
                    assert result.total == choice.total, (seed, len(game.history), action)
            else:
                game.apply(action)
    assert plays and checked >= 0.6 * plays, (checked, plays)


def test_strong_clears_more_antes_than_fast(catalog: Catalog) -> None:
    def cleared(level: str) -> float:
        bot = Bot(catalog, level=level)  # type: ignore[arg-type]
        games = [play_run(catalog, RunSetup.from_catalog(catalog, seed=s), bot) for s in range(40)]
        return sum(len(g.setup.rules.requirements) if g.won else g.state.ante - 1 for g in games) / 40

    assert cleared("strong") > cleared("fast")


def test_an_unknown_level_is_refused(catalog: Catalog) -> None:
    with pytest.raises(ValueError, match="fast or strong"):
        Bot(catalog, level="clever")  # type: ignore[arg-type]


@pytest.mark.parametrize("level", ["fast", "strong"])
def test_levels_taken_are_for_hand_types_played_and_strong_opens_card_packs(
    catalog: Catalog, level: str
) -> None:
    bot = Bot(catalog, level=level)  # type: ignore[arg-type]
    levels_taken = card_packs = 0
    for seed in range(12):
        game = Game.start(RunSetup.from_catalog(catalog, seed=seed))
        while not game.is_over:
            action = bot.choose(game)
            s = game.state
            if (
                isinstance(action, Choose)
                and action.option is not None
                and s.booster
                and s.booster.kind == "levels"
            ):
                assert s.times_played.get(s.booster.options[action.option], 0) > 0, s.booster.options
                levels_taken += 1
            if isinstance(action, OpenBooster) and s.shop is not None:
                card_packs += booster_def(game.setup, s.shop.offers[action.slot].item).kind == "cards"
            game.apply(action)
    assert levels_taken
    if level == "strong":
        assert card_packs


def test_a_grown_charm_is_worth_what_it_gives_now(catalog: Catalog) -> None:
    policy = StrongPolicy(catalog)
    deck = list(catalog.deck("standard").cards)
    ctx = policy.worth.context(deck)

    def worth(slot: CharmSlot) -> float:
        return policy.worth.worth([slot], ctx, 10, {}, {"pair": 3}, 20)

    fresh, melted = worth(CharmSlot("melting_ice")), worth(CharmSlot("melting_ice", counter=16))
    assert fresh > melted
    assert worth(CharmSlot("marathon", counter=10)) > worth(CharmSlot("marathon"))


def test_strong_values_money_and_rules(catalog: Catalog) -> None:
    policy = StrongPolicy(catalog)
    ctx = policy.worth.context(list(catalog.deck("standard").cards))
    empty = policy.worth.worth([], ctx, 10, {}, {}, 20)
    for paying in ("nest_egg", "payday", "overtime", "golden_egg"):
        assert policy.worth.worth([CharmSlot(paying)], ctx, 10, {}, {}, 20) > empty, paying


def test_a_run_decides_the_same_whatever_the_process_played_before(catalog: Catalog) -> None:
    """The bots' memos live in the catalog and outlive a run: a run must not depend on what they hold."""

    def actions(memo_from: Catalog, seed: int) -> list[object]:
        game = play_run(
            memo_from, RunSetup.from_catalog(memo_from, seed=seed), Bot(memo_from, level="strong")
        )
        return [h.action for h in game.history]

    warmed = replace(catalog, memo={})
    for seed in (7, 5, 3):
        actions(warmed, seed)
    assert actions(warmed, 4) == actions(replace(catalog, memo={}), 4)


def test_a_rule_change_is_worth_what_its_trigger_lets_it_do(catalog: Catalog) -> None:
    """The strong bot prices a change of a round value by its trigger's registry entry: how often it fires
    in a round (``per_round``) and whether it comes before the round's hands (``ahead``)."""
    from studio.engine.charms import Ability, CharmDef
    from studio.engine.effects import Effect

    def hand_at(trigger: str, lasting: str) -> CharmDef:
        effect = Effect("add_hands", 1, args=(("for", lasting),))
        return CharmDef(f"{trigger}_{lasting}", abilities=(Ability(trigger, (effect,)),))

    triggers = ("round_start", "end_of_round", "boss_defeated")
    made = [hand_at(t, lasting) for t in triggers for lasting in ("round", "run")]
    charms = {**catalog.charms, **{c.id: c for c in made}}
    worth = StrongPolicy(replace(catalog, charms=charms, memo={})).worth
    rules = {c.id: worth.rules_worth(CharmSlot(c.id), 4) for c in made}
    assert rules["end_of_round_round"] == rules["boss_defeated_round"] == 0  # the round's hands are played
    assert rules["round_start_round"] > 0
    assert rules["round_start_run"] > rules["boss_defeated_run"] > rules["round_start_round"]
    assert rules["boss_defeated_run"] == pytest.approx(rules["end_of_round_run"] / 3)  # one round in three
