"""Models of the effects that change more than the score: cards, charms, the boss, variables, values.

Each is one schema under its ``kind``, like the score effects of
:mod:`studio.content.models.effects`; the engine kinds of the same names say
what they do (studio.engine.kinds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import Field, model_validator

from studio.content.models.common import Amount, Id, RankName, Suit, rank_number
from studio.content.models.effects import SCORE_EFFECTS, _Certain, _Effect, _Scaled, words
from studio.content.models.run_effects import RUN_EFFECTS
from studio.content.models.value_modifiers import Layered
from studio.engine.effect_settings import Choice, EffectSettings, Setting
from studio.engine.kinds import TriggerKind
from studio.engine.values import OPS


class DestroySelfEffect(_Effect):
    """The charm destroys itself: it leaves the row after this step."""

    kind: Literal["destroy_self"] = Field(..., title="Effect", description="The charm destroys itself.")


class DestroyCardEffect(_Effect):
    """The triggering card is destroyed: it leaves the deck after the hand."""

    kind: Literal["destroy_card"] = Field(..., title="Effect", description="Destroy the triggering card.")


def _rank_as_number(effect: Any) -> Any:
    """The engine effect with its ``rank`` setting (J, Q, K, A or 2-10) as the number the engine reads."""
    if effect.arg("rank") is None:
        return effect
    args = tuple((k, rank_number(v) if k == "rank" else v) for k, v in effect.args)
    return type(effect)(effect.kind, effect.amount, effect.scaling, effect.chance, args)


class EditCardEffect(_Effect):
    """The triggering card changes for good, from its next trigger on (not in this hand)."""

    kind: Literal["edit_card"] = Field(
        ..., title="Effect", description="Change the triggering card for good."
    )
    setting_choices = (
        Choice(("extra_points", "upgrade", "edition", "seal", "suit", "rank", "remove"), at_least_one=True),
    )
    extra_points: int | None = Field(
        None,
        ge=1,
        le=1000,
        title="Extra Points",
        description="Points it gives from now on whenever it scores.",
    )
    upgrade: Id | None = Field(
        None, title="Upgrade", description="Its new upgrade.", json_schema_extra={"x-ref": "upgrade"}
    )
    edition: Id | None = Field(
        None, title="Edition", description="Its new edition.", json_schema_extra={"x-ref": "edition"}
    )
    seal: Id | None = Field(
        None, title="Seal", description="Its new seal.", json_schema_extra={"x-ref": "seal"}
    )
    suit: Suit | None = Field(None, title="Suit", description="Its new suit.")
    rank: RankName | Annotated[int, Field(ge=2, le=10)] | None = Field(
        None, title="Rank", description="Its new rank: 2-10, J, Q, K or A."
    )
    remove: Literal["upgrade", "edition", "seal"] | None = Field(
        None, title="Remove", description="What it loses: its upgrade, edition or seal."
    )
    setting_removes = "remove"

    def to_engine(self) -> Any:
        """Return the engine value, the rank as its number."""
        return _rank_as_number(super().to_engine())


class CopyCardEffect(_Effect):
    """A copy of the triggering card joins the deck (or the hand) after the hand."""

    kind: Literal["copy_card"] = Field(..., title="Effect", description="Copy the triggering card.")
    to: Literal["deck", "hand"] = Field("deck", title="To", description="Where the copy goes after the hand.")


class AddCardEffect(_Effect):
    """A new playing card joins the deck (or the hand) after the step: of the rank and suit given, each
    drawn from the source's own stream when left out, with the modifiers given."""

    kind: Literal["add_card"] = Field(..., title="Effect", description="Make a new playing card.")
    rank: RankName | Annotated[int, Field(ge=2, le=10)] | None = Field(
        None, title="Rank", description="Its rank: 2-10, J, Q, K or A (left out: a random one)."
    )
    suit: Suit | None = Field(None, title="Suit", description="Its suit (left out: a random one).")
    upgrade: Id | None = Field(
        None, title="Upgrade", description="Its upgrade.", json_schema_extra={"x-ref": "upgrade"}
    )
    edition: Id | None = Field(
        None, title="Edition", description="Its edition.", json_schema_extra={"x-ref": "edition"}
    )
    seal: Id | None = Field(None, title="Seal", description="Its seal.", json_schema_extra={"x-ref": "seal"})
    to: Literal["deck", "hand"] = Field("deck", title="To", description="Where the card goes.")

    def misfit(self, trigger: TriggerKind) -> str | None:
        """Between rounds, and as a round ends, no hand is held to take the card."""
        if self.to == "hand" and (trigger.between or trigger.name == "end_of_round"):
            when = "the round is over" if trigger.name == "end_of_round" else "between rounds"
            return f"no hand is held at {trigger.name} ({when}): add the card to the deck"
        return None

    def to_engine(self) -> Any:
        """Return the engine value, the rank as its number."""
        return _rank_as_number(super().to_engine())


