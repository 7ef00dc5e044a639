"""Shared pieces of the content models: ids, ranks, suits, chances and conditions.

These pydantic models are the single source of the JSON Schemas in ``schemas/``;
every field carries a title, a description and bounds so the editor can build
its forms from them.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler, GetJsonSchemaHandler, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, core_schema

from studio.engine.cards import parse_rank
from studio.engine.conditions import Compare, Conditions, Op
from studio.engine.effects import Chance
from studio.engine.kinds import VALUES
from studio.engine.names import ID_RULE, did_you_mean


class _ValueName:
    """The name of a registered value kind, read from the registry when validating and when the
    schema is made, so a value a trusted plugin registers is accepted and offered like a built-in."""

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_after_validator_function(_known_value, core_schema.str_schema())

    @classmethod
    def __get_pydantic_json_schema__(cls, core: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return {"type": "string", "enum": list(VALUES.names())}


def _known_value(name: str) -> str:
    if name not in VALUES:
        raise ValueError(f"unknown value '{name}'{did_you_mean(name, VALUES.names())}")
    return name


#: The name of a value kind (see studio.engine.kinds): what a comparison or a 'per' reads.
Value = Annotated[str, _ValueName]

Id = Annotated[
    str,
    Field(
        pattern=r"^[a-z][a-z0-9_]*$",
        min_length=1,
        max_length=64,
        title="Id",
        description="Lower-case letters, digits and underscores, starting with a letter.",
        json_schema_extra={"x-message": ID_RULE},
    ),
]
Suit = Literal["S", "H", "C", "D"]
RankName = Literal["2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K", "A"]
RankNumber = Literal[2, 3, 4, 5, 6, 7, 8, 9, 10]
#: Other spellings of a rank, and the rank each spells: a form offers one tick for both.
RANK_ALIASES = {"T": "10"}
Rank = Annotated[RankName | RankNumber, Field(json_schema_extra={"x-aliases": RANK_ALIASES})]
Amount = Annotated[float, Field(ge=-1_000_000, le=1_000_000)]
#: An amount of Points or money: whole numbers in the rule book (RULES.md section 3), so a fraction is
#: refused where it is written instead of being dropped when it scores (``3.0`` still reads as 3).
WholeAmount = Annotated[int, Field(ge=-1_000_000, le=1_000_000)]


def rank_number(rank: Rank) -> int:
    """Return the rank number (2-14) of a rank written in content."""
    return parse_rank(str(rank))


def _title(model: type) -> str:
    """Form title of a model: ``HandTypeModel`` -> ``Hand type``."""
    words = re.findall(r"[A-Z][a-z]*", model.__name__.removesuffix("Model"))
    return " ".join(words).capitalize()


class FieldError(ValueError):
    """A model check's complaint about one of its fields: validation reports it at that field."""

    def __init__(self, message: str, *path: str | int) -> None:
        super().__init__(message)
        self.path = path


class Model(BaseModel):
    """Base of every content model: unknown keys are errors, not silently dropped."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, model_title_generator=_title)


class ChanceModel(Model):
    """A chance of N in M, drawn from the run's ``chance`` stream."""

    n: int = Field(1, ge=1, le=1000, title="N", description="Chances in favour (the N of 'N in M').")
    # A chance ticked in the editor starts at 1 in 2: 1 in 1 is certain, which the check below refuses.
    in_: int = Field(
        ...,
        alias="in",
        ge=1,
        le=1000,
        title="In",
        description="Out of how many (the M of 'N in M').",
        examples=[2],
    )

    @model_validator(mode="after")
    def _n_at_most_in(self) -> ChanceModel:
        if self.n >= self.in_:
            raise ValueError(f"a chance of {self.n} in {self.in_} is certain: drop 'chance'")
        return self

    def to_engine(self) -> Chance:
        """Return the engine value."""
        return Chance(self.n, self.in_)


def check_var(value: str | None, var: str | None) -> None:
    """The value 'var' reads the variable named by 'var'; no other value takes one."""
    if value == "var" and var is None:
        raise ValueError("the value 'var' needs 'var': the name of one of the charm's variables")
    if var is not None and value != "var":
        raise ValueError("'var' names a variable for the value 'var' only")


