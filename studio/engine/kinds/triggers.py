"""The built-in triggers: when in a hand (or a round) abilities fire."""

from __future__ import annotations

from studio.engine.kinds.registry import TRIGGERS, TriggerKind

for _kind in (
    TriggerKind(
        "before",
        lead="Before scoring",
        hook="before",
        unscored="before scoring there are no Points or Mult yet (the base sets them)",
    ),
    TriggerKind(
        "scored_card",
        card=True,
        has_card=True,
        scores=True,
        each="for each scored {card}",
        where="scored",
        hook="scored_card",
    ),
    TriggerKind(
        "held_card",
        card=True,
        has_card=True,
        scores=True,
        each="for each {card} held in hand",
        where="held in hand",
        hook="held_card",
    ),
    TriggerKind("hand", scores=True, hook="hand"),
    TriggerKind(
        "discard",
        lead="When discarding",
        each="for each discarded {card}",
        hook="discard",
        has_card=True,
        unscored="a discard scores nothing",
    ),
    TriggerKind(
        "end_of_round",
        lead="At end of round",
        hook="end_of_round",
        no_hand=True,
        unscored="the end of a round scores nothing",
        per_round=1.0,
    ),
):
    TRIGGERS.add(_kind, builtin=True)
