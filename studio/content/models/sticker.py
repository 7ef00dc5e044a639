"""The sticker model: what a sticker on a charm forbids, when it debuffs it, what it costs and does."""

from __future__ import annotations

from pydantic import Field, model_validator

from studio.content.models.charm import AbilityModel
from studio.content.models.common import FieldError, Id, Model
from studio.content.models.value_modifiers import MODIFY, ModifierModel, modifiers_of
from studio.engine.stickers import StickerDef


class StickerModel(Model):
    """A sticker that charms for sale may carry, at the difficulty levels that name it."""

    id: Id
    name: str = Field(..., min_length=1, max_length=60, title="Name", description="Shown to players.")
    chance: float = Field(
        ...,
        gt=0,
        le=1,
        title="Chance",
        description="Chance that a charm offered in the shop or a charm pack gets it (0 to 1).",
    )
    sellable: bool = Field(True, title="Sellable", description="False: the charm cannot be sold.")
    destructible: bool = Field(
        True, title="Destructible", description="False: no effect can destroy the charm."
    )
    debuffed_after: int | None = Field(
        None,
        ge=1,
        le=100,
        title="Debuffed after",
        description="Rounds after which the charm is debuffed and does nothing (never when left out).",
    )
    cost: int | None = Field(
        None,
        ge=0,
        le=100,
        title="Cost",
        description="The charm's shop price while it carries the sticker (its own cost when left out).",
    )
    abilities: list[AbilityModel] = Field(
        default_factory=list,
        max_length=4,
        title="Abilities",
        description="As a charm's, for the charm that carries it (a rental: at end_of_round, money -3).",
    )
    modify: list[ModifierModel] = MODIFY
    excludes: list[Id] = Field(
        default_factory=list,
        max_length=8,
        title="Excludes",
        description="Stickers never put on the same charm as this one.",
        json_schema_extra={"x-ref": "sticker"},
    )

    @model_validator(mode="after")
    def _does_something(self) -> StickerModel:
        changes = self.debuffed_after is not None or self.cost is not None or self.abilities or self.modify
        if self.sellable and self.destructible and not changes:
            raise ValueError(
                "a sticker needs something to change: sellable, destructible, debuffed_after, cost, "
                "abilities or modify"
            )
        if self.id in self.excludes:
            raise FieldError(f"'{self.id}' cannot exclude itself", "excludes")
        return self

    def to_engine(self) -> StickerDef:
        """Return the engine value."""
        return StickerDef(
            self.id,
            self.name,
            self.chance,
            self.sellable,
            self.destructible,
            self.debuffed_after,
            self.cost,
            tuple(a.to_engine() for a in self.abilities),
            modifiers_of(self.modify, (self.id, "sticker", -1)),
            tuple(self.excludes),
        )
