"""Shared pieces of the content models: ids, ranks, suits, chances and conditions.

These pydantic models are the single source of the JSON Schemas in ``schemas/``;
every field carries a title, a description and bounds so the editor can build
its forms from them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from studio.engine.cards import parse_rank
from studio.engine.conditions import Compare, Conditions, Op
from studio.engine.effects import Chance
from studio.engine.kinds import VALUES

if TYPE_CHECKING:
    Value = str
else:  # the registered names, so the schema lists them and the form offers them
    #: The name of a value kind (see studio.engine.kinds): what a comparison or a 'per' reads.
    Value = Literal[VALUES.names()]

Id = Annotated[
    str,
    Field(
        pattern=r"^[a-z][a-z0-9_]*$",
        min_length=1,
        max_length=64,
        title="Id",
        description="Lower-case letters, digits and underscores, starting with a letter.",
    ),
]
Suit = Literal["S", "H", "C", "D"]
RankName = Literal["2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K", "A"]
RankNumber = Literal[2, 3, 4, 5, 6, 7, 8, 9, 10]
Rank = RankName | RankNumber
Amount = Annotated[float, Field(ge=-1_000_000, le=1_000_000)]


def rank_number(rank: Rank) -> int:
    """Return the rank number (2-14) of a rank written in content."""
    return parse_rank(str(rank))


def _title(model: type) -> str:
    """Form title of a model: ``HandTypeModel`` -> ``Hand type``."""
    words = re.findall(r"[A-Z][a-z]*", model.__name__.removesuffix("Model"))
    return " ".join(words).capitalize()


class Model(BaseModel):
    """Base of every content model: unknown keys are errors, not silently dropped."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, model_title_generator=_title)


class ChanceModel(Model):
    """A chance of N in M, drawn from the run's ``chance`` stream."""

    n: int = Field(1, ge=1, le=1000, title="N", description="Chances in favour (the N of 'N in M').")
    in_: int = Field(
        ..., alias="in", ge=1, le=1000, title="In", description="Out of how many (the M of 'N in M')."
    )

    @model_validator(mode="after")
    def _n_at_most_in(self) -> ChanceModel:
        if self.n >= self.in_:
            raise ValueError(f"a chance of {self.n} in {self.in_} is certain: drop 'chance'")
        return self

    def to_engine(self) -> Chance:
        """Return the engine value."""
        return Chance(self.n, self.in_)


class CompareModel(Model):
    """A value of the hand or round compared to a number."""

    value: Value = Field(..., title="Value", description="What to compare.")
    op: Op = Field(..., title="Comparison", description="How to compare.")
    n: int = Field(..., ge=-1_000_000, le=1_000_000, title="N", description="The number.")

    def to_engine(self) -> Compare:
        """Return the engine value."""
        return Compare(self.value, self.op, self.n)


class ConditionsModel(Model):
    """When an ability applies; every condition given must hold."""

    suits: list[Suit] | None = Field(
        None, min_length=1, title="Suits", description="The card is of one of these suits."
    )
    ranks: list[Rank] | None = Field(
        None, min_length=1, title="Ranks", description="The card has one of these ranks."
    )
    face: bool | None = Field(None, title="Face card", description="The card is (or is not) a face card.")
    first_face: bool | None = Field(
        None, title="First face card", description="The card is the first scoring face card."
    )
    contains: Id | None = Field(
        None,
        title="Hand contains",
        description="The played hand contains this hand type.",
        json_schema_extra={"x-ref": "hand_type"},
    )
    hand_types: list[Id] | None = Field(
        None,
        min_length=1,
        title="Hand type is",
        description="The played hand is one of these types.",
        json_schema_extra={"x-ref": "hand_type"},
    )
    compare: list[CompareModel] = Field(
        default_factory=list, title="Comparisons", description="Values compared to numbers."
    )
    first_hand: bool | None = Field(
        None, title="First hand", description="This is (or is not) the round's first hand."
    )
    final_hand: bool | None = Field(
        None, title="Final hand", description="This is (or is not) the round's final hand."
    )
    type_played: bool | None = Field(
        None,
        title="Type played",
        description="The played hand type was (or was not) already played this round.",
    )
    first_type: bool | None = Field(
        None, title="First type", description="The played hand type is (or is not) the round's first type."
    )
    chance: ChanceModel | None = Field(None, title="Chance", description="Applies with this chance.")

    def to_engine(self) -> Conditions:
        """Return the engine value."""
        return Conditions(
            suits=frozenset(self.suits) if self.suits else None,
            ranks=frozenset(rank_number(r) for r in self.ranks) if self.ranks else None,
            face=self.face,
            first_face=self.first_face,
            contains=self.contains,
            hand_types=frozenset(self.hand_types) if self.hand_types else None,
            compare=tuple(c.to_engine() for c in self.compare),
            first_hand=self.first_hand,
            final_hand=self.final_hand,
            type_played=self.type_played,
            first_type=self.first_type,
            chance=self.chance.to_engine() if self.chance else None,
        )

    def kinds(self) -> list[str]:
        """Return the condition kinds this sets (each field is named after its kind)."""
        return [name for name in type(self).model_fields if getattr(self, name) not in (None, [])]


def moved_fields(moved: dict[str, str]) -> Any:
    """A before-validator that explains a field that moved, instead of a bare 'unknown field'.

    ``moved`` maps each old key to how it is written now.
    """

    def check(cls: type, data: Any) -> Any:
        if isinstance(data, dict):
            for old, new in moved.items():
                if old in data:
                    raise ValueError(f"'{old}' is now written as {new}")
        return data

    return model_validator(mode="before")(classmethod(check))  # type: ignore[arg-type]
