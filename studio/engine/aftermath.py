"""What a hand changes beyond its score, taking effect after it (RULES.md section 6).

Effects that destroy, edit or copy cards, destroy charms, disable the boss,
add round-long modifiers or change the run (hands, charms made, sell values,
money owed at cash out, a loss prevented) record what they do here while the
hand (or the run event) resolves; the hand itself goes on as dealt (a changed
card scores changed from its next trigger in a later hand). The run applies
the record after the hand, in card order, then the run's changes in the order
they fired.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from studio.engine.cards import Card

if TYPE_CHECKING:
    from studio.engine.values import Modifier

#: Where a copied card goes.
CopyTo = Literal["deck", "hand"]


@dataclass(frozen=True, slots=True)
class CardChange:
    """A card an effect changed: where it lies this hand, and the card it becomes (None: destroyed)."""

    zone: str
    position: int
    card: Card
    becomes: Card | None

    def to_json(self) -> dict[str, object]:
        """Return the change as JSON: the card, where it lies, what it becomes."""
        return {
            "zone": self.zone,
            "position": self.position,
            "card": str(self.card),
            "becomes": None if self.becomes is None else str(self.becomes),
        }


class RunChange(NamedTuple):
    """A change of the run an effect leaves for after its step: its effect kind, amount, settings, source.

    The kind's ``settle`` applies it to the run (studio.engine.kinds); ``source`` is an event
    source (display text, kind, charm slot).
    """

    kind: str
    amount: float
    args: tuple[tuple[str, Any], ...]
    source: tuple[str, str, int]

    def arg(self, name: str, default: Any = None) -> Any:
        """Return the setting ``name`` (``default`` when not given)."""
        for key, value in self.args:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, object]:
        """Return the change as JSON: its kind, amount, settings and source text."""
        amount = int(self.amount) if float(self.amount).is_integer() else self.amount
        return {"kind": self.kind, "amount": amount, **dict(self.args), "source": self.source[0]}


@dataclass(slots=True)
class Aftermath:
    """Everything a hand leaves to take effect after it."""

    #: Cards destroyed (``becomes`` None) or edited, in the order the effects fired.
    cards: list[CardChange] = field(default_factory=list)
    #: Copies of cards, and where each goes.
    copies: list[tuple[Card, CopyTo]] = field(default_factory=list)
    #: New cards made (``add_card``), and where each goes.
    added: list[tuple[Card, CopyTo]] = field(default_factory=list)
    #: Slots of charms destroyed, in the order they were.
    charms: list[int] = field(default_factory=list)
    boss_disabled: bool = False
    #: Modifiers that last for the rest of the round.
    modifiers: list[Modifier] = field(default_factory=list)
    #: Changes of the run (hands, charms made, sell values, money owed ...), in the order they fired.
    run: list[RunChange] = field(default_factory=list)
    #: The source that prevented the round's loss ("": none did).
    saved: str = ""

    def is_empty(self) -> bool:
        """Return True if the hand changes nothing after it."""
        return (
            not (
                self.cards
                or self.copies
                or self.added
                or self.charms
                or self.boss_disabled
                or self.modifiers
                or self.run
            )
            and not self.saved
        )

    def change(self, zone: str, position: int, card: Card, becomes: Card | None) -> None:
        """Record that the card at ``zone``/``position`` becomes ``becomes`` (None: it is destroyed)."""
        self.cards.append(CardChange(zone, position, card, becomes))

    def current(self, zone: str, position: int, card: Card) -> Card:
        """Return the card at ``zone``/``position`` as earlier effects of this hand left it."""
        for change in reversed(self.cards):
            if change.zone == zone and change.position == position and change.becomes is not None:
                return change.becomes
        return card

    def to_json(self) -> dict[str, object]:
        """Return the record as the JSON object of a result's ``after`` key (``added``, ``run`` and
        ``saved`` only when they say something)."""
        more: dict[str, object] = {}
        if self.added:
            more["added"] = [{"card": str(card), "to": to} for card, to in self.added]
        if self.run:
            more["run"] = [c.to_json() for c in self.run]
        if self.saved:
            more["saved"] = self.saved
        return {
            "cards": [c.to_json() for c in self.cards],
            "copies": [{"card": str(card), "to": to} for card, to in self.copies],
            "charms_destroyed": list(self.charms),
            "boss_disabled": self.boss_disabled,
            "modifiers": [
                {"value": m.value, "op": m.op, "amount": m.amount, "for": m.scope, "source": m.source[0]}
                for m in self.modifiers
            ],
            **more,
        }
