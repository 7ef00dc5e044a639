"""The voucher model: values changed for the rest of the run, and the voucher needed first."""

from __future__ import annotations

from pydantic import Field, model_validator

from studio.content.models.art import ArtPath, art_field
from studio.content.models.common import Id, Model
from studio.content.models.value_modifiers import ModifierModel, modifiers_of
from studio.engine.vouchers import VoucherDef


class VoucherModel(Model):
    """A voucher: one is offered in each ante's shop; bought, its modifiers last the whole run."""

    id: Id
    name: str = Field(..., min_length=1, max_length=60, title="Name", description="Shown to players.")
    cost: int = Field(10, ge=0, le=100, title="Cost", description="Shop price in $.")
    art: ArtPath | None = art_field()
    modify: list[ModifierModel] = Field(
        ...,
        min_length=1,
        max_length=16,
        title="Modifies",
        description="What it changes for the rest of the run: shop slots, reroll cost, interest, hands, ...",
    )
    requires: Id | None = Field(
        None,
        title="Requires",
        description="A voucher that must be bought first (this one is not offered before).",
        json_schema_extra={"x-ref": "voucher"},
    )

    @model_validator(mode="after")
    def _not_itself(self) -> VoucherModel:
        if self.requires == self.id:
            raise ValueError(f"voucher '{self.id}' requires itself, so it could never be bought")
        return self

    def to_engine(self) -> VoucherDef:
        """Return the engine value."""
        return VoucherDef(
            self.id, self.name, self.cost, modifiers_of(self.modify, (self.id, "voucher", -1)), self.requires
        )
