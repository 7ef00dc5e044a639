"""What resolving a run action did: run events, and the resolved action kept in the history."""

from __future__ import annotations

from typing import NamedTuple

from studio.engine.run.actions import Action, action_to_json
from studio.engine.trace import Event, ScoreResult, json_number


class RunEvent(NamedTuple):
    """One thing an action did: ``kind`` (``score``, ``buy``, ``reward`` ...), its subject and amount.

    ``trace`` holds the scorer's or the round triggers' events where there are some.
    """

    kind: str
    subject: str = ""
    amount: float = 0
    note: str = ""
    trace: tuple[Event, ...] = ()

    def to_json(self) -> dict[str, object]:
        """Return the event as JSON data."""
        data: dict[str, object] = {
            "kind": self.kind,
            "subject": self.subject,
            "amount": json_number(self.amount),
        }
        if self.note:
            data["note"] = self.note
        if self.trace:
            data["trace"] = [e.to_json() for e in self.trace]
        return data


class Resolved(NamedTuple):
    """A resolved action, what it did, and for a played hand the scorer's whole result (its trace)."""

    action: Action
    events: tuple[RunEvent, ...]
    score: ScoreResult | None = None

    def to_json(self) -> dict[str, object]:
        """Return the action with what it did."""
        data = action_to_json(self.action)
        data["events"] = [e.to_json() for e in self.events if e.kind != "score"]
        if self.score is not None:
            data["score"] = self.score.to_json()
        return data
