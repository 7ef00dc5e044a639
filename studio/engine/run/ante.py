"""What a new ante draws: its boss rule, the vouchers its shops offer and the tags its blinds give when
skipped.

Each draws from its own stream (``boss``, ``vouchers``, ``tags``), so content
that adds vouchers or tags never changes which boss a seed meets.
"""

from __future__ import annotations

from studio.engine.run.events import RunEvent
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import RunState
from studio.engine.run.tags import draw_tag


def begin_ante(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Draw the ante's boss, voucher offers and skip tags."""
    events = []
    boss = pick_boss(state, setup)
    if boss is not None:
        events.append(boss)
    state.voucher_offers = draw_vouchers(state, setup)
    if state.voucher_offers:
        events.append(RunEvent("vouchers", " ".join(state.voucher_offers), len(state.voucher_offers)))
    state.skip_tags = draw_tags(state, setup)
    if any(state.skip_tags):
        events.append(RunEvent("tags", " ".join(t or "-" for t in state.skip_tags), state.ante))
    return events


def pick_boss(state: RunState, setup: RunSetup) -> RunEvent | None:
    """Draw this ante's boss rule (``boss`` stream) among those allowed from this ante, unseen first."""
    bosses = setup.catalog.bosses
    allowed = sorted(b for b, d in bosses.items() if d.min_ante <= state.ante)
    fresh = [b for b in allowed if b not in state.bosses_seen]
    pool = fresh or allowed
    if not pool:
        state.boss = None
        return None
    state.boss = pool[int(state.rng.random("boss") * len(pool))]
    state.bosses_seen.append(state.boss)
    return RunEvent("boss", state.boss, state.ante, f"ante {state.ante} boss")


def draw_vouchers(state: RunState, setup: RunSetup) -> list[str]:
    """The ante's voucher offers (``vouchers`` stream): distinct vouchers not bought yet whose required
    voucher is bought, as many as the shop table's ``voucher_offers``."""
    owned = set(state.vouchers)
    pool = sorted(
        v
        for v, d in setup.catalog.vouchers.items()
        if v not in owned and (d.requires is None or d.requires in owned)
    )
    return [
        pool.pop(int(state.rng.random("vouchers") * len(pool)))
        for _ in range(min(setup.table.shop.voucher_offers, len(pool)))
    ]


def draw_tags(state: RunState, setup: RunSetup) -> list[str]:
    """The tag each blind of the ante gives when skipped (``tags`` stream, by weight, among tags given
    from this ante on); "" for a boss blind, which cannot be skipped."""
    return ["" if blind.is_boss else draw_tag(state, setup) for blind in setup.rules.blinds]