class CopyCharmEffect(_Certain):
    """The charm uses the abilities of another charm, in its own place and with its own edition."""

    kind: Literal["copy_charm"] = Field(..., title="Effect", description="Use another charm's abilities.")
    target: Literal["right", "left", "leftmost"] = Field(
        "right",
        title="Target",
        description="The charm to its right, the one to its left, or the leftmost charm.",
    )

    def misfit(self, trigger: TriggerKind) -> str | None:
        """The copy holds at every trigger; it is written once, under the trigger hand."""
        if trigger.name != "hand":
            return "copy_charm copies every ability of its target: write it under the trigger hand"
        return None


class DisableBossEffect(_Effect):
    """The boss rule stops: its abilities for the rest of the hand, all of it for the rest of the round."""

    kind: Literal["disable_boss"] = Field(..., title="Effect", description="Disable the boss rule.")

    def misfit(self, trigger: TriggerKind) -> str | None:
        """A boss rule is in play only in its round."""
        if trigger.between:
            return f"no boss rule is in play at {trigger.name} (between rounds): disable_boss acts in a round"
        return None


class SetVarEffect(_Scaled):
    """Set one of the charm's variables to a number or to a rank, suit or hand type."""

    kind: Literal["set_var"] = Field(..., title="Effect", description="Set a variable of the charm.")
    var: Id = Field(..., title="Variable", description="Which of the charm's variables.")
    amount: Amount | None = Field(None, title="Number", description="The number to set it to.")
    value: str | None = Field(
        None, max_length=20, title="Value", description="A rank, suit or hand type id to set it to."
    )

    @model_validator(mode="after")
    def _one_value(self) -> SetVarEffect:
        if (self.amount is None) == (self.value is None):
            raise ValueError(
                "set_var takes exactly one of 'amount' (a number) or 'value' (a rank, suit or hand type)"
            )
        return self


class AddVarEffect(_Scaled):
    """Add to one of the charm's number variables."""

    kind: Literal["add_var"] = Field(..., title="Effect", description="Add to a variable of the charm.")
    var: Id = Field(..., title="Variable", description="Which of the charm's variables.")
    amount: Amount = Field(1, title="Amount", description="Added (per step with 'per').")


class ModifyEffect(_Scaled):
    """Change a layered value for the rest of this hand or this round."""

    kind: Literal["modify"] = Field(..., title="Effect", description="Change a value for the hand or round.")
    value: Layered = Field(..., title="Value", description="The value to change.")
    set: float | None = Field(None, ge=-1_000_000, le=1_000_000, title="Set to", description="Replaces it.")
    add: float | None = Field(None, ge=-1_000_000, le=1_000_000, title="Add", description="Added to it.")
    times: float | None = Field(None, ge=0, le=1000, title="Times", description="Multiplies it.")
    for_: Literal["hand", "round"] = Field(
        "hand", alias="for", title="Lasts", description="The rest of this hand, or of this round."
    )

    @property
    def amount(self) -> float | None:
        """The number of its one op: where a random range (``up_to``) starts."""
        return next((getattr(self, op) for op in OPS if getattr(self, op) is not None), None)

    @model_validator(mode="after")
    def _one_op(self) -> ModifyEffect:
        if sum(getattr(self, op) is not None for op in OPS) != 1:
            raise ValueError("modify takes exactly one of set, add or times")
        return self

    def misfit(self, trigger: TriggerKind) -> str | None:
        """A change for the hand needs a hand being played; one for the round, a round."""
        if trigger.between:
            return f"no round is played at {trigger.name}, so a modify there lasts nothing"
        if self.for_ == "hand" and trigger.no_hand:
            return f"no hand is played at {trigger.name}: use 'for: round'"
        return None

    @classmethod
    def settings(cls) -> EffectSettings:
        """The engine's settings: which op (the number is the amount; data gives exactly one), the value
        and how long."""
        fields = cls.model_fields
        return EffectSettings(
            {
                "for": Setting(words=words(fields["for_"].annotation)),
                "op": Setting(words=OPS, required=True),
                "value": Setting(words=words(fields["value"].annotation), required=True),
            }
        )

    def to_engine(self) -> Any:
        """Return the engine value: the number is the amount, the op and duration its settings."""
        op = next(op for op in OPS if getattr(self, op) is not None)
        effect = super().to_engine()
        args = (("for", self.for_), ("op", op), ("value", self.value))
        scaling = effect.scaling
        return type(effect)(effect.kind, float(getattr(self, op)), scaling, effect.chance, args, effect.up_to)


CHANGE_EFFECTS = (
    DestroySelfEffect,
    DestroyCardEffect,
    EditCardEffect,
    CopyCardEffect,
    AddCardEffect,
    CopyCharmEffect,
    DisableBossEffect,
    SetVarEffect,
    AddVarEffect,
    ModifyEffect,
)

#: Every effect model, built-in kinds first.
EFFECT_MODELS: tuple[type[_Certain], ...] = (*SCORE_EFFECTS, *CHANGE_EFFECTS, *RUN_EFFECTS)

if TYPE_CHECKING:
    EffectModel = _Certain
else:  # a discriminated union on 'kind' of every effect model: what a charm's (or boss's) ability may do
    EffectModel = Annotated[Union[EFFECT_MODELS], Field(discriminator="kind")]  # noqa: UP007
