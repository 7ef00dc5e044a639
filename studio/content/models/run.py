"""Models of run set-up: the ante table, decks and difficulty levels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

from pydantic import ConfigDict, Field, model_validator

from studio.content.models.common import FieldError, Id, Model, Rank, Suit, moved_fields, rank_number
from studio.content.models.value_modifiers import MODIFY, ModifierModel, modifiers_of
from studio.engine.cards import Card, ModifierKind, parse_card, rank_name
from studio.engine.names import did_you_mean
from studio.engine.runs import (
    RARITIES,
    Blind,
    BoosterDef,
    BoosterKind,
    DeckDef,
    DifficultyDef,
    RunTable,
    ShopTable,
    StartValues,
)

ALL_SUITS: list[Suit] = ["S", "H", "C", "D"]
ALL_RANKS: list[Rank] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


class ValuesModel(Model):
    """What a run starts with, before the deck's and difficulty's modifiers."""

    money: int = Field(0, ge=-1000, le=1000, title="Money", description="$.")
    hand_size: int = Field(0, ge=-20, le=20, title="Hand size", description="Cards held in hand.")
    hands: int = Field(0, ge=-20, le=20, title="Hands", description="Hands per round.")
    discards: int = Field(0, ge=-20, le=20, title="Discards", description="Discards per round.")
    charm_slots: int = Field(0, ge=-20, le=20, title="Charm slots", description="Slots in the charm row.")
    consumable_slots: int = Field(
        2, ge=0, le=20, title="Consumable slots", description="Consumables that can be held at once."
    )

    def to_engine(self) -> StartValues:
        """Return the engine value."""
        return StartValues(
            self.money, self.hand_size, self.hands, self.discards, self.charm_slots, self.consumable_slots
        )


class BlindModel(Model):
    """One blind of every ante."""

    id: Id
    score_mult: float = Field(
        ..., gt=0, le=100, title="Score factor", description="x the ante's requirement."
    )
    reward: int = Field(..., ge=0, le=100, title="Reward", description="$ for beating it.")
    is_boss: bool = Field(False, title="Boss blind", description="The blind with a boss rule.")


class InterestModel(Model):
    """Interest paid at the end of each round."""

    per: int = Field(1, ge=0, le=100, title="Per", description="$ paid per step.")
    every: int = Field(5, ge=1, le=1000, title="Every", description="$ held per step.")
    cap: int = Field(5, ge=0, le=1000, title="Cap", description="Most $ paid per round.")


_SHOP = ShopTable()


# The code's booster (studio.engine.runs.BoosterDef) is a pack to designers and players: the forms and
# files say pack.
class BoosterModel(Model):
    """A pack the shop sells: a few options shown when opened, some of which may be taken."""

    model_config = ConfigDict(title="Pack")

    id: Id
    kind: BoosterKind = Field(
        ...,
        title="Kind",
        description="cards: playing cards for the deck; charms; levels: hand type levels; consumables.",
    )
    price: int = Field(4, ge=0, le=100, title="Price", description="$.")
    size: int = Field(3, ge=1, le=10, title="Size", description="Options shown when opened.")
    picks: int = Field(1, ge=1, le=10, title="Picks", description="Options that may be taken.")
    weight: int = Field(1, ge=0, le=1000, title="Weight", description="How often the shop offers it.")
    family: Id | None = Field(
        None,
        title="Family",
        description="For a consumables pack: the family of its consumables (every family when left out).",
    )

    @model_validator(mode="after")
    def _family_of_consumables(self) -> BoosterModel:
        if self.family is not None and self.kind != "consumables":
            raise ValueError("'family' names the consumables of a consumables pack: drop it or set kind")
        return self

    def to_engine(self) -> BoosterDef:
        """Return the engine value."""
        return BoosterDef(self.id, self.kind, self.price, self.size, self.picks, self.weight, self.family)


class ShopModel(Model):
    """The shop after each blind: what it offers and what things cost."""

    charm_offers: int = Field(
        _SHOP.charm_offers, ge=0, le=10, title="Charms for sale", description="Charm slots in the shop."
    )
    pack_offers: int = Field(
        _SHOP.booster_offers, ge=0, le=10, title="Packs for sale", description="Pack slots in the shop."
    )
    reroll_cost: int = Field(
        _SHOP.reroll_cost, ge=0, le=100, title="Reroll cost", description="$ for the first reroll; +$1 each."
    )
    rarity_weights: dict[str, int] = Field(
        default_factory=lambda: dict(_SHOP.rarity_weights),
        title="Rarity weights",
        description=f"Relative chance of each rarity ({', '.join(RARITIES)}) among charms for sale.",
    )
    packs: list[BoosterModel] = Field(
        default_factory=lambda: [
            BoosterModel(id=b.id, kind=b.kind, price=b.price, size=b.size, picks=b.picks, weight=b.weight)
            for b in _SHOP.boosters
        ],
        max_length=20,
        title="Packs",
        description="The packs the shop may offer.",
    )
    upgrade_chance: float = Field(
        _SHOP.upgrade_chance, ge=0, le=1, title="Upgrade chance", description="A pack card has an upgrade."
    )
    edition_chance: float = Field(
        _SHOP.edition_chance, ge=0, le=1, title="Edition chance", description="A pack card has an edition."
    )
    seal_chance: float = Field(
        _SHOP.seal_chance, ge=0, le=1, title="Seal chance", description="A pack card has a seal."
    )
    consumable_offers: int = Field(
        _SHOP.consumable_offers,
        ge=0,
        le=10,
        title="Consumables for sale",
        description="Consumable slots in the shop.",
    )
    family_weights: dict[str, Annotated[int, Field(ge=0, le=1000)]] = Field(
        default_factory=dict,
        title="Family weights",
        description="Relative chance of each consumable family among consumables for sale (left out: never).",
    )
    voucher_offers: int = Field(
        _SHOP.voucher_offers, ge=0, le=5, title="Vouchers for sale", description="Vouchers offered each ante."
    )
    charm_editions: dict[str, Annotated[float, Field(ge=0, le=1)]] = Field(
        default_factory=dict,
        title="Charm editions",
        description="Chance (0 to 1) of each edition on a charm for sale or in a charm pack; the rest: none.",
        json_schema_extra={"propertyNames": {"x-ref": "edition"}},
    )

    @model_validator(mode="after")
    def _known_rarities(self) -> ShopModel:
        for name in self.rarity_weights:
            if name not in RARITIES:
                raise ValueError(f"unknown rarity '{name}'{did_you_mean(name, RARITIES)}")
        total = sum(self.charm_editions.values())
        if total > 1:
            raise FieldError(f"the charm editions' chances add up to {total:g}, over 1", "charm_editions")
        return self

    def to_engine(self) -> ShopTable:
        """Return the engine value."""
        return ShopTable(
            self.charm_offers,
            self.pack_offers,
            self.reroll_cost,
            tuple((r, self.rarity_weights[r]) for r in RARITIES if r in self.rarity_weights),
            tuple(p.to_engine() for p in self.packs),
            self.upgrade_chance,
            self.edition_chance,
            self.seal_chance,
            self.consumable_offers,
            tuple(self.family_weights.items()),
            self.voucher_offers,
            tuple(self.charm_editions.items()),
        )


class RunModel(Model):
    """The ante table and a standard run's starting values."""

    requirements: list[Annotated[int, Field(ge=1, le=10**15)]] = Field(
        ...,
        min_length=1,
        max_length=100,
        title="Score requirements",
        description="Base score requirement of each ante, in order.",
    )
    blinds: list[BlindModel] = Field(
        ..., min_length=1, max_length=10, title="Blinds", description="The blinds of each ante, in order."
    )
    start: ValuesModel = Field(..., title="Start", description="What a standard run starts with.")
    interest: InterestModel = Field(
        default_factory=InterestModel, title="Interest", description="End-of-round interest."
    )
    hand_reward: int = Field(
        1, ge=0, le=100, title="Reward per hand left", description="$ per hand left when a blind is beaten."
    )
    skip_reward: int = Field(
        2, ge=0, le=100, title="Skip reward", description="$ for skipping a small or big blind."
    )
    shop: ShopModel = Field(default_factory=ShopModel, title="Shop", description="The shop after each blind.")

    def to_engine(self) -> RunTable:
        """Return the engine value."""
        return RunTable(
            tuple(self.requirements),
            tuple(Blind(b.id, b.score_mult, b.reward, b.is_boss) for b in self.blinds),
            self.start.to_engine(),
            self.interest.per,
            self.interest.every,
            self.interest.cap,
            self.hand_reward,
            self.skip_reward,
            self.shop.to_engine(),
        )


