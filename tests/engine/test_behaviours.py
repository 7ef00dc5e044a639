"""Code charms are fenced: they add effects through a narrow API, and a failing hook is a typed error."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from studio.engine.behaviour import BehaviourError
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmDef, CharmSlot
from studio.engine.scoring import Situation, score
from studio.engine.scoring.rounds import discard, end_of_round
from studio.plugins.loader import load_plugins


def _with_plugin(catalog: Catalog, tmp_path: Path, source: str) -> tuple[Catalog, Path]:
    """Write a real plugin file, load it with the real loader, add a charm that uses it."""
    path = tmp_path / "plugins" / "mischief.py"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source, encoding="utf-8")
    found, problems = load_plugins([(str(path), source)])
    assert problems == []
    behaviour = found["mischief"]
    charm = CharmDef("mischief", behaviour_id="mischief", behaviour=behaviour, description="test")
    return dataclasses.replace(catalog, charms={**catalog.charms, "mischief": charm}, memo={}), path


def _score(catalog: Catalog, played: str = "AS AH", held: str = "", *charms: str) -> object:
    slots = tuple(CharmSlot(c) for c in ("plain_mult", "mischief", *charms))
    return score(Situation(catalog.cards(played), catalog.cards(held), slots), catalog)


CHEAT = """\
from studio.plugins import Behaviour


class Mischief(Behaviour):
    id = "mischief"

    def hand(self, ctx, charm):
        ctx.points += 1000
"""


def test_a_plugin_cannot_change_the_total_behind_the_trace(catalog: Catalog, tmp_path: Path) -> None:
    cat, path = _with_plugin(catalog, tmp_path, CHEAT)
    with pytest.raises(BehaviourError) as caught:
        _score(cat)
    err = caught.value
    assert (err.charm, err.slot, err.behaviour, err.hook) == ("mischief", 1, "mischief", "hand")
    assert err.message.startswith("AttributeError")
    assert (err.file, err.line) == (str(path), 8)
    assert isinstance(err, ValueError) and isinstance(err.__cause__, AttributeError)
    assert str(err).startswith(f"charm 'mischief': behaviour 'mischief' failed in hand ({path}:8): ")


@pytest.mark.parametrize(
    ("hook", "body", "message"),
    [
        ("scored_card", "1 / 0", "ZeroDivisionError: division by zero"),
        ("scored_card", "ctx.money = 99", "AttributeError: a charm cannot set 'money'"),
        ("scored_card", "ctx.add_mult(4, 'plain_mult')", "TypeError: an effect's source must be the charm"),
        ("held_card", "ctx.scoring[0].__setattr__('debuffed', True)", "FrozenInstanceError"),
        ("before", "charm.slot = 0", "AttributeError"),
        ("hand", "ctx.add_xmult(float('nan'), charm)", "ValueError: add_xmult: the amount is not a number"),
        ("hand", "ctx.add_mult('4', charm)", "TypeError: add_mult: the amount must be a number, not str"),
        ("hand", "ctx.add_points(float('inf'), charm)", "ValueError: add_points: the amount must be a whole"),
        (
            "hand",
            "ctx.add_points(1.5, charm)",
            "ValueError: add_points: the amount must be a whole number, not 1.5",
        ),
        (
            "hand",
            "ctx.add_money(-0.5, charm)",
            "ValueError: add_money: the amount must be a whole number, not -0.5",
        ),
        (
            "hand",
            "ctx.value('mony', charm)",
            "UnknownIdError: unknown value kind 'mony' (did you mean 'money'?)",
        ),
        ("hand", "ctx.contains('pari')", "UnknownIdError: unknown hand type 'pari' (did you mean 'pair'?)"),
        (
            "hand",
            "ctx.effect('points', 1.5, charm)",
            "ValueError: points: the amount must be a whole number, not 1.5",
        ),
        (
            "hand",
            "ctx.effect('money', -0.5, charm)",
            "ValueError: money: the amount must be a whole number, not -0.5",
        ),
        (
            "hand",
            "ctx.level_up('pair', charm, 1.5)",
            "ValueError: level_up: the amount must be a whole number, not 1.5",
        ),
        ("hand", "ctx.grow(charm, 0.5)", "ValueError: grow: the amount must be a whole number, not 0.5"),
    ],
)
def test_an_exception_in_any_hook_becomes_a_behaviour_error(
    catalog: Catalog, tmp_path: Path, hook: str, body: str, message: str
) -> None:
    args = "ctx, charm" if hook in ("before", "hand") else "ctx, charm, card"
    source = CHEAT.replace("def hand(self, ctx, charm):", f"def {hook}(self, {args}):").replace(
        "ctx.points += 1000", body
    )
    cat, _ = _with_plugin(catalog, tmp_path, source)
    with pytest.raises(BehaviourError) as caught:
        _score(cat, held="5D")
    assert caught.value.hook == hook
    assert caught.value.message.startswith(message)


@pytest.mark.parametrize("body", ["ctx._ctx.points += 1000", "ctx._ctx.mult *= 3", "ctx._ctx.money = 99"])
def test_a_hook_that_reaches_past_its_context_to_change_the_score_fails(
    catalog: Catalog, tmp_path: Path, body: str
) -> None:
    cat, _ = _with_plugin(catalog, tmp_path, CHEAT.replace("ctx.points += 1000", body))
    with pytest.raises(BehaviourError, match="changed Points, Mult or money without an effect") as caught:
        _score(cat)
    assert caught.value.hook == "hand"


@pytest.mark.parametrize(
    "source",
    [
        "ActiveCharm(slot=0, id='plain_mult', edition=None)",  # another charm of the row
        "ActiveCharm(slot=5, id='plain_mult', edition=None)",  # a charm not in the row
        "charm._replace(slot=0)",  # its own id at another charm's slot
        "charm._replace(slot=-1)",
    ],
)
def test_an_effect_is_credited_only_to_the_charm_whose_hook_runs(
    catalog: Catalog, tmp_path: Path, source: str
) -> None:
    body = f"from studio.engine.inplay import ActiveCharm\n        ctx.add_mult(5, {source})"
    cat, _ = _with_plugin(catalog, tmp_path, CHEAT.replace("ctx.points += 1000", body))
    with pytest.raises(BehaviourError) as caught:
        _score(cat)
    assert caught.value.message.startswith(
        "ValueError: an effect's source must be the charm the hook was given"
    )


def test_a_retriggers_hook_must_return_a_whole_number(catalog: Catalog, tmp_path: Path) -> None:
    source = CHEAT.replace("def hand(self, ctx, charm):", "def retriggers(self, ctx, charm, card):").replace(
        "ctx.points += 1000", "return '2'"
    )
    cat, _ = _with_plugin(catalog, tmp_path, source)
    with pytest.raises(BehaviourError, match="returned '2', not a whole number"):
        _score(cat)


GOOD = """\
from studio.plugins import Behaviour


