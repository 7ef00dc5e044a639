"""Properties of the scorer over many generated hands (hypothesis)."""

from __future__ import annotations

import dataclasses
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from studio.engine.cards import SUITS, Card
from studio.engine.charms import CharmSlot
from studio.engine.rng import RngState
from studio.engine.scoring import Situation, score
from studio.plugins.loading import load_base

CATALOG = load_base().catalog
assert CATALOG is not None
UPGRADES = [None, *CATALOG.upgrades]
EDITIONS = [None, *CATALOG.editions]
SEALS = [None, *CATALOG.seals]
#: Charms whose effects only add Points or Mult, with no chance: their order cannot matter.
ADDITIVE = [
    "plain_mult",
    "pair_mult",
    "pair_points",
    "straight_mult",
    "small_hand_mult",
    "discards_points",
    "diamond_mult",
    "fibonacci",
    "face_points",
    "even_mult",
    "heart_mult",
    "spade_points",
    "three_kind_mult",
    "two_pair_points",
    "ace_bonus",
    "oddball",
]
ALL_CHARMS = sorted(CATALOG.charms)

cards = st.builds(
    Card,
    st.integers(2, 14),
    st.sampled_from(SUITS),
    st.sampled_from(UPGRADES),
    st.sampled_from(EDITIONS),
    st.sampled_from(SEALS),
    st.just(0),
)
#: (Card is a named tuple: builds would fill in the fields left out, so they are given.)
plain_cards = st.builds(
    Card, st.integers(2, 14), st.sampled_from(SUITS), st.none(), st.none(), st.none(), st.just(0)
)
hands = st.lists(cards, min_size=1, max_size=5)
charm_rows = st.lists(
    st.builds(CharmSlot, st.sampled_from(ALL_CHARMS), st.sampled_from(EDITIONS)), max_size=6
)
situations = st.builds(
    Situation,
    played=hands.map(tuple),
    held=st.lists(cards, max_size=6).map(tuple),
    charms=charm_rows.map(tuple),
    boss=st.sampled_from([None, *CATALOG.bosses]),
    money=st.integers(0, 60),
    hands_left=st.integers(0, 4),
    discards_left=st.integers(0, 4),
)


@settings(max_examples=300, deadline=None)
@given(situations)
def test_any_hand_of_one_to_five_valid_cards_scores_and_the_last_event_is_the_result(s: Situation) -> None:
    r = score(s, CATALOG)
    if r.events:
        last = r.events[-1]
        assert (last.points, last.mult, last.money) == (r.points, r.mult, r.money)
    assert r.total == (0 if r.refused else math.floor(r.points * r.mult))
    assert isinstance(r.total, int)


@settings(max_examples=150, deadline=None)
@given(situations, st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_result(s: Situation, seed: int) -> None:
    seeded = dataclasses.replace(s, rng=RngState(seed))
    assert score(seeded, CATALOG) == score(seeded, CATALOG)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(plain_cards, min_size=1, max_size=5),
    st.lists(st.sampled_from(ADDITIVE), min_size=2, max_size=6),
    st.randoms(),
)
def test_reordering_charms_that_only_add_never_changes_the_total(
    played: list[Card], row: list[str], rnd
) -> None:  # type: ignore[no-untyped-def]
    shuffled = row[:]
    rnd.shuffle(shuffled)
    a = score(Situation(tuple(played), charms=tuple(map(CharmSlot, row)), discards_left=2), CATALOG)
    b = score(Situation(tuple(played), charms=tuple(map(CharmSlot, shuffled)), discards_left=2), CATALOG)
    assert a.total == b.total


def _debuffed_by_clubs(card: Card, smeared: bool) -> bool:
    if card.upgrade == "stone":
        return False
    return card.upgrade == "wild" or card.suit == "C" or (smeared and card.suit == "S")


@settings(max_examples=200, deadline=None)
@given(situations)
def test_a_debuffed_card_adds_nothing_and_a_scored_one_says_so_once(s: Situation) -> None:
    r = score(dataclasses.replace(s, boss="club_debuff"), CATALOG)
    smeared = any(m.value == "smeared" for slot in s.charms for m in CATALOG.charm(slot.id).modifiers)
    played = {i for i, c in enumerate(s.played) if _debuffed_by_clubs(c, smeared)}
    held = {i for i, c in enumerate(s.held) if _debuffed_by_clubs(c, smeared)}
    said: list[int] = []
    previous = None
    off = ""  # the step a charm disabled the boss in (bribe): its debuff lifts for the steps after it
    for event in r.events:
        if event.what == "disable_boss":
            off = event.step
        if off and event.step != off:
            played = held = set()  # the boss is gone: no card of this hand is debuffed any more
            assert event.what != "debuffed"
        if event.zone == "held":
            assert event.position not in held
        if event.zone == "played" and event.position in played:
            assert event.what == "debuffed" and previous is not None
            assert (event.points, event.mult, event.money) == (previous.points, previous.mult, previous.money)
            said.append(event.position)
        previous = event
    assert len(said) == len(set(said))  # one event per debuffed scored card
    assert all(e.what != "debuffed" or e.zone == "played" for e in r.events)


@settings(max_examples=200, deadline=None)
@given(situations)
def test_every_event_moves_the_running_values_by_exactly_what_it_says(s: Situation) -> None:
    r = score(s, CATALOG)
    points, mult, money = 0, 0.0, s.money
    for e in r.events:
        if e.what == "points":
            points += int(e.amount)
        elif e.what == "mult":
            mult += e.amount
        elif e.what == "xmult":
            mult *= e.amount
        elif e.what == "money":
            money += int(e.amount)
        elif e.what in ("base", "halve"):
            points, mult = e.points, e.mult
        assert (e.points, e.mult, e.money) == (points, mult, money), e
    assert (r.points, r.mult, r.money) == (points, mult, money)
