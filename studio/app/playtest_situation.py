"""What the playtest shows of a run, read from the engine's state: the blinds of the ante, the charms as
the preview's row tokens, the round as the preview's situation, and actions in words. No Qt here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple

from studio.engine.charms import CharmSlot
from studio.engine.run.actions import (
    Action,
    Buy,
    BuyVoucher,
    Choose,
    Discard,
    OpenBooster,
    Play,
    ReorderCharms,
    SelectBlind,
    Sell,
    SellConsumable,
    SkipBlind,
    UseConsumable,
)
from studio.engine.run.game import Game
from studio.engine.run.values import blind_terms, charm_slots
from studio.engine.tags import describe_tag


class BlindOffer(NamedTuple):
    """One blind of the ante as the player chooses it: its score to reach, reward and skip tag."""

    id: str
    requirement: int
    reward: int
    boss: str | None
    #: The tag skipping it gives ("" for a blind that cannot be skipped), and what the tag does.
    tag: str
    tag_text: str
    #: Where it stands: "beaten", "skipped", "now" (on offer) or "later".
    status: str


#: What choosing a blind made of it, once the ante has moved past it.
GONE = {"select_blind": "beaten", "skip_blind": "skipped"}


def blinds(game: Game) -> list[BlindOffer]:
    """The blinds of the ante being played, with what each asks and pays as the run's rules say now."""
    s, setup = game.state, game.setup
    cat = setup.catalog
    names = {t.id: t.name or t.id for t in cat.hand_types}
    # Each blind is selected or skipped once: the ante's blinds gone are the run's last such choices.
    chosen = [GONE[r.action.name] for r in game.history if r.action.name in GONE]
    gone = chosen[len(chosen) - s.blind :] if s.blind else []
    out = []
    for i, blind in enumerate(setup.rules.blinds):
        boss = cat.bosses.get(s.boss) if blind.is_boss and s.boss else None
        requirement, reward = blind_terms(s, setup, blind, boss)
        tag = s.skip_tag(i)
        text = describe_tag(cat.tags[tag], names) if tag in cat.tags else ""
        status = gone[i] if i < s.blind else "now" if i == s.blind else "later"
        out.append(BlindOffer(blind.id, requirement, reward, boss.id if boss else None, tag, text, status))
    return out


def charm_token(slot: CharmSlot) -> str:
    """The preview's row token of a charm: ``id:edition@counter#{"vars":...,"stickers":...}``."""
    token = f"{slot.id}:{slot.edition}" if slot.edition else slot.id
    if slot.counter:
        token += f"@{slot.counter}"
    extras: dict[str, Any] = {}
    if slot.vars:
        extras["vars"] = dict(slot.vars)
    if slot.stickers:
        extras["stickers"] = list(slot.stickers)
    if slot.rounds:
        extras["rounds"] = slot.rounds
    return f"{token}#{json.dumps(extras, separators=(',', ':'))}" if extras else token


def preview_state(game: Game, selected: Sequence[int]) -> dict[str, Any]:
    """The round as the preview's scenario fields: the selected cards played, the rest of the hand held.

    The fields are those the run scores a play with (``round_situation``): charms with their counters,
    variables and stickers, levels, boss, deck, money, hands left after this one, discards, the run's
    place and counts. The generator's place in its streams has no field: chance effects draw from the
    run's seed afresh.
    """
    s, setup = game.state, game.setup
    r = s.round
    if r is None:
        raise ValueError("no round is being played: select a blind first")
    chosen = [i for i in selected if 0 <= i < len(r.hand)]
    held = [c for i, c in enumerate(r.hand) if i not in set(chosen)]
    data: dict[str, Any] = {
        "played": " ".join(str(r.hand[i]) for i in chosen),
        "held": " ".join(map(str, held)),
        "charms": [charm_token(c) for c in s.charms],
        "levels": dict(s.levels),
        "boss": r.boss,
        "deck": setup.deck.id,
        "money": s.money,
        "hands_left": max(r.hands_left - 1, 0),
        "discards_left": r.discards_left,
        "seed": setup.seed,
        "vouchers": list(s.vouchers),
        "consumables": len(s.consumables),
        "ante": s.ante,
        "blind": r.blind,
        "hand_size": r.hand_size,
        "charm_slots": charm_slots(s, setup),
        "draw_pile": len(r.draw_pile),
        "hands_played": r.hands_played,
        "hand_types_played": list(r.types_played),
        "times_played": dict(s.times_played),
        "difficulty": setup.difficulty,
    }
    if list(s.deck) != list(setup.deck.cards):  # cards added, changed or broken since the start
        data["full_deck"] = " ".join(map(str, s.deck))
    start = setup.rules.start
    if (s.hands, s.discards) != (start.hands, start.discards):  # changed "for the run" since the start
        data["hands_per_round"], data["discards_per_round"] = s.hands, s.discards
    return data


