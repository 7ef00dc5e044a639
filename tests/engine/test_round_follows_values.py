"""A round follows its layered values as their sources change (RULES.md section 6): a disabled boss's
modifiers stop, a charm that leaves or moves takes its modifiers along, the difficulty counts inside a
hand, the cards-per-hand limit is the layered one, and the bounds apply last."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from studio.content.plain_scenarios import plain_situation
from studio.engine.bosses import BossDef
from studio.engine.catalog import Catalog
from studio.engine.charms import Ability, CharmDef, CharmSlot
from studio.engine.effects import Effect
from studio.engine.run import save
from studio.engine.run.actions import Discard, Play, ReorderCharms, SelectBlind
from studio.engine.run.consumables import consumable_slots
from studio.engine.run.game import Game
from studio.engine.run.save import SaveError
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import Round
from studio.engine.run.values import charm_slots
from studio.engine.runs import DeckDef, DifficultyDef
from studio.engine.scoring import HandSizeError, Situation, check_hand_size, score
from studio.engine.values import Modifier


def modify(value: str, op: str, amount: float, lasting: str) -> Effect:
    return Effect("modify", amount, args=(("for", lasting), ("op", op), ("value", value)))


def mod(value: str, op: str, amount: float, kind: str, source: str) -> Modifier:
    return Modifier(value, op, amount, source=(source, kind, -1))  # type: ignore[arg-type]


def charm(charm_id: str, *abilities: Ability, modifiers: tuple[tuple[str, str, float], ...] = ()) -> CharmDef:
    own = tuple(mod(v, op, amount, "charm", charm_id) for v, op, amount in modifiers)
    return CharmDef(charm_id, abilities=abilities, modifiers=own)


def with_content(catalog: Catalog, *charms: CharmDef, **tables: object) -> Catalog:
    return replace(catalog, charms={**catalog.charms, **{c.id: c for c in charms}}, memo={}, **tables)  # type: ignore[arg-type]


def start(catalog: Catalog, *charms: str, deck: str = "standard", difficulty: int = 0) -> Game:
    return Game.start(
        RunSetup.from_catalog(catalog, deck=deck, difficulty=difficulty, seed=11, charms=charms)
    )


def at_boss(game: Game, boss_id: str) -> Round:
    """Select ante 2's boss blind with ``boss_id``; the requirement is raised out of reach."""
    game.state.ante, game.state.blind, game.state.boss = 2, 2, boss_id
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None
    return r


@pytest.mark.parametrize(
    ("boss_id", "field", "with_boss", "without"),
    [
        ("needle", "hands_left", 1, 3),  # 4 hands, one played
        ("manacle", "hand_size", 7, 8),
        ("wall", "requirement", 3200, 1600),  # a boss blind asks twice ante 2's 800
        ("miser", "reward", 0, 5),
    ],
)
def test_a_disabled_boss_stops_its_modifiers_for_the_rest_of_the_round(
    catalog: Catalog, boss_id: str, field: str, with_boss: int, without: int
) -> None:
    game = start(catalog, "bribe")  # disables the boss before the first hand is counted
    r = at_boss(game, boss_id)
    assert getattr(r, field) == with_boss
    game.apply(Play((0,)))
    assert game.state.round is r and r.boss is None
    assert getattr(r, field) == without


def test_a_charm_that_leaves_mid_round_takes_its_hand_size_along(catalog: Catalog) -> None:
    gone = Ability("hand", (Effect("destroy_self"),))
    cat = with_content(catalog, charm("wide_once", gone, modifiers=(("hand_size", "add", 2),)))
    game = start(cat, "wide_once")
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None and r.hand_size == 10
    r.requirement = 10**9
    game.apply(Play((0,)))
    assert game.state.charms == [] and r.hand_size == 8


def test_reordering_mid_round_makes_the_new_last_set_win(catalog: Catalog) -> None:
    cat = with_content(
        catalog,
        charm("six", modifiers=(("hand_size", "set", 6),)),
        charm("ten", modifiers=(("hand_size", "set", 10),)),
    )
    game = start(cat, "six", "ten")
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None and r.hand_size == 10
    game.apply(ReorderCharms((1, 0)))
    assert r.hand_size == 6
    game.apply(Discard((0, 1, 2, 3, 4)))
    assert len(r.hand) == 6  # ten held less five thrown, one drawn up to six


