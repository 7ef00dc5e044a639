"""Charm variables in content: a charm's declarations, and the values scenarios give them.

A variable holds a number, or a rank, suit or hand type. Ranks are written
as in card tokens (``K``, ``10``) and held as their numbers (13, 10), so a
condition compares them with a card's rank directly.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from studio.content.models.common import Model
from studio.engine.cards import CardError, parse_rank
from studio.engine.charms import VarDef

#: What a variable holds as written: a number, or a rank, suit or hand type id.
VarValue = (
    Annotated[float, Field(ge=-1_000_000, le=1_000_000)] | Annotated[str, Field(min_length=1, max_length=40)]
)
VarType = Literal["number", "rank", "suit", "hand_type"]
_SUITS = ("S", "H", "C", "D")


def held(value: Any) -> Any:
    """Return a written value as the engine holds it: a rank name as its number, whole numbers as ints."""
    if (isinstance(value, str) and value[:1].isupper()) or (isinstance(value, str) and value.isdigit()):
        try:
            return parse_rank(value)
        except CardError:
            return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def var_values(values: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Return a scenario's variable values as a charm slot holds them: sorted (name, value) pairs."""
    return tuple(sorted((name, held(value)) for name, value in values.items()))


class VarModel(Model):
    """One variable of a charm: what it holds, its start, and what it is drawn from each round."""

    type: VarType = Field("number", title="Type", description="number, rank, suit or hand_type.")
    start: VarValue = Field(0, title="Start", description="Its value before anything changes it.")
    draw: Literal["deck", "list"] | None = Field(
        None,
        title="Drawn",
        description=(
            "Drawn as each round ends, for the next: a random deck card's rank or suit, or one of 'choices'."
        ),
    )
    choices: list[VarValue] = Field(
        default_factory=list, max_length=52, title="Choices", description="What 'draw: list' picks from."
    )

    @model_validator(mode="after")
    def _fits_type(self) -> VarModel:
        for value in (self.start, *self.choices):
            problem = value_misfit(self.type, value)
            if problem and not (value == 0 and value is self.start and self.type != "number"):
                raise ValueError(problem)
        if self.draw == "list" and not self.choices:
            raise ValueError("'draw: list' needs 'choices' to draw from")
        if self.draw == "deck" and self.type not in ("rank", "suit"):
            raise ValueError("'draw: deck' takes a card's rank or suit: the type must be rank or suit")
        if self.choices and self.draw != "list":
            raise ValueError("'choices' are drawn with 'draw: list'")
        return self

    def to_engine(self, name: str) -> VarDef:
        """Return the engine value."""
        return VarDef(
            name, self.type, held(self.start), self.draw or "", tuple(held(c) for c in self.choices)
        )


def value_misfit(kind: str, value: Any) -> str | None:
    """Why ``value`` cannot be held by a variable of type ``kind`` (None: it can)."""
    if kind == "number" and not isinstance(value, (int, float)):
        return f"a number variable holds numbers, not {value!r}"
    if kind == "suit" and value not in _SUITS:
        return f"a suit variable holds S, H, C or D, not {value!r}"
    if kind == "rank":
        try:
            parse_rank(str(value))
        except CardError:
            return f"a rank variable holds 2-10, J, Q, K or A, not {value!r}"
    if kind == "hand_type" and not isinstance(value, str):
        return f"a hand type variable holds a hand type id, not {value!r}"
    return None
