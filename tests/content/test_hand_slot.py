"""Where a new hand type fits: a free pattern, at a strength where it wins and hides no other."""

from __future__ import annotations

from studio.content.hand_slot import HandSlot, free_slot
from studio.engine.hands import HandType

HIGH = HandType("high_card", (1,), points=5, mult=1, level_points=10, level_mult=1)
PAIR = HandType("pair", (2,), points=10, mult=2)
FLUSH = HandType("flush", (), needs_flush=True, points=35, mult=4)
FLUSH_HOUSE = HandType("flush_house", (3, 2), needs_flush=True)


def test_with_nothing_loaded_a_new_type_is_a_high_card() -> None:
    assert free_slot([]) == HandSlot((1,), False, False, 100)


def test_a_free_pattern_goes_above_what_it_beats_with_its_values() -> None:
    slot = free_slot([(HIGH, 100)])
    assert slot == HandSlot((2,), False, False, 200, 5, 1, 10, 1)


def test_it_stays_below_the_types_that_always_fit_it() -> None:
    """A pair in a flush beats pair and flush and must stay under the flush house, which always holds
    one; every simpler pattern is taken (or has no room) here."""
    loaded = [(HIGH, 100), (PAIR, 200), (FLUSH, 600), (FLUSH_HOUSE, 601)]
    taken = [
        HandType(str(i), groups, straight, flush)
        for i, (groups, straight, flush) in enumerate(
            [
                ((2, 2), False, False),
                ((3,), False, False),
                ((), True, False),
                ((3, 2), False, False),
                ((4,), False, False),
                ((), True, True),
                ((5,), False, False),
                ((5,), False, True),
            ]
        )
    ]
    loaded += [(h, 1000 + 10 * i) for i, h in enumerate(taken)]
    assert free_slot(loaded) is None  # no room between 600 and 601
    slot = free_slot([(h, s if h is not FLUSH_HOUSE else 1100) for h, s in loaded])
    assert slot is not None and (slot.groups, slot.needs_flush, slot.strength) == ((2,), True, 800)
    assert slot.yaml() == "strength: 800\ngroups: [2]\nneeds_flush: true\npoints: 35\nmult: 4\n"
