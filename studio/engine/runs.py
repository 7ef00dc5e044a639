"""Run set-up: the ante table, shop data, decks and difficulty levels, and what a run starts with.

The records are named tuples, not dataclasses: every command that loads content imports this
module, and a dataclass's generated methods are built at every start.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from studio.engine.cards import Card
from studio.engine.values import Modifier, folded

#: What a booster holds: cards, charms, level-ups or consumables.
BoosterKind = Literal["cards", "charms", "levels", "consumables"]
RARITIES = ("common", "uncommon", "rare", "legendary")


class StartValues(NamedTuple):
    """What a run starts with: the run table's, then folded through the deck's and difficulty's
    modifiers (:func:`run_setup`)."""

    money: int = 0
    hand_size: int = 0
    hands: int = 0
    discards: int = 0
    charm_slots: int = 0
    consumable_slots: int = 2

    def folded(self, modifiers: Sequence[Modifier]) -> StartValues:
        """Return these values with ``modifiers`` folded in (bounds apply later, to the layered values)."""
        return StartValues(
            int(folded("start_money", self.money, modifiers)),
            int(folded("hand_size", self.hand_size, modifiers)),
            int(folded("hands", self.hands, modifiers)),
            int(folded("discards", self.discards, modifiers)),
            int(folded("charm_slots", self.charm_slots, modifiers)),
            int(folded("consumable_slots", self.consumable_slots, modifiers)),
        )


class Blind(NamedTuple):
    """A blind of each ante: its score requirement factor and reward."""

    id: str
    score_mult: float
    reward: int
    is_boss: bool = False


class BoosterDef(NamedTuple):
    """A booster the shop sells (the content calls it a pack): ``size`` options shown, ``picks`` of them
    may be taken.

    A consumables booster holds consumables of ``family`` (of every family when None).
    """

    id: str
    kind: BoosterKind
    price: int = 4
    size: int = 3
    picks: int = 1
    weight: int = 1
    family: str | None = None


DEFAULT_BOOSTERS = (
    BoosterDef("card_pack", "cards", 4, 3, 1, 4),
    BoosterDef("charm_pack", "charms", 5, 2, 1, 2),
    BoosterDef("level_pack", "levels", 4, 3, 1, 4),
)


class ShopTable(NamedTuple):
    """What the shop offers after each blind, and its prices."""

    charm_offers: int = 2
    booster_offers: int = 2
    reroll_cost: int = 5
    #: Relative weight of each rarity among the charms for sale (and in charm boosters).
    rarity_weights: tuple[tuple[str, int], ...] = (("common", 70), ("uncommon", 25), ("rare", 5))
    boosters: tuple[BoosterDef, ...] = DEFAULT_BOOSTERS
    #: Chances that a card in a card booster carries an upgrade, an edition, a seal.
    upgrade_chance: float = 0.4
    edition_chance: float = 0.1
    seal_chance: float = 0.1
    #: Consumable slots in the shop, and the relative weight of each consumable family among them.
    consumable_offers: int = 0
    family_weights: tuple[tuple[str, int], ...] = ()
    #: Vouchers for sale in each ante's shops.
    voucher_offers: int = 0
    #: The chance (0 to 1) of each edition on a charm offered in the shop or a charm booster.
    charm_editions: tuple[tuple[str, float], ...] = ()


class RunTable(NamedTuple):
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
    shop: ShopTable = ShopTable()


class DeckDef(NamedTuple):
    """A starting deck: its cards and the values it changes (folded into a run's base values)."""

    id: str
    cards: tuple[Card, ...]
    modifiers: tuple[Modifier, ...] = ()
    name: str = ""


class DifficultyDef(NamedTuple):
    """A difficulty level; level N also applies every level below it."""

    id: str
    level: int
    modifiers: tuple[Modifier, ...] = ()
    score_scale: float = 1.0
    blind_rewards: tuple[tuple[str, int], ...] = ()
    name: str = ""
    #: Stickers charms for sale may carry from this level on.
    stickers: tuple[str, ...] = ()


class RunRules(NamedTuple):
    """The values a run with a given deck and difficulty starts from."""

    start: StartValues
    requirements: tuple[int, ...]
    blinds: tuple[Blind, ...]
    #: The deck's and difficulty levels' modifiers, folded into the base values above.
    base_modifiers: tuple[Modifier, ...] = ()
    #: The stickers charms for sale may carry (those the difficulty levels up to this one name).
    stickers: tuple[str, ...] = ()


def run_setup(table: RunTable, deck: DeckDef, difficulties: Sequence[DifficultyDef], level: int) -> RunRules:
    """Combine the table, the deck and every difficulty up to ``level`` (cumulative, in level order)."""
    scale = 1.0
    blinds = {b.id: b for b in table.blinds}
    modifiers = list(deck.modifiers)
    stickers: list[str] = []
    for d in sorted(difficulties, key=lambda d: d.level):
        if d.level > level:
            break
        modifiers += d.modifiers
        stickers += [s for s in d.stickers if s not in stickers]
        scale *= d.score_scale
        for blind_id, reward in d.blind_rewards:
            if blind_id in blinds:
                blinds[blind_id] = blinds[blind_id]._replace(reward=reward)
    requirements = tuple(int(r * scale) for r in table.requirements)
    start = table.start.folded(modifiers)
    return RunRules(start, requirements, tuple(blinds.values()), tuple(modifiers), tuple(stickers))
