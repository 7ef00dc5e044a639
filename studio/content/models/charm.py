"""The charm model: abilities (trigger, conditions, effects), passive rules, or a code behaviour."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from studio.content.models.art import ArtPath, art_field
from studio.content.models.change_effects import EffectModel
from studio.content.models.common import ConditionsModel, FieldError, Id, Model
from studio.content.models.effects import effects_to_engine
from studio.content.models.value_modifiers import MODIFY, Flag, ModifierModel, modifiers_of
from studio.content.models.variables import VarModel, value_misfit
from studio.engine.behaviour import Behaviour
from studio.engine.charms import Ability, CharmDef
from studio.engine.conditions import ALWAYS
from studio.engine.kinds import CONDITIONS, EFFECTS, TRIGGERS
from studio.engine.names import did_you_mean

if TYPE_CHECKING:
    Trigger = str
else:  # the registered names, so the schema lists them and the form offers them
    Trigger = Literal[TRIGGERS.names()]


class AbilityModel(Model):
    """When it fires, when it applies, what it does."""

    trigger: Trigger = Field(
        ...,
        title="Trigger",
        description=(
            "before: before scoring; scored_card / held_card: on each trigger of each scored or "
            "held card; hand: once for the whole hand; discard: per discarded card; "
            "end_of_round: when the round is won. The run's events: round_start (a blind selected), "
            "hand_drawn, round_lost (the round would be lost), boss_defeated, cash_out, "
            "blind_skipped, shop_enter, shop_exit, reroll, booster_opened, booster_skipped, "
            "bought, sold, card_added, card_destroyed (per card)."
        ),
        # A new ability starts once a hand, where every effect kind applies: the first registered
        # trigger (before) has no Points or Mult yet, so a new +Points effect under it was an error.
        examples=["hand"],
    )
    when: ConditionsModel = Field(
        default_factory=ConditionsModel, title="Conditions", description="All must hold."
    )
    effects: list[EffectModel] = Field(
        ..., min_length=1, max_length=8, title="Effects", description="Applied in order."
    )

    @model_validator(mode="after")
    def _fits_trigger(self) -> AbilityModel:
        """Reject what cannot work at this trigger, asking each kind what it needs."""
        trigger = TRIGGERS[self.trigger]
        for name in self.when.kinds():
            kind = CONDITIONS[name]
            if kind.about == "card" and not trigger.has_card:
                raise ValueError(f"card conditions need a card trigger, not '{trigger.name}'")
            if kind.triggers and trigger.name not in kind.triggers:
                asks = f"asks about {kind.asks}: " if kind.asks else ""
                raise ValueError(f"'{name}' {asks}it needs the trigger {' or '.join(sorted(kind.triggers))}")
            if kind.about == "hand" and trigger.no_hand:
                raise ValueError(f"at the {trigger.name.replace('_', ' ')} there is no hand for '{name}'")
        for effect in self.effects:
            misfit = effect.misfit(trigger)
            if misfit:
                raise ValueError(misfit)
        if self.when.kinds() and any(EFFECTS[e.kind].copies for e in self.effects):
            raise ValueError("copy_charm always copies (the row decides it): give its ability no 'when'")
        kinds = [EFFECTS[e.kind] for e in self.effects]
        scoring = [k.name for k in kinds if k.scores]
        if scoring and not trigger.scores:
            raise ValueError(
                f"{trigger.unscored}, so '{scoring[0]}' would change nothing: "
                "use the trigger hand, scored_card or held_card"
            )
        needing = [k.name for k in kinds if k.needs_card]
        if needing and (not trigger.has_card or trigger.card_fixed):
            raise ValueError(
                f"'{needing[0]}' acts on the triggering card: use scored_card, held_card or discard"
            )
        repeats = [k.name for k in kinds if k.repeats]
        if repeats:
            if not trigger.card:
                raise ValueError(f"a {repeats[0]} ability fires on scored_card or held_card")
            if len(repeats) != len(kinds):
                raise ValueError(f"a {repeats[0]} ability holds only {repeats[0]} effects")
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
    art: ArtPath | None = art_field()
    abilities: list[AbilityModel] = Field(
        default_factory=list, max_length=8, title="Abilities", description="Its data abilities."
    )
    passive: list[Flag] = Field(
        default_factory=list,
        title="Passive rules",
        description="Hand rules switched on while the charm is in play (short for modify ... set: 1).",
    )
    modify: list[ModifierModel] = MODIFY
    vars: dict[Id, VarModel] = Field(
        default_factory=dict,
        max_length=8,
        title="Variables",
        description="Values it keeps between hands besides its counter: numbers, ranks, suits, hand types.",
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
        if not (self.abilities or self.passive or self.modify or self.behaviour):
            raise FieldError("a charm needs abilities, passive rules, modifiers or a behaviour", "abilities")
        if self.description is not None and self.behaviour is None:
            raise FieldError("a data charm's description is generated; drop 'description'", "description")
        if self.behaviour is not None and not self.description:
            raise FieldError("a behaviour charm needs a 'description' for players", "description")
        twice = next((i for i, rule in enumerate(self.passive) if rule in self.passive[:i]), None)
        if twice is not None:
            rule = self.passive[twice]
            raise FieldError(f"'{rule}' is listed twice: a rule is on or off", "passive", twice)
        if "pareidolia" in self.passive and any(a.when.face is False for a in self.abilities):
            raise ValueError("with pareidolia every card is a face card, so 'face: false' never holds")
        self._check_variables()
        copies = [a for a in self.abilities if any(EFFECTS[e.kind].copies for e in a.effects)]
        if copies and (len(self.abilities) > 1 or len(copies[0].effects) > 1):
            raise ValueError("a charm that copies another uses that charm's abilities: give it no others")
        return self

    def _check_variables(self) -> None:
        """Every variable an ability names must be declared (``counter`` always is)."""
        if "counter" in self.vars:
            raise ValueError("'counter' is every charm's own variable: declare only the others")
        known = {"counter", *self.vars}
        for i, ability in enumerate(self.abilities):
            named: list[tuple[set[str], tuple[str | int, ...]]] = [(ability.when.variables(), ("when",))]
            for j, effect in enumerate(ability.effects):
                said = {v for v in (getattr(effect, "var", None), getattr(effect, "per_var", None)) if v}
                named.append((said, ("effects", j)))
            for names, where in named:
                unknown = sorted(names - known)
                if unknown:
                    hint = did_you_mean(unknown[0], known)
                    why = f"the variable '{unknown[0]}' is not declared under 'vars'{hint}"
                    raise FieldError(why, "abilities", i, *where)
            self._check_variable_types(i, ability)

    def _check_variable_types(self, i: int, ability: AbilityModel) -> None:
        """A variable is read and written as what it holds: a rank test reads a rank variable, a number
        is added to a number (a rank variable at K went on to 14, a suit was set to Q)."""
        types = {"counter": "number", **{name: v.type for name, v in self.vars.items()}}
        when = ability.when
        for field, wanted in (("rank_var", "rank"), ("suit_var", "suit"), ("hand_type_var", "hand_type")):
            name = getattr(when, field)
            if name is not None and types[name] != wanted:
                held, read = types[name].replace("_", " "), wanted.replace("_", " ")
                raise FieldError(
                    f"'{name}' holds a {held}; {field} reads a {read}", "abilities", i, "when", field
                )
        for j, effect in enumerate(ability.effects):
            name = getattr(effect, "var", None)
            if effect.kind not in ("set_var", "add_var") or name is None:
                continue
            held = types[name]
            value = getattr(effect, "value", None)
            why: str | None
            if effect.kind == "add_var" and held != "number":
                why = f"'{name}' holds a {held.replace('_', ' ')}: add_var adds to a number variable"
            elif value is not None and held == "number":
                why = f"'{name}' holds a number: set it with 'amount', not 'value'"
            elif value is None and held != "number":
                why = f"'{name}' holds a {held.replace('_', ' ')}: set it with 'value', not 'amount'"
            else:
                why = value_misfit(held, value) if value is not None else None
            if why:
                raise FieldError(why, "abilities", i, "effects", j)

    def to_engine(self, behaviour: Behaviour | None = None, description: str = "") -> CharmDef:
        """Return the engine value, with its behaviour if one was loaded."""
        return CharmDef(
            id=self.id,
            name=self.name,
            abilities=tuple(a.to_engine() for a in self.abilities),
            modifiers=modifiers_of(self.modify, (self.id, "charm", -1), self.passive),
            variables=tuple(v.to_engine(name) for name, v in self.vars.items()),
            behaviour_id=self.behaviour,
            behaviour=behaviour,
            description=description or self.description or "",
            rarity=self.rarity,
            cost=self.cost,
        )
