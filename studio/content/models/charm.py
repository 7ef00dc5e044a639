"""The charm model: abilities (trigger, conditions, effects), passive rules, or a code behaviour."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from studio.content.models.common import ConditionsModel, Id, Model
from studio.content.models.effects import SCORE_KINDS, EffectModel, LevelUpEffect, effects_to_engine
from studio.engine.behaviour import Behaviour
from studio.engine.charms import CARD_TRIGGERS, Ability, CharmDef, Rule, Trigger
from studio.engine.conditions import ALWAYS

#: Triggers at which no Points or Mult are being added up, and why.
_UNSCORED = {
    "before": "before scoring there are no Points or Mult yet (the base sets them)",
    "discard": "a discard scores nothing",
    "end_of_round": "the end of a round scores nothing",
}


class AbilityModel(Model):
    """When it fires, when it applies, what it does."""

    trigger: Trigger = Field(
        ...,
        title="Trigger",
        description=(
            "before: before scoring; scored_card / held_card: on each trigger of each scored or "
            "held card; hand: once for the whole hand; discard: per discarded card; "
            "end_of_round: when the round is won."
        ),
    )
    when: ConditionsModel = Field(
        default_factory=ConditionsModel, title="Conditions", description="All must hold."
    )
    effects: list[EffectModel] = Field(
        ..., min_length=1, max_length=8, title="Effects", description="Applied in order."
    )

    @model_validator(mode="after")
    def _fits_trigger(self) -> AbilityModel:
        trigger = self.trigger
        if self.when.uses_card and trigger not in (*CARD_TRIGGERS, "discard"):
            raise ValueError(f"card conditions need a card trigger, not '{trigger}'")
        if self.when.first_face is not None and trigger != "scored_card":
            raise ValueError("'first_face' asks about scoring cards: it needs the trigger scored_card")
        if trigger == "end_of_round" and (self.when.contains or self.when.hand_types):
            raise ValueError("at the end of a round there is no hand for 'contains' or 'hand_types'")
        if trigger == "end_of_round" and any(
            isinstance(e, LevelUpEffect) and e.hand_type is None for e in self.effects
        ):
            raise ValueError("a level_up at the end of a round must name its 'hand_type'")
        kinds = {e.kind for e in self.effects}
        scoring = sorted(kinds & set(SCORE_KINDS))
        if scoring and trigger in _UNSCORED:
            raise ValueError(
                f"{_UNSCORED[trigger]}, so '{scoring[0]}' would change nothing: "
                "use the trigger hand, scored_card or held_card"
            )
        if "retrigger" in kinds:
            if trigger not in CARD_TRIGGERS:
                raise ValueError("a retrigger ability fires on scored_card or held_card")
            if kinds != {"retrigger"}:
                raise ValueError("a retrigger ability holds only retrigger effects")
        return self

    def to_engine(self) -> Ability:
        """Return the engine value."""
        conditions = self.when.to_engine()
        return Ability(
            self.trigger, effects_to_engine(self.effects), ALWAYS if conditions == ALWAYS else conditions
        )


class CharmModel(Model):
    """A charm: data abilities and passive rules, or a behaviour from a plugin, or both."""

    id: Id
    name: str = Field(..., min_length=1, max_length=60, title="Name", description="Shown to players.")
    rarity: Literal["common", "uncommon", "rare", "legendary"] = Field(
        "common", title="Rarity", description="How often the shop offers it."
    )
    cost: int = Field(4, ge=0, le=100, title="Cost", description="Shop price in $.")
    abilities: list[AbilityModel] = Field(
        default_factory=list, max_length=8, title="Abilities", description="Its data abilities."
    )
    passive: list[Rule] = Field(
        default_factory=list,
        title="Passive rules",
        description="Rule switches that hold while the charm is in play.",
    )
    behaviour: Id | None = Field(
        None,
        title="Behaviour",
        description="A code behaviour from a plugin, for what data cannot say.",
        json_schema_extra={"x-ref": "behaviour"},
    )
    description: str | None = Field(
        None,
        max_length=300,
        title="Description",
        description="Only for behaviour charms; data charms' text is generated from their data.",
    )

    @model_validator(mode="after")
    def _does_something(self) -> CharmModel:
        if not (self.abilities or self.passive or self.behaviour):
            raise ValueError("a charm needs abilities, passive rules or a behaviour")
        if self.description is not None and self.behaviour is None:
            raise ValueError("a data charm's description is generated; drop 'description'")
        if self.behaviour is not None and not self.description:
            raise ValueError("a behaviour charm needs a 'description' for players")
        if "pareidolia" in self.passive and any(a.when.face is False for a in self.abilities):
            raise ValueError("with pareidolia every card is a face card, so 'face: false' never holds")
        return self

    def to_engine(self, behaviour: Behaviour | None = None, description: str = "") -> CharmDef:
        """Return the engine value, with its behaviour if one was loaded."""
        return CharmDef(
            id=self.id,
            name=self.name,
            abilities=tuple(a.to_engine() for a in self.abilities),
            rules=frozenset(self.passive),
            behaviour_id=self.behaviour,
            behaviour=behaviour,
            description=description or self.description or "",
            rarity=self.rarity,
            cost=self.cost,
        )
