"""The built-in effect kinds: what each does to a hand, how it reads, how its events read.

Each kind is one :class:`EffectKind` entry; the content model of the same
name lives in :mod:`studio.content.models.effects`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from studio.engine.kinds.registry import EFFECTS, EffectKind, Worth
from studio.engine.kinds.run_effects import owe
from studio.engine.trace import REPEAT_LABEL, TIMES_LABEL, fmt

if TYPE_CHECKING:
    from studio.engine.effects import Effect
    from studio.engine.inplay import ActiveCharm, Source
    from studio.engine.scoring.context import ScoringContext


def signed(amount: float) -> str:
    """``+4``, ``-2``: an amount as a change."""
    return f"{'-' if amount < 0 else '+'}{fmt(abs(amount))}"


def _sign(e: Effect) -> str:
    return "-" if e.amount < 0 else "+"


def _money_change(amount: float) -> str:
    return f"+${fmt(amount)}" if amount >= 0 else f"-${fmt(-amount)}"


# -- Points, Mult and money ---------------------------------------------------------


def _points(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    ctx.add_points(amount, source)


def _mult(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    ctx.add_mult(amount, source)


def _xmult(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    ctx.multiply_mult(amount, source)


def _money(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    """+$ at once, or (``at: cash_out``) owed to the run and paid at its next cash out."""
    if e.args and e.arg("at") == "cash_out":
        if int(amount):
            ctx.defer(e, int(amount), source, f"{_money_change(int(amount))} at cash out", "owed")
        return
    ctx.add_money(amount, source)


def _money_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    return f"{_sign(e)}${amount}" + (" at cash out" if e.arg("at") == "cash_out" else "")


def _xmult_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    if e.scaling:  # a factor from 1, up or down by the amount per step
        return f"X1 Mult {'minus' if e.amount < 0 else 'plus'} X{amount}"
    return f"X{amount} Mult"


def _factor(amount: float, steps: int) -> float:
    """A scaled factor grows from 1: x(1 + amount x steps)."""
    return 1 + amount * steps


EFFECTS.add(
    EffectKind(
        "points",
        _points,
        lambda e, amount, names: f"{_sign(e)}{amount} Points",
        label="points",
        plain="add_points",
        change=lambda a: f"{'+' if a >= 0 else ''}{fmt(a)} Points",
        scores=True,
        card_order=0,
    ),
    builtin=True,
)
EFFECTS.add(
    EffectKind(
        "mult",
        _mult,
        lambda e, amount, names: f"{_sign(e)}{amount} Mult",
        label="mult",
        plain="add_mult",
        change=lambda a: f"{'+' if a >= 0 else ''}{fmt(a)} Mult",
        scores=True,
        card_order=1,
    ),
    builtin=True,
)
EFFECTS.add(
    EffectKind(
        "xmult",
        _xmult,
        _xmult_text,
        label=TIMES_LABEL,
        plain="multiply_mult",
        change=lambda a: f"x{fmt(a)} Mult",
        scores=True,
        card_order=2,
        multiplies=True,
        scale=_factor,
    ),
    builtin=True,
)
EFFECTS.add(
    EffectKind(
        "money",
        _money,
        _money_text,
        label="money",
        plain="add_money",
        change=_money_change,
        card_order=1,
        settle=owe,
    ),
    builtin=True,
)

# -- extra triggers -----------------------------------------------------------------


def _no_apply(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    """Extra triggers are counted before a card's next trigger, never applied as a change."""


def _times_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    n = int(e.amount)
    if e.up_to is not None:  # a random count: "1 to 3 times"
        return f"{n} to {int(e.up_to)} times"
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


EFFECTS.add(
    EffectKind("retrigger", _no_apply, _times_text, label=REPEAT_LABEL, repeats=True),
    builtin=True,
)

# -- the charm's counter and hand levels ---------------------------------------------


def _grow(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    if charm is not None:
        by, floor = int(amount), e.arg("at_least")
        if floor is not None and by < 0:  # taken down no further than the floor
            by = min(max(by, int(floor) - ctx.var(charm, "counter")), 0)
        ctx.grow(charm, by, source)


def _grow_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    floor = e.arg("at_least")
    return f"{_sign(e)}{amount} to its counter" + (f" (never below {floor})" if floor is not None else "")


def _reset(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    if charm is not None and ctx.var(charm, "counter"):
        ctx.grow(charm, -ctx.var(charm, "counter"), source)


def _level(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    type_id = e.arg("hand_type") or (ctx.evaluation.hand_type.id if ctx.evaluation else None)
    if type_id is not None:
        ctx.change_level(type_id, int(amount), source)


def _level_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    target = e.arg("hand_type")
    levels = "level" if abs(e.amount) == 1 and e.up_to is None else "levels"
    count = signed(e.amount) + (f" to {signed(e.up_to)}" if e.up_to is not None else "")
    return f"{count} {levels} to {names.get(target, target) if target else 'the played hand type'}"


EFFECTS.add(
    EffectKind("grow", _grow, _grow_text, worth=Worth(grows=True)),
    builtin=True,
)
EFFECTS.add(
    EffectKind("reset", _reset, lambda e, amount, names: "reset its counter"),
    builtin=True,
)
EFFECTS.add(EffectKind("level_up", _level, _level_text, worth=Worth(levels=True)), builtin=True)
