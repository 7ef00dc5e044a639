"""The boss rule model: rule records in the charms' vocabulary.

A boss lists abilities (as a charm's), modifiers of layered values,
refusals (conditions under which a hand scores 0, with the reason) and a
debuff (a card filter). No field is specific to one boss.
"""

from __future__ import annotations

from string import Formatter

from pydantic import Field, field_validator

from studio.content.models.charm import AbilityModel
from studio.content.models.common import CardFilterModel, ConditionsModel, Id, Model, moved_fields
from studio.content.models.value_modifiers import MODIFY, ModifierModel, modifiers_of
from studio.engine.bosses import REASON_FIELDS, BossDef, Refusal
from studio.engine.kinds import VALUES
from studio.engine.names import did_you_mean


class RefusalModel(Model):
    """When the hand scores 0, and why."""

    when: ConditionsModel = Field(
        ..., title="When", description="The hand is refused when all of these hold."
    )
    reason: str = Field(
        ...,
        min_length=1,
        max_length=120,
        title="Reason",
        description=(
            "Shown in the trace; {hand_type}, {first_type} and value names in braces ({played_cards}) "
            "are filled in."
        ),
    )

    @field_validator("reason")
    @classmethod
    def _known_fields(cls, reason: str) -> str:
        """Every name in braces is one the trace fills in: a misspelt one would show as written."""
        known = [*REASON_FIELDS, *VALUES.names()]
        try:
            named = [name for _, name, _, _ in Formatter().parse(reason) if name]
        except ValueError:  # a lone brace: the text is shown as written
            return reason
        for name in named:
            if name not in known:
                hint = (
                    did_you_mean(name, known)
                    or " (hand_type, first_type or a value name such as played_cards)"
                )
                raise ValueError(f"'{{{name}}}' is filled in by nothing{hint}")
        return reason

    def to_engine(self) -> Refusal:
        """Return the engine value."""
        return Refusal(self.when.to_engine(), self.reason)


class BossModel(Model):
    """A boss rule; every part left out changes nothing."""

    id: Id
    name: str = Field(..., min_length=1, max_length=60, title="Name", description="Shown to players.")
    text: str = Field("", max_length=200, title="Text", description="The rule as the player reads it.")
    debuff: CardFilterModel | None = Field(
        None,
        title="Debuffed cards",
        description="Cards that pass this card filter are debuffed (e.g. suits: [C], or face: true).",
    )
    refuse: list[RefusalModel] = Field(
        default_factory=list, max_length=8, title="Refusals", description="Hands that score 0, and why."
    )
    abilities: list[AbilityModel] = Field(
        default_factory=list,
        max_length=8,
        title="Abilities",
        description="As a charm's; 'before' abilities act in the boss step, the others after the charms.",
    )
    modify: list[ModifierModel] = MODIFY
    min_ante: int = Field(1, ge=1, le=100, title="From ante", description="First ante it can appear in.")

    _moved = moved_fields(
        {
            "debuff_suits": "debuff: {suits: [C]}",
            "debuff_face": "debuff: {face: true}",
            "min_cards": "refuse: [{when: {compare: [{value: played_cards, op: '<', n: 5}]}, reason: ...}]",
            "no_repeat_type": "refuse: [{when: {type_played: true}, reason: ...}]",
            "only_first_type": "refuse: [{when: {first_type: false}, reason: ...}]",
            "level_down": "an ability at the trigger before that lowers the played level (amount: -1)",
            "halve_base": "modify: [{value: base_points, times: 0.5}, {value: base_mult, times: 0.5}]",
            "money_per_card": (
                "abilities: [{trigger: before, effects: [{kind: money, amount: -1, per: played_cards}]}]"
            ),
            "hands": "modify: [{value: hands, set: 1}]",
            "discards": "modify: [{value: discards, set: 0}]",
            "score_mult": "modify: [{value: blind_factor, set: 4}]",
            "reward": "modify: [{value: blind_reward, set: 0}]",
            "discard_held_after_hand": "modify: [{value: held_discarded, add: 2}]",
            "hand_size": "modify: [{value: hand_size, add: -1}]",
        }
    )

    def to_engine(self) -> BossDef:
        """Return the engine value."""
        return BossDef(
            id=self.id,
            name=self.name,
            abilities=tuple(a.to_engine() for a in self.abilities),
            modifiers=modifiers_of(self.modify, (self.id, "boss", -1)),
            refusals=tuple(r.to_engine() for r in self.refuse),
            debuff=self.debuff.to_engine() if self.debuff else None,
            min_ante=self.min_ante,
            text=self.text,
        )
