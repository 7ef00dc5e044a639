"""Trace playback without Qt: the scorer's events as cues to show one at a time, and a cursor over them.

A cue says where an event came from (the card by zone and position, the charm
by slot), what to write over it (``+10 Points``, ``x2 Mult``, ``Again!``) and
the running Points, Mult and money after it, all read from the event itself:
the playback can never show a number the trace does not hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from studio.engine.trace import REPEAT_LABEL, TIMES_LABEL, Event, fmt, total_of

#: What a cue changes, which picks its pop-up's colour.
Tone = Literal["base", "points", "mult", "money", "again", "debuffed", "note"]
#: Where a cue's pop-up shows: over the card, over the charm, or over the score itself.
Anchor = Literal["card", "charm", "score"]

#: Playback speeds offered, as steps per beat; 0 is instant (straight to the last event).
SPEEDS: dict[str, int] = {"1×": 1, "2×": 2, "4×": 4, "instant": 0}
#: One step at 1×, in milliseconds.
BEAT_MS = 700
_LONGEST_NOTE = 30
_FIRST_TONES: dict[str, Tone] = {"points": "points", "mult": "mult", TIMES_LABEL: "mult", "money": "money"}


@dataclass(frozen=True)
class Cue:
    """One event as playback shows it; ``points``, ``mult``, ``money`` and ``total`` are after it."""

    index: int
    source: str
    anchor: Anchor
    zone: str
    position: int
    slot: int
    text: str
    tone: Tone
    points: int
    mult: float
    money: int
    total: int | float

    @property
    def score_text(self) -> str:
        """The running score as read aloud: ``55 Points × 8 Mult``."""
        return f"{self.points} Points × {fmt(self.mult)} Mult"


def beat_ms(speed: int) -> int:
    """Return how long one step shows at ``speed`` (0: instant)."""
    return BEAT_MS // speed if speed > 0 else 0


def cues_of(events: Sequence[Event]) -> tuple[Cue, ...]:
    """Turn a trace into playback cues, one per event, in trace order."""
    cues: list[Cue] = []
    refused = False
    before: Event | None = None
    for i, e in enumerate(events):
        refused = refused or e.what == "refuse"
        text, tone = _text_and_tone(e, before)
        cues.append(
            Cue(
                index=i,
                source=e.source,
                anchor=_anchor(e),
                zone=e.zone,
                position=e.position,
                slot=e.slot,
                text=text,
                tone=tone,
                points=e.points,
                mult=e.mult,
                money=e.money,
                total=0 if refused else total_of(e.points, e.mult),
            )
        )
        before = e
    return tuple(cues)


def _anchor(e: Event) -> Anchor:
    """A charm (or its edition) shows over its slot; a card's own parts over the card; the rest over
    the score."""
    if e.source_kind in ("charm", "edition") and e.slot >= 0:
        return "charm"
    if e.zone and e.position >= 0:
        return "card"
    return "score"


def _text_and_tone(e: Event, before: Event | None) -> tuple[str, Tone]:
    if e.what == REPEAT_LABEL:
        return "Again!", "again"
    if e.what == "debuffed":
        return "Debuffed", "debuffed"
    if e.what == "refuse":
        return "Refused", "debuffed"
    if e.what == "base":
        values = f"{e.points} × {fmt(e.mult)}"
        if e.source_kind == "hand_type":
            return f"{e.source.replace('_', ' ').capitalize()}: {values}", "base"
        return values, "base"
    if before is not None:  # any kind, a plugin's too: the tone of the running value it changed
        if e.points != before.points:
            return e.change, "points"
        if e.mult != before.mult:
            return e.change, "mult"
        if e.money != before.money:
            return e.change, "money"
    elif e.what in _FIRST_TONES:  # nothing before to compare with: the engine's own kinds
        return e.change, _FIRST_TONES[e.what]
    note = e.change
    return (note if len(note) <= _LONGEST_NOTE else note[: _LONGEST_NOTE - 1] + "…"), "note"


class Cursor:
    """Which cue is shown: -1 before the first, else an index into ``cues``."""

    def __init__(self, cues: Sequence[Cue] = ()) -> None:
        self.cues = tuple(cues)
        self.index = -1

    @property
    def current(self) -> Cue | None:
        """The cue shown, or None before the first."""
        return self.cues[self.index] if self.index >= 0 else None

    def at_end(self) -> bool:
        """Tell whether the last cue is shown (True for an empty trace)."""
        return self.index == len(self.cues) - 1

    def forward(self) -> bool:
        """Show the next cue; False when already at the last."""
        if self.at_end():
            return False
        self.index += 1
        return True

    def back(self) -> bool:
        """Show the cue before; False when none is shown."""
        if self.index < 0:
            return False
        self.index -= 1
        return True

    def jump(self, index: int) -> bool:
        """Show cue ``index``; False (and no change) when there is none."""
        if not 0 <= index < len(self.cues):
            return False
        self.index = index
        return True

    def reset(self) -> None:
        """Show no cue."""
        self.index = -1
