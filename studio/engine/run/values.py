"""The run's layered values: what the round's and the shop's numbers are now.

The run's base values (the run table folded through the deck's and the
difficulty levels' modifiers) are layered with the modifiers active now: the
vouchers' bought, the charms' in row order (each with what its effects added
for the round), the stickers', then the boss's (RULES.md section 6).
"""

from __future__ import annotations

from studio.engine.bosses import BossDef
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import RunState
from studio.engine.scoring.rows import charm_row
from studio.engine.values import Modifier, folded, in_source_order, layered


def round_modifiers(state: RunState, setup: RunSetup, boss: BossDef | None = None) -> tuple[Modifier, ...]:
    """The modifiers active now: the vouchers' bought, the charms' in row order (each followed by what
    its effects added for the round), the stickers', then the boss's."""
    row = charm_row(state.charms, setup.catalog).modifiers
    added = state.round.modifiers if state.round is not None else ()
    if not added and boss is None and not state.vouchers:
        return row
    bought = setup.catalog.voucher_modifiers(state.vouchers) if state.vouchers else ()
    active = (*bought, *row, *(boss.modifiers if boss is not None else ()))
    return in_source_order((*active, *added)) if added else active


def run_value(
    name: str, table_base: float, state: RunState, setup: RunSetup, boss: BossDef | None = None
) -> float:
    """Return value ``name`` now, from the run table's ``table_base``."""
    base = folded(name, table_base, setup.rules.base_modifiers)
    return layered(name, base, round_modifiers(state, setup, boss))


def interest(money: int, state: RunState, setup: RunSetup, boss: BossDef | None) -> int:
    """Return the interest on ``money``: ``interest_per`` for every ``interest_every`` held, at most
    ``interest_cap``."""
    table = setup.table
    per = run_value("interest_per", table.interest_per, state, setup, boss)
    every = run_value("interest_every", table.interest_every, state, setup, boss)
    cap = run_value("interest_cap", table.interest_cap, state, setup, boss)
    return int(min(max(money, 0) // every * per, cap))


def charm_slots(state: RunState, setup: RunSetup) -> int:
    """Return the charm slots now: the run's, with the charms' own modifiers."""
    return int(layered("charm_slots", state.charm_slots, round_modifiers(state, setup)))


def price(base: int, state: RunState, setup: RunSetup) -> int:
    """Return a shop price after the ``prices`` value (rounded half up)."""
    factor = run_value("prices", 1, state, setup)
    return base if factor == 1 else int(base * factor + 0.5)
