"""Condition kinds on the round's history of hand types (what bosses such as The Eye refuse)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from studio.engine.kinds.phrases import yes_no
from studio.engine.kinds.registry import CONDITIONS, Check, ConditionKind

if TYPE_CHECKING:
    from studio.engine.inplay import ActiveCharm, CardView
    from studio.engine.scoring.context import ScoringContext


def _type_played(played: bool) -> Check:
    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        evaluation = ctx.evaluation
        return evaluation is not None and (evaluation.hand_type.id in ctx.types_played) == played

    return check


def _first_type(first: bool) -> Check:
    """True on the round's first hand too: its type is the first type."""

    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        evaluation = ctx.evaluation
        if evaluation is None:
            return False
        same = not ctx.types_played or evaluation.hand_type.id == ctx.types_played[0]
        return same == first

    return check


CONDITIONS.add(
    ConditionKind(
        "type_played",
        _type_played,
        clause=yes_no(
            "if the played hand type was already played this round",
            "if the played hand type was not played yet this round",
        ),
    ),
    builtin=True,
)
CONDITIONS.add(
    ConditionKind(
        "first_type",
        _first_type,
        clause=yes_no(
            "if the played hand type is the round's first",
            "if the played hand type is not the round's first",
        ),
    ),
    builtin=True,
)