class CardGroupModel(Model):
    """Cards of a deck: every listed rank of every listed suit, some number of times."""

    suits: list[Suit] = Field(
        default_factory=lambda: list(ALL_SUITS),
        min_length=1,
        title="Suits",
        description="Suits (default all four).",
    )
    ranks: list[Rank] = Field(
        default_factory=lambda: list(ALL_RANKS),
        min_length=1,
        title="Ranks",
        description="Ranks (default all 13).",
    )
    copies: int = Field(1, ge=1, le=10, title="Copies", description="How many of each card.")
    modifiers: list[Id] = Field(
        default_factory=list,
        max_length=3,
        title="Modifiers",
        description="Upgrade, edition or seal ids.",
        json_schema_extra={"x-ref": "modifier"},
    )

    @model_validator(mode="after")
    def _each_once(self) -> CardGroupModel:
        """A rank or suit listed twice (``10`` and ``T`` alike) would give its cards twice, unasked."""
        ranks = [rank_name(rank_number(r)) for r in self.ranks]
        for field, named in (("suits", list(self.suits)), ("ranks", ranks)):
            twice = next((i for i, x in enumerate(named) if x in named[:i]), None)
            if twice is not None:
                why = f"{named[twice]} is listed twice (for more of each card, raise copies)"
                raise FieldError(why, field, twice)
        return self

    def cards(self, kinds: Mapping[str, ModifierKind]) -> list[Card]:
        """Return the group's cards (raises CardError for an unknown modifier)."""
        return [
            parse_card(":".join([f"{rank_name(rank_number(rank))}{suit}", *self.modifiers]), kinds)
            for suit in self.suits
            for rank in self.ranks
            for _ in range(self.copies)
        ]


