"""The shop after each blind: charms for sale by rarity, consumables, boosters, rerolls, buying, selling,
picking.

A booster is what the content calls a pack of the shop (``packs:`` of run.yaml's shop): a handful
of options of one kind, some of which may be taken. Every roll draws from a named stream: ``shop``
for the charms and boosters on sale, ``consumables`` for the consumables on sale, ``pack`` for what
a booster holds (the stream's name is part of every saved seed's draws), ``charm_editions`` and
``stickers`` for what a charm for sale comes with (the shop table's ``charm_editions``; the stickers
the difficulty level allows, each by its chance). Each booster kind draws its options and takes a
pick through :data:`BOOSTER_RULES`. Like :mod:`studio.engine.run.round`, these functions
trust ``Game.legal`` and change the state in place. Each action fires its run
trigger (``reroll``, ``bought``, ``sold``, ``booster_opened``,
``booster_skipped``, ``card_added``, ``shop_exit``) once it is done.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import NamedTuple

from studio.engine.cards import SUITS, Card
from studio.engine.charms import CharmSlot
from studio.engine.rng import Rng
from studio.engine.run.consumables import STREAM as CONSUMABLE_STREAM
from studio.engine.run.consumables import roll as roll_consumable
from studio.engine.run.events import RunEvent
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import Dress, Offer, OpenedBooster, RunState, Shop
from studio.engine.run.triggers import fire
from studio.engine.run.values import price, run_value
from studio.engine.run.vouchers import voucher_offers
from studio.engine.runs import BoosterDef


def sell_value(setup: RunSetup, charm: CharmSlot) -> int:
    """Half the charm's cost, rounded down, at least $1, plus what effects added to it (never below 0)."""
    return max(setup.catalog.charm(charm.id).sell_value + charm.sell_bonus, 0)


def reroll_cost(state: RunState, setup: RunSetup) -> int:
    """The next reroll's price: nothing for the first ``free_rerolls`` of a shop, then the ``reroll_cost``
    value plus $1 per paid reroll already made in this shop."""
    made = state.shop.rerolls if state.shop else 0
    free = int(run_value("free_rerolls", 0, state, setup))
    if made < free:
        return 0
    return int(run_value("reroll_cost", setup.table.shop.reroll_cost, state, setup)) + made - free


def booster_def(setup: RunSetup, booster_id: str) -> BoosterDef:
    """Return a booster of the shop table by id."""
    for b in setup.table.shop.boosters:
        if b.id == booster_id:
            return b
    raise KeyError(booster_id)


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


def _rarities(setup: RunSetup) -> dict[str, list[str]]:
    """The content's charm ids by rarity, sorted (memoised in the catalog: every shop and charm booster
    reads it)."""
    memo = setup.catalog.memo
    found = memo.get("charms_by_rarity")
    if found is None:
        pools: dict[str, list[str]] = {}
        for charm_id in sorted(setup.catalog.charms):
            pools.setdefault(setup.catalog.charms[charm_id].rarity, []).append(charm_id)
        found = memo["charms_by_rarity"] = pools
    return found  # type: ignore[return-value]


#: The stream the shop's boosters draw their options from.
PACK_STREAM = "pack"


def roll_charm(
    state: RunState, setup: RunSetup, stream: str, exclude: Collection[str], rarity: str | None = None
) -> str | None:
    """Draw a charm not in ``exclude`` nor kept out of the run: of ``rarity``, or of a rarity drawn by
    weight first (among those with a charm left); then one of its charms (:func:`pick_charm`). None: no
    charm is left to draw."""
    never = setup.never_drawn()
    if never:
        exclude = {*exclude, *never}
    pools = _rarities(setup)
    if rarity is None:
        weights = [
            (r, w)
            for r, w in setup.table.shop.rarity_weights
            if any(c not in exclude for c in pools.get(r, ()))
        ]
        rarity = _weighted(state.rng, stream, weights)
        if rarity is None:
            return None
    pool = pools.get(rarity, [])
    if all(c in exclude for c in pool):
        return None
    return pick_charm(state.rng.random(stream), pool, exclude)


