"""The scenario model: one hand to score, optionally with the result it must give."""

from __future__ import annotations

import math
from typing import Annotated, Any

from pydantic import AfterValidator, Field

from studio.content.io.limits import MAX_SEED
from studio.content.models.common import Id, Model
from studio.content.models.variables import VarValue, var_values
from studio.content.plain_scenarios import SITUATION_FIELDS, plain_situation
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.situation import Situation

#: A charm written as text: ``id`` or ``id:edition``.
CharmToken = Annotated[
    str,
    Field(
        pattern=r"^\s*[a-z][a-z0-9_]*\s*(:\s*[a-z][a-z0-9_]*\s*)?$",
        json_schema_extra={"x-message": "write a charm as id or id:edition (pair_mult, pair_mult:foil)"},
    ),
]


def _a_number(value: float) -> float:
    """Refuse NaN, which no result equals (an expectation of it could never pass); infinity is a result."""
    if math.isnan(value):
        raise ValueError("nan is not a number")
    return value


#: An expected Mult: any number a result may hold, infinity included, never NaN.
ExpectedMult = Annotated[float, AfterValidator(_a_number)]


class CharmEntry(Model):
    """A charm in the row, with its edition, variables and stickers."""

    id: Id = Field(..., json_schema_extra={"x-ref": "charm"})
    edition: Id | None = Field(
        None, title="Edition", description="The charm's edition.", json_schema_extra={"x-ref": "edition"}
    )
    counter: int = Field(0, ge=-1_000_000, le=1_000_000, title="Counter", description="Its counter now.")
    vars: dict[Id, VarValue] = Field(
        default_factory=dict,
        max_length=16,
        title="Variables",
        description="Its other variables now (a number, rank, suit or hand type); the rest hold their start.",
    )
    stickers: list[Id] = Field(
        default_factory=list,
        max_length=16,
        title="Stickers",
        description="The stickers it carries.",
        json_schema_extra={"x-ref": "sticker"},
    )
    rounds: int = Field(
        0,
        ge=0,
        le=10_000,
        title="Rounds",
        description="Rounds it has been in the row (a sticker's debuff counts them, e.g. perishable's 5).",
    )


class ExpectedEvent(Model):
    """One step of the expected trace."""

    step: str = Field(..., title="Step", description="boss, before, base, scored_card, held_card or hand.")
    source: str = Field(..., title="Source", description="What fired, e.g. '10H glass'.")
    points: int = Field(..., title="Points", description="Running Points after the event.")
    mult: ExpectedMult = Field(..., title="Mult", description="Running Mult after the event.")
    what: str | None = Field(
        None, max_length=40, title="What", description="What the event did (destroy_card, ...), if given."
    )


class Expect(Model):
    """What scoring the scenario must give."""

    hand_type: Id | None = Field(
        None,
        title="Hand type",
        description="The played hand's type.",
        json_schema_extra={"x-ref": "hand_type"},
    )
    total: int | None = Field(None, title="Total", description="floor(Points x Mult).")
    points: int | None = Field(None, title="Points", description="Final Points.")
    mult: ExpectedMult | None = Field(None, title="Mult", description="Final Mult.")
    money: int | None = Field(None, title="Money", description="Money after the hand.")
    scoring: list[str] | None = Field(None, title="Scoring cards", description="Scoring cards, in order.")
    counters: list[int] | None = Field(None, title="Counters", description="Each charm's counter after.")
    events: list[ExpectedEvent] | None = Field(None, title="Trace", description="The whole expected trace.")
    vars: list[dict[str, VarValue]] | None = Field(
        None, title="Variables", description="Each charm's variables besides its counter after the hand."
    )
    after: dict[str, Any] | None = Field(
        None,
        title="After the hand",
        description="What the hand leaves to take effect after it, as the result's 'after' ({}: nothing).",
    )