class Mischief(Behaviour):
    id = "mischief"

    def scored_card(self, ctx, charm, card):
        if card.rank == 14 and ctx.chance(1, 1):
            ctx.add_points(5, charm)
            ctx.grow(charm)

    def hand(self, ctx, charm):
        ctx.add_mult(ctx.counter(charm), charm)
        ctx.add_money(-1, charm)

    def discard(self, ctx, charm, card):
        ctx.add_money(1, charm)

    def end_of_round(self, ctx, charm):
        ctx.add_money(ctx.counter(charm), charm)
"""


def test_a_plugin_adds_effects_that_the_trace_shows(catalog: Catalog, tmp_path: Path) -> None:
    cat, _ = _with_plugin(catalog, tmp_path, GOOD)
    r = score(Situation(cat.cards("AS AH"), charms=(CharmSlot("mischief"),), money=3), cat)
    assert [(e.source, e.what, e.slot, e.position) for e in r.events if e.slot == 0] == [
        ("AS mischief", "points", 0, 0),
        ("AS mischief", "counter", 0, 0),
        ("AH mischief", "points", 0, 1),
        ("AH mischief", "counter", 0, 1),
        ("mischief", "mult", 0, -1),
        ("mischief", "money", 0, -1),
    ]
    assert (r.points, r.mult, r.money, r.counters) == (10 + 22 + 10, 2 + 2, 2, (2,))
    assert r.rng.counters == (("chance", 2),)


def test_discard_and_end_of_round_hooks_share_the_api(catalog: Catalog, tmp_path: Path) -> None:
    cat, _ = _with_plugin(catalog, tmp_path, GOOD)
    state = Situation(charms=(CharmSlot("mischief", counter=4),), money=1)
    assert discard(cat.cards("2S 3S"), state, cat).money == 3
    assert end_of_round(state, cat).money == 5


@pytest.mark.parametrize(
    ("hook", "body", "message"),
    [
        (
            "hand",
            "ctx.effect('level_up', 1, charm, hand_type='pari')",
            "ValueError: level_up: hand_type='pari' names no hand type (did you mean 'pair'?)",
        ),
        (
            "hand",
            "ctx.level_up('pari', charm)",
            "ValueError: level_up: hand_type='pari' names no hand type (did you mean 'pair'?)",
        ),
        (
            "scored_card",
            "ctx.effect('edit_card', 0, charm, upgrade='glas')",
            "ValueError: edit_card: upgrade='glas' names no upgrade (did you mean 'glass'?)",
        ),
        (
            "scored_card",
            "ctx.effect('edit_card', 0, charm, upgarde='glass')",
            "ValueError: edit_card: unknown setting 'upgarde' (did you mean 'upgrade'?); "
            "it takes extra_points, upgrade, edition, seal, suit, rank or remove",
        ),
        (
            "scored_card",
            "ctx.effect('edit_card', 0, charm, seal='red_seal', remove='seal')",
            "ValueError: edit_card: sets the seal it removes: keep 'seal' or 'remove'",
        ),
        (
            "scored_card",
            "ctx.effect('copy_card', 0, charm, to='dek')",
            "ValueError: copy_card: to='dek' is not deck or hand (did you mean 'deck'?)",
        ),
        (
            "hand",
            "ctx.effect('mult', 2, charm, at='cash_out')",
            "ValueError: mult: unknown setting 'at'; it takes none",
        ),
        (
            "hand",
            "ctx.points += ctx.var(charm, 'cuonter')",
            "ValueError: mischief has no variable 'cuonter' (did you mean 'counter'?); it has counter",
        ),
        (  # no variable declared: it failed deep in the scorer with a bare IndexError
            "hand",
            "ctx.effect('set_var', 3, charm, var='streak')",
            "ValueError: mischief has no variable 'streak'; it has counter",
        ),
    ],
)
def test_a_hooks_effect_settings_are_checked_as_a_data_files_are(
    catalog: Catalog, tmp_path: Path, hook: str, body: str, message: str
) -> None:
    assert _hook_fails(catalog, tmp_path, hook, body) == message


@pytest.mark.parametrize(
    ("hook", "body", "message"),
    [
        (
            "scored_card",
            "ctx.effect('edit_card', 0, charm, extra_points=0.5)",
            "ValueError: edit_card: extra_points=0.5 is not a whole number from 1 to 1000",
        ),
        (
            "scored_card",
            "ctx.effect('edit_card', 0, charm, extra_points=5000)",
            "ValueError: edit_card: extra_points=5000 is not a whole number from 1 to 1000",
        ),
        (
            "scored_card",
            "ctx.effect('edit_card', 0, charm, extra_points=-3)",
            "ValueError: edit_card: extra_points=-3 is not a whole number from 1 to 1000",
        ),
        (
            "scored_card",
            "ctx.effect('edit_card', 0, charm, extra_points='5')",
            "ValueError: edit_card: extra_points='5' is not a whole number from 1 to 1000",
        ),
        (
            "hand",
            "ctx.effect('prevent_loss', 0, charm, share=0)",
            "ValueError: prevent_loss: share=0 is not a number above 0 and at most 1",
        ),
    ],
)
def test_a_hooks_numbers_are_held_to_the_bounds_data_has(
    catalog: Catalog, tmp_path: Path, hook: str, body: str, message: str
) -> None:
    assert _hook_fails(catalog, tmp_path, hook, body) == message


@pytest.mark.parametrize(
    ("hook", "body", "message"),
    [
        (
            "scored_card",
            "ctx.effect('edit_card', 0, charm)",
            "ValueError: edit_card: takes at least one of extra_points, upgrade, edition, seal, suit, rank or remove; "
            "it was given none",
        ),
        (
            "hand",
            "ctx.effect('destroy_charm', 0, charm)",
            "ValueError: destroy_charm: takes exactly one of target or charm; it was given none",
        ),
        (
            "hand",
            "ctx.effect('create_consumable', 0, charm, consumable='ace_maker', family='changer')",
            "ValueError: create_consumable: takes at most one of consumable, family or copy; "
            "it was given consumable='ace_maker', family='changer'",
        ),
        ("hand", "ctx.effect('set_var', 3, charm)", "ValueError: set_var: missing setting 'var'"),
        (  # the engine read a missing share as 0: every loss prevented
            "hand",
            "ctx.effect('prevent_loss', 0, charm)",
            "ValueError: prevent_loss: missing setting 'share' (a number above 0 and at most 1)",
        ),
        (
            "hand",
            "ctx.effect('modify', 1, charm, op='add')",
            "ValueError: modify: missing setting 'value' (hand_size, hands, discards, charm_slots, "
            "consumable_slots, max_played, start_money, interest_per, interest_every, interest_cap, "
            "reroll_cost, free_rerolls, charm_offers, consumable_offers, pack_offers, prices, chances, "
            "base_points, base_mult, blind_factor, blind_reward, held_discarded, four_fingers, shortcut, "
            "splash, pareidolia or smeared)",
        ),
        (
            "hand",
            "ctx.effect('modify', 1, charm, value='hand_size')",
            "ValueError: modify: missing setting 'op' (set, add or times)",
        ),
    ],
)
def test_a_hooks_effect_gives_the_settings_its_kind_needs_together(
    catalog: Catalog, tmp_path: Path, hook: str, body: str, message: str
) -> None:
    assert _hook_fails(catalog, tmp_path, hook, body) == message


def _hook_fails(catalog: Catalog, tmp_path: Path, hook: str, body: str) -> str:
    """Score a hand with a charm whose ``hook`` runs ``body``; return what the hook failed with."""
    args = "ctx, charm" if hook == "hand" else "ctx, charm, card"
    source = CHEAT.replace("def hand(self, ctx, charm):", f"def {hook}(self, {args}):").replace(
        "ctx.points += 1000", body
    )
    cat, _ = _with_plugin(catalog, tmp_path, source)
    with pytest.raises(BehaviourError) as caught:
        _score(cat)
    return caught.value.message


@pytest.mark.parametrize("rank", ["'A'", "'a'", "14"])
def test_a_hooks_edit_card_takes_a_rank_as_data_writes_it(
    catalog: Catalog, tmp_path: Path, rank: str
) -> None:
    """Data turns `rank: A` into 14 before the engine sees it; a hook's rank is turned the same way."""
    source = CHEAT.replace("def hand(self, ctx, charm):", "def scored_card(self, ctx, charm, card):").replace(
        "ctx.points += 1000", f"ctx.effect('edit_card', 0, charm, rank={rank})"
    )
    cat, _ = _with_plugin(catalog, tmp_path, source)
    r = score(Situation(cat.cards("5S 5H"), charms=(CharmSlot("mischief"),)), cat)
    edits = [e.note for e in r.events if e.what == "edit_card"]
    assert edits == ["5S becomes AS after the hand", "5H becomes AH after the hand"], edits
    assert [c.becomes.rank for c in r.after.cards] == [14, 14]  # the number the engine compares, not "A"


