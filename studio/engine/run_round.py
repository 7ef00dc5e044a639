"""Playing a blind: set it up, deal, play or discard, and end it (beaten or lost).

Each function checks nothing (``Game.legal`` did) and changes the run state
in place, returning what happened as run events. Scoring, discards and the
end of a round go through the engine's pure functions, so their traces are
the scorer's.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.engine.bosses import BossDef
from studio.engine.cards import Card
from studio.engine.round_values import charm_slots, interest, round_modifiers
from studio.engine.rounds import RoundResult, discard, end_of_round
from studio.engine.run_after import draw_variables, take_after, take_result
from studio.engine.run_events import RunEvent
from studio.engine.run_setup import RunSetup
from studio.engine.run_state import Round, RunState
from studio.engine.scoring import Situation, score
from studio.engine.shop import open_shop
from studio.engine.trace import ScoreResult
from studio.engine.values import layered


def pick_boss(state: RunState, setup: RunSetup) -> RunEvent | None:
    """Draw this ante's boss rule (``boss`` stream) among those allowed from this ante, unseen first."""
    bosses = setup.catalog.bosses
    allowed = sorted(b for b, d in bosses.items() if d.min_ante <= state.ante)
    fresh = [b for b in allowed if b not in state.bosses_seen]
    pool = fresh or allowed
    if not pool:
        state.boss = None
        return None
    state.boss = pool[int(state.rng.random("boss") * len(pool))]
    state.bosses_seen.append(state.boss)
    return RunEvent("boss", state.boss, state.ante, f"ante {state.ante} boss")


def current_boss(state: RunState, setup: RunSetup) -> BossDef | None:
    """Return the boss rule of the blind on offer or being played (None for a plain blind)."""
    blind = setup.rules.blinds[state.blind]
    if not blind.is_boss or state.boss is None:
        return None
    return setup.catalog.boss(state.boss)


def start_round(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Set up the blind on offer: requirement, reward, boss changes, a shuffled draw pile; deal."""
    blind = setup.rules.blinds[state.blind]
    boss = current_boss(state, setup)
    mods = round_modifiers(state, setup, boss)
    factor = layered("blind_factor", blind.score_mult, mods)
    reward = int(layered("blind_reward", blind.reward, mods))
    pile = list(state.deck)
    state.rng.shuffle("shuffle", pile)
    r = Round(
        blind=blind.id,
        requirement=int(setup.rules.requirements[state.ante - 1] * factor),
        reward=reward,
        boss=boss.id if boss is not None else None,
        hands_left=int(layered("hands", state.hands, mods)),
        discards_left=int(layered("discards", state.discards, mods)),
        hand_size=int(layered("hand_size", state.hand_size, mods)),
        draw_pile=pile,
    )
    state.round = r
    state.phase = "round"
    events = [
        RunEvent("blind", blind.id, r.requirement, f"ante {state.ante}, boss {r.boss}" if r.boss else "")
    ]
    events += draw_variables(state, setup.catalog)
    events += deal(state)
    return events


def deal(state: RunState) -> list[RunEvent]:
    """Draw from the top of the pile until the hand is full; a round with no cards to play is lost."""
    r = state.round
    assert r is not None
    n = min(r.hand_size - len(r.hand), len(r.draw_pile))
    if n <= 0 and r.hand:
        return []
    drawn = [r.draw_pile.pop() for _ in range(max(n, 0))]
    r.hand.extend(drawn)
    events = [RunEvent("deal", " ".join(map(str, drawn)), len(drawn))]
    if not r.hand:
        events += lose(state, "no cards left to play")
    return events


def round_situation(
    state: RunState,
    setup: RunSetup,
    held: Sequence[Card],
    hands_left: int,
    discards_left: int,
    played: Sequence[Card] = (),
) -> Situation:
    """The situation of a play, a discard or the end of the round: the run and the round as they stand."""
    r = state.round
    assert r is not None
    return Situation(
        played=tuple(played),
        held=tuple(held),
        charms=tuple(state.charms),
        levels=state.levels,
        boss=r.boss,
        money=state.money,
        hands_left=hands_left,
        discards_left=discards_left,
        hand_types_played=tuple(r.types_played),
        rng=state.rng.state(),
        modifiers=tuple(r.modifiers),
        deck=setup.deck.id,
        ante=state.ante,
        blind=r.blind,
        hand_size=r.hand_size,
        charm_slots=charm_slots(state, setup),
        full_deck=tuple(state.deck),
        draw_pile=len(r.draw_pile),
        times_played=dict(state.times_played),
        hands_played=r.hands_played,
    )


def _take_round_result(state: RunState, result: RoundResult) -> list[RunEvent]:
    take_result(state, result.money, result.counters, result.vars, result.levels, result.rng)
    return take_after(state, result.after)


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
    for token in result.broken:
        for i, card in enumerate(state.deck):
            if str(card) == token:
                del state.deck[i]
                events.append(RunEvent("broken", token, 1, "leaves the deck"))
                break
    events += take_after(state, result.after)
    if r.score >= r.requirement:
        events += win_round(state, setup)
    elif r.hands_left <= 0:
        events += lose(state, f"scored {r.score} of {r.requirement}")
    else:
        events += _discard_held(state, setup)
        events += deal(state)
    return events, result


def _discard_held(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Random held cards discarded after each hand, as many as the value ``held_discarded`` says (from
    the stream of that name)."""
    r = state.round
    assert r is not None
    boss = setup.catalog.boss(r.boss) if r.boss else None
    count = int(layered("held_discarded", 0, round_modifiers(state, setup, boss)))
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
    events += _take_round_result(state, result)
    return events + deal(state)


def win_round(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """End-of-round triggers, then the reward, $ per hand left and interest; then the shop or the win."""
    r = state.round
    assert r is not None
    situation = round_situation(state, setup, r.hand, r.hands_left, r.discards_left)
    result = end_of_round(situation, setup.catalog)
    after = _take_round_result(state, result)
    paid = interest(state.money, state, setup, current_boss(state, setup))
    per_hand = setup.table.hand_reward * r.hands_left
    state.money += r.reward + per_hand + paid
    events = [
        RunEvent("beaten", r.blind, r.score, f"ante {state.ante}", result.events),
        RunEvent(
            "reward",
            r.blind,
            r.reward + per_hand + paid,
            f"${r.reward} + ${per_hand} hands + ${paid} interest",
        ),
        *after,
    ]
    state.round = None
    if state.blind == len(setup.rules.blinds) - 1 and state.ante == len(setup.rules.requirements):
        state.phase = "won"
        return [*events, RunEvent("won", "", state.ante)]
    return events + open_shop(state, setup)


def lose(state: RunState, why: str) -> list[RunEvent]:
    """End the run."""
    state.phase = "lost"
    return [RunEvent("lost", state.round.blind if state.round else "", state.ante, why)]


def advance(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Move to the next blind (and the next ante after the last one), ready to select it."""
    state.phase = "select"
    state.shop = None
    state.blind += 1
    if state.blind < len(setup.rules.blinds):
        return []
    state.blind = 0
    state.ante += 1
    event = pick_boss(state, setup)
    return [RunEvent("ante", "", state.ante)] + ([event] if event else [])
