"""Sources in order (RULES.md section 6): a modifier an effect adds stands in its source's place, and a
charm destroyed in a step has left the row for the steps after it."""

from __future__ import annotations

from dataclasses import replace

from studio.engine.bosses import BossDef
from studio.engine.catalog import Catalog
from studio.engine.charms import Ability, CharmDef, CharmSlot
from studio.engine.describe import describe_ability
from studio.engine.effects import Effect, Scaling
from studio.engine.rng import RngState
from studio.engine.run.actions import SelectBlind
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.scoring import Situation, score
from studio.engine.trace import ScoreResult
from studio.engine.values import Modifier


def modify(value: str, op: str, amount: float, lasting: str) -> Effect:
    return Effect("modify", amount, args=(("for", lasting), ("op", op), ("value", value)))


def charm(charm_id: str, *abilities: Ability, modifiers: tuple[Modifier, ...] = ()) -> CharmDef:
    own = tuple(m._replace(source=(charm_id, "charm", -1)) for m in modifiers)
    return CharmDef(charm_id, abilities=abilities, modifiers=own)


def mult(charm_id: str, amount: float) -> CharmDef:
    return charm(charm_id, Ability("hand", (Effect("mult", amount),)))


def with_content(catalog: Catalog, *charms: CharmDef, boss: BossDef | None = None) -> Catalog:
    bosses = {**catalog.bosses, boss.id: boss} if boss is not None else catalog.bosses
    return replace(catalog, charms={**catalog.charms, **{c.id: c for c in charms}}, bosses=bosses, memo={})


def pair(catalog: Catalog, *charms: str, boss: str | None = None) -> float:
    """Score A-A (10 + 11 + 11 Points, Mult 2 before any charm) with ``charms``."""
    situation = Situation(played=catalog.cards("AS AH"), charms=tuple(map(CharmSlot, charms)), boss=boss)
    return score(situation, catalog).total


SET_10 = charm("set_10", Ability("before", (modify("base_mult", "set", 10, "hand"),)))
SET_5 = charm("set_5", modifiers=(Modifier("base_mult", "set", 5),))


def test_a_set_for_the_hand_stands_in_its_charms_place(catalog: Catalog) -> None:
    cat = with_content(catalog, SET_10, SET_5)
    assert pair(cat, "set_10") == 32 * 10
    assert pair(cat, "set_10", "set_5") == 32 * 5  # the later charm's own set wins
    assert pair(cat, "set_5", "set_10") == 32 * 10
    boss = BossDef("one_mult", modifiers=(Modifier("base_mult", "set", 1, source=("one_mult", "boss", -1)),))
    assert pair(with_content(cat, boss=boss), "set_10", boss="one_mult") == 32  # the boss comes last


def test_a_set_for_the_round_stands_in_its_charms_place(catalog: Catalog) -> None:
    seven = charm("seven_hands", Ability("round_start", (modify("hands", "set", 7, "round"),)))
    three = charm("three_hands", modifiers=(Modifier("hands", "set", 3),))
    cat = with_content(catalog, seven, three)
    for row, hands in ((("seven_hands", "three_hands"), 3), (("three_hands", "seven_hands"), 7)):
        game = Game.start(RunSetup.from_catalog(cat, seed=1, charms=row))
        game.apply(SelectBlind())
        assert game.state.round is not None and game.state.round.hands_left == hands, row


def test_a_charm_destroyed_before_scoring_is_out_of_the_row_for_the_rest_of_the_hand(
    catalog: Catalog,
) -> None:
    knife = charm("knife", Ability("before", (Effect("destroy_charm", args=(("target", "right"),)),)))
    per_charm = charm("per_charm", Ability("hand", (Effect("mult", 10, scaling=Scaling("charms", 1)),)))
    cat = with_content(catalog, knife, per_charm, SET_5, mult("m4", 4))
    assert pair(cat, "knife", "m4", "per_charm") == 32 * (2 + 20)  # two charms left in the row
    assert pair(cat, "knife", "set_5") == 32 * 2  # its modifiers stop with it


def test_a_rule_destroyed_before_scoring_stops_for_the_cards_scored_after_it(catalog: Catalog) -> None:
    knife = charm("knife", Ability("before", (Effect("destroy_charm", args=(("target", "right"),)),)))
    cat = with_content(catalog, knife)
    assert pair(cat, "pareidolia", "face_points") == (32 + 30 + 30) * 2  # every Ace a face card
    assert pair(cat, "knife", "pareidolia", "face_points") == 32 * 2  # not once pareidolia has left


def test_a_charm_the_boss_destroys_in_its_step_is_out_of_the_row_before_the_charms_act(
    catalog: Catalog,
) -> None:
    knife = BossDef(
        "knife", abilities=(Ability("before", (Effect("destroy_charm", args=(("charm", "warm_up"),)),)),)
    )
    cat = with_content(catalog, boss=knife)
    assert pair(cat, "warm_up", boss="knife") == 32 * 2  # step 1 destroyed it: no +3 base Mult in step 2