def test_a_hooks_edit_card_refuses_a_rank_no_card_has(catalog: Catalog, tmp_path: Path) -> None:
    source = CHEAT.replace("def hand(self, ctx, charm):", "def scored_card(self, ctx, charm, card):").replace(
        "ctx.points += 1000", "ctx.effect('edit_card', 0, charm, rank='Z')"
    )
    cat, _ = _with_plugin(catalog, tmp_path, source)
    with pytest.raises(BehaviourError) as caught:
        score(Situation(cat.cards("5S 5H"), charms=(CharmSlot("mischief"),)), cat)
    assert caught.value.message == "CardError: bad rank 'Z': use 2-10, T, J, Q, K or A"


def test_a_catalog_made_without_the_content_models_checks_no_settings(
    catalog: Catalog, tmp_path: Path
) -> None:
    """A test's or a tool's catalog made by hand has no settings table: its hooks' settings pass as given."""
    body = "ctx.effect('level_up', 2, charm, hand_type='pair')"
    cat, _ = _with_plugin(catalog, tmp_path, CHEAT.replace("ctx.points += 1000", body))
    bare = dataclasses.replace(cat, effect_settings={}, memo={})
    r = score(Situation(bare.cards("AS AH"), charms=(CharmSlot("mischief"),)), bare)
    assert dict(r.levels)["pair"] == 3


