"""95% intervals of what is counted from chance: a share of runs won, a share of sampled hands.

Wilson's interval for a share stays honest at 0 or all of the draws (0 wins of 200 still means "at
most about 1.9%"), where the usual "share ± 1.96 standard errors" would claim certainty.
"""

from __future__ import annotations

import math

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959964


def wilson(hits: int, draws: int) -> tuple[float, float]:
    """The 95% Wilson interval of the share ``hits / draws`` ((0, 0) with no draws)."""
    if not draws:
        return 0.0, 0.0
    p = hits / draws
    centre = (p + Z95**2 / (2 * draws)) / (1 + Z95**2 / draws)
    half = Z95 * math.sqrt(p * (1 - p) / draws + Z95**2 / (4 * draws * draws)) / (1 + Z95**2 / draws)
    return max(0.0, centre - half), min(1.0, centre + half)
