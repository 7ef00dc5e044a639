"""Code behaviours for charms that data cannot express.

Plugin authors subclass :class:`Behaviour`, give it an ``id`` and override one
hook; the hook calls the same helpers as data charms::

    from studio.plugins import Behaviour

    class FiveAlive(Behaviour):
        id = "five_alive"

        def hand(self, ctx, charm):
            if len(ctx.scoring) == 5:
                ctx.add_xmult(1.75, charm)
"""

from studio.engine.behaviour import Behaviour

__all__ = ["Behaviour"]
