"""The scenario model: one hand to score, optionally with the result it must give."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from studio.content.models.common import Id, Model
from studio.content.plain_scenarios import NO_HAND_TYPES, charm_slot
from studio.engine.catalog import Catalog, lookup
from studio.engine.charms import CharmSlot
from studio.engine.rng import RngState
from studio.engine.situation import Situation


class CharmEntry(Model):
    """A charm in the row, with its edition and counter."""

    id: Id = Field(..., json_schema_extra={"x-ref": "charm"})
    edition: Id | None = Field(
        None, title="Edition", description="The charm's edition.", json_schema_extra={"x-ref": "edition"}
    )
    counter: int = Field(0, ge=-1_000_000, le=1_000_000, title="Counter", description="Its counter now.")


class ExpectedEvent(Model):
    """One step of the expected trace."""

    step: str = Field(..., title="Step", description="boss, before, base, scored_card, held_card or hand.")
    source: str = Field(..., title="Source", description="What fired, e.g. '10H glass'.")
    points: int = Field(..., title="Points", description="Running Points after the event.")
    mult: float = Field(..., title="Mult", description="Running Mult after the event.")


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
    mult: float | None = Field(None, title="Mult", description="Final Mult.")
    money: int | None = Field(None, title="Money", description="Money after the hand.")
    scoring: list[str] | None = Field(None, title="Scoring cards", description="Scoring cards, in order.")
    counters: list[int] | None = Field(None, title="Counters", description="Each charm's counter after.")
    events: list[ExpectedEvent] | None = Field(None, title="Trace", description="The whole expected trace.")


class ScenarioModel(Model):
    """A hand to score: cards, charms, levels, boss and round state."""

    name: str = Field("", max_length=200, title="Name", description="What the scenario checks.")
    played: str = Field(..., min_length=1, title="Played", description="Played cards, e.g. 'AS AH KD'.")
    held: str = Field("", title="Held", description="Cards held in hand.")
    charms: list[str | CharmEntry] = Field(
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
    seed: int = Field(0, ge=0, le=2**63 - 1, title="Seed", description="The run seed for chance effects.")
    expect: Expect | None = Field(None, title="Expect", description="Makes the scenario a regression test.")

    def slots(self) -> tuple[CharmSlot, ...]:
        """Return the charm row."""
        out = []
        for entry in self.charms:
            if isinstance(entry, str):
                out.append(charm_slot(entry))
            else:
                out.append(CharmSlot(entry.id, entry.edition, entry.counter))
        return tuple(out)

    def to_situation(self, catalog: Catalog) -> Situation:
        """Return the situation to score (raises ValueError for bad cards or ids, or no hand types)."""
        if not catalog.hand_types:
            raise ValueError(NO_HAND_TYPES)
        for type_id in [*self.levels, *self.hand_types_played]:
            catalog.hand_type(type_id)
        if catalog.decks:
            lookup(catalog.decks, "deck", self.deck)
        return Situation(
            played=catalog.cards(self.played),
            held=catalog.cards(self.held),
            charms=self.slots(),
            levels=dict(self.levels),
            boss=self.boss,
            money=self.money,
            hands_left=self.hands_left,
            discards_left=self.discards_left,
            hand_types_played=tuple(self.hand_types_played),
            deck=self.deck,
            rng=RngState(self.seed),
        )
