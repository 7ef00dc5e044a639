"""The end of a round, in the order of RULES.md section 6: beaten (or saved from a loss), the boss
defeated, the end-of-round triggers, cash out, then the shop or the win; or the run lost.

Cash out pays, in order: interest on the money held when the round ended, the
blind's reward, $ per hand left, then the money effects owed at cash out and
the ``cash_out`` abilities; none of these payouts earns interest this round.
"""

from __future__ import annotations

from dataclasses import replace

from studio.engine.run.after import draw_variables
from studio.engine.run.events import RunEvent
from studio.engine.run.setup import RunSetup
from studio.engine.run.shop import open_shop
from studio.engine.run.state import RunState
from studio.engine.run.tags import shop_tags
from studio.engine.run.triggers import cash_out, fire, prevented, round_situation, take
from studio.engine.run.values import interest, round_boss
from studio.engine.scoring.rounds import end_of_round
from studio.engine.scoring.rows import debuffed


def win_round(state: RunState, setup: RunSetup, saved: str = "") -> list[RunEvent]:
    """``boss_defeated`` after a beaten boss blind, end-of-round triggers and the charms' round
    variables drawn for the next round, cash out; then the shop (and ``shop_enter``) or the win. A
    round ``saved`` from a loss (by that source) pays no blind reward."""
    r = state.round
    assert r is not None
    # Cash out pays for the round as it ended: what end-of-round triggers change comes too late for it.
    left, reward, boss = r.hands_left, 0 if saved else r.reward, round_boss(state, setup)
    events = []
    if setup.rules.blinds[state.blind].is_boss:  # a saved boss round ends as beaten: the boss is behind
        events += fire(state, setup, "boss_defeated", subject=r.blind)
    result = end_of_round(round_situation(state, setup, r.hand, r.hands_left, r.discards_left), setup.catalog)
    note = f"ante {state.ante}" + (f", the loss prevented by {saved}" if saved else "")
    events.append(RunEvent("saved" if saved else "beaten", r.blind, r.score, note, result.events))
    events += take(state, setup, result)
    events += draw_variables(state, setup.catalog)  # variables change at the end of the round
    events += _age(state, setup)
    paid = interest(state.money, state, setup, boss)
    per_hand = setup.table.hand_reward * left
    state.money += paid + reward + per_hand
    events.append(
        RunEvent(
            "reward", r.blind, paid + reward + per_hand, f"${reward} + ${per_hand} hands + ${paid} interest"
        )
    )
    state.round = None
    events += cash_out(state, setup, r.blind)
    if state.blind == len(setup.rules.blinds) - 1 and state.ante == len(setup.rules.requirements):
        state.phase = "won"
        return [*events, RunEvent("won", "", state.ante)]
    events += open_shop(state, setup)
    events += shop_tags(state, setup)
    return events + fire(state, setup, "shop_enter", subject="shop")


def _age(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Count a round for each charm with stickers; say so when one is debuffed from now on."""
    events = []
    for i, charm in enumerate(state.charms):
        if charm.stickers:
            was = debuffed(charm, setup.catalog)
            state.charms[i] = aged = replace(charm, rounds=charm.rounds + 1)
            if not was and debuffed(aged, setup.catalog):
                events.append(RunEvent("charm_debuffed", charm.id, i, f"after {aged.rounds} rounds"))
    return events


def lose(state: RunState, setup: RunSetup, why: str) -> list[RunEvent]:
    """Fire ``round_lost``: a source that prevents the loss ends the round as saved; else the run is lost."""
    events, saved = prevented(state, setup)
    if saved and state.round is not None:
        return events + win_round(state, setup, saved)
    state.phase = "lost"
    return [*events, RunEvent("lost", state.round.blind if state.round else "", state.ante, why)]
