"""Condition kinds on what a run event is about: the charm bought or sold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from studio.engine.kinds.registry import CONDITIONS, Check, ConditionKind

if TYPE_CHECKING:
    from studio.engine.inplay import ActiveCharm, CardView
    from studio.engine.scoring.context import ScoringContext


def _this_charm(this: bool) -> Check:
    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        return (charm is not None and charm.slot == ctx.situation.subject) == this

    return check


def _lead(this: bool, lead: str) -> str:
    """ "When a charm is sold" reads "When this charm is sold" (or "When another charm is sold")."""
    return lead.replace("a charm", "this charm" if this else "another charm")


CONDITIONS.add(
    ConditionKind(
        "this_charm",
        _this_charm,
        about="round",
        lead=_lead,
        triggers=frozenset({"bought", "sold"}),
        asks="the charm bought or sold",
    ),
    builtin=True,
)
