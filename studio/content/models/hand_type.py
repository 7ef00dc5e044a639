"""The hand type model: a pattern of same-rank groups plus straight and flush needs."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, field_validator

from studio.content.models.common import Id, Model
from studio.engine.hands import HandType


class HandTypeModel(Model):
    """A hand type; a new one is a new data file, no code."""

    id: Id
    name: str = Field(..., min_length=1, max_length=60, title="Name", description="Shown to players.")
    strength: int = Field(
        ...,
        ge=0,
        le=10_000,
        title="Strength",
        description="Place in the evaluation order: stronger types are checked first.",
    )
    groups: list[Annotated[int, Field(ge=1, le=5)]] = Field(
        ...,
        max_length=5,
        title="Groups",
        description="Same-rank group sizes, largest first: [3, 2] is a full house; [] for none.",
    )
    needs_straight: bool = Field(False, title="Needs straight", description="The cards must make a straight.")
    needs_flush: bool = Field(False, title="Needs flush", description="The cards must make a flush.")
    points: int = Field(..., ge=0, le=100_000, title="Points", description="Base Points at level 1.")
    mult: float = Field(..., ge=1, le=100_000, title="Mult", description="Base Mult at level 1.")
    level_points: int = Field(
        0, ge=0, le=100_000, title="Points per level", description="Points added per level above 1."
    )
    level_mult: float = Field(
        0, ge=0, le=100_000, title="Mult per level", description="Mult added per level above 1."
    )

    @field_validator("groups")
    @classmethod
    def _largest_first(cls, groups: list[int]) -> list[int]:
        if groups != sorted(groups, reverse=True):
            raise ValueError(f"groups are listed largest first: {sorted(groups, reverse=True)}, not {groups}")
        return groups

    def to_engine(self) -> HandType:
        """Return the engine value."""
        return HandType(
            self.id,
            tuple(self.groups),
            self.needs_straight,
            self.needs_flush,
            self.points,
            self.mult,
            self.level_points,
            self.level_mult,
            self.name,
        )