def test_a_round_long_modifier_moves_with_its_charm(catalog: Catalog) -> None:
    cat = with_content(
        catalog,
        charm("cap_1", modifiers=(("interest_cap", "set", 1),)),
        charm("cap_5_this_round", Ability("round_start", (modify("interest_cap", "set", 5, "round"),))),
    )

    def interest(order: tuple[int, ...] | None) -> str:
        game = start(cat, "cap_1", "cap_5_this_round")
        game.apply(SelectBlind())
        if order is not None:
            game.apply(ReorderCharms(order))
        assert game.state.round is not None
        game.state.round.requirement, game.state.money = 1, 30
        return next(e.note for e in game.apply(Play((0,))) if e.kind == "reward")

    assert interest(None).endswith("$5 interest")  # the round's set stands in its charm's place, last
    assert interest((1, 0)).endswith("$1 interest")  # moved first: cap_1's set is now the last


def test_a_run_plays_as_many_cards_as_the_layered_limit_allows(catalog: Catalog) -> None:
    game = start(
        with_content(catalog, charm("six_cards", modifiers=(("max_played", "add", 1),))), "six_cards"
    )
    game.apply(SelectBlind())
    assert game.legal(Play((0, 1, 2, 3, 4, 5))) is None
    assert game.legal(Play((0, 1, 2, 3, 4, 5, 6))) == "play 1 to 6 cards, not 7"
    game.apply(Play((0, 1, 2, 3, 4, 5)))
    assert game.history[-1].score is not None and not game.history[-1].score.refused
    plain = start(catalog)
    plain.apply(SelectBlind())
    assert plain.legal(Play((0, 1, 2, 3, 4, 5))) == "play 1 to 5 cards, not 6"


def test_a_difficultys_modifiers_count_inside_a_hand(catalog: Catalog) -> None:
    rules = (
        mod("four_fingers", "set", 1, "difficulty", "bent"),
        mod("base_points", "add", 100, "difficulty", "bent"),
    )
    cat = with_content(
        catalog, difficulties={**catalog.difficulties, "bent": DifficultyDef("bent", 6, rules)}
    )
    for level, hand_type in ((0, "high_card"), (6, "flush")):
        game = start(cat, difficulty=level)
        game.apply(SelectBlind())
        r = game.state.round
        assert r is not None
        r.hand[:4] = cat.cards("2H 5H 7H 9H")
        game.apply(Play((0, 1, 2, 3)))
        result = game.history[-1].score
        assert result is not None and result.hand_type == hand_type
    bases = [(e.source, e.points) for e in result.events if e.step == "base"]
    assert bases == [("flush", 35), ("bent", 35 + 100)]  # the flush's base, then the difficulty's +100


def test_a_bosss_charm_slots_count_in_its_round(catalog: Catalog) -> None:
    cramp = BossDef("cramp", modifiers=(mod("charm_slots", "add", -3, "boss", "cramp"),))
    game = start(with_content(catalog, bosses={**catalog.bosses, "cramp": cramp}), "plain_mult")
    assert charm_slots(game.state, game.setup) == 5
    at_boss(game, "cramp")
    assert charm_slots(game.state, game.setup) == 2


def test_bounds_apply_after_every_source_not_to_the_folded_base(catalog: Catalog) -> None:
    deck = DeckDef("thin", catalog.decks["standard"].cards, (mod("discards", "add", -5, "deck", "thin"),))
    cat = with_content(
        catalog, charm("one_more", modifiers=(("discards", "add", 1),)), decks={**catalog.decks, "thin": deck}
    )
    game = start(cat, "one_more", deck="thin")
    game.apply(SelectBlind())
    assert game.state.round is not None and game.state.round.discards_left == 0  # 3 - 5 + 1, at least 0


def test_a_decks_consumable_slots_count_once(catalog: Catalog) -> None:
    deck = DeckDef(
        "pockets", catalog.decks["standard"].cards, (mod("consumable_slots", "add", 1, "deck", "pockets"),)
    )
    game = start(with_content(catalog, decks={**catalog.decks, "pockets": deck}), deck="pockets")
    assert consumable_slots(game.state, game.setup) == 3


def _as_version_5(game: Game) -> str:
    data = json.loads(save.dumps(game))
    data["version"] = 5
    return json.dumps(data)


def test_a_version_5_save_resumes_where_its_history_replays(catalog: Catalog) -> None:
    game = start(catalog)
    game.apply(SelectBlind())
    game.apply(Play((0, 1)))
    assert save.loads(_as_version_5(game), catalog).state.to_json() == game.state.to_json()


