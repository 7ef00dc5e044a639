"""Models of the effects that change the run itself: hands and discards, charms made and destroyed,
sell values, consumables and tags made, and a loss prevented.

Each is one schema under its ``kind``; the engine kinds of the same names say
what they do (studio.engine.kinds.run_effects).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from studio.content.models.common import Id
from studio.content.models.effects import _Effect
from studio.engine.effect_settings import Choice
from studio.engine.kinds import TriggerKind

#: What ``for`` means for hands and discards.
_LASTS = "round: the round being played; run: every round from the next one on."


def _nonzero(amount: int, kind: str) -> None:
    if amount == 0:
        raise ValueError(f"{kind} of 0 changes nothing")


def _round_misfit(lasts: str, trigger: TriggerKind) -> str | None:
    if lasts == "round" and trigger.between:
        return f"no round is played at {trigger.name}: use 'for: run', or a trigger of the round"
    return None


class AddHandsEffect(_Effect):
    """More (or fewer) hands: left this round, or per round for the rest of the run."""

    kind: Literal["add_hands"] = Field(..., title="Effect", description="Add hands.")
    amount: int = Field(1, ge=-10, le=10, title="Hands", description="Hands added (taken away below 0).")
    for_: Literal["round", "run"] = Field("round", alias="for", title="Lasts", description=_LASTS)

    @model_validator(mode="after")
    def _changes(self) -> AddHandsEffect:
        _nonzero(self.amount, "add_hands")
        return self

    def misfit(self, trigger: TriggerKind) -> str | None:
        """A round's hands need a round."""
        return _round_misfit(self.for_, trigger)


class AddDiscardsEffect(_Effect):
    """More (or fewer) discards: left this round, or per round for the rest of the run."""

    kind: Literal["add_discards"] = Field(..., title="Effect", description="Add discards.")
    amount: int = Field(
        1, ge=-10, le=10, title="Discards", description="Discards added (taken away below 0)."
    )
    for_: Literal["round", "run"] = Field("round", alias="for", title="Lasts", description=_LASTS)

    @model_validator(mode="after")
    def _changes(self) -> AddDiscardsEffect:
        _nonzero(self.amount, "add_discards")
        return self

    def misfit(self, trigger: TriggerKind) -> str | None:
        """A round's discards need a round."""
        return _round_misfit(self.for_, trigger)


#: The trigger a consumable's effects are checked at (its use, outside any row).
CONSUMABLE_USE = "use of a consumable"


class CreateCharmEffect(_Effect):
    """A charm joins the end of the row, if a charm slot is free: one named, a random one, or a copy."""

    kind: Literal["create_charm"] = Field(..., title="Effect", description="Make a charm.")
    setting_choices = (Choice(("charm", "rarity", "copy"), at_most_one=True),)
    charm: Id | None = Field(
        None, title="Charm", description="The charm to make.", json_schema_extra={"x-ref": "charm"}
    )
    rarity: Literal["common", "uncommon", "rare", "legendary"] | None = Field(
        None,
        title="Rarity",
        description="A random charm of this rarity the row does not hold (none: by the shop's weights).",
    )
    copy_: Literal["left", "right", "random"] | None = Field(
        None,
        alias="copy",
        title="Copy",
        description="A copy of another charm of the row (a neighbour, or a random one): its id and edition.",
    )

    def misfit(self, trigger: TriggerKind) -> str | None:
        """A consumable stands in no row: it has no neighbours to copy."""
        if self.copy_ in ("left", "right") and trigger.name == CONSUMABLE_USE:
            return "a consumable has no neighbours: copy a random charm (copy: random)"
        return None


class DestroyCharmEffect(_Effect):
    """Destroy another charm: a neighbour, a random one, or the leftmost with an id (never an eternal one)."""

    kind: Literal["destroy_charm"] = Field(..., title="Effect", description="Destroy another charm.")
    setting_choices = (Choice(("target", "charm"), at_least_one=True, at_most_one=True),)
    target: Literal["left", "right", "random"] | None = Field(
        None, title="Target", description="The charm to its left or right, or a random other charm."
    )
    charm: Id | None = Field(
        None,
        title="Charm",
        description="The leftmost charm with this id.",
        json_schema_extra={"x-ref": "charm"},
    )


class AddSellValueEffect(_Effect):
    """Add to the sell value of this charm, or of every charm in the row."""

    kind: Literal["add_sell_value"] = Field(..., title="Effect", description="Add sell value.")
    amount: int = Field(1, ge=-100, le=100, title="Amount", description="$ added to the sell value.")
    to: Literal["self", "all"] = Field("self", title="To", description="This charm, or every charm.")

    @model_validator(mode="after")
    def _changes(self) -> AddSellValueEffect:
        _nonzero(self.amount, "add_sell_value")
        return self


class CreateConsumableEffect(_Effect):
    """A consumable is made: one named, or a random one (of a family)."""

    kind: Literal["create_consumable"] = Field(..., title="Effect", description="Make a consumable.")
    setting_choices = (Choice(("consumable", "family", "copy"), at_most_one=True),)
    consumable: Id | None = Field(
        None,
        title="Consumable",
        description="The consumable to make.",
        json_schema_extra={"x-ref": "consumable"},
    )
    family: Id | None = Field(None, title="Family", description="A random consumable of this family.")
    copy_: Literal["random"] | None = Field(
        None, alias="copy", title="Copy", description="A copy of a random consumable the run holds."
    )


class CreateTagEffect(_Effect):
    """A tag is made: one named, or a random one."""

    kind: Literal["create_tag"] = Field(..., title="Effect", description="Make a tag.")
    tag: Id | None = Field(
        None,
        title="Tag",
        description="The tag to make (none: a random one).",
        json_schema_extra={"x-ref": "tag"},
    )


class PreventLossEffect(_Effect):
    """The round is not lost if its score reached a share of the requirement (the first such source)."""

    kind: Literal["prevent_loss"] = Field(..., title="Effect", description="Prevent losing the round.")
    share: float = Field(
        ..., gt=0, le=1, title="Share", description="Of the requirement, the score needed (0.25: 25%)."
    )
    destroy_self: bool = Field(
        False, title="Destroy itself", description="The charm destroys itself when it prevents the loss."
    )

    def misfit(self, trigger: TriggerKind) -> str | None:
        """Only a round about to be lost can be saved."""
        if trigger.name != "round_lost":
            return "prevent_loss acts when the round would be lost: use the trigger round_lost"
        return None


RUN_EFFECTS = (
    AddHandsEffect,
    AddDiscardsEffect,
    CreateCharmEffect,
    DestroyCharmEffect,
    AddSellValueEffect,
    CreateConsumableEffect,
    CreateTagEffect,
    PreventLossEffect,
)
