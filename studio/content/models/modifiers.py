"""Models of a card's modifiers: upgrades, editions and seals."""

from __future__ import annotations

from pydantic import Field, field_validator, model_validator

from studio.content.models.common import ChanceModel, FieldError, Id, Model
from studio.content.models.effects import CardEffect, MoneyEffect, effects_to_engine, no_counter
from studio.content.models.value_modifiers import ModifierModel, modifiers_of
from studio.engine.modifiers import EditionDef, SealDef, UpgradeDef

_NAME = Field(..., min_length=1, max_length=60, title="Name", description="Shown to players.")
#: The fields upgrades and seals share, declared once.
_SCORED: list[CardEffect] = Field(
    default_factory=list,
    title="When scored",
    description=(
        "Effects each time the card scores: what adds Points, Mult or money, or multiplies Mult "
        "(a seal's 'retriggers' repeats a card)."
    ),
)
_END_OF_ROUND: list[MoneyEffect] = Field(
    default_factory=list,
    title="End of round",
    description="Money if the card is held when the round ends (nothing else counts then).",
)


class UpgradeModel(Model):
    """A card enhancement (bonus, mult, glass, steel, stone, wild, gold, lucky, ...)."""

    id: Id
    name: str = _NAME
    stone: bool = Field(
        False, title="Stone", description="No rank and no suit; scores fixed Points and always scores."
    )
    stone_points: int | None = Field(
        None,
        ge=0,
        le=100_000,
        title="Stone Points",
        description="Points a stone card gives (50 when left out); only for a stone upgrade.",
    )
    wild: bool = Field(False, title="Wild", description="Counts as every suit.")
    scored: list[CardEffect] = _SCORED
    held: list[CardEffect] = Field(
        default_factory=list,
        title="While held",
        description=(
            "Effects while the card is held in hand: what adds Points, Mult or money, or multiplies Mult."
        ),
    )
    end_of_round: list[MoneyEffect] = _END_OF_ROUND
    breaks: ChanceModel | None = Field(
        None, title="Breaks", description="Chance the card breaks after it scores, in a run."
    )

    @field_validator("scored", "held", "end_of_round")
    @classmethod
    def _no_counter(cls, effects: list[CardEffect]) -> list[CardEffect]:
        return no_counter(effects, "an upgrade")

    @model_validator(mode="after")
    def _stone_points_need_stone(self) -> UpgradeModel:
        if self.stone_points is not None and not self.stone:
            raise ValueError("'stone_points' only counts for a stone upgrade: add 'stone: true' or drop it")
        return self

    def to_engine(self) -> UpgradeDef:
        """Return the engine value."""
        return UpgradeDef(
            self.id,
            self.name,
            self.stone,
            50 if self.stone_points is None else self.stone_points,
            self.wild,
            effects_to_engine(self.scored),
            effects_to_engine(self.held),
            effects_to_engine(self.end_of_round),
            self.breaks.to_engine() if self.breaks else None,
        )


class EditionModel(Model):
    """An edition of a card or charm; +Points and +Mult apply first, multiplying effects last."""

    id: Id
    name: str = _NAME
    effects: list[CardEffect] = Field(
        default_factory=list,
        max_length=4,
        title="Effects",
        description="What the edition adds: Points, Mult or money first, multiplying effects last.",
    )
    modify: list[ModifierModel] = Field(
        default_factory=list,
        max_length=4,
        title="Modifies",
        description="Values it changes while it is on a charm in the row (charm_slots +1); none on a card.",
    )

    @field_validator("effects")
    @classmethod
    def _no_counter(cls, effects: list[CardEffect]) -> list[CardEffect]:
        return no_counter(effects, "an edition (it also goes on playing cards)")

    @model_validator(mode="after")
    def _does_something(self) -> EditionModel:
        if not (self.effects or self.modify):
            raise FieldError("an edition needs effects or modifiers", "effects")
        return self

    def to_engine(self) -> EditionDef:
        """Return the engine value."""
        modifiers = modifiers_of(self.modify, (self.id, "edition", -1))
        return EditionDef(self.id, self.name, effects_to_engine(self.effects), modifiers)


class SealModel(Model):
    """A seal on a playing card."""

    id: Id
    name: str = _NAME
    retriggers: int = Field(0, ge=0, le=10, title="Retriggers", description="Extra times the card triggers.")
    scored: list[CardEffect] = _SCORED
    end_of_round: list[MoneyEffect] = _END_OF_ROUND

    @field_validator("scored", "end_of_round")
    @classmethod
    def _no_counter(cls, effects: list[CardEffect]) -> list[CardEffect]:
        return no_counter(effects, "a seal")

    def to_engine(self) -> SealDef:
        """Return the engine value."""
        return SealDef(
            self.id,
            self.name,
            self.retriggers,
            effects_to_engine(self.scored),
            effects_to_engine(self.end_of_round),
        )