class _CardTests(Model):
    """Tests on one card, each named after its condition kind; every test given must hold."""

    suits: list[Suit] | None = Field(
        None, min_length=1, title="Suits", description="The card is of one of these suits."
    )
    ranks: list[Rank] | None = Field(
        None, min_length=1, title="Ranks", description="The card has one of these ranks."
    )
    face: bool | None = Field(None, title="Face card", description="The card is (or is not) a face card.")
    upgrades: list[Id] | None = Field(
        None,
        min_length=1,
        title="Upgrades",
        description="The card has one of these upgrades.",
        json_schema_extra={"x-ref": "upgrade"},
    )
    editions: list[Id] | None = Field(
        None,
        min_length=1,
        title="Editions",
        description="The card has one of these editions.",
        json_schema_extra={"x-ref": "edition"},
    )
    seals: list[Id] | None = Field(
        None,
        min_length=1,
        title="Seals",
        description="The card has one of these seals.",
        json_schema_extra={"x-ref": "seal"},
    )

    def card_tests(self) -> dict[str, Any]:
        """Return the engine arguments of the card tests given, by kind."""
        return {
            "suits": frozenset(self.suits) if self.suits else None,
            "ranks": frozenset(rank_number(r) for r in self.ranks) if self.ranks else None,
            "face": self.face,
            "upgrades": frozenset(self.upgrades) if self.upgrades else None,
            "editions": frozenset(self.editions) if self.editions else None,
            "seals": frozenset(self.seals) if self.seals else None,
        }


#: What a card filter without a test is told (by the model, and by the schema's ``x-message``).
NEEDS_A_TEST = "a card filter needs at least one test (suits, ranks, face, upgrades, ...)"


class CardFilterModel(_CardTests):
    """Which cards count: those that pass every test given (wild cards are of every suit)."""

    # The schema says so too: a form then starts a new filter with its first test, not as an error.
    model_config = ConfigDict(json_schema_extra={"minProperties": 1, "x-message": NEEDS_A_TEST})

    @model_validator(mode="after")
    def _tests_something(self) -> CardFilterModel:
        if not any(v is not None for v in self.card_tests().values()):
            raise ValueError(NEEDS_A_TEST)
        return self

    def to_engine(self) -> Conditions:
        """Return the engine value: card tests."""
        return Conditions(**self.card_tests())


#: A value's card filter, written next to the ``value`` or ``per`` that counts cards.
FILTER = Field(
    None,
    title="Filter",
    description="For a value that counts cards (deck_count): only the cards that pass it count.",
)


def filter_misfit(value: str | None, card_filter: CardFilterModel | None) -> str | None:
    """Return why ``card_filter`` cannot go with the value ``value`` (None: it can)."""
    if card_filter is None or (value is not None and VALUES[value].counts_cards):
        return None
    counting = ", ".join(k.name for k in VALUES if k.counts_cards)
    if value is None:
        return f"'filter' only counts with 'per': add 'per' ({counting}) or drop 'filter'"
    return f"'filter' only goes with a value that counts cards ({counting}), not '{value}'"


class CompareModel(Model):
    """A value of the hand or round compared to a number."""

    value: Value = Field(..., title="Value", description="What to compare.")
    var: Id | None = Field(
        None, title="Variable", description="With value 'var': which of the charm's variables."
    )
    op: Op = Field(..., title="Comparison", description="How to compare.")
    n: int = Field(..., ge=-1_000_000, le=1_000_000, title="N", description="The number.")
    filter: CardFilterModel | None = FILTER

    @model_validator(mode="after")
    def _var_with_var(self) -> CompareModel:
        check_var(self.value, self.var)
        misfit = filter_misfit(self.value, self.filter)
        if misfit:
            raise ValueError(misfit)
        return self

    def to_engine(self) -> Compare:
        """Return the engine value (its argument: the variable's name, or the card filter)."""
        arg = self.filter.to_engine() if self.filter else self.var
        return Compare(self.value, self.op, self.n, arg)