def test_a_copier_copies_past_a_charm_that_left_the_row(catalog: Catalog) -> None:
    assassin = charm("assassin", Ability("before", (Effect("destroy_charm", args=(("charm", "m4"),)),)))
    cat = with_content(catalog, assassin, mult("m4", 4), mult("m7", 7))
    assert pair(cat, "mimic", "m4", "m7", "assassin") == 32 * (2 + 7 + 7)


def test_a_left_copier_copies_the_nearest_charm_to_its_left_still_in_the_row(catalog: Catalog) -> None:
    left = charm("left", Ability("hand", (Effect("copy_charm", args=(("target", "left"),)),)))
    assassin = charm("assassin", Ability("before", (Effect("destroy_charm", args=(("charm", "m7"),)),)))
    cat = with_content(catalog, left, assassin, mult("m4", 4), mult("m7", 7))
    assert pair(cat, "m4", "m7", "left") == 32 * (2 + 4 + 7 + 7)
    assert pair(cat, "assassin", "m4", "m7", "left") == 32 * (2 + 4 + 4)  # m7 left the row: m4's turn
    assert pair(cat, "left", "m4") == 32 * (2 + 4)  # nothing to its left: it copies nothing
    assert pair(cat, "m4", "mimic", "left") == 32 * (2 + 4)  # each copies the other: a loop copies nothing
    assert describe_ability(left.abilities[0], {}) == "Use the abilities of the charm to its left"


def test_a_neighbour_is_the_next_charm_still_in_the_row(catalog: Catalog) -> None:
    first = charm("first", Ability("before", (Effect("destroy_charm", args=(("target", "right"),)),)))
    last = charm("last", Ability("hand", (Effect("destroy_charm", args=(("target", "left"),)),)))
    cat = with_content(catalog, first, last, mult("m4", 4))
    row = tuple(map(CharmSlot, ("first", "m4", "last")))
    result = score(Situation(played=cat.cards("AS AH"), charms=row), cat)
    assert result.after is not None and result.after.charms == [1, 0]


def cudgel(catalog: Catalog, played: str, held: str, *charms: str) -> ScoreResult:
    """Score ``played`` holding ``held`` with ``charms`` under the Cudgel (clubs debuffed)."""
    row = tuple(map(CharmSlot, charms))
    cards = Situation(played=catalog.cards(played), held=catalog.cards(held), charms=row, boss="club_debuff")
    return score(cards, catalog)


def test_a_boss_disabled_before_scoring_lifts_its_debuff_for_the_steps_after_it(catalog: Catalog) -> None:
    assert cudgel(catalog, "KC KS", "QC:steel", "chalkboard").total == 20 * 2  # KC, QC: nothing, no suit
    lifted = cudgel(catalog, "KC KS", "QC:steel", "bribe", "chalkboard")
    assert lifted.total == 30 * 2 * 1.5 * 3  # KC scores, QC is steel and a club for the chalkboard
    assert all(e.what != "debuffed" for e in lifted.events)


def test_a_boss_disabled_keeps_the_hand_type_and_scoring_cards_as_played(catalog: Catalog) -> None:
    # The debuffed wild club is no heart, so no flush: the boss step saw a high card of KC alone.
    result = cudgel(catalog, "KC:wild 2H 5H 7H 9H", "", "bribe")
    assert (result.hand_type, result.scoring) == ("high_card", ("KC:wild",))
    assert result.total == 5 + 10  # KC scores its 10


def test_a_boss_disabled_mid_step_lifts_its_debuff_from_the_next_step(catalog: Catalog) -> None:
    payoff = charm("payoff", Ability("scored_card", (Effect("disable_boss"),)))
    result = cudgel(with_content(catalog, payoff), "KS KC", "QC:steel", "payoff")
    assert [e.source for e in result.events if e.what == "debuffed"] == ["KC"]  # still, in the same step
    assert result.total == 20 * 2 * 1.5  # the held QC is steel again in the next


def test_a_glass_card_debuffed_when_it_scored_never_breaks_once_the_boss_is_disabled(
    catalog: Catalog,
) -> None:
    payoff = charm("payoff", Ability("scored_card", (Effect("disable_boss"),)))
    cat = with_content(catalog, payoff)
    row = (CharmSlot("payoff"),)
    for seed in range(20):  # 1 in 4 each: a card that could break would by now
        cards = Situation(played=cat.cards("KS KC:glass"), charms=row, boss="club_debuff", rng=RngState(seed))
        assert score(cards, cat).broken == ()  # KC gave nothing: disabled only after it was seen


def test_a_copy_that_destroys_itself_destroys_the_copier_not_the_copied(catalog: Catalog) -> None:
    """The copy acts in the copier's place (RULES.md section 6): a copier of a charm that burns out burns
    out with it, and the copied charm goes only by its own ability (a copied lucky_bones is no free save)."""
    final = Situation(
        played=catalog.cards("AS AH"), charms=(CharmSlot("mimic"), CharmSlot("fuse")), hands_left=0
    )
    assert score(final, catalog).after is not None
    assert score(final, catalog).after.charms == [0, 1]  # type: ignore[union-attr]
    alone = replace(final, charms=(CharmSlot("mimic"), CharmSlot("plain_mult"), CharmSlot("fuse")))
    assert score(alone, catalog).after.charms == [2]  # type: ignore[union-attr]  # mimic copies plain_mult