def test_a_version_5_save_that_does_not_replay_says_the_rules_changed(catalog: Catalog) -> None:
    game = start(catalog)
    game.apply(SelectBlind())
    game.apply(Play((0, 1)))
    data = json.loads(_as_version_5(game))
    data["run"]["state"]["money"] += 1  # as if version 5's rules had paid otherwise
    data["checksum"] = save.checksum(data["run"])
    with pytest.raises(SaveError, match=r"the save is format version 5 \(since version 6 a round follows"):
        save.loads(json.dumps(data), catalog)


def test_a_hand_for_the_run_waits_for_the_next_round(catalog: Catalog) -> None:
    more = Effect("add_hands", 1, args=(("for", "run"),))
    game = start(with_content(catalog, charm("grows", Ability("round_start", (more,)))), "grows")
    game.apply(SelectBlind())
    assert game.state.hands == 5 and game.state.round is not None and game.state.round.hands_left == 4


def test_cash_out_pays_for_the_hands_left_when_the_round_ended(catalog: Catalog) -> None:
    gone = charm(
        "spare_once", Ability("end_of_round", (Effect("destroy_self"),)), modifiers=(("hands", "add", 1),)
    )
    game = start(with_content(catalog, gone), "spare_once")
    game.apply(SelectBlind())
    assert game.state.round is not None
    game.state.round.requirement = 1
    [reward] = [e.note for e in game.apply(Play((0,))) if e.kind == "reward"]
    assert reward == "$3 + $4 hands + $0 interest"  # five hands, one played: it left after the round ended


def test_a_disabled_boss_no_longer_caps_the_interest(catalog: Catalog) -> None:
    stingy = BossDef("stingy", modifiers=(mod("interest_cap", "set", 0, "boss", "stingy"),))
    game = start(with_content(catalog, bosses={**catalog.bosses, "stingy": stingy}), "bribe")
    r = at_boss(game, "stingy")
    r.requirement, game.state.money = 1, 30
    [reward] = [e.note for e in game.apply(Play((0,))) if e.kind == "reward"]
    assert reward.endswith("$5 interest")


def test_a_round_long_modifier_of_a_charm_that_left_stays_where_it_stood(catalog: Catalog) -> None:
    seven = charm(
        "seven_then_go",
        Ability("round_start", (modify("hand_size", "set", 7, "round"),)),
        Ability("hand", (Effect("destroy_self"),)),
    )
    cat = with_content(
        catalog,
        seven,
        charm("nine", modifiers=(("hand_size", "set", 9),)),
        charm("six", modifiers=(("hand_size", "set", 6),)),
    )
    game = start(cat, "nine", "seven_then_go", "six")
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None and r.hand_size == 6
    r.requirement = 10**9
    game.apply(Play((0,)))
    assert [c.id for c in game.state.charms] == ["nine", "six"]
    assert r.hand_size == 6  # its 7 lasts the round, between nine and six: six's set still wins


def test_a_requirement_lowered_between_hands_wins_the_round_at_once(catalog: Catalog) -> None:
    payoff = charm("payoff", Ability("discard", (Effect("disable_boss"),)))
    game = start(with_content(catalog, payoff), "payoff")
    r = at_boss(game, "wall")
    r.score = 2000  # short of the wall's 3200, past the blind's own 1600
    kinds = [e.kind for e in game.apply(Discard((0,)))]
    assert "boss_disabled" in kinds and "beaten" in kinds and game.state.phase == "shop"


def test_a_run_counts_a_played_hands_size_as_its_scorer_does(catalog: Catalog) -> None:
    half = DifficultyDef("half", 6, (mod("max_played", "times", 0.5, "difficulty", "half"),))
    cat = with_content(
        catalog,
        charm("one_more", modifiers=(("max_played", "add", 1),)),
        difficulties={**catalog.difficulties, "half": half},
    )
    game = start(cat, "one_more", difficulty=6)
    game.apply(SelectBlind())
    # The difficulty folds into the base, as the run's own values do: 5 x 0.5 = 2.5, 3 by rounding half
    # up, then the charm's +1; not (5 + 1) x 0.5.
    assert game.legal(Play((0, 1, 2, 3, 4))) == "play 1 to 4 cards, not 5"
    assert game.legal(Play((0, 1, 2, 3))) is None
    assert game.legal(Discard((0, 1, 2, 3, 4))) is None  # a discard throws up to five whatever a hand holds
    assert next(e.kind for e in game.apply(Play((0, 1, 2, 3)))) == "score"  # and its scorer takes all four
    assert not game.history[-1].score.refused


