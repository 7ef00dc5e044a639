"""Effects: one schema per kind, each carrying only the fields that kind uses.

``kind`` picks the schema (a discriminated union), so a field that a kind
would ignore is an error, never silently accepted. Charms take every kind;
a card's upgrade, seal or edition takes only the kinds that change the score
(:data:`CardEffect`), and at the end of a round only money counts.
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Self, Union, get_args, get_origin

from pydantic import ConfigDict, Field, model_validator
from pydantic.fields import FieldInfo

from studio.content.models.common import (
    FILTER,
    Amount,
    CardFilterModel,
    ChanceModel,
    Id,
    Model,
    Value,
    WholeAmount,
    check_var,
    filter_misfit,
)
from studio.engine.effect_settings import Bounds, Choice, EffectSettings, Setting, sets_what_it_removes
from studio.engine.effects import Effect, Scaling
from studio.engine.kinds import VALUES, TriggerKind

#: Fields every effect model may have that are not the kind's own settings: the engine's effect holds
#: them apart from its ``args``, and a code charm's ``ctx.effect`` takes none of them as a setting.
_NOT_SETTINGS = frozenset({"kind", "amount", "per", "every", "per_var", "filter", "chance", "up_to"})

_PER = Field(
    None,
    title="Per",
    description="Scale the amount by this value (e.g. +2 Mult per $5: per money, every 5).",
)
_EVERY = Field(
    None, ge=1, le=1000, title="Every", description="With 'per': one step for every this many (default 1)."
)
_CHANCE = Field(None, title="Chance", description="Only happens with this chance.")
_UP_TO = Field(
    None,
    title="Up to",
    description="A random amount from 'amount' to this, drawn each time from the chance stream.",
)


#: Fields every scaled or chance effect shares, in the order a form and a schema list them after the
#: kind's own settings: how the amount scales, then how often the effect happens.
_SHARED_LAST = ("per", "every", "per_var", "filter", "chance")


def _own_settings_first(schema: dict[str, Any]) -> None:
    """List an effect's fields as a designer reads one: the kind, its own settings (the amount with its
    'up to'), then the shared scaling and chance. Pydantic lists base-class fields first, which put a
    Grow effect's amount below six fields it hardly ever needs."""
    props: dict[str, Any] = schema.get("properties", {})
    shared = [k for k in _SHARED_LAST if k in props]
    own = [k for k in props if k not in shared and k != "up_to"]
    if "up_to" in props:
        own.insert(own.index("amount") + 1 if "amount" in own else len(own), "up_to")
    schema["properties"] = {k: props[k] for k in (*own, *shared)}


class _Certain(Model):
    """What every effect kind shares: turning itself into the engine's value."""

    model_config = ConfigDict(json_schema_extra=_own_settings_first)

    if TYPE_CHECKING:
        kind: str  # each subclass declares its own literal

    #: Settings that go together (edit_card changes at least one thing): data is validated against
    #: them, and so is a code charm's ``ctx.effect``.
    setting_choices: ClassVar[tuple[Choice, ...]] = ()
    #: The setting that names another it takes away (edit_card's ``remove``): the two never go together.
    setting_removes: ClassVar[str] = ""

    @model_validator(mode="after")
    def _chosen(self) -> Self:
        values = {info.alias or name: getattr(self, name) for name, info in type(self).model_fields.items()}
        given = [name for name, value in values.items() if value is not None]
        for choice in self.setting_choices:
            wrong = choice.misfit(given)
            if wrong:
                raise ValueError(f"{self.kind} takes {wrong}")
        removed = sets_what_it_removes(self.setting_removes, values) if self.setting_removes else None
        if removed:
            raise ValueError(f"{self.kind} {removed}")
        return self

    def to_engine(self) -> Effect:
        """Return the engine value: the kind's own settings go into ``args``."""
        kind = getattr(self, "kind")  # noqa: B009 - each subclass declares its own literal
        per: str | None = getattr(self, "per", None)
        every: int | None = getattr(self, "every", None)
        card_filter: CardFilterModel | None = getattr(self, "filter", None)
        arg = card_filter.to_engine() if card_filter else getattr(self, "per_var", None)
        fields = type(self).model_fields
        args = tuple(
            sorted(
                (fields[name].alias or name, getattr(self, name))
                for name in fields
                if name not in _NOT_SETTINGS and getattr(self, name) is not None
            )
        )
        return Effect(
            kind,
            float(getattr(self, "amount", 0) or 0),
            Scaling(per, every or 1, arg) if per else None,
            chance.to_engine() if (chance := getattr(self, "chance", None)) else None,
            args,
            getattr(self, "up_to", None),
        )

    def misfit(self, trigger: TriggerKind) -> str | None:
        """Return why this effect cannot work at ``trigger`` (None: it can)."""
        return None

    @classmethod
    def settings(cls) -> EffectSettings:
        """The settings :meth:`to_engine` puts in the engine effect's ``args``, by name, with what each
        takes (the id kind its ``x-ref`` names, the words its literal allows, its numbers' bounds, whether
        the kind needs it) and which go together, so a code charm's settings are checked as a data
        file's are."""
        found = {}
        for name, info in cls.model_fields.items():
            if name not in _NOT_SETTINGS:
                extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
                ref, required = str(extra.get("x-ref", "")), info.is_required()
                found[info.alias or name] = Setting(ref, words(info.annotation), bounds(info), required)
        return EffectSettings(found, cls.setting_choices, cls.setting_removes)

    @classmethod
    def whole_amount(cls) -> bool:
        """True if the kind's amount is a whole number (Points, money, levels, triggers, a counter)."""
        amount = cls.model_fields.get("amount")
        return amount is not None and amount.annotation is int