class ConditionsModel(_CardTests):
    """When an ability applies; every condition given must hold."""

    first_face: bool | None = Field(
        None, title="First face card", description="The card is the first scoring face card."
    )
    first_scoring: bool | None = Field(
        None, title="First scoring card", description="The card is (or is not) the first scoring card."
    )
    first_discarded: bool | None = Field(
        None,
        title="First discarded card",
        description="The card is (or is not) the first of its discard: true acts once per discard.",
    )
    contains: Id | None = Field(
        None,
        title="Hand contains",
        description="The played hand contains this hand type.",
        json_schema_extra={"x-ref": "hand_type"},
    )
    hand_types: list[Id] | None = Field(
        None,
        min_length=1,
        title="Hand type is",
        description="The played hand is one of these types.",
        json_schema_extra={"x-ref": "hand_type"},
    )
    compare: list[CompareModel] = Field(
        default_factory=list, title="Comparisons", description="Values compared to numbers."
    )
    first_hand: bool | None = Field(
        None, title="First hand", description="This is (or is not) the round's first hand."
    )
    final_hand: bool | None = Field(
        None, title="Final hand", description="This is (or is not) the round's final hand."
    )
    suits_present: list[Suit] | None = Field(
        None,
        min_length=1,
        title="Suits present",
        description="The played hand has a card of each of these suits (a wild card stands for one).",
    )
    all_held: CardFilterModel | None = Field(
        None,
        title="All held",
        description="Every card held in hand passes these tests (true if none is held).",
    )
    blind: list[Id] | None = Field(
        None,
        min_length=1,
        title="Blind",
        description="The blind being played is one of these (ids of the run's blinds: small, big, boss).",
        json_schema_extra={"x-ref": "blind"},
    )
    rank_var: Id | None = Field(
        None, title="Rank is variable", description="The card's rank is the one this charm variable holds."
    )
    suit_var: Id | None = Field(
        None, title="Suit is variable", description="The card is of the suit this charm variable holds."
    )
    hand_type_var: Id | None = Field(
        None,
        title="Contains variable type",
        description="The played hand contains the hand type this variable of the charm holds.",
    )
    type_played: bool | None = Field(
        None,
        title="Type played",
        description="The played hand type was (or was not) already played this round.",
    )
    first_type: bool | None = Field(
        None, title="First type", description="The played hand type is (or is not) the round's first type."
    )
    this_charm: bool | None = Field(
        None,
        title="This charm",
        description="The charm bought or sold is (or is not) this one (at the triggers bought and sold).",
    )
    family: list[Id] | None = Field(
        None,
        min_length=1,
        title="Consumable family",
        description="The consumable used is of one of these families (at the trigger consumable_used).",
    )
    chance: ChanceModel | None = Field(None, title="Chance", description="Applies with this chance.")

    def to_engine(self) -> Conditions:
        """Return the engine value (a plugin's condition kinds get their field's value as it is)."""
        extra = {k: _hashable(getattr(self, k)) for k in type(self).model_fields if k not in _BUILT_IN}
        return Conditions(
            **{k: v for k, v in extra.items() if v is not None},
            **self.card_tests(),
            first_face=self.first_face,
            first_scoring=self.first_scoring,
            first_discarded=self.first_discarded,
            contains=self.contains,
            hand_types=frozenset(self.hand_types) if self.hand_types else None,
            compare=tuple(c.to_engine() for c in self.compare),
            first_hand=self.first_hand,
            final_hand=self.final_hand,
            suits_present=frozenset(self.suits_present) if self.suits_present else None,
            all_held=self.all_held.to_engine() if self.all_held else None,
            blind=frozenset(self.blind) if self.blind else None,
            rank_var=self.rank_var,
            suit_var=self.suit_var,
            hand_type_var=self.hand_type_var,
            type_played=self.type_played,
            first_type=self.first_type,
            this_charm=self.this_charm,
            family=tuple(self.family) if self.family else None,
            chance=self.chance.to_engine() if self.chance else None,
        )

    def variables(self) -> set[str]:
        """Return the charm variables these conditions read."""
        named = {self.rank_var, self.suit_var, self.hand_type_var, *(c.var for c in self.compare)}
        return {v for v in named if v}

    def kinds(self) -> list[str]:
        """Return the condition kinds this sets (each field is named after its kind)."""
        return [name for name in type(self).model_fields if getattr(self, name) not in (None, [])]


#: The condition fields of the built-in kinds (the others are a trusted plugin's).
_BUILT_IN = frozenset(ConditionsModel.model_fields)


def _hashable(value: Any) -> Any:
    """A plugin condition's value as a test's argument: lists become tuples."""
    return tuple(value) if isinstance(value, list) else value


def moved_fields(moved: dict[str, str]) -> Any:
    """A before-validator that explains a field that moved, instead of a bare 'unknown field'.

    ``moved`` maps each old key to how it is written now.
    """

    def check(cls: type, data: Any) -> Any:
        if isinstance(data, dict):
            for old, new in moved.items():
                if old in data:
                    raise ValueError(f"'{old}' is now written as {new}")
        return data

    return model_validator(mode="before")(classmethod(check))  # type: ignore[arg-type]
