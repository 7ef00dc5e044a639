"""Hand-type odds of a deck, counted rather than dealt one by one.

:mod:`~studio.engine.odds.counts` counts the hands of each type exactly over every hand
(:func:`count_exhaustive`) or over random deals (:func:`count_sampled`);
:mod:`~studio.engine.odds.deal` counts the best type a dealt hand can play
(:func:`~studio.engine.odds.deal.count_dealt`), keyed by :mod:`~studio.engine.odds.keys`.
"""

from studio.engine.odds.counts import Odds, count_exhaustive, count_sampled, rules_in_play, suit_classes

__all__ = ["Odds", "count_exhaustive", "count_sampled", "rules_in_play", "suit_classes"]