def pick_charm(u: float, pool: Sequence[str], exclude: Collection[str]) -> str:
    """The charm a draw ``u`` picks from ``pool`` (all of a rarity's charms), never one of ``exclude``
    (which leaves at least one): the charm at ``u``'s place in the whole pool, or, when that one is
    excluded, the charm at the rest of ``u``'s place in the whole pool again, and so on. Every charm
    left is as likely, and excluding one more charm changes no draw but those that would pick it, so
    two runs whose rows differ by a charm are offered the same charms (RULES.md section 6: a source
    changes no other's draws). Choosing among only the charms left would not: which of them a draw
    that lands on an excluded one picks would hang on every other charm excluded. When the draw's
    digits run out (most of the pool excluded), one of those left is taken by what remains."""
    n = len(pool)
    at = u * n
    for _ in range(_PICKS):
        i = min(int(at), n - 1)
        if pool[i] not in exclude:
            return pool[i]
        at = (at - i) * n
    left = [c for c in pool if c not in exclude]
    return left[min(int(at / n * len(left)), len(left) - 1)]


#: How often a draw that lands on an excluded charm picks again from its own rest (a double's 53 bits
#: give about ten picks of a pool of 40).
_PICKS = 12


def _owned(state: RunState) -> set[str]:
    taken = {c.id for c in state.charms}
    if state.shop is not None:
        taken |= {o.item for o in state.shop.offers if o.kind == "charm" and not o.sold}
    return taken


def dress(state: RunState, setup: RunSetup, by: str = "") -> Dress:
    """What a charm for sale comes with: an edition by the shop table's chances (``charm_editions``
    stream), and each sticker the difficulty allows by its chance unless one it excludes is on already
    (``stickers`` stream); for a booster a tag gives, from that tag's own (``charm_editions.<tag>``)."""
    edition = None
    chances = setup.table.shop.charm_editions
    if chances:
        x = state.rng.random(_own("charm_editions", by))
        for edition_id, chance in chances:
            x -= chance
            if x < 0:
                edition = edition_id
                break
    stickers: list[str] = []
    known = setup.catalog.stickers
    for sticker_id in setup.rules.stickers:
        sticker = known[sticker_id]
        if state.rng.random(_own("stickers", by)) >= sticker.chance:
            continue
        if not any(s in sticker.excludes or sticker_id in known[s].excludes for s in stickers):
            stickers.append(sticker_id)
    return Dress(edition, tuple(stickers))


def charm_offer(state: RunState, setup: RunSetup, charm_id: str, worn: Dress) -> Offer:
    """A charm for sale with what it comes with, priced: a sticker's price replaces the charm's cost."""
    cost = setup.catalog.charm(charm_id).cost
    for sticker_id in worn.stickers:
        sticker_cost = setup.catalog.stickers[sticker_id].cost
        if sticker_cost is not None:
            cost = sticker_cost
    return Offer("charm", charm_id, price(cost, state, setup), False, worn.edition, worn.stickers, cost)


def _charm_offers(state: RunState, setup: RunSetup) -> list[Offer]:
    offers: list[Offer] = []
    exclude = _owned(state)
    for _ in range(int(run_value("charm_offers", setup.table.shop.charm_offers, state, setup))):
        charm_id = roll_charm(state, setup, "shop", exclude)
        if charm_id is None:
            break
        exclude.add(charm_id)
        offers.append(charm_offer(state, setup, charm_id, dress(state, setup)))
    return offers


def _consumable_offers(state: RunState, setup: RunSetup) -> list[Offer]:
    """The consumable slots: each a family by ``family_weights``, then one of its consumables."""
    offers: list[Offer] = []
    slots = int(run_value("consumable_offers", setup.table.shop.consumable_offers, state, setup))
    for _ in range(slots):
        item = roll_consumable(state, setup, CONSUMABLE_STREAM, "", weights=True)
        if item is None:
            break
        cost = setup.catalog.consumables[item].cost
        offers.append(Offer("consumable", item, price(cost, state, setup), cost=cost))
    return offers


