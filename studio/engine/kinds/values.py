"""The built-in values a comparison or a ``per`` reads: of the hand, the held cards, the round,
and the charm and its row (the run's are in :mod:`studio.engine.kinds.situation_values`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from studio.engine.kinds.registry import HANDS_LEFT, MONEY, VALUES, ValueKind

if TYPE_CHECKING:
    from studio.engine.inplay import ActiveCharm
    from studio.engine.scoring.context import ScoringContext


def _money(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return ctx.money


def _hands_left(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return ctx.hands_left


def _discards_left(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return ctx.discards_left


def _counter(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return ctx.var(charm, "counter") if charm else 0


def _played(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return len(ctx.played)


def _scoring(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return len(ctx.scoring)


def _scoring_faces(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return sum(1 for c in ctx.scoring if c.face)


def _held(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return len(ctx.held)


def _lowest_held_rank(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    """Ranks 2 to 14 (an ace is high); stone cards have none; 0 when no held card has a rank."""
    return min((v.rank for v in ctx.held if v.rank is not None), default=0)


def _charms(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    """The charms in the row (those destroyed in an earlier step of the hand have left it)."""
    return len(ctx.charms) - len(ctx.gone)


def _empty_charm_slots(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    """The run's charm slots where it gives them, else the layered ``charm_slots`` of this hand."""
    slots = ctx.situation.charm_slots
    in_row = len(ctx.charms) - len(ctx.gone)
    return max((ctx.value("charm_slots", charm) if slots is None else slots) - in_row, 0)


def _sell_value(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    """Its definition's sell value plus what effects added to this slot's."""
    return 0 if charm is None else _sells_for(ctx, charm)


def _others_sell_value(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    """The sell values of the row's other charms (those destroyed in an earlier step have left it)."""
    own = charm.slot if charm is not None else -1
    return sum(_sells_for(ctx, c) for c in ctx.charms if c.slot != own and c.slot not in ctx.gone)


def _sells_for(ctx: ScoringContext, charm: ActiveCharm) -> int:
    """What selling the charm would pay: its definition's value plus its slot's bonus, never below $0
    (as the shop pays)."""
    slots = ctx.situation.charms
    return max(charm.sell_value + (slots[charm.slot].sell_bonus if charm.slot < len(slots) else 0), 0)


for _kind in (
    ValueKind(
        "money", _money, "$ held", "for every $1 held", "for every ${every} held", reads=frozenset({MONEY})
    ),
    ValueKind(
        "hands_left",
        _hands_left,
        "hands left",
        "for each hand left",
        "for every {every} hands left",
        reads=frozenset({HANDS_LEFT}),
    ),
    ValueKind(
        "discards_left",
        _discards_left,
        "discards left",
        "for each discard left",
        "for every {every} discards left",
    ),
    ValueKind("counter", _counter, "counter", "per counter", "per {every} on its counter"),
    ValueKind(
        "played_cards",
        _played,
        "played cards",
        "for each card played",
        "for every {every} cards played",
        "hand",
    ),
    ValueKind(
        "scoring_cards",
        _scoring,
        "scoring cards",
        "for each scoring card",
        "for every {every} scoring cards",
        "hand",
    ),
    ValueKind(
        "scoring_face_cards",
        _scoring_faces,
        "scoring face cards",
        "for each scoring face card",
        "for every {every} scoring face cards",
        "hand",
    ),
    ValueKind(
        "held_cards",
        _held,
        "cards held in hand",
        "for each card held in hand",
        "for every {every} cards held in hand",
    ),
    ValueKind(
        "lowest_held_rank",
        _lowest_held_rank,
        "the lowest rank held in hand",
        "times the lowest rank held in hand (J 11, Q 12, K 13, A 14)",
        "for every {every} of the lowest rank held in hand (J 11, Q 12, K 13, A 14)",
    ),
    ValueKind(
        "charms",
        _charms,
        "charms in the row",
        "for each charm in the row",
        "for every {every} charms in the row",
    ),
    ValueKind(
        "empty_charm_slots",
        _empty_charm_slots,
        "empty charm slots",
        "for each empty charm slot",
        "for every {every} empty charm slots",
    ),
    ValueKind(
        "sell_value",
        _sell_value,
        "its sell value",
        "for every $1 of its sell value",
        "for every ${every} of its sell value",
        compared="if its sell value is {op} ${n}",
    ),
    ValueKind(
        "others_sell_value",
        _others_sell_value,
        "the other charms' sell values",
        "for every $1 of the other charms' sell values",
        "for every ${every} of the other charms' sell values",
        compared="if the other charms sell for {op} ${n} together",
    ),
):
    VALUES.add(_kind, builtin=True)