#: The entry kind a booster's options are, by the booster's kind (a card pack's options are cards).
BOOSTER_ENTRIES = {"charms": "charm", "consumables": "consumable", "levels": "hand_type"}


def entry_name(game: Game, kind: str, entry_id: str) -> str:
    """The name a charm, consumable, voucher, tag or hand type (``kind``: ids are unique only within a
    kind) is shown by, as its tile shows it; an entry nothing names (a pack) by its id in words."""
    cat = game.setup.catalog
    entry: Any
    if kind == "hand_type":
        entry = next((t for t in cat.hand_types if t.id == entry_id), None)
    else:
        kinds = {"charm": cat.charms, "consumable": cat.consumables, "voucher": cat.vouchers, "tag": cat.tags}
        entry = kinds.get(kind, {}).get(entry_id)
    return entry.name if entry is not None and entry.name else entry_id.replace("_", " ")


def describe_action(action: Action, game: Game) -> str:
    """An action in words, as the player would say it (read before it is resolved)."""
    s = game.state
    hand = s.round.hand if s.round is not None else []

    def cards(positions: Sequence[int]) -> str:
        return " ".join(str(hand[i]) for i in positions if 0 <= i < len(hand))

    def offer(slot: int) -> str:
        shown = s.shop.offers[slot] if s.shop is not None and 0 <= slot < len(s.shop.offers) else None
        return (
            f"{entry_name(game, shown.kind, shown.item)} (${shown.price})"
            if shown is not None
            else f"slot {slot}"
        )

    blind = game.setup.rules.blinds[s.blind].id if s.blind < len(game.setup.rules.blinds) else ""
    if isinstance(action, SelectBlind):
        return f"select the {blind} blind"
    if isinstance(action, SkipBlind):
        tag = s.skip_tag(s.blind)
        return f"skip the {blind} blind" + (f" for {entry_name(game, 'tag', tag)}" if tag else "")
    if isinstance(action, Play | Discard):
        return f"{action.name} {cards(action.cards)}".rstrip()
    if isinstance(action, Buy | BuyVoucher | OpenBooster):
        verb = {"buy": "buy", "buy_voucher": "buy the voucher", "open_pack": "open"}[action.name]
        return f"{verb} {offer(action.slot)}"
    if isinstance(action, Sell):
        sold = s.charms[action.charm].id if action.charm < len(s.charms) else None
        return f"sell {entry_name(game, 'charm', sold)}" if sold is not None else "sell a charm"
    if isinstance(action, Choose):
        if action.option is None or s.booster is None or action.option >= len(s.booster.options):
            return "skip the rest of the pack"
        option, kind = s.booster.options[action.option], BOOSTER_ENTRIES.get(s.booster.kind)
        return f"take {entry_name(game, kind, option) if kind else option}"
    if isinstance(action, ReorderCharms):
        return "order the charms " + ", ".join(
            entry_name(game, "charm", s.charms[i].id) for i in action.order if i < len(s.charms)
        )
    if isinstance(action, UseConsumable | SellConsumable):
        held = s.consumables[action.index] if action.index < len(s.consumables) else None
        item = entry_name(game, "consumable", held) if held is not None else "a consumable"
        if isinstance(action, SellConsumable):
            return f"sell {item}"
        return f"use {item}" + (f" on {cards(action.cards)}" if action.cards else "")
    return action.name.replace("_", " ")
