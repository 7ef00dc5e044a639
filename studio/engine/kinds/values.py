"""The built-in values a comparison or a ``per`` reads: of the hand, the round and the charm."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from studio.engine.kinds.registry import VALUES, ValueKind

if TYPE_CHECKING:
    from studio.engine.context import ScoringContext
    from studio.engine.inplay import ActiveCharm


def _money(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return ctx.money


def _hands_left(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return ctx.hands_left


def _discards_left(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return ctx.discards_left


def _counter(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return ctx.counters[charm.slot] if charm else 0


def _played(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return len(ctx.played)


def _scoring(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return len(ctx.scoring)


def _scoring_faces(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return sum(1 for c in ctx.scoring if c.face)


def _held(ctx: ScoringContext, charm: ActiveCharm | None, arg: Any) -> float:
    return len(ctx.held)


for _kind in (
    ValueKind("money", _money, "$ held", "for every $1 held", "for every ${every} held"),
    ValueKind("hands_left", _hands_left, "hands left", "for each hand left", "for every {every} hands left"),
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
):
    VALUES.add(_kind, builtin=True)