def test_a_hands_size_is_checked_as_its_scorer_counts_it(catalog: Catalog) -> None:
    """The check opens no scoring context where nothing in play changes the limit: it still finds what
    scoring finds, with content that names ``max_played`` in play or not."""
    cat = with_content(catalog, charm("six_cards", modifiers=(("max_played", "add", 1),)))
    six = Situation(cat.cards("AS AH AD AC KS KH"), charms=(CharmSlot("six_cards"),))
    check_hand_size(six, cat)  # the charm in play lets six be played
    assert score(six, cat).hand_type == "four_of_a_kind"
    refused = [
        (replace(six, charms=()), "1 to 5 cards, not 6"),
        (replace(six, played=cat.cards("AS AH AD AC KS KH QS")), "1 to 6 cards, not 7"),
        (replace(six, played=()), "1 to 5 cards, not 0"),
    ]
    for situation, message in refused:
        for check in (check_hand_size, score):
            with pytest.raises(HandSizeError, match=message):
                check(situation, cat)


def test_a_version_5_history_that_is_no_longer_legal_says_the_rules_changed(catalog: Catalog) -> None:
    game = start(catalog)
    game.apply(SelectBlind())
    data = json.loads(_as_version_5(game))
    data["run"]["history"].append({"action": "select_blind"})  # as if version 5 had ended the round otherwise
    data["checksum"] = save.checksum(data["run"])
    with pytest.raises(
        SaveError, match=r"run\.history\[1\]: .*: the save is format version 5 \(since version 6"
    ):
        save.loads(json.dumps(data), catalog)


def test_a_hand_that_disables_the_needle_is_not_the_final_hand(catalog: Catalog) -> None:
    game = start(catalog, "bribe", "last_hand_x3")
    r = at_boss(game, "needle")
    assert r.hands_left == 1
    r.requirement = 10**9
    game.apply(Play((0,)))
    result = game.history[-1].score
    assert result is not None and "last_hand_x3" not in {e.source for e in result.events}
    assert game.state.phase == "round" and r.hands_left == 3  # the run's four, one played
    alone = score(
        Situation(
            played=catalog.cards("AS AH"),
            boss="needle",
            charms=(CharmSlot("bribe"), CharmSlot("last_hand_x3")),
        ),
        catalog,
    )
    assert alone.total == 64  # hands left 0 by the needle's rule, 3 once bribe disables it: not tripled


def test_a_scenario_gets_back_what_a_disabled_boss_took_as_its_run_would(catalog: Catalog) -> None:
    def total(deck: str) -> float:
        data = {"played": "AS", "boss": "water", "deck": deck, "charms": ["bribe", "discards_points"]}
        return score(plain_situation(data, catalog), catalog).total

    # water sets discards to 0; disabled, the red deck's run has 4 per round (+1), the standard 3
    assert (total("standard"), total("red")) == (16 + 30 * 3, 16 + 30 * 4)
    game = start(catalog, "bribe", "discards_points", deck="red")
    r = at_boss(game, "water")
    r.requirement, r.hand[0] = 10**9, catalog.cards("AS")[0]
    game.apply(Play((0,)))
    assert game.history[-1].score is not None and game.history[-1].score.total == total("red")


def test_playtests_scenario_of_a_run_that_grew_its_discards_gets_back_what_the_run_does(
    catalog: Catalog,
) -> None:
    from studio.app.playtest_situation import preview_state  # Qt-free: the Playtest's "to preview"

    game = start(catalog, "bribe", "discards_points")
    game.state.discards += 1  # a discard added "for the run" (merit_badge) in an earlier round
    r = at_boss(game, "water")
    r.requirement, r.hand[0] = 10**9, catalog.cards("AS")[0]
    data = preview_state(game, [0])
    assert (data["hands_per_round"], data["discards_per_round"]) == (4, 4)
    previewed = score(plain_situation(data, catalog), catalog).total
    assert previewed == 16 + 30 * 4  # water's 0 discards given back: the run's 4, not the table's 3
    game.apply(Play((0,)))
    assert game.history[-1].score is not None and game.history[-1].score.total == previewed
    fresh = start(catalog)
    fresh.apply(SelectBlind())
    assert "hands_per_round" not in preview_state(fresh, [0])  # a run as it started: as scenarios default
