"""The shop after each blind: charms for sale by rarity, packs, rerolls, buying, selling, picking.

Every roll draws from a named stream: ``shop`` for what is on sale, ``pack``
for what a pack holds. Like :mod:`studio.engine.run_round`, these functions
trust ``Game.legal`` and change the state in place.
"""

from __future__ import annotations

from studio.engine.cards import SUITS, Card
from studio.engine.charms import CharmSlot
from studio.engine.rng import Rng
from studio.engine.round_values import price, run_value
from studio.engine.run_events import RunEvent
from studio.engine.run_setup import RunSetup
from studio.engine.run_state import Offer, OpenedPack, RunState, Shop
from studio.engine.runs import PackDef


def sell_value(setup: RunSetup, charm_id: str) -> int:
    """Half the charm's cost, rounded down, at least $1."""
    return setup.catalog.charm(charm_id).sell_value


def reroll_cost(state: RunState, setup: RunSetup) -> int:
    """The next reroll's price: the ``reroll_cost`` value plus $1 per reroll already made in this shop."""
    base = int(run_value("reroll_cost", setup.table.shop.reroll_cost, state, setup))
    return base + (state.shop.rerolls if state.shop else 0)


def pack_def(setup: RunSetup, pack_id: str) -> PackDef:
    """Return a pack of the shop table by id."""
    for p in setup.table.shop.packs:
        if p.id == pack_id:
            return p
    raise KeyError(pack_id)


def _weighted(rng: Rng, stream: str, items: list[tuple[str, int]]) -> str | None:
    total = sum(w for _, w in items)
    if total <= 0:
        return None
    x = rng.random(stream) * total
    for item, w in items:
        x -= w
        if x < 0:
            return item
    return items[-1][0]


def roll_charm(state: RunState, setup: RunSetup, stream: str, exclude: set[str]) -> str | None:
    """Draw a charm: a rarity by weight (among rarities with a charm left), then a charm of it."""
    by_rarity: dict[str, list[str]] = {}
    for charm_id in sorted(setup.catalog.charms):
        if charm_id not in exclude:
            by_rarity.setdefault(setup.catalog.charms[charm_id].rarity, []).append(charm_id)
    weights = [(r, w) for r, w in setup.table.shop.rarity_weights if by_rarity.get(r)]
    rarity = _weighted(state.rng, stream, weights)
    if rarity is None:
        return None
    pool = by_rarity[rarity]
    return pool[int(state.rng.random(stream) * len(pool))]


def _owned(state: RunState) -> set[str]:
    taken = {c.id for c in state.charms}
    if state.shop is not None:
        taken |= {o.item for o in state.shop.offers if o.kind == "charm" and not o.sold}
    return taken


def _charm_offers(state: RunState, setup: RunSetup) -> list[Offer]:
    offers: list[Offer] = []
    exclude = _owned(state)
    for _ in range(setup.table.shop.charm_offers):
        charm_id = roll_charm(state, setup, "shop", exclude)
        if charm_id is None:
            break
        exclude.add(charm_id)
        offers.append(Offer("charm", charm_id, price(setup.catalog.charm(charm_id).cost, state, setup)))
    return offers


