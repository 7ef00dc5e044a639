"""The event trace: one frozen record per scoring step that changed anything.

The preview, the CLI and the tests all read this trace; nothing else computes
scores.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Literal, NamedTuple

from studio.engine.rng import RngState

Step = Literal[
    "boss",
    "before",
    "base",
    "scored_card",
    "held_card",
    "hand",
    "discard",
    "end_of_round",
    # the run's events outside a hand (RULES.md section 6): the trigger that fired
    "round_start",
    "hand_drawn",
    "round_lost",
    "boss_defeated",
    "cash_out",
    "blind_skipped",
    "shop_enter",
    "shop_exit",
    "reroll",
    "booster_opened",
    "booster_skipped",
    "bought",
    "sold",
    "consumable_used",
    "card_added",
    "card_destroyed",
    # a consumable being used (a run action), a tag's reward being taken
    "consumable",
    "tag",
]
#: The steps of scoring a hand, in order.
SCORE_STEPS: tuple[Step, ...] = ("boss", "before", "base", "scored_card", "held_card", "hand")
#: What an event did: ``base``, ``halve``, ``refuse``, ``level``, ``counter``, ``debuffed``, or
#: the label of the effect kind that fired (see :mod:`studio.engine.kinds`).
What = str
#: The ``what`` of an event that multiplies Mult (the label of the ``xmult`` effect kind).
TIMES_LABEL = "xmult"
#: The ``what`` of the event that starts a card's extra trigger (the ``retrigger`` kind's label).
REPEAT_LABEL = "retrigger"
#: How an event of each effect label reads its amount ("+10 Points"); effect kinds register here.
CHANGE_TEXT: dict[str, Callable[[float], str]] = {}
#: What kind of thing an event comes from; ``source`` is its display text.
SourceKind = Literal[
    "hand_type",
    "card",
    "upgrade",
    "edition",
    "seal",
    "charm",
    "boss",
    "deck",
    "difficulty",
    "consumable",
    "tag",
]
#: Where the card an event concerns lies: played (or discarded) cards, cards held in hand, or the deck
#: (a card that joined or left it).
Zone = Literal["played", "held", "discarded", "deck", ""]


def fmt(x: float) -> str:
    """Format a number the way a player reads it: ``4``, ``1.5``, ``inf``."""
    if isinstance(x, float):
        if math.isinf(x):
            return "inf" if x > 0 else "-inf"
        if x.is_integer():
            return str(int(x))
        return f"{x:.4f}".rstrip("0").rstrip(".")
    return str(x)


def grouped(x: float) -> str:
    """A score or requirement as a player reads it, thousands grouped: ``56,041``, ``1.5``, ``inf``."""
    if isinstance(x, int) or (isinstance(x, float) and x.is_integer()):
        return f"{int(x):,}"
    return fmt(x)


def json_number(x: float) -> int | float:
    """Return ``x`` as an int when it is whole and finite, for tidy JSON."""
    if isinstance(x, float) and x.is_integer() and not math.isinf(x):
        return int(x)
    return x


class Event(NamedTuple):
    """One step that changed something, and the running Points, Mult and money after it.

    A named tuple: immutable like a frozen record, and cheap to create, which
    matters because scoring appends one per change. Besides the display text
    ``source``, the source is structured: ``source_kind``; for an event about a
    card its ``zone`` and ``position`` there (0-based; two equal cards differ by
    it); for an event of a charm or a charm's edition its ``slot`` in the row.
    ``""`` and ``-1`` mean "not about a card" / "not about a charm".
    """

    step: Step
    source: str
    what: What
    amount: float
    points: int
    mult: float
    money: int
    note: str = ""
    source_kind: SourceKind = "card"
    zone: Zone = ""
    position: int = -1
    slot: int = -1

    @property
    def change(self) -> str:
        """Describe what changed, e.g. ``+10 Points`` or ``x1.5 Mult``."""
        text = CHANGE_TEXT.get(self.what)
        if text is not None:
            return text(self.amount)
        if self.what == "base":
            return f"{self.points} Points, {fmt(self.mult)} Mult ({self.note})"
        return self.note

    def to_json(self) -> dict[str, object]:
        """Return the event as the JSON object of the CLI contract."""
        return {
            "step": self.step,
            "source": self.source,
            "what": self.what,
            "amount": json_number(self.amount),
            "change": self.change,
            "points": self.points,
            "mult": json_number(self.mult),
            "money": self.money,
            "source_kind": self.source_kind,
            "zone": self.zone or None,
            "position": None if self.position < 0 else self.position,
            "slot": None if self.slot < 0 else self.slot,
        }


def total_of(points: int, mult: float) -> int | float:
    """Return floor(Points x Mult); past the float range it is infinity, never a crash; NaN is 0."""
    try:
        product = points * mult
    except OverflowError:
        return math.inf
    if math.isnan(product):
        return 0
    if math.isinf(product):
        return product
    return math.floor(product)


class ScoreResult(NamedTuple):
    """The outcome of scoring one hand, read from its trace.

    ``points``, ``mult`` and ``money`` are the last event's running values and
    ``total`` is :func:`total_of` them (0 for a refused hand).
    """

    hand_type: str
    scoring: tuple[str, ...]
    points: int
    mult: float
    total: int | float
    money: int
    events: tuple[Event, ...]
    counters: tuple[int, ...]
    levels: tuple[tuple[str, int], ...]
    rng: RngState
    refused: bool = False
    #: Scored cards that break after the hand (glass); a run removes them from the deck.
    broken: tuple[str, ...] = ()
    #: The boss rule and the deck in play (None: no boss; the deck is None when not given).
    boss: str | None = None
    deck: str | None = None
    #: What the hand leaves to take effect after it (see studio.engine.aftermath; None: nothing).
    after: Any = None
    #: Each charm's variables other than its counter after the hand, as sorted pairs (empty: none).
    vars: tuple[tuple[tuple[str, Any], ...], ...] = ()
    #: Where the ``broken`` cards lie in the played hand (their positions, in order).
    broken_at: tuple[int, ...] = ()

    def to_json(self) -> dict[str, object]:
        """Return the result as the JSON object of the CLI contract."""
        data = self.summary_json()
        data["events"] = [e.to_json() for e in self.events]
        return data

    def optional_json(self) -> dict[str, object]:
        """Return the keys a result has only when they say something: ``vars`` and ``after``."""
        data: dict[str, object] = {}
        if any(self.vars):
            data["vars"] = [dict(v) for v in self.vars]
        if self.after is not None and not self.after.is_empty():
            data["after"] = self.after.to_json()
        return data

    def summary_json(self) -> dict[str, object]:
        """Return the JSON object of the contract without its last key, ``events`` (for own encoders)."""
        return {
            "hand_type": self.hand_type,
            "scoring": list(self.scoring),
            "points": self.points,
            "mult": json_number(self.mult),
            "total": json_number(self.total),
            "money": self.money,
            "refused": self.refused,
            "broken": list(self.broken),
            "boss": self.boss,
            "deck": self.deck,
            "counters": list(self.counters),
            "levels": dict(self.levels),
            "rng": self.rng.to_json(),
            **self.optional_json(),
        }
