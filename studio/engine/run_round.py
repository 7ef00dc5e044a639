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
from studio.engine.charms import CharmSlot
from studio.engine.round_values import interest, round_modifiers
from studio.engine.rounds import RoundResult, discard, end_of_round
from studio.engine.run_events import RunEvent
from studio.engine.run_setup import RunSetup
from studio.engine.run_state import Round, RunState
from studio.engine.scoring import MAX_PLAYED, Situation, score
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


def _round_state(state: RunState, held: Sequence[Card], hands_left: int, discards_left: int) -> Situation:
    r = state.round
    assert r is not None
    return Situation(
        held=tuple(held),
        charms=tuple(state.charms),
        levels=state.levels,
        boss=r.boss,
        money=state.money,
        hands_left=hands_left,
        discards_left=discards_left,
        hand_types_played=tuple(r.types_played),
        rng=state.rng.state(),
    )


def _take_round_result(state: RunState, result: RoundResult) -> None:
    state.money = result.money
    state.charms = _with_counters(state.charms, result.counters)
    state.levels = dict(result.levels)
    state.rng = type(state.rng).from_state(result.rng)


def _with_counters(charms: list[CharmSlot], counters: Sequence[int]) -> list[CharmSlot]:
    return [
        c if c.counter == n else CharmSlot(c.id, c.edition, n) for c, n in zip(charms, counters, strict=True)
    ]


def play_hand(state: RunState, setup: RunSetup, cards: Sequence[int]) -> tuple[list[RunEvent], ScoreResult]:
    """Score the chosen cards with the real scorer, then beat the blind, lose, or draw on."""
    r = state.round
    assert r is not None
    chosen = set(cards)
    played = tuple(r.hand[i] for i in cards)
    held = [c for i, c in enumerate(r.hand) if i not in chosen]
    result = score(
        Situation(
            played=played,
            held=tuple(held),
            charms=tuple(state.charms),
            levels=state.levels,
            boss=r.boss,
            money=state.money,
            hands_left=r.hands_left - 1,
            discards_left=r.discards_left,
            hand_types_played=tuple(r.types_played),
            rng=state.rng.state(),
            max_played=MAX_PLAYED,
        ),
        setup.catalog,
    )
    state.money = result.money
    state.charms = _with_counters(state.charms, result.counters)
    state.levels = dict(result.levels)
    state.rng = type(state.rng).from_state(result.rng)
    r.score += result.total
    if not result.refused:
        r.types_played.append(result.hand_type)
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
    if r.score >= r.requirement:
        events += win_round(state, setup)
    elif r.hands_left <= 0:
        events += lose(state, f"scored {r.score} of {r.requirement}")
    else:
        events += _hook(state, setup)
        events += deal(state)
    return events, result


def _hook(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Random held cards discarded after each hand, as many as ``held_discarded`` says (``hook`` stream)."""
    r = state.round
    assert r is not None
    boss = setup.catalog.boss(r.boss) if r.boss else None
    count = int(layered("held_discarded", 0, round_modifiers(state, setup, boss)))
    if not count or not r.hand:
        return []
    lost = []
    for _ in range(min(count, len(r.hand))):
        lost.append(r.hand.pop(int(state.rng.random("hook") * len(r.hand))))
    return [RunEvent("hook", " ".join(map(str, lost)), len(lost), "discarded by the boss rule")]


def discard_cards(state: RunState, setup: RunSetup, cards: Sequence[int]) -> list[RunEvent]:
    """Fire the charms' discard triggers on the chosen cards, drop them and draw as many."""
    r = state.round
    assert r is not None
    chosen = set(cards)
    thrown = [r.hand[i] for i in cards]
    held = [c for i, c in enumerate(r.hand) if i not in chosen]
    result = discard(thrown, _round_state(state, held, r.hands_left, r.discards_left - 1), setup.catalog)
    _take_round_result(state, result)
    r.hand = held
    r.discards_left -= 1
    events = [RunEvent("discard", " ".join(map(str, thrown)), len(thrown), "", result.events)]
    return events + deal(state)


def win_round(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """End-of-round triggers, then the reward, $ per hand left and interest; then the shop or the win."""
    r = state.round
    assert r is not None
    result = end_of_round(_round_state(state, r.hand, r.hands_left, r.discards_left), setup.catalog)
    _take_round_result(state, result)
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