def open_shop(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Fill the shop: charm slots, then pack slots (packs drawn by weight)."""
    state.phase = "shop"
    state.shop = Shop()
    offers = _charm_offers(state, setup)
    packs = [(p.id, p.weight) for p in setup.table.shop.packs]
    for _ in range(setup.table.shop.pack_offers):
        pack_id = _weighted(state.rng, "shop", packs)
        if pack_id is None:
            break
        offers.append(Offer("pack", pack_id, price(pack_def(setup, pack_id).price, state, setup)))
    state.shop.offers = offers
    return [RunEvent("shop", " ".join(o.item for o in offers), len(offers))]


def reroll(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Pay the reroll and replace every charm slot."""
    assert state.shop is not None
    cost = reroll_cost(state, setup)
    state.money -= cost
    state.shop.offers = [o for o in state.shop.offers if o.kind != "charm"]
    state.shop.offers[:0] = _charm_offers(state, setup)
    state.shop.rerolls += 1
    return [RunEvent("reroll", " ".join(o.item for o in state.shop.offers if o.kind == "charm"), -cost)]


def buy(state: RunState, slot: int) -> list[RunEvent]:
    """Pay for the charm in ``slot`` and put it at the end of the row."""
    assert state.shop is not None
    offer = state.shop.offers[slot]
    state.money -= offer.price
    offer.sold = True
    state.charms.append(CharmSlot(offer.item))
    return [RunEvent("buy", offer.item, -offer.price)]


def sell(state: RunState, setup: RunSetup, index: int) -> list[RunEvent]:
    """Remove the charm at ``index`` from the row for its sell value."""
    charm = state.charms.pop(index)
    value = sell_value(setup, charm.id)
    state.money += value
    return [RunEvent("sell", charm.id, value)]


def open_pack(state: RunState, setup: RunSetup, slot: int) -> list[RunEvent]:
    """Pay for the pack in ``slot`` and draw its options from the ``pack`` stream."""
    assert state.shop is not None
    offer = state.shop.offers[slot]
    pack = pack_def(setup, offer.item)
    state.money -= offer.price
    offer.sold = True
    options: list[str] = []
    if pack.kind == "charms":
        exclude = _owned(state)
        for _ in range(pack.size):
            charm_id = roll_charm(state, setup, "pack", exclude)
            if charm_id is None:
                break
            exclude.add(charm_id)
            options.append(charm_id)
    elif pack.kind == "levels":
        types = [t.id for t in setup.catalog.hand_types]
        for _ in range(min(pack.size, len(types))):
            options.append(types.pop(int(state.rng.random("pack") * len(types))))
    else:
        options = [str(_roll_card(state, setup)) for _ in range(pack.size)]
    state.pack = OpenedPack(pack.id, pack.kind, options, min(pack.picks, len(options)))
    state.phase = "pack"
    events = [RunEvent("open_pack", pack.id, -offer.price, " ".join(options))]
    if state.pack.picks_left == 0:
        events += close_pack(state)
    return events


def _roll_card(state: RunState, setup: RunSetup) -> Card:
    """A random card of the standard 52, perhaps with an upgrade, an edition and a seal."""
    rng, shop, catalog = state.rng, setup.table.shop, setup.catalog
    rank = 2 + int(rng.random("pack") * 13)
    suit = SUITS[int(rng.random("pack") * 4)]
    mods: list[str | None] = []
    for chance, table in (
        (shop.upgrade_chance, catalog.upgrades),
        (shop.edition_chance, catalog.editions),
        (shop.seal_chance, catalog.seals),
    ):
        ids = sorted(table)
        mods.append(ids[int(rng.random("pack") * len(ids))] if ids and rng.random("pack") < chance else None)
    return Card(rank, suit, mods[0], mods[1], mods[2])


def choose(state: RunState, setup: RunSetup, option: int | None) -> list[RunEvent]:
    """Take one option of the open pack (None: leave the rest) and close it when no pick is left."""
    pack = state.pack
    assert pack is not None
    if option is None:
        return [RunEvent("skip_pack", pack.pack), *close_pack(state)]
    item = pack.options[option]
    pack.taken.append(option)
    pack.picks_left -= 1
    if pack.kind == "charms":
        state.charms.append(CharmSlot(item))
    elif pack.kind == "levels":
        state.levels[item] = state.levels.get(item, 1) + 1
    else:
        state.deck.extend(setup.catalog.cards(item))
    events = [RunEvent("take", item, 1, pack.kind)]
    if pack.picks_left <= 0:
        events += close_pack(state)
    return events


def close_pack(state: RunState) -> list[RunEvent]:
    """Back to the shop."""
    state.pack = None
    state.phase = "shop"
    return []
