"""Scoring one hand, and what only scoring uses.

:func:`score` (:mod:`~studio.engine.scoring.steps`) scores a played hand in the fixed order of
RULES.md section 3; :mod:`~studio.engine.scoring.rounds` resolves a discard, the end of a round and
the run's events the same way. Both open a :class:`~studio.engine.scoring.context.ScoringContext`
(:mod:`~studio.engine.scoring.context`) on the hand's card views and charm row
(:mod:`~studio.engine.scoring.views`, :mod:`~studio.engine.scoring.rows`), whose abilities fire
through :mod:`~studio.engine.scoring.firing`.

The records the run engine and the content share with scoring stay in :mod:`studio.engine`: the
situation scored (:mod:`~studio.engine.situation`), the trace and result
(:mod:`~studio.engine.trace`), what a hand leaves for after it (:mod:`~studio.engine.aftermath`),
cards, hand types, the catalog and values.
"""

from studio.engine.scoring.steps import HandSizeError, check_hand_size, score
from studio.engine.situation import MAX_PLAYED, Situation

__all__ = ["MAX_PLAYED", "HandSizeError", "Situation", "check_hand_size", "score"]
