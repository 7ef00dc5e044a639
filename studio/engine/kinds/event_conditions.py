"""Condition kinds on what a run event is about: the charm bought or sold, the consumable used."""

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


def _family(families: tuple[str, ...]) -> Check:
    wanted = frozenset(families)

    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        return ctx.situation.used_family in wanted

    return check


def _family_lead(families: tuple[str, ...], lead: str) -> str:
    """ "When a consumable is used" reads "When a level or rare consumable is used"."""
    named = " or ".join(families)
    return lead.replace("a consumable", f"{'an' if named[:1] in 'aeiou' else 'a'} {named} consumable")


CONDITIONS.add(
    ConditionKind(
        "family",
        _family,
        about="round",
        lead=_family_lead,
        triggers=frozenset({"consumable_used"}),
        asks="the consumable used",
    ),
    builtin=True,
)
