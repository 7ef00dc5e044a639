"""Charm variables: the value that reads one, the effects that change them, the conditions on them.

A charm declares named variables (numbers, or a rank, suit or hand type);
``counter`` is one of them. Effects of a copy never change the copied
charm's variables.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from studio.engine.cards import SUIT_SYMBOLS
from studio.engine.kinds.registry import (
    CONDITIONS,
    EFFECTS,
    VALUES,
    CardPhrase,
    Check,
    ConditionKind,
    EffectKind,
    ValueKind,
)

if TYPE_CHECKING:
    from studio.engine.effects import Effect
    from studio.engine.inplay import ActiveCharm, CardView, Source
    from studio.engine.scoring.context import ScoringContext


def _read(ctx: ScoringContext, charm: ActiveCharm | None, name: Any) -> float:
    value = ctx.var(charm, name) if charm is not None else 0
    return value if isinstance(value, (int, float)) else 0


VALUES.add(
    ValueKind(
        "var",
        _read,
        "its {var}",
        "per {var}",
        "per {every} {var}",
        about="round",
        words=lambda name: {"var": name},
    ),
    builtin=True,
)


def _set(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    if charm is not None:
        value = e.arg("value")
        ctx.set_var(charm, e.arg("var"), amount if value is None else value, source)


def _add(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    if charm is not None and amount:
        name = e.arg("var")
        old = ctx.var(charm, name)
        ctx.set_var(charm, name, (old if isinstance(old, (int, float)) else 0) + amount, source)


def _set_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    value = e.arg("value")
    shown = amount if value is None else names.get(value, SUIT_SYMBOLS.get(value, str(value)))
    return f"set its {e.arg('var')} to {shown}"


def _add_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    return f"{'-' if e.amount < 0 else '+'}{amount} to its {e.arg('var')}"


EFFECTS.add(EffectKind("set_var", _set, _set_text), builtin=True)
EFFECTS.add(EffectKind("add_var", _add, _add_text), builtin=True)


def _card_var(attribute: str) -> Any:
    def compile(name: str) -> Check:
        def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
            if card is None or charm is None:
                return False
            value = ctx.var(charm, name)
            if attribute == "rank":
                return bool(card.rank == value)
            return value in card.cond_suits

        return check

    return compile


def _type_var(name: str) -> Check:
    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        evaluation = ctx.evaluation
        return charm is not None and evaluation is not None and ctx.var(charm, name) in evaluation.contains

    return check


CONDITIONS.add(
    ConditionKind(
        "rank_var",
        _card_var("rank"),
        about="card",
        phrase=lambda name: CardPhrase(after=" of its rank" if name == "rank" else f" of its {name} rank"),
    ),
    builtin=True,
)
CONDITIONS.add(
    ConditionKind(
        "suit_var",
        _card_var("suit"),
        about="card",
        phrase=lambda name: CardPhrase(after=" of its suit" if name == "suit" else f" of its {name} suit"),
    ),
    builtin=True,
)
CONDITIONS.add(
    ConditionKind(
        "hand_type_var",
        _type_var,
        clause=lambda name, names: f"if the played hand contains its {name} hand type",
    ),
    builtin=True,
)