def words(annotation: Any) -> tuple[str, ...]:
    """The strings a literal annotation allows, optional or not (empty: it allows other values too)."""
    if get_origin(annotation) is Literal:
        allowed = get_args(annotation)
        return allowed if all(isinstance(a, str) for a in allowed) else ()
    if get_origin(annotation) in (Union, types.UnionType):
        parts = [words(a) for a in get_args(annotation) if a is not type(None)]
        if all(parts):
            return tuple(w for part in parts for w in part)
    return ()


def bounds(info: FieldInfo) -> Bounds | None:
    """The numbers a field of one number type takes, optional or not, with the limits its ``Field`` or
    its annotation gives (None: it takes no number, or other values too)."""
    annotation = info.annotation
    union = get_origin(annotation) in (Union, types.UnionType)
    kinds = [a for a in (get_args(annotation) if union else (annotation,)) if a is not type(None)]
    if len(kinds) != 1:
        return None
    kind, limits = kinds[0], list(info.metadata)
    if get_origin(kind) is Annotated:
        kind, *extra = get_args(kind)
        limits += [m for e in extra for m in (e.metadata if isinstance(e, FieldInfo) else (e,))]
    if kind not in (int, float):
        return None
    found = {k: v for m in limits for k in ("ge", "gt", "le", "lt") if (v := getattr(m, k, None)) is not None}
    return Bounds(kind is int, **found)


class _Effect(_Certain):
    """An effect that may happen only with a chance."""

    chance: ChanceModel | None = _CHANCE


class _Scaled(_Effect):
    """An effect whose amount may scale with a value of the hand, the round or the charm."""

    per: Value | None = _PER
    every: int | None = _EVERY
    per_var: Id | None = Field(
        None, title="Per variable", description="With 'per: var': which of the charm's variables."
    )
    up_to: Amount | None = _UP_TO
    filter: CardFilterModel | None = FILTER

    @model_validator(mode="after")
    def _every_needs_per(self) -> _Scaled:
        if self.every is not None and self.per is None:
            raise ValueError("'every' only counts with 'per': add 'per' or drop 'every'")
        check_var(self.per, self.per_var)
        misfit = filter_misfit(self.per, self.filter)
        if misfit:
            raise ValueError(misfit)
        low = getattr(self, "amount", None)
        if self.up_to is not None and (not isinstance(low, int | float) or self.up_to <= low):
            raise ValueError("'up_to' is the top of a random range: it must be above 'amount'")
        return self


class PointsEffect(_Scaled):
    """+Points (whole numbers; negative takes Points away)."""

    kind: Literal["points"] = Field(..., title="Effect", description="+Points.")
    amount: WholeAmount = Field(
        ..., title="Amount", description="Points added (per step with 'per').", examples=[30]
    )
    up_to: WholeAmount | None = _UP_TO


class MultEffect(_Scaled):
    """+Mult."""

    kind: Literal["mult"] = Field(..., title="Effect", description="+Mult.")
    amount: Amount = Field(..., title="Amount", description="Mult added (per step with 'per').", examples=[4])


