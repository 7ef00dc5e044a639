"""Abilities compiled to small functions.

Most abilities are one plain effect ("+4 Mult") behind no condition or one card
condition ("scored 2, 4, 6, 8 or 10"). Those become a direct call of the
context's helper; every other shape goes through the general
:meth:`ScoringContext.run`. The trace is the same either way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from studio.engine.conditions import ALWAYS, Conditions

if TYPE_CHECKING:
    from studio.engine.charms import Ability
    from studio.engine.context import ActiveCharm, CardView, ScoringContext

Fire = Callable[["ScoringContext", "ActiveCharm", "CardView | None"], None]
_HELPERS = {"points": "add_points", "mult": "add_mult", "xmult": "add_xmult", "money": "add_money"}


def compile_ability(ability: Ability) -> Fire:
    """Return a function that fires ``ability`` for a charm (and card) in a context."""
    effects = ability.effects
    plain = (
        len(effects) == 1
        and effects[0].kind in _HELPERS
        and effects[0].scaling is None
        and effects[0].chance is None
    )
    if not plain:
        return lambda ctx, charm, card: ctx.run(ability, charm, card)
    helper = _HELPERS[effects[0].kind]
    amount = effects[0].amount
    c = ability.conditions
    if c is ALWAYS:
        return lambda ctx, charm, card: getattr(ctx, helper)(amount, charm)
    if c == Conditions(ranks=c.ranks):
        ranks = c.ranks

        def on_ranks(ctx: ScoringContext, charm: ActiveCharm, card: CardView | None) -> None:
            if card is not None and card.rank in ranks:  # type: ignore[operator]
                getattr(ctx, helper)(amount, charm)

        return on_ranks
    if c == Conditions(suits=c.suits):
        suits = c.suits

        def on_suits(ctx: ScoringContext, charm: ActiveCharm, card: CardView | None) -> None:
            if card is not None and card.cond_suits & suits:  # type: ignore[operator]
                getattr(ctx, helper)(amount, charm)

        return on_suits
    return lambda ctx, charm, card: ctx.run(ability, charm, card)