def test_a_hooks_effect_with_known_settings_applies(catalog: Catalog, tmp_path: Path) -> None:
    body = "ctx.effect('level_up', 2, charm, hand_type='pair')\n        ctx.effect('money', 3, charm, at='cash_out')"
    cat, _ = _with_plugin(catalog, tmp_path, CHEAT.replace("ctx.points += 1000", body))
    r = score(Situation(cat.cards("AS AH"), charms=(CharmSlot("mischief"),)), cat)
    assert dict(r.levels)["pair"] == 3
    assert r.money == 0  # owed until the next cash out


def test_a_hook_asks_whether_the_hand_contains_a_known_hand_type(catalog: Catalog, tmp_path: Path) -> None:
    body = "if ctx.contains('pair') and not ctx.contains('flush'):\n            ctx.add_mult(3, charm)"
    cat, _ = _with_plugin(catalog, tmp_path, CHEAT.replace("ctx.points += 1000", body))
    r = score(Situation(cat.cards("AS AH"), charms=(CharmSlot("mischief"),)), cat)
    assert [(e.what, e.slot) for e in r.events if e.slot == 0] == [("mult", 0)]


def test_an_unknown_hand_type_fails_even_where_no_hand_is_played(catalog: Catalog, tmp_path: Path) -> None:
    body = "ctx.add_money(1 if ctx.contains('flsuh') else 0, charm)"
    source = CHEAT.replace("def hand(self, ctx, charm):", "def end_of_round(self, ctx, charm):")
    cat, _ = _with_plugin(catalog, tmp_path, source.replace("ctx.points += 1000", body))
    with pytest.raises(BehaviourError) as caught:
        end_of_round(Situation(charms=(CharmSlot("mischief"),)), cat)
    assert caught.value.message == "UnknownIdError: unknown hand type 'flsuh' (did you mean 'flush'?)"


