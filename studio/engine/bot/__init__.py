"""The bots that play whole runs with the real scorer: the player and its two levels of decisions.

:mod:`~studio.engine.bot.player` holds :class:`Bot` (its ``fast`` decisions too) and
:func:`play_run`; :mod:`~studio.engine.bot.plays` its hand decisions,
:mod:`~studio.engine.bot.values` the fast value estimate, and :mod:`~studio.engine.bot.strong`
with :mod:`~studio.engine.bot.strong_values` the ``strong`` level's decisions outside the hand.
"""

from studio.engine.bot.player import Bot, play_on, play_run

__all__ = ["Bot", "play_on", "play_run"]
