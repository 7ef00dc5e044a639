"""What a hand leaves behind takes effect after it, in a real run (RULES.md section 6)."""

from __future__ import annotations

from dataclasses import replace

from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.describe import describe_ability
from studio.engine.effects import Effect
from studio.engine.run.actions import Play, SelectBlind
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import Round, RunState


def at_round(
    catalog: Catalog, charms: list[CharmSlot], hand: str, boss: str | None = None
) -> tuple[Game, Round]:
    """A run at the first small blind (or an ante-2 boss blind) with ``charms`` and ``hand`` dealt."""
    game = Game.start(RunSetup.from_catalog(catalog, seed=5))
    if boss is not None:
        game.state.ante, game.state.blind, game.state.boss = 2, 2, boss
    game.state.charms = list(charms)
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None
    r.draw_pile += r.hand
    r.hand = list(catalog.cards(hand))
    return game, r


def kinds(game: Game) -> list[str]:
    return [e.kind for e in game.history[-1].events]


def test_a_destroyed_card_leaves_the_deck_after_the_hand(catalog: Catalog) -> None:
    game, _ = at_round(catalog, [CharmSlot("trash_compactor")], "2S 2H 9C KD")
    deck_twos = sum(1 for c in game.state.deck if c.rank == 2)
    game.apply(Play((0, 1)))
    assert sum(1 for c in game.state.deck if c.rank == 2) == deck_twos - 2
    assert kinds(game).count("card_destroyed") == 2


def test_an_edited_card_is_changed_in_the_deck_and_scores_changed_next_time(catalog: Catalog) -> None:
    game, _ = at_round(catalog, [CharmSlot("hiker")], "KS KH 4C 9D")
    game.apply(Play((0, 1)))
    tokens = [str(c) for c in game.state.deck]
    assert "KS:+5" in tokens and "KH:+5" in tokens and "KS" not in tokens
    assert game.history[-1].score is not None and game.history[-1].score.total == 60  # unchanged this hand


def test_an_edit_that_removes_an_upgrade_leaves_the_card_plain_in_the_deck(catalog: Catalog) -> None:
    hiker = catalog.charms["hiker"]
    strip = replace(hiker.abilities[0], effects=(Effect("edit_card", args=(("remove", "upgrade"),)),))
    cat = replace(
        catalog,
        charms={**catalog.charms, "stripper": replace(hiker, id="stripper", abilities=(strip,))},
        memo={},
    )
    game, _ = at_round(cat, [CharmSlot("stripper")], "KS:bonus KH:mult:foil 4C 9D")
    upgraded = {"KS": "KS:bonus", "KH": "KH:mult:foil"}  # the deck holds the cards dealt as dealt
    game.state.deck = [cat.cards(upgraded.get(str(c), str(c)))[0] for c in game.state.deck]
    game.apply(Play((0, 1)))
    tokens = [str(c) for c in game.state.deck]
    assert "KS" in tokens and "KH:foil" in tokens and not {"KS:bonus", "KH:mult:foil"} & set(tokens)
    assert describe_ability(strip, {}) == "Remove the card's upgrade for good for each scored card"


def test_an_edited_held_card_changes_in_the_hand_too(catalog: Catalog) -> None:
    slot = CharmSlot("king_held_x")
    game, r = at_round(catalog, [slot, CharmSlot("midas")], "QS QH KD 4C")
    game.apply(Play((0, 1)))
    assert [str(c) for c in r.hand if c.rank == 12] == []
    assert sum(1 for c in game.state.deck if str(c) in ("QS:gold", "QH:gold")) == 2


def test_a_charm_that_destroys_itself_leaves_the_row(catalog: Catalog) -> None:
    game, r = at_round(catalog, [CharmSlot("plain_mult"), CharmSlot("fuse")], "AS AH 4C 9D")
    r.hands_left = 1
    r.requirement = 10**9
    game.apply(Play((0, 1)))
    assert [c.id for c in game.state.charms] == ["plain_mult"]
    assert "charm_destroyed" in kinds(game)


def test_a_copied_card_joins_the_hand_and_the_deck(catalog: Catalog) -> None:
    game, r = at_round(catalog, [CharmSlot("cloner")], "KD 4C 9S")
    size = len(game.state.deck)
    r.requirement = 10**9
    game.apply(Play((0,)))
    assert len(game.state.deck) == size + 1
    assert any(str(c) == "KD" for c in r.hand)


def test_a_disabled_boss_stops_for_the_rest_of_the_round(catalog: Catalog) -> None:
    game, r = at_round(catalog, [CharmSlot("bribe")], "KS KH 4C 4D 9S 2H 3H 5C", boss="psychic")
    r.requirement = 10**9
    game.apply(Play((0, 1)))  # refused in the boss step: the bribe never got to act
    assert game.history[-1].score is not None and game.history[-1].score.refused
    assert r.boss == "psychic"
    game.apply(Play((0, 1, 2, 3, 4)))  # five cards score, and the bribe disables the boss
    assert r.boss is None
    game.apply(Play((0, 1)))  # the psychic no longer refuses two cards
    assert game.history[-1].score is not None and not game.history[-1].score.refused


