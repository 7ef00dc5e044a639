"""Run set-up: the ante table, shop data, decks and difficulty levels, and what a run starts with."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from studio.engine.cards import Card

PackKind = Literal["cards", "charms", "levels"]
RARITIES = ("common", "uncommon", "rare", "legendary")


@dataclass(frozen=True, slots=True)
class StartValues:
    """What a run starts with (or, as a change, what a deck or difficulty adds)."""

    money: int = 0
    hand_size: int = 0
    hands: int = 0
    discards: int = 0
    charm_slots: int = 0

    def plus(self, other: StartValues) -> StartValues:
        """Return these values with ``other`` added field by field."""
        return StartValues(
            self.money + other.money,
            self.hand_size + other.hand_size,
            self.hands + other.hands,
            self.discards + other.discards,
            self.charm_slots + other.charm_slots,
        )


@dataclass(frozen=True, slots=True)
class Blind:
    """A blind of each ante: its score requirement factor and reward."""

    id: str
    score_mult: float
    reward: int
    is_boss: bool = False


@dataclass(frozen=True, slots=True)
class PackDef:
    """A pack the shop sells: ``size`` options shown, ``picks`` of them may be taken."""

    id: str
    kind: PackKind
    price: int = 4
    size: int = 3
    picks: int = 1
    weight: int = 1


DEFAULT_PACKS = (
    PackDef("card_pack", "cards", 4, 3, 1, 4),
    PackDef("charm_pack", "charms", 5, 2, 1, 2),
    PackDef("level_pack", "levels", 4, 3, 1, 4),
)


@dataclass(frozen=True, slots=True)
class ShopTable:
    """What the shop offers after each blind, and its prices."""

    charm_offers: int = 2
    pack_offers: int = 2
    reroll_cost: int = 5
    #: Relative weight of each rarity among the charms for sale (and in charm packs).
    rarity_weights: tuple[tuple[str, int], ...] = (("common", 70), ("uncommon", 25), ("rare", 5))
    packs: tuple[PackDef, ...] = DEFAULT_PACKS
    #: Chances that a card in a card pack carries an upgrade, an edition, a seal.
    upgrade_chance: float = 0.4
    edition_chance: float = 0.1
    seal_chance: float = 0.1


@dataclass(frozen=True, slots=True)
class RunTable:
    """The ante table and the run's starting values and economy."""

    requirements: tuple[int, ...]
    blinds: tuple[Blind, ...]
    start: StartValues
    interest_per: int = 1
    interest_every: int = 5
    interest_cap: int = 5
    #: $ per hand left when a blind is beaten.
    hand_reward: int = 1
    #: $ for skipping a small or big blind (its reward and shop are lost).
    skip_reward: int = 2
    shop: ShopTable = field(default_factory=ShopTable)


@dataclass(frozen=True, slots=True)
class DeckDef:
    """A starting deck: its cards and what it changes at the start of a run."""

    id: str
    cards: tuple[Card, ...]
    changes: StartValues = StartValues()
    name: str = ""


@dataclass(frozen=True, slots=True)
class DifficultyDef:
    """A difficulty level; level N also applies every level below it."""

    id: str
    level: int
    changes: StartValues = StartValues()
    score_scale: float = 1.0
    blind_rewards: tuple[tuple[str, int], ...] = ()
    interest_cap: int | None = None
    name: str = ""


@dataclass(frozen=True, slots=True)
class RunRules:
    """The values a run with a given deck and difficulty starts from."""

    start: StartValues
    requirements: tuple[int, ...]
    blinds: tuple[Blind, ...]
    interest_cap: int


def run_setup(table: RunTable, deck: DeckDef, difficulties: Sequence[DifficultyDef], level: int) -> RunRules:
    """Combine the table, the deck and every difficulty up to ``level`` (cumulative)."""
    start = table.start.plus(deck.changes)
    scale = 1.0
    cap = table.interest_cap
    blinds = {b.id: b for b in table.blinds}
    for d in sorted(difficulties, key=lambda d: d.level):
        if d.level > level:
            break
        start = start.plus(d.changes)
        scale *= d.score_scale
        cap = d.interest_cap if d.interest_cap is not None else cap
        for blind_id, reward in d.blind_rewards:
            if blind_id in blinds:
                blinds[blind_id] = replace(blinds[blind_id], reward=reward)
    requirements = tuple(int(r * scale) for r in table.requirements)
    return RunRules(start, requirements, tuple(blinds.values()), cap)


def interest(money: int, table: RunTable, cap: int | None = None) -> int:
    """Return the interest paid on ``money`` at the end of a round."""
    limit = table.interest_cap if cap is None else cap
    return min(max(money, 0) // table.interest_every * table.interest_per, limit)
