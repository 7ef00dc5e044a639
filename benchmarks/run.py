"""Print every speed figure of the project as markdown tables (``make bench``)."""

from __future__ import annotations

import bench_odds
import bench_scoring

if __name__ == "__main__":
    bench_scoring.main()
    print()
    bench_odds.main()
