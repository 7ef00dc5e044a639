"""Test data taken from the contracts (RULES.md, CLI.md), and the record of a command's run.

Kept in one place so every test that checks the rule book's appendix, the poker
counts or the CLI's example scenario checks the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: RULES.md appendix: (step, source, Points, Mult) after each event; total 3082.
APPENDIX_TRACE = [
    ("base", "flush", 35, 4),
    ("scored_card", "KH", 45, 4),
    ("scored_card", "10H", 55, 4),
    ("scored_card", "10H glass", 55, 8),
    ("scored_card", "10H even_mult", 55, 12),
    ("scored_card", "6H", 61, 12),
    ("scored_card", "6H even_mult", 61, 16),
    ("scored_card", "4H", 65, 16),
    ("scored_card", "4H even_mult", 65, 20),
    ("scored_card", "2H", 67, 20),
    ("scored_card", "2H even_mult", 67, 24),
    ("held_card", "5D steel", 67, 36),
    ("hand", "money_mult", 67, 42),
    ("hand", "plain_mult", 67, 46),
]

#: The hand type counts of all 2,598,960 five-card hands of a 52-card deck.
FIVE_CARD_COUNTS = {
    "flush_five": 0,
    "flush_house": 0,
    "five_of_a_kind": 0,
    "straight_flush": 40,
    "four_of_a_kind": 624,
    "full_house": 3744,
    "flush": 5108,
    "straight": 10200,
    "three_of_a_kind": 54912,
    "two_pair": 123552,
    "pair": 1098240,
    "high_card": 1302540,
}

#: The best five of seven cards of a 52-card deck, as published (the types a standard deck can make;
#: royal flushes among straight flushes: the base game has no royal flush type).
SEVEN_CARD_COUNTS = {
    "flush_five": 0,
    "flush_house": 0,
    "five_of_a_kind": 0,
    "straight_flush": 41_584,
    "four_of_a_kind": 224_848,
    "full_house": 3_473_184,
    "flush": 4_047_644,
    "straight": 6_180_020,
    "three_of_a_kind": 6_461_620,
    "two_pair": 31_433_400,
    "pair": 58_627_800,
    "high_card": 23_294_460,
}

#: CLI.md's example scenario, every field given (without its expect).
CLI_SCENARIO: dict[str, Any] = {
    "played": "AS AH KD 5C 2H",
    "held": "KS KC",
    "charms": ["pair_mult", "king_held_x:foil", {"id": "bus_rider", "counter": 3}],
    "levels": {"pair": 2},
    "boss": "flint",
    "deck": "standard",
    "money": 12,
    "hands_left": 2,
    "discards_left": 1,
    "hand_types_played": ["pair"],
    "seed": 7,
}


@dataclass
class Run:
    """What a command printed and returned."""

    code: int
    out: str
    err: str
