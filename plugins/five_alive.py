"""five_alive: x1.75 Mult when five cards score (a code charm of the base game)."""

from studio.engine.hooks import CharmContext
from studio.engine.inplay import ActiveCharm
from studio.plugins import Behaviour


class FiveAlive(Behaviour):
    """Multiply Mult by 1.75 in the whole-hand step if exactly five cards score."""

    id = "five_alive"

    def hand(self, ctx: CharmContext, charm: ActiveCharm) -> None:
        if len(ctx.scoring) == 5:
            ctx.add_xmult(1.75, charm)