def open_shop(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Fill the shop: charm slots, consumable slots, booster slots (boosters drawn by weight), then the
    ante's vouchers not bought yet."""
    state.phase = "shop"
    state.shop = Shop()
    offers = _charm_offers(state, setup) + _consumable_offers(state, setup)
    boosters = [(b.id, b.weight) for b in setup.table.shop.boosters]
    for _ in range(int(run_value("pack_offers", setup.table.shop.booster_offers, state, setup))):
        booster_id = _weighted(state.rng, "shop", boosters)
        if booster_id is None:
            break
        cost = booster_def(setup, booster_id).price
        offers.append(Offer("pack", booster_id, price(cost, state, setup), cost=cost))
    state.shop.offers = offers = offers + voucher_offers(state, setup)
    return [RunEvent("shop", " ".join(o.item for o in offers), len(offers))]


def reroll(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Pay the reroll and replace every charm slot."""
    assert state.shop is not None
    cost = reroll_cost(state, setup)
    state.money -= cost
    state.shop.offers = [o for o in state.shop.offers if o.kind != "charm"]
    state.shop.offers[:0] = _charm_offers(state, setup)
    state.shop.rerolls += 1
    offers = " ".join(o.item for o in state.shop.offers if o.kind == "charm")
    return [RunEvent("reroll", offers, -cost), *fire(state, setup, "reroll", subject=offers)]


def buy(state: RunState, setup: RunSetup, slot: int) -> list[RunEvent]:
    """Pay for the charm in ``slot`` and put it at the end of the row, firing ``bought`` (a consumable:
    in the last consumable slot; ``bought`` is the trigger of a charm bought, as its text says)."""
    assert state.shop is not None
    offer = state.shop.offers[slot]
    state.money -= offer.price
    offer.sold = True
    if offer.kind == "consumable":
        state.consumables.append(offer.item)
        return [RunEvent("buy", offer.item, -offer.price)]
    state.charms.append(CharmSlot(offer.item, offer.edition, stickers=offer.stickers))
    bought = fire(state, setup, "bought", subject=offer.item, slot=len(state.charms) - 1)
    return [RunEvent("buy", offer.item, -offer.price), *bought]


def sell(state: RunState, setup: RunSetup, index: int) -> list[RunEvent]:
    """Pay the charm at ``index`` its sell value, fire ``sold`` with it still in the row (so it can act
    on its own sale), then take it out of the row."""
    charm = state.charms[index]
    value = sell_value(setup, charm)
    state.money += value
    sold = fire(state, setup, "sold", subject=charm.id, slot=index, leaving=(index,))
    return [RunEvent("sell", charm.id, value), *sold]


def leave_shop(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Fire ``shop_exit`` while the shop is still open (the caller then moves to the next blind)."""
    return fire(state, setup, "shop_exit", subject="shop")


def buy_booster(state: RunState, setup: RunSetup, slot: int) -> list[RunEvent]:
    """Pay for the booster in ``slot`` and open it."""
    assert state.shop is not None
    offer = state.shop.offers[slot]
    booster = booster_def(setup, offer.item)
    state.money -= offer.price
    offer.sold = True
    return open_booster(state, setup, booster, -offer.price)


def open_booster(
    state: RunState, setup: RunSetup, booster: BoosterDef, paid: int, by: str = ""
) -> list[RunEvent]:
    """Open ``booster`` (bought for ``paid``, or given ``by`` a tag): draw its options from the ``pack``
    stream, or the tag's own (``pack.<tag>``, so a tag shifts no draw of the shop's boosters), a charm
    booster's charms with what each comes with; fire ``booster_opened``."""
    options = BOOSTER_RULES[booster.kind].options(state, setup, booster, _own(PACK_STREAM, by))
    worn = [dress(state, setup, by) for _ in options] if booster.kind == "charms" else []
    if not any(d.edition or d.stickers for d in worn):
        worn = []
    picks = min(booster.picks, len(options))
    state.booster = OpenedBooster(booster.id, booster.kind, options, picks, dress=worn)
    state.phase = "pack"
    note = " ".join(options) + (f" (from {by})" if by else "")
    events = [RunEvent("open_pack", booster.id, paid, note)]
    events += fire(state, setup, "booster_opened", subject=booster.id)
    if state.booster is not None and state.booster.picks_left == 0:
        events += close_booster(state)
    return events


def _own(stream: str, by: str) -> str:
    """The stream a draw for ``by`` (a tag) comes from: its own, or (no one) the shop's ``stream``."""
    return f"{stream}.{by}" if by else stream


def _charm_options(state: RunState, setup: RunSetup, booster: BoosterDef, stream: str) -> list[str]:
    options: list[str] = []
    exclude = _owned(state)
    for _ in range(booster.size):
        charm_id = roll_charm(state, setup, stream, exclude)
        if charm_id is None:
            break
        exclude.add(charm_id)
        options.append(charm_id)
    return options


def _level_options(state: RunState, setup: RunSetup, booster: BoosterDef, stream: str) -> list[str]:
    types = [t.id for t in setup.catalog.hand_types]
    size = min(booster.size, len(types))
    return [types.pop(int(state.rng.random(stream) * len(types))) for _ in range(size)]


def _card_options(state: RunState, setup: RunSetup, booster: BoosterDef, stream: str) -> list[str]:
    return [str(_roll_card(state, setup, stream)) for _ in range(booster.size)]


def _consumable_options(state: RunState, setup: RunSetup, booster: BoosterDef, stream: str) -> list[str]:
    """Distinct consumables of the booster's family (any family when it names none)."""
    pool = sorted(i for i, c in setup.catalog.consumables.items() if booster.family in (None, c.family))
    return [pool.pop(int(state.rng.random(stream) * len(pool))) for _ in range(min(booster.size, len(pool)))]


def _take_charm(state: RunState, setup: RunSetup, item: str) -> list[Card]:
    booster = state.booster
    assert booster is not None
    worn = booster.dress[booster.taken[-1]] if booster.dress else Dress()
    state.charms.append(CharmSlot(item, worn.edition, stickers=worn.stickers))
    return []


def _take_level(state: RunState, setup: RunSetup, item: str) -> list[Card]:
    state.levels[item] = state.levels.get(item, 1) + 1
    return []


def _take_cards(state: RunState, setup: RunSetup, item: str) -> list[Card]:
    added = list(setup.catalog.cards(item))
    state.deck.extend(added)
    return added


def _take_consumable(state: RunState, setup: RunSetup, item: str) -> list[Card]:
    state.consumables.append(item)
    return []


class BoosterRule(NamedTuple):
    """What a kind of booster shows (drawn from the stream given: the ``pack`` stream, or a tag's own), and
    what taking an option does (the cards it adds to the deck)."""

    options: Callable[[RunState, RunSetup, BoosterDef, str], list[str]]
    take: Callable[[RunState, RunSetup, str], list[Card]]


#: Each booster kind of the shop table, by name.
BOOSTER_RULES: dict[str, BoosterRule] = {
    "charms": BoosterRule(_charm_options, _take_charm),
    "levels": BoosterRule(_level_options, _take_level),
    "cards": BoosterRule(_card_options, _take_cards),
    "consumables": BoosterRule(_consumable_options, _take_consumable),
}


def _roll_card(state: RunState, setup: RunSetup, stream: str) -> Card:
    """A random card of the standard 52, perhaps with an upgrade, an edition and a seal."""
    rng, shop, catalog = state.rng, setup.table.shop, setup.catalog
    rank = 2 + int(rng.random(stream) * 13)
    suit = SUITS[int(rng.random(stream) * 4)]
    mods: list[str | None] = []
    for chance, table in (
        (shop.upgrade_chance, catalog.upgrades),
        (shop.edition_chance, catalog.editions),
        (shop.seal_chance, catalog.seals),
    ):
        ids = sorted(table)
        mods.append(rng.choice(stream, ids) if ids and rng.random(stream) < chance else None)
    return Card(rank, suit, mods[0], mods[1], mods[2])


def choose(state: RunState, setup: RunSetup, option: int | None) -> list[RunEvent]:
    """Take one option of the open booster (None: leave the rest) and close it when no pick is left."""
    booster = state.booster
    assert booster is not None
    if option is None:
        skipped = fire(state, setup, "booster_skipped", subject=booster.id)
        return [RunEvent("skip_pack", booster.id), *skipped, *close_booster(state)]
    item = booster.options[option]
    booster.taken.append(option)
    booster.picks_left -= 1
    added = BOOSTER_RULES[booster.kind].take(state, setup, item)
    events = [RunEvent("take", item, 1, booster.kind)]
    if added:
        events += fire(state, setup, "card_added", subject="cards", cards=added)
    if booster.picks_left <= 0:
        events += close_booster(state)
    return events


def close_booster(state: RunState) -> list[RunEvent]:
    """Back to the shop, or to choosing a blind for a booster a tag opened there."""
    state.booster = None
    state.phase = "shop" if state.shop is not None else "select"
    return []
