"""The base class of code charms: a plugin overrides one hook at one scoring step.

Hooks receive the scoring context and call the same helpers that data charms
use (``ctx.add_xmult(1.75, charm)``), so the trace cannot tell them apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from studio.engine.context import ActiveCharm, CardView, ScoringContext

HOOKS = ("before", "scored_card", "held_card", "hand", "retriggers")


class Behaviour:
    """Override the hooks a charm needs; the others do nothing."""

    #: The name a charm's ``behaviour:`` field refers to.
    id: ClassVar[str] = ""

    def before(self, ctx: ScoringContext, charm: ActiveCharm) -> None:
        """Run in the ``before`` step."""

    def scored_card(self, ctx: ScoringContext, charm: ActiveCharm, card: CardView) -> None:
        """Run on each trigger of each scored card."""

    def held_card(self, ctx: ScoringContext, charm: ActiveCharm, card: CardView) -> None:
        """Run on each trigger of each held card."""

    def hand(self, ctx: ScoringContext, charm: ActiveCharm) -> None:
        """Run in the whole-hand step, between the charm's edition effects."""

    def retriggers(self, ctx: ScoringContext, charm: ActiveCharm, card: CardView) -> int:
        """Return how many extra times ``card`` triggers (scored or held)."""
        return 0

    @classmethod
    def overridden(cls) -> frozenset[str]:
        """Return the hooks this class overrides, so the scorer skips the rest."""
        return frozenset(h for h in HOOKS if getattr(cls, h) is not getattr(Behaviour, h))
