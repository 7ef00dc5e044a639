"""Boss rules: what an ante's boss blind does to hands and to the round."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BossDef:
    """A boss rule; every field left at its default changes nothing."""

    id: str
    name: str = ""
    debuff_suits: frozenset[str] = frozenset()
    debuff_face: bool = False
    min_cards: int = 0
    no_repeat_type: bool = False
    only_first_type: bool = False
    level_down: int = 0
    halve_base: bool = False
    money_per_card: int = 0
    hands: int | None = None
    discards: int | None = None
    score_mult: float | None = None
    discard_held_after_hand: int = 0
    hand_size: int = 0
    reward: int | None = None
    min_ante: int = 1
