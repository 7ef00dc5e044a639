"""The consumable model: what it acts on (its targets) and effects of the charms' vocabulary.

A consumable is used as a run action, outside the scoring of a hand: it takes
the effects that change a card, a level, money or the round, or make a charm
or another consumable, each checked as a charm's effect is at a trigger with
no hand to score.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Annotated, Literal

from pydantic import Field, model_validator

from studio.content.models.art import ArtPath, art_field
from studio.content.models.change_effects import (
    AddCardEffect,
    CopyCardEffect,
    DestroyCardEffect,
    EditCardEffect,
    ModifyEffect,
)
from studio.content.models.common import FieldError, Id, Model
from studio.content.models.effects import LevelUpEffect, MoneyEffect, effects_to_engine, hand_misfit
from studio.content.models.run_effects import (
    CONSUMABLE_USE,
    AddDiscardsEffect,
    AddHandsEffect,
    CreateCharmEffect,
    CreateConsumableEffect,
)
from studio.engine.consumables import ConsumableDef, Targets, describe_consumable
from studio.engine.kinds import EFFECTS, TriggerKind

#: What a consumable may do: change the chosen cards, make new ones, change money, levels, the round, or
#: make a charm or another consumable.
ConsumableEffect = Annotated[
    EditCardEffect
    | CopyCardEffect
    | AddCardEffect
    | DestroyCardEffect
    | MoneyEffect
    | LevelUpEffect
    | ModifyEffect
    | AddHandsEffect
    | AddDiscardsEffect
    | CreateCharmEffect
    | CreateConsumableEffect,
    Field(discriminator="kind"),
]


class CardTargetsModel(Model):
    """The player chooses cards in hand; every effect happens for each chosen card in turn."""

    kind: Literal["cards"] = Field(..., title="Targets", description="Cards chosen in hand.")
    min: int = Field(1, ge=1, le=20, title="At least", description="Cards that must be chosen.")
    max: int = Field(1, ge=1, le=20, title="At most", description="Cards that may be chosen.")

    @model_validator(mode="after")
    def _min_at_most_max(self) -> CardTargetsModel:
        if self.min > self.max:
            raise ValueError(f"'min' ({self.min}) is above 'max' ({self.max}): no choice would do")
        return self

    def to_engine(self) -> Targets:
        """Return the engine value."""
        return Targets("cards", self.min, self.max)


class HandTypeTargetsModel(Model):
    """Every hand type in turn: each effect names it (a level for every hand type)."""

    kind: Literal["hand_types"] = Field(..., title="Targets", description="Every hand type, in turn.")

    def to_engine(self) -> Targets:
        """Return the engine value."""
        return Targets("hand_types")


class ConsumableModel(Model):
    """A consumable: held in a consumable slot, used as a run action."""

    id: Id
    name: str = Field(..., min_length=1, max_length=60, title="Name", description="Shown to players.")
    family: Id = Field(
        ...,
        title="Family",
        description="Its family (changer, level, rare, ...): the shop's family weights and packs name it.",
    )
    cost: int = Field(3, ge=0, le=100, title="Cost", description="Shop price in $.")
    art: ArtPath | None = art_field()
    targets: Annotated[CardTargetsModel | HandTypeTargetsModel, Field(discriminator="kind")] | None = Field(
        None,
        title="Targets",
        description="What its effects act on: cards chosen in hand, or every hand type (none: it acts once).",
    )
    effects: list[ConsumableEffect] = Field(
        ..., min_length=1, max_length=8, title="Effects", description="What using it does, in order."
    )

    @model_validator(mode="after")
    def _effects_fit_targets(self) -> ConsumableModel:
        """Ask each effect whether it can work on these targets, outside the scoring of a hand."""
        cards = isinstance(self.targets, CardTargetsModel)
        types = isinstance(self.targets, HandTypeTargetsModel)
        use = TriggerKind(CONSUMABLE_USE, has_card=cards, no_hand=not types)
        for i, effect in enumerate(self.effects):
            misfit = effect.misfit(use) or hand_misfit(effect)
            if misfit:
                raise FieldError(misfit, "effects", i)
            if EFFECTS[effect.kind].needs_card and not cards:
                raise FieldError(
                    f"'{effect.kind}' acts on a card: give 'targets: {{kind: cards}}'", "effects", i
                )
            if types and ("hand_type" not in type(effect).model_fields or getattr(effect, "hand_type", None)):
                raise FieldError(
                    f"with every hand type as targets, '{effect.kind}' must act on a hand type "
                    "it leaves unnamed",
                    "effects",
                    i,
                )
        return self

    def to_engine(self, hand_names: Mapping[str, str]) -> ConsumableDef:
        """Return the engine value, its text naming hand types by ``hand_names``."""
        plain = ConsumableDef(
            self.id,
            self.name,
            self.family,
            self.cost,
            self.targets.to_engine() if self.targets else None,
            effects_to_engine(self.effects),
        )
        return replace(plain, description=describe_consumable(plain, hand_names))