def test_a_copy_of_a_charm_cannot_credit_another_copy_in_the_row(catalog: Catalog, tmp_path: Path) -> None:
    """Two copies of one charm share an id: the slot says which one acts."""
    body = "if charm.slot == 0:\n            ctx.add_mult(3, charm._replace(slot=1))"
    cat, _ = _with_plugin(catalog, tmp_path, CHEAT.replace("ctx.points += 1000", body))
    with pytest.raises(BehaviourError) as caught:
        score(Situation(cat.cards("AS AH"), charms=(CharmSlot("mischief"), CharmSlot("mischief"))), cat)
    assert (caught.value.slot, caught.value.hook) == (0, "hand")
    assert caught.value.message == (
        "ValueError: an effect's source must be the charm the hook was given ('mischief' in slot 0), "
        "not 'mischief' in slot 1"
    )


def test_a_hooks_effect_keeps_a_fraction_where_mult_may_have_one(catalog: Catalog, tmp_path: Path) -> None:
    body = "ctx.effect('points', 3.0, charm)\n        ctx.effect('mult', 0.5, charm)\n        ctx.effect('xmult', 1.5, charm)"
    cat, _ = _with_plugin(catalog, tmp_path, CHEAT.replace("ctx.points += 1000", body))
    r = score(Situation(cat.cards("AS AH"), charms=(CharmSlot("mischief"),)), cat)
    assert [(e.what, e.amount) for e in r.events if e.slot == 0] == [
        ("points", 3),
        ("mult", 0.5),
        ("xmult", 1.5),
    ]


def test_a_hooks_effect_takes_a_setting_called_charm(catalog: Catalog, tmp_path: Path) -> None:
    """destroy_charm's and create_charm's setting ``charm`` is not the hook's own charm (given by position)."""
    body = "ctx.effect('destroy_charm', 0, charm, charm='pair_mult')"
    cat, _ = _with_plugin(catalog, tmp_path, CHEAT.replace("ctx.points += 1000", body))
    r = score(Situation(cat.cards("AS AH"), charms=(CharmSlot("mischief"), CharmSlot("pair_mult"))), cat)
    assert [e.note for e in r.events if e.what == "destroy_charm"] == ["pair_mult is destroyed"]
    assert r.after.charms == [1]  # the slot of pair_mult, not of the charm whose hook ran
