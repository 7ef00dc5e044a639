"""The tag model: the reward for skipping a blind, and when it is taken."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import ConfigDict, Field, model_validator

from studio.content.models.art import ArtPath, art_field
from studio.content.models.common import FieldError, Id, Model
from studio.content.models.effects import LevelUpEffect, MoneyEffect, hand_misfit
from studio.engine.kinds import TriggerKind
from studio.engine.runs import RARITIES
from studio.engine.tags import CharmEdition, FreeBooster, FreeCharm, Reward, TagDef

if TYPE_CHECKING:
    Rarity = str
else:
    Rarity = Literal[RARITIES]

#: Where a tag's money or level is given: no hand is played.
_SKIP = TriggerKind("skip of a blind", no_hand=True)


class FreeCharmModel(Model):
    """A free charm of a rarity."""

    kind: Literal["free_charm"] = Field(..., title="Reward", description="A free charm of a rarity.")
    rarity: Rarity = Field("common", title="Rarity", description="The charm's rarity.")
    edition: Id | None = Field(
        None,
        title="Edition",
        description="The charm's edition (none when left out).",
        json_schema_extra={"x-ref": "edition"},
    )

    def to_engine(self) -> FreeCharm:
        """Return the engine value."""
        return FreeCharm(self.rarity, self.edition)


class FreeBoosterModel(Model):
    """A free pack of the shop's."""

    model_config = ConfigDict(title="Free pack")

    kind: Literal["free_pack"] = Field(..., title="Reward", description="A free pack.")
    pack: Id = Field(..., title="Pack", description="A pack of run.yaml's shop (card_pack, charm_pack, ...).")

    def to_engine(self) -> FreeBooster:
        """Return the engine value."""
        return FreeBooster(self.pack)


class CharmEditionModel(Model):
    """The next charm the shop offers gets an edition."""

    kind: Literal["charm_edition"] = Field(
        ..., title="Reward", description="An edition on the next charm the shop offers."
    )
    edition: Id = Field(
        ..., title="Edition", description="The edition it gets.", json_schema_extra={"x-ref": "edition"}
    )
    free: bool = Field(True, title="Free", description="That charm costs nothing.")

    def to_engine(self) -> CharmEdition:
        """Return the engine value."""
        return CharmEdition(self.edition, self.free)


#: What a tag gives: a free charm, a free pack, an edition on the next charm, money or a level.
RewardModel = Annotated[
    FreeCharmModel | FreeBoosterModel | CharmEditionModel | MoneyEffect | LevelUpEffect,
    Field(discriminator="kind"),
]


class TagModel(Model):
    """A tag: skipping a small or big blind gives one, drawn by weight."""

    id: Id
    name: str = Field(..., min_length=1, max_length=60, title="Name", description="Shown to players.")
    reward: RewardModel = Field(..., title="Reward", description="What the tag gives.")
    art: ArtPath | None = art_field()
    at: Literal["now", "next_shop"] = Field(
        "next_shop",
        title="Taken",
        description="now: as the blind is skipped; next_shop: when the next shop opens.",
    )
    min_ante: int = Field(1, ge=1, le=100, title="From ante", description="First ante it can be given in.")
    weight: int = Field(1, ge=0, le=1000, title="Weight", description="How often skipping a blind gives it.")

    @model_validator(mode="after")
    def _fits(self) -> TagModel:
        if isinstance(self.reward, MoneyEffect | LevelUpEffect):
            misfit = self.reward.misfit(_SKIP) or hand_misfit(self.reward)
            if misfit:
                raise FieldError(misfit, "reward")
        if isinstance(self.reward, CharmEditionModel) and self.at == "now":
            raise ValueError("an edition for the next charm the shop offers is taken at: next_shop")
        return self

    def to_engine(self) -> TagDef:
        """Return the engine value."""
        reward: Reward = self.reward.to_engine()
        return TagDef(self.id, reward, self.name, self.at, self.min_ante, self.weight)
