"""The layered values a ``modify`` changes: the round's numbers, the shop's, and the hand rules.

Each is read through :func:`studio.engine.values.layered`. Inside a hand a
value is layered over the modifiers active in the hand, from the kind's own
base; the run engine layers the round's values from the run table's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from studio.engine.kinds.registry import VALUES, ValueKind

if TYPE_CHECKING:
    from studio.engine.inplay import ActiveCharm
    from studio.engine.scoring.context import ScoringContext


def _layered(name: str, base: float) -> Any:
    def read(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
        return ctx.layered(name, base)

    return read


def _value(name: str, noun: str, base: float, low: float | None = None, **more: Any) -> ValueKind:
    return ValueKind(name, _layered(name, base), noun, modifiable=True, base=base, low=low, **more)


def _hand_size(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    """The round's hand size where the run gives it (already layered), else layered in this hand."""
    size = ctx.situation.hand_size
    return ctx.layered("hand_size", 8) if size is None else size


_FLAGS = {
    "four_fingers": "Flushes and straights need only 4 cards",
    "shortcut": "Straights may skip one rank at a time",
    "splash": "Every played card scores",
    "pareidolia": "Every card counts as a face card",
    "smeared": "♥ and ♦ count as one suit, ♠ and ♣ as another",
}

for _kind in (
    ValueKind(
        "hand_size",
        _hand_size,
        "hand size",
        "per card of hand size",
        "per {every} cards of hand size",
        modifiable=True,
        base=8,
        low=1,
    ),
    _value("hands", "hands per round", 4, low=1),
    _value("discards", "discards per round", 3, low=0),
    _value("charm_slots", "charm slots", 5, low=1),
    _value("consumable_slots", "consumable slots", 2, low=0),
    _value("max_played", "cards per played hand", 5, low=1, high=52),
    _value("start_money", "starting money", 4),
    _value("interest_per", "interest paid per step", 1, low=0),
    _value("interest_every", "$ held per interest step", 5, low=1),
    _value("interest_cap", "most interest per round", 5, low=0),
    _value("reroll_cost", "reroll cost", 5, low=0),
    _value("free_rerolls", "free rerolls per shop", 0, low=0),
    _value("charm_offers", "charms for sale", 2, low=0),
    _value("consumable_offers", "consumables for sale", 0, low=0),
    _value("pack_offers", "packs for sale", 2, low=0),
    _value("prices", "shop prices", 1, low=0, whole=False),
    _value("chances", "all chances", 1, low=0, whole=False),
    _value("base_points", "base Points", 0, low=0),
    _value("base_mult", "base Mult", 0, low=1),
    _value("blind_factor", "the blind's score requirement", 1, low=0, whole=False),
    _value("blind_reward", "blind reward", 0, low=0),
    _value("held_discarded", "held cards discarded after each hand", 0, low=0),
    *(_value(name, name.replace("_", " "), 0, low=0, flag=True, text=text) for name, text in _FLAGS.items()),
):
    VALUES.add(_kind, builtin=True)
