"""The built-in values of the run and the round around a hand: the ante, the deck, the draw pile,
the hands played this round and this run, the vouchers bought and the consumables held (the hand
size is a layered value, in run_values).

They read the context's :class:`~studio.engine.situation.Situation`, which the
run engine fills for each play, discard and end of round.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from studio.engine.conditions import compile_checks
from studio.engine.kinds.phrases import card_words
from studio.engine.kinds.registry import VALUES, ValueKind

if TYPE_CHECKING:
    from studio.engine.inplay import ActiveCharm
    from studio.engine.scoring.context import ScoringContext

#: A card filter's checks, compiled once per filter.
_filter_checks = lru_cache(maxsize=256)(compile_checks)


def _ante(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return ctx.situation.ante


def _deck_count(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    """Cards of the full deck that pass the filter, as the rules see them this hand (counted once)."""
    key = ("deck_count", arg)
    memo = ctx.hand_memo()
    count = memo.get(key)
    if count is None:
        deck = ctx.situation.full_deck
        if arg is None:
            count = len(deck)
        else:
            checks = _filter_checks(arg)
            view = ctx.view
            count = sum(1 for c in deck if all(check(ctx, view(c), charm) for check in checks))
        memo[key] = count
    return float(count)


def _draw_pile(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return ctx.situation.draw_pile


def _hands_played(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    s = ctx.situation
    return len(s.hand_types_played) if s.hands_played is None else s.hands_played


def _times_played(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    """A played hand counts itself; discarded cards are not a play."""
    evaluation = ctx.evaluation
    if evaluation is None:
        return 0
    before = ctx.situation.times_played.get(evaluation.hand_type.id, 0)
    return before if ctx.step == "discard" else before + 1


def _vouchers_owned(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return len(ctx.situation.vouchers)


def _consumables_held(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return ctx.situation.consumables


for _kind in (
    ValueKind("ante", _ante, "the ante", "for each ante reached", "for every {every} antes reached"),
    ValueKind(
        "deck_count",
        _deck_count,
        "{cards} in the full deck",
        "for each {card} in the full deck",
        "for every {every} {cards} in the full deck",
        words=card_words,
        counts_cards=True,
    ),
    ValueKind(
        "draw_pile",
        _draw_pile,
        "cards left in the draw pile",
        "for each card left in the draw pile",
        "for every {every} cards left in the draw pile",
    ),
    ValueKind(
        "hands_played",
        _hands_played,
        "hands already played this round",
        "for each hand already played this round",
        "for every {every} hands already played this round",
        compared="if {op} {n} hands were already played this round",
    ),
    ValueKind(
        "times_played",
        _times_played,
        "times played",
        "for each time this hand type has been played this run",
        "for every {every} times this hand type has been played this run",
        "hand",
        compared="if this hand type was played {op} {n} times this run",
    ),
    ValueKind(
        "vouchers_owned",
        _vouchers_owned,
        "vouchers bought",
        "for each voucher bought",
        "for every {every} vouchers bought",
        compared="if {op} {n} vouchers were bought",
    ),
    ValueKind(
        "consumables_held",
        _consumables_held,
        "consumables held",
        "for each consumable held",
        "for every {every} consumables held",
        compared="if {op} {n} consumables are held",
    ),
):
    VALUES.add(_kind, builtin=True)