def test_round_variables_change_at_the_end_of_the_round_each_from_its_charms_own_stream(
    catalog: Catalog,
) -> None:
    def ended(charms: list[CharmSlot]) -> Game:
        game, r = at_round(catalog, charms, "AS")
        assert all(not c.vars for c in game.state.charms)  # the first round plays the start values
        r.requirement = 1
        game.apply(Play((0,)))
        names = kinds(game)
        assert (
            names.index("beaten") < names.index("var") < names.index("reward")
        )  # end of round, then cash out
        return game

    one = ended([CharmSlot("idol"), CharmSlot("wish_list")])
    two = ended([CharmSlot("plain_mult"), CharmSlot("idol"), CharmSlot("wish_list")])
    drawn = [dict(c.vars) for c in one.state.charms]
    assert drawn == [dict(c.vars) for c in two.state.charms][1:]  # another charm shifts no draw
    assert drawn[0]["rank"] in range(2, 15) and drawn[1]["wish"] in (
        "pair",
        "two_pair",
        "three_of_a_kind",
        "straight",
        "flush",
    )


def test_variables_and_round_modifiers_survive_save_and_resume(catalog: Catalog) -> None:
    game, r = at_round(catalog, [CharmSlot("snowball", vars=(("size", 4),))], "7S 7H 7D 2C")
    r.requirement = 10**9
    game.apply(Play((0, 1, 2)))
    assert dict(game.state.charms[0].vars) == {"size": 6}
    saved = game.state.to_json()
    again = RunState.from_json(saved, lambda t: catalog.cards(t)[0])
    assert again.to_json() == saved and dict(again.charms[0].vars) == {"size": 6}


def test_the_first_hand_is_the_first_played_even_when_refused(catalog: Catalog) -> None:
    game, r = at_round(catalog, [CharmSlot("warm_up")], "KS KH 4C 4D 9S 2H 3H 5C", boss="psychic")
    r.requirement = 10**9
    game.apply(Play((0, 1)))  # refused, but played: the round's first hand
    game.apply(Play((0, 1, 2, 3, 4)))
    score = game.history[-1].score
    assert score is not None and not score.refused
    assert all(e.source != "warm_up" for e in score.events)


def _with_charms(catalog: Catalog) -> Catalog:
    """The catalog with a charm that makes every chance certain (glass always breaks) and one that counts
    the cards destroyed."""
    from dataclasses import replace

    from studio.engine.charms import Ability, CharmDef
    from studio.engine.effects import Effect
    from studio.engine.values import Modifier

    certain = CharmDef("certain", modifiers=(Modifier("chances", "times", 4.0),))
    counting = CharmDef("counting", abilities=(Ability("card_destroyed", (Effect("grow", 1),)),))
    return replace(catalog, charms={**catalog.charms, "certain": certain, "counting": counting}, memo={})


def test_cards_destroyed_and_broken_leave_in_card_order(catalog: Catalog) -> None:
    charms = [CharmSlot("certain"), CharmSlot("trash_compactor"), CharmSlot("counting")]
    game, _ = at_round(_with_charms(catalog), charms, "2S KS:glass 2H KH:glass")
    game.apply(Play((0, 1, 2, 3)))
    leaving = [(e.kind, e.subject) for e in game.history[-1].events if e.kind in ("broken", "card_destroyed")]
    assert leaving == [
        ("card_destroyed", "2S"),
        ("broken", "KS:glass"),
        ("card_destroyed", "2H"),
        ("broken", "KH:glass"),
    ]
    (fired,) = [e for e in game.history[-1].events if e.kind == "trigger" and e.subject == "card_destroyed"]
    assert fired.amount == 4 and game.state.charms[2].counter == 4


def test_a_glass_card_destroyed_as_well_leaves_once_and_its_twin_stays(catalog: Catalog) -> None:
    charms = [CharmSlot("certain"), CharmSlot("trash_compactor"), CharmSlot("counting")]
    game, r = at_round(_with_charms(catalog), charms, "2S:glass 9C")
    twin = catalog.cards("2S:glass")[0]
    game.state.deck += [r.hand[0], twin]
    r.draw_pile.insert(0, twin)
    game.apply(Play((0,)))
    leaving = [e.kind for e in game.history[-1].events if e.kind in ("broken", "card_destroyed")]
    assert leaving == ["card_destroyed"]  # destroyed by the charm; that it broke too changes nothing
    assert sum(1 for c in game.state.deck if str(c) == "2S:glass") == 1
    assert game.state.charms[2].counter == 1
