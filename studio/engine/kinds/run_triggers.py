"""The triggers of a run's events outside a hand (RULES.md section 6), in the order a round meets them.

None of them scores: abilities at these triggers change money, counters and
variables, levels, values for the round, and the run itself (hands, charms,
sell values). ``between``: the trigger fires when no round is being played.
"""

from __future__ import annotations

from studio.engine.kinds import triggers  # noqa: F401  (a hand's triggers are listed first)
from studio.engine.kinds.registry import TRIGGERS, TriggerKind


def _run(
    name: str, lead: str, *, between: bool = False, per_round: float = 0.0, ahead: bool = False
) -> TriggerKind:
    return TriggerKind(
        name,
        lead=lead,
        no_hand=True,
        unscored=f"{lead[0].lower()}{lead[1:]} no hand is scored",
        between=between,
        per_round=per_round,
        ahead=ahead,
    )


def _card(name: str, each: str, when: str) -> TriggerKind:
    return TriggerKind(
        name, has_card=True, no_hand=True, each=each, unscored=f"{when} no hand is scored", card_fixed=True
    )


for _kind in (
    _run("round_start", "When a blind is selected", per_round=1.0, ahead=True),
    _run("hand_drawn", "When a hand is drawn", per_round=1.0, ahead=True),
    _run("round_lost", "When the round would be lost"),
    _run("boss_defeated", "When a boss blind is beaten", per_round=1 / 3),
    _run("cash_out", "At cash out", between=True, per_round=1.0),
    _run("blind_skipped", "When a blind is skipped", between=True, per_round=0.1),
    _run("shop_enter", "When the shop opens", between=True, per_round=1.0),
    _run("shop_exit", "When leaving the shop", between=True, per_round=1.0),
    _run("reroll", "When the shop is rerolled", between=True),
    _run("booster_opened", "When a pack is opened", between=True),
    _run("booster_skipped", "When a pack is skipped", between=True),
    _run("bought", "When a charm is bought", between=True),
    _run("sold", "When a charm is sold", between=True),
    _run("consumable_used", "When a consumable is used", between=True),
    _card("card_added", "for each {card} added to the deck", "when a card is added to the deck"),
    _card("card_destroyed", "for each {card} destroyed", "when a card is destroyed"),
):
    TRIGGERS.add(_kind, builtin=True)
