"""Boss rules as rule records: abilities, modifiers, refusals and a debuff, in the charms' vocabulary.

A boss is a source like a charm: its abilities fire at their triggers (its
``before`` abilities in the boss step, RULES.md section 3 step 1, the others
after the charms), its modifiers change layered values (hands, hand size, the
blind's requirement, ...), a refusal scores a hand 0 with its reason, and its
debuff is a card filter: matching cards are debuffed. Nothing here is
specific to one boss.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from studio.engine.charms import Ability
from studio.engine.conditions import Conditions
from studio.engine.values import Modifier

#: The names a refusal's reason may give in braces besides the value names: the played hand's type, and
#: the round's first type (the trace fills them in).
REASON_FIELDS = ("hand_type", "first_type")


class Refusal(NamedTuple):
    """The hand scores 0 when ``conditions`` hold; ``reason`` says why (:data:`REASON_FIELDS` and value
    names in braces are filled in)."""

    conditions: Conditions
    reason: str


@dataclass(frozen=True, slots=True)
class BossDef:
    """A boss rule; every part left empty changes nothing."""

    id: str
    name: str = ""
    abilities: tuple[Ability, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    refusals: tuple[Refusal, ...] = ()
    #: Cards matching every test are debuffed (None: no card is).
    debuff: Conditions | None = None
    min_ante: int = 1
    text: str = ""

    def abilities_at(self, trigger: str) -> tuple[Ability, ...]:
        """Return its abilities that fire at ``trigger``, in order."""
        return tuple(a for a in self.abilities if a.trigger == trigger)