class ScenarioModel(Model):
    """A hand to score: cards, charms, levels, boss and round state."""

    name: str = Field("", max_length=200, title="Name", description="What the scenario checks.")
    played: str = Field(
        ...,
        min_length=1,
        title="Played",
        description="Played cards, e.g. 'AS AH KD'.",
        examples=["AS"],  # a scenario added in a form starts with a card, as a new scenario file does
        json_schema_extra={"x-message": "write at least one card, e.g. AS"},  # what an empty hand is told
    )
    held: str = Field("", title="Held", description="Cards held in hand.")
    charms: list[CharmToken | CharmEntry] = Field(
        default_factory=list,
        max_length=100,
        title="Charms",
        description="Charm ids in row order, as 'id', 'id:edition' or an object with a counter.",
        json_schema_extra={"x-ref": "charm"},
    )
    levels: dict[str, Annotated[int, Field(ge=1, le=10_000)]] = Field(
        default_factory=dict,
        title="Levels",
        description="Hand type levels (default 1).",
        json_schema_extra={"propertyNames": {"x-ref": "hand_type"}},
    )
    boss: Id | None = Field(
        None, title="Boss", description="The boss rule in play.", json_schema_extra={"x-ref": "boss"}
    )
    deck: Id = Field(
        "standard", title="Deck", description="The deck in play.", json_schema_extra={"x-ref": "deck"}
    )
    money: int = Field(0, ge=-1_000_000, le=1_000_000_000, title="Money", description="$ held.")
    hands_left: int = Field(0, ge=0, le=1000, title="Hands left", description="After this one.")
    discards_left: int = Field(0, ge=0, le=1000, title="Discards left", description="Discards left.")
    hand_types_played: list[Id] = Field(
        default_factory=list,
        title="Types played",
        description="Hand types already played this round.",
        json_schema_extra={"x-ref": "hand_type"},
    )
    seed: int = Field(0, ge=0, le=MAX_SEED, title="Seed", description="The run seed for chance effects.")
    ante: int = Field(1, ge=1, le=1000, title="Ante", description="The run's ante.")
    blind: Id | None = Field(
        None,
        title="Blind",
        description="The blind being played (small, big, boss; none: not in a run).",
        json_schema_extra={"x-ref": "blind"},
    )
    hand_size: int | None = Field(
        None,
        ge=1,
        le=1000,
        title="Hand size",
        description="The round's hand size (default: 8, changed by the deck, charms and boss in play).",
    )
    charm_slots: int | None = Field(
        None,
        ge=0,
        le=100,
        title="Charm slots",
        description="Charm slots of the row (default: 5, changed by the deck, charms and boss in play).",
    )
    full_deck: str | None = Field(
        None,
        title="Full deck",
        description="Every card of the run's deck, e.g. '9S 9H KD:glass' (default: the deck's cards).",
    )
    draw_pile: int = Field(0, ge=0, le=10_000, title="Draw pile", description="Cards left to draw.")
    hands_played: int | None = Field(
        None,
        ge=0,
        le=1000,
        title="Hands played",
        description="Hands played this round before this one (default: one per type played).",
    )
    hands_per_round: int | None = Field(
        None,
        ge=1,
        le=1000,
        title="Hands per round",
        description="The run's hands per round, before the charms, vouchers and boss in play (default: "
        "the run table's, with the deck and difficulty; a disabled boss gives back what it took of them).",
    )
    discards_per_round: int | None = Field(
        None,
        ge=0,
        le=1000,
        title="Discards per round",
        description="The run's discards per round, before the charms, vouchers and boss in play (default: "
        "the run table's, with the deck and difficulty).",
    )
    times_played: dict[str, Annotated[int, Field(ge=0, le=1_000_000)]] = Field(
        default_factory=dict,
        title="Times played",
        description="Times each hand type was played this run before this hand.",
        json_schema_extra={"propertyNames": {"x-ref": "hand_type"}},
    )
    vouchers: list[Id] = Field(
        default_factory=list,
        max_length=100,
        title="Vouchers",
        description="Vouchers the run has bought, in the order bought (their modifiers count in the hand).",
        json_schema_extra={"x-ref": "voucher"},
    )
    consumables: int = Field(0, ge=0, le=100, title="Consumables", description="Consumables held.")
    difficulty: int = Field(
        0,
        ge=0,
        le=1000,
        title="Difficulty",
        description="The run's difficulty level: the modifiers of every level up to it count (0: none).",
    )
    expect: Expect | None = Field(None, title="Expect", description="Makes the scenario a regression test.")

    def slots(self) -> tuple[CharmSlot, ...]:
        """Return the charm row."""
        out = []
        for entry in self.charms:
            if isinstance(entry, str):
                out.append(CharmSlot.parse(entry))
            else:
                out.append(
                    CharmSlot(
                        entry.id,
                        entry.edition,
                        entry.counter,
                        var_values(entry.vars),
                        stickers=tuple(entry.stickers),
                        rounds=entry.rounds,
                    )
                )
        return tuple(out)

    def to_situation(self, catalog: Catalog) -> Situation:
        """Return the situation to score (raises ValueError naming the field of a bad card or an unknown
        id, or no hand types): built as every scenario's is, by
        :func:`~studio.content.plain_scenarios.plain_situation`, with this model's charm row."""
        fields = {name: getattr(self, name) for name in SITUATION_FIELDS if name != "charms"}
        return plain_situation({**fields, "charms": self.slots()}, catalog, tuple)
