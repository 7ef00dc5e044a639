"""The run's layered values: what the round's and the shop's numbers are now.

The run's base values (the run table folded through the deck's and the
difficulty levels' modifiers) are layered with the modifiers active now: the
vouchers' bought, the charms' in row order (each with what its effects added
for the round), the stickers', then the boss's (RULES.md section 6).
"""

from __future__ import annotations

from typing import NamedTuple

from studio.engine.bosses import BossDef
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import RunState
from studio.engine.runs import Blind
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
    """Return the charm slots now: the run's, with the active modifiers (the round's boss's too)."""
    active = round_modifiers(state, setup, round_boss(state, setup))
    return int(layered("charm_slots", state.charm_slots, active))


def round_boss(state: RunState, setup: RunSetup) -> BossDef | None:
    """The boss rule of the round being played (None between rounds, or once disabled)."""
    r = state.round
    return setup.catalog.boss(r.boss) if r is not None and r.boss is not None else None


def blind_terms(state: RunState, setup: RunSetup, blind: Blind, boss: BossDef | None) -> tuple[int, int]:
    """A blind's score requirement and reward as the run's values say now, under ``boss``'s rule."""
    factor = run_value("blind_factor", blind.score_mult, state, setup, boss)
    reward = int(run_value("blind_reward", blind.reward, state, setup, boss))
    return int(setup.rules.requirements[state.ante - 1] * factor), reward


class RoundValues(NamedTuple):
    """The numbers of the round being played that layered values decide, and the run's bases of the
    first three (hands, discards and hand size per round) they were layered from."""

    hands: int
    discards: int
    hand_size: int
    requirement: int
    reward: int
    bases: tuple[int, int, int]


def round_values(
    state: RunState, setup: RunSetup, boss: BossDef | None, bases: tuple[int, int, int] | None = None
) -> RoundValues:
    """The hands and discards per round, hand size, requirement and reward of the blind being played
    (or on offer) as the modifiers active now say, under ``boss``'s rule, from ``bases`` (default:
    the run's hands, discards and hand size now)."""
    hands, discards, hand_size = bases or (state.hands, state.discards, state.hand_size)
    mods = round_modifiers(state, setup, boss)
    requirement, reward = blind_terms(state, setup, setup.rules.blinds[state.blind], boss)
    return RoundValues(
        int(layered("hands", hands, mods)),
        int(layered("discards", discards, mods)),
        int(layered("hand_size", hand_size, mods)),
        requirement,
        reward,
        (hands, discards, hand_size),
    )


def follow(state: RunState, setup: RunSetup, before: RoundValues) -> None:
    """Bring the round in line with its values after the active modifiers changed (a boss disabled, a
    charm gone or moved, a round-long modifier added): a modifier lasts only while its source is
    active (RULES.md section 6). Hands, discards and hand size change by as much as their layered
    values did from the same bases (a change of the run's own, "from the next round on", leaves this
    round alone; a lost hand never takes the last one: the round ends by playing it); requirement and
    reward become the layered ones."""
    r = state.round
    assert r is not None
    now = round_values(state, setup, round_boss(state, setup), before.bases)
    if now == before:
        return
    r.hands_left = max(r.hands_left + now.hands - before.hands, min(r.hands_left, 1))
    r.discards_left = max(r.discards_left + now.discards - before.discards, 0)
    r.hand_size = max(r.hand_size + now.hand_size - before.hand_size, 1)
    r.requirement = now.requirement
    r.reward = now.reward


def price(base: int, state: RunState, setup: RunSetup) -> int:
    """Return a shop price after the ``prices`` value (rounded half up)."""
    return _priced(base, run_value("prices", 1, state, setup))


def _priced(base: int, factor: float) -> int:
    return base if factor == 1 else int(base * factor + 0.5)


def follow_prices(state: RunState, setup: RunSetup) -> None:
    """Price the offers on show as the ``prices`` value says now: a modifier lasts while its source is
    active (RULES.md section 6), so a discount comes with the charm or voucher bought and goes with the
    charm sold."""
    if state.shop is not None:
        factor = run_value("prices", 1, state, setup)  # once: every action in a shop asks
        for offer in state.shop.offers:
            if offer.cost is not None and not offer.sold:
                offer.price = _priced(offer.cost, factor)
