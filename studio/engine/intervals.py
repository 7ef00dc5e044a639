"""95% intervals of what is counted from chance: a share of runs won, a share of sampled hands, a mean.

Wilson's interval for a share stays honest at 0 or all of the draws (0 wins of 200 still means "at
most about 1.9%"), where the usual "share ± 1.96 standard errors" would claim certainty. A mean's
margin takes Student's t quantile, not the normal one: its spread is itself estimated from the runs,
so 5 runs need ± 2.78 standard errors, not 1.96.
"""

from __future__ import annotations

import math

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959964

#: Student's t quantile of a two-sided 95% interval for 1 to 30 degrees of freedom.
_T95 = (
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
)  # fmt: skip


def t95(df: int) -> float:
    """Student's t quantile of a two-sided 95% interval with ``df`` degrees of freedom (1 or more).

    Beyond the table, the Cornish-Fisher expansion around the normal quantile (within 1e-5 there).
    """
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def wilson(hits: int, draws: int) -> tuple[float, float]:
    """The 95% Wilson interval of the share ``hits / draws`` ((0, 0) with no draws)."""
    if not draws:
        return 0.0, 0.0
    p = hits / draws
    centre = (p + Z95**2 / (2 * draws)) / (1 + Z95**2 / draws)
    half = Z95 * math.sqrt(p * (1 - p) / draws + Z95**2 / (4 * draws * draws)) / (1 + Z95**2 / draws)
    return max(0.0, centre - half), min(1.0, centre + half)
