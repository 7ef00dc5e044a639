"""The model of a value modifier: ``{value: hand_size, add: 1}``, ``{value: hands, set: 1}``.

Charms, bosses, decks and difficulty levels declare them under ``modify``;
the engine layers them (studio.engine.values).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import ConfigDict, Field, model_validator

from studio.content.models.common import Model
from studio.engine.kinds import VALUES
from studio.engine.values import OPS, Modifier

if TYPE_CHECKING:
    Layered = str
    Flag = str
else:  # the registered names, so the schema lists them and the form offers them
    #: A value a modifier can change.
    Layered = Literal[tuple(k.name for k in VALUES if k.modifiable)]
    #: A hand rule: a value that is on while above 0; the schema says what each does (the form's tips).
    Flag = Annotated[
        Literal[tuple(k.name for k in VALUES if k.flag)],
        Field(json_schema_extra={"x-choice-text": {k.name: k.text for k in VALUES if k.flag}}),
    ]


class ModifierModel(Model):
    """Change a layered value while the source is active (or for this hand or round)."""

    # A new modifier in a form starts as this valid one (exactly one op is given), not as an error.
    model_config = ConfigDict(json_schema_extra={"examples": [{"value": "hand_size", "add": 1}]})

    value: Layered = Field(..., title="Value", description="The value to change.")
    set: float | None = Field(
        None,
        ge=-1_000_000,
        le=1_000_000,
        title="Set to",
        description="Replaces the base (the last set wins).",
    )
    add: float | None = Field(
        None, ge=-1_000_000, le=1_000_000, title="Add", description="Added after every set."
    )
    times: float | None = Field(None, title="Times", description="Multiplies after every add.", ge=0, le=1000)
    for_: Literal["active"] = Field(
        "active",
        alias="for",
        title="Lasts",
        description="While its source is in play (a change for this hand or round is a modify effect).",
        json_schema_extra={
            "x-message": "a listed modifier lasts while its source is in play; for this hand or round "
            "write an effect under a trigger: {kind: modify, value: ..., add: 1, for: round}"
        },
    )

    @model_validator(mode="after")
    def _one_op(self) -> ModifierModel:
        given = [op for op in OPS if getattr(self, op) is not None]
        if len(given) != 1:
            raise ValueError(f"a modifier takes exactly one of set, add or times, not {len(given)}")
        return self

    def to_engine(self, source: tuple[str, str, int] = ("", "", -1)) -> Modifier:
        """Return the engine value, declared by ``source`` (an event source: text, kind, slot)."""
        op = next(op for op in OPS if getattr(self, op) is not None)
        return Modifier(self.value, op, float(getattr(self, op)), self.for_, source)


MODIFY: list[ModifierModel] = Field(
    default_factory=list,
    max_length=16,
    title="Modifies",
    description="Values it changes while active: hand size, hands, discards, hand rules, prices, ...",
)


def modifiers_of(
    models: list[ModifierModel],
    source: tuple[str, str, int],
    flags: list[str] = (),  # type: ignore[assignment]
) -> tuple[Modifier, ...]:
    """Return the engine modifiers of a source: each hand rule of a ``passive`` list switched on,
    then its ``modify`` entries."""
    return tuple(Modifier(flag, "set", 1, "active", source) for flag in flags) + tuple(
        m.to_engine(source) for m in models
    )
