"""Playing a blind: set it up, deal, play or discard; its end is :mod:`studio.engine.run.round_end`.

Each function checks nothing (``Game.legal`` did) and changes the run state
in place, returning what happened as run events. Scoring, discards and the
run's events go through the engine's pure functions, so their traces are
the scorer's.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.engine.run.after import take_result
from studio.engine.run.ante import begin_ante
from studio.engine.run.events import RunEvent
from studio.engine.run.round_end import lose, win_round
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import Round, RunState
from studio.engine.run.triggers import current_boss, fire, round_situation, settle, take
from studio.engine.run.values import round_boss, round_values, run_value
from studio.engine.scoring import score
from studio.engine.scoring.rounds import discard
from studio.engine.scoring.views import card_view, hand_frame
from studio.engine.trace import ScoreResult, grouped


def debuffed_in_hand(state: RunState, setup: RunSetup) -> frozenset[int]:
    """Positions of the round's hand that the rules in force debuff (a boss's debuff under the row's
    hand rules), as the scorer will see those cards: what a player is shown before choosing a play."""
    r = state.round
    if r is None or r.boss is None:
        return frozenset()
    frame = hand_frame(round_situation(state, setup, r.hand, r.hands_left, r.discards_left), setup.catalog)
    return frozenset(
        i for i, c in enumerate(r.hand) if card_view(c, setup.catalog, frame.boss, frame.flags).debuffed
    )


def start_round(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Set up the blind on offer: requirement, reward, boss changes, a shuffled draw pile;
    ``round_start`` fired, then the hand dealt."""
    blind = setup.rules.blinds[state.blind]
    boss = current_boss(state, setup)
    values = round_values(state, setup, boss)
    pile = list(state.deck)
    state.rng.shuffle("shuffle", pile)
    r = Round(
        blind=blind.id,
        requirement=values.requirement,
        reward=values.reward,
        boss=boss.id if boss is not None else None,
        hands_left=values.hands,
        discards_left=values.discards,
        hand_size=values.hand_size,
        draw_pile=pile,
    )
    state.round = r
    state.phase = "round"
    events = [
        RunEvent("blind", blind.id, r.requirement, f"ante {state.ante}, boss {r.boss}" if r.boss else "")
    ]
    events += fire(state, setup, "round_start", subject=blind.id)
    return events + deal(state, setup, first=True)


def deal(state: RunState, setup: RunSetup, first: bool = False) -> list[RunEvent]:
    """Draw from the top of the pile until the hand is full, then fire ``hand_drawn`` (``first``: the
    round's first draw); a round with no cards to play is lost."""
    r = state.round
    assert r is not None
    n = min(r.hand_size - len(r.hand), len(r.draw_pile))
    if n <= 0 and r.hand:
        return []
    drawn = [r.draw_pile.pop() for _ in range(max(n, 0))]
    r.hand.extend(drawn)
    events = [RunEvent("deal", " ".join(map(str, drawn)), len(drawn))]
    if not r.hand:
        return events + lose(state, setup, "no cards left to play")
    return events + fire(state, setup, "hand_drawn", subject=str(len(r.hand)), first=first)


def play_hand(state: RunState, setup: RunSetup, cards: Sequence[int]) -> tuple[list[RunEvent], ScoreResult]:
    """Score the chosen cards with the real scorer, then beat the blind, lose, or draw on."""
    r = state.round
    assert r is not None
    chosen = set(cards)
    played = tuple(r.hand[i] for i in cards)
    held = [c for i, c in enumerate(r.hand) if i not in chosen]
    situation = round_situation(state, setup, held, r.hands_left - 1, r.discards_left, played)
    result = score(situation, setup.catalog)
    take_result(state, result.money, result.counters, result.vars, result.levels, result.rng)
    r.score += result.total
    r.hands_played += 1
    if not result.refused:
        r.types_played.append(result.hand_type)
        state.times_played[result.hand_type] = state.times_played.get(result.hand_type, 0) + 1
    r.hand = held
    r.hands_left -= 1
    events = [
        RunEvent("score", result.hand_type, result.total, "refused" if result.refused else "", result.events)
    ]
    events += settle(state, setup, result.after, broken=[(p, played[p]) for p in result.broken_at])
    if r.score >= r.requirement:
        events += win_round(state, setup)
    elif r.hands_left <= 0:
        events += lose(state, setup, f"scored {grouped(r.score)} of {grouped(r.requirement)}")
    else:
        events += _discard_held(state, setup)
        events += deal(state, setup)
    return events, result


def reached(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Win the round being played if its score already reaches the requirement: a change between
    hands (a boss disabled by a discard, a reorder, a consumable) may lower the requirement."""
    r = state.round
    if state.phase == "round" and r is not None and r.score >= r.requirement:
        return win_round(state, setup)
    return []


def _discard_held(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Random held cards discarded after each hand, as many as the value ``held_discarded`` says (from
    the stream of that name)."""
    r = state.round
    assert r is not None
    count = int(run_value("held_discarded", 0, state, setup, round_boss(state, setup)))
    if not count or not r.hand:
        return []
    lost = []
    for _ in range(min(count, len(r.hand))):
        lost.append(r.hand.pop(int(state.rng.random("held_discarded") * len(r.hand))))
    return [RunEvent("held_discarded", " ".join(map(str, lost)), len(lost), "discarded by a rule")]


def discard_cards(state: RunState, setup: RunSetup, cards: Sequence[int]) -> list[RunEvent]:
    """Fire the charms' discard triggers on the chosen cards, drop them and draw as many."""
    r = state.round
    assert r is not None
    chosen = set(cards)
    thrown = [r.hand[i] for i in cards]
    held = [c for i, c in enumerate(r.hand) if i not in chosen]
    situation = round_situation(state, setup, held, r.hands_left, r.discards_left - 1)
    result = discard(thrown, situation, setup.catalog)
    r.hand = held
    r.discards_left -= 1
    events = [RunEvent("discard", " ".join(map(str, thrown)), len(thrown), "", result.events)]
    events += take(state, setup, result)
    return events + deal(state, setup)


def advance(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Move to the next blind (and the next ante after the last one), ready to select it."""
    state.phase = "select"
    state.shop = None
    state.blind += 1
    if state.blind < len(setup.rules.blinds):
        return []
    state.blind = 0
    state.ante += 1
    return [RunEvent("ante", "", state.ante), *begin_ante(state, setup)]