class XMultEffect(_Scaled):
    """Multiply Mult; with 'per' the factor is 1 + amount x steps."""

    kind: Literal["xmult"] = Field(..., title="Effect", description="Multiply Mult.")
    amount: Amount = Field(
        ...,
        title="Amount",
        description="The factor (with 'per': what each step adds to a factor of 1).",
        examples=[1.5],
    )

    @model_validator(mode="after")
    def _factor_above_zero(self) -> XMultEffect:
        if self.per is None and self.amount <= 0:
            raise ValueError("an xmult amount is a factor and must be above 0")
        return self


class MoneyEffect(_Scaled):
    """+$ (negative takes money away), at once or at the next cash out."""

    kind: Literal["money"] = Field(..., title="Effect", description="+$.")
    amount: WholeAmount = Field(
        ..., title="Amount", description="Money added (per step with 'per').", examples=[3]
    )
    up_to: WholeAmount | None = _UP_TO
    at: Literal["cash_out"] | None = Field(
        None,
        title="Paid",
        description="cash_out: owed and paid at the next cash out, after interest (it earns none).",
    )


class RetriggerEffect(_Scaled):
    """The card triggers again; with 'chance' each retrigger draws its own chance."""

    kind: Literal["retrigger"] = Field(..., title="Effect", description="The card triggers again.")
    amount: int = Field(
        1, ge=1, le=100, title="Times", description="Extra triggers (per step with 'per'; at most 100)."
    )
    up_to: WholeAmount | None = _UP_TO


class GrowEffect(_Scaled):
    """Add to the charm's counter."""

    kind: Literal["grow"] = Field(..., title="Effect", description="Add to the charm's counter.")
    amount: int = Field(
        1, ge=-1_000_000, le=1_000_000, title="Amount", description="Added to the counter (per step)."
    )
    up_to: WholeAmount | None = _UP_TO
    at_least: WholeAmount | None = Field(
        None, title="At least", description="The counter never goes below this (taken down, it stops there)."
    )


class ResetEffect(_Effect):
    """Set the charm's counter back to 0."""

    kind: Literal["reset"] = Field(..., title="Effect", description="Set the charm's counter to 0.")


class LevelUpEffect(_Scaled):
    """Raise a hand type's level."""

    kind: Literal["level_up"] = Field(..., title="Effect", description="Raise a hand type's level.")
    amount: int = Field(
        1,
        ge=-100,
        le=100,
        title="Levels",
        description="Levels added, or taken away when below 0 (never below 1).",
    )
    up_to: WholeAmount | None = _UP_TO
    hand_type: Id | None = Field(
        None,
        title="Hand type",
        description="The hand type to raise (the played type when left out).",
        json_schema_extra={"x-ref": "hand_type"},
    )

    @model_validator(mode="after")
    def _not_zero(self) -> LevelUpEffect:
        if self.amount == 0:
            raise ValueError("a level_up of 0 levels changes nothing")
        return self

    def misfit(self, trigger: TriggerKind) -> str | None:
        """Without a hand there is no played type to raise."""
        if trigger.no_hand and self.hand_type is None:
            return f"a level_up at the {trigger.name.replace('_', ' ')} must name its 'hand_type'"
        return None


#: The effects that change the score or a charm's counter or a level (the rest: change_effects.py).
SCORE_EFFECTS = (
    PointsEffect,
    MultEffect,
    XMultEffect,
    MoneyEffect,
    RetriggerEffect,
    GrowEffect,
    ResetEffect,
    LevelUpEffect,
)
#: An effect of a card's upgrade, seal or edition: it changes the score, and has no counter.
CardEffect = Annotated[PointsEffect | MultEffect | XMultEffect | MoneyEffect, Field(discriminator="kind")]


def effects_to_engine(effects: Sequence[_Certain]) -> tuple[Effect, ...]:
    """Convert a list of effect models."""
    return tuple(e.to_engine() for e in effects)


def hand_misfit(effect: _Certain) -> str | None:
    """Return why ``effect`` cannot work where no hand is played (a consumable, a tag), or None."""
    per: str | None = getattr(effect, "per", None)
    if per is not None and VALUES[per].about == "hand":
        return f"'per: {per}' reads the played hand, and no hand is played here"
    return None


def no_counter(effects: list[CardEffect], holder: str) -> list[CardEffect]:
    """Return ``effects``; reject ``per: counter`` where no charm's counter is there to read."""
    if any(e.per == "counter" for e in effects):
        raise ValueError(f"'per: counter' reads a charm's counter; {holder} has none")
    return effects
