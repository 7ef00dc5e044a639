"""Code behaviours for charms that data cannot express.

Plugin authors subclass :class:`Behaviour`, give it an ``id`` and override one
hook; the hook gets a read-only :class:`CharmContext` whose ``add_*`` methods
are the same helpers data charms use (each records its event)::

    from studio.plugins import Behaviour

    class FiveAlive(Behaviour):
        id = "five_alive"

        def hand(self, ctx, charm):
            if len(ctx.scoring) == 5:
                ctx.add_xmult(1.75, charm)
"""

from studio.engine.behaviour import Behaviour, BehaviourError
from studio.engine.hooks import CharmContext
from studio.engine.inplay import ActiveCharm, CardView

__all__ = ["ActiveCharm", "Behaviour", "BehaviourError", "CardView", "CharmContext"]