class DeckModel(Model):
    """A starting deck."""

    id: Id
    name: str = Field(..., min_length=1, max_length=60, title="Name", description="Shown to players.")
    cards: list[CardGroupModel] = Field(
        ..., min_length=1, max_length=60, title="Cards", description="The deck's cards, as groups."
    )
    modify: list[ModifierModel] = MODIFY

    _moved = moved_fields({"changes": "modify: [{value: discards, add: 1}] (money is start_money)"})

    def to_engine(self, kinds: Mapping[str, ModifierKind]) -> DeckDef:
        """Return the engine value."""
        cards = tuple(c for group in self.cards for c in group.cards(kinds))
        return DeckDef(self.id, cards, modifiers_of(self.modify, (self.id, "deck", -1)), self.name)


class DifficultyModel(Model):
    """A difficulty level; a run at level N applies every level up to N."""

    id: Id
    name: str = Field(..., min_length=1, max_length=60, title="Name", description="Shown to players.")
    level: int = Field(..., ge=1, le=100, title="Level", description="1 is the easiest.")
    text: str = Field("", max_length=200, title="Text", description="What the level changes, for players.")
    modify: list[ModifierModel] = MODIFY
    score_scale: float = Field(
        1.0, gt=0, le=100, title="Score scale", description="Multiplies every score requirement."
    )
    blind_rewards: dict[str, int] = Field(
        default_factory=dict,
        title="Blind rewards",
        description="New $ rewards by blind id.",
        json_schema_extra={"propertyNames": {"x-ref": "blind"}},
    )
    stickers: list[Id] = Field(
        default_factory=list,
        max_length=16,
        title="Stickers",
        description="Stickers that charms for sale may carry from this level on.",
        json_schema_extra={"x-ref": "sticker"},
    )

    _moved = moved_fields(
        {
            "changes": "modify: [{value: hand_size, add: -1}] (money is start_money)",
            "interest_cap": "modify: [{value: interest_cap, set: 3}]",
        }
    )

    def to_engine(self) -> DifficultyDef:
        """Return the engine value."""
        return DifficultyDef(
            self.id,
            self.level,
            modifiers_of(self.modify, (self.id, "difficulty", -1)),
            self.score_scale,
            tuple(sorted(self.blind_rewards.items())),
            self.name,
            tuple(self.stickers),
        )
