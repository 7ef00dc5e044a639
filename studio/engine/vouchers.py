"""Vouchers: bought once in the shop (one offered per ante), they change values for the rest of the run.

A voucher is a source of value modifiers like a deck or a difficulty level
(RULES.md section 6: deck, difficulty, vouchers, charms, stickers, boss); it
may require another voucher bought first.
"""

from __future__ import annotations

from dataclasses import dataclass

from studio.engine.describe import describe_modifier
from studio.engine.values import Modifier


@dataclass(frozen=True, slots=True)
class VoucherDef:
    """A voucher: its price, the values it changes for good, and the voucher it needs first."""

    id: str
    name: str = ""
    cost: int = 10
    modifiers: tuple[Modifier, ...] = ()
    #: The voucher that must be bought before this one is offered (None: any time).
    requires: str | None = None

    @property
    def description(self) -> str:
        """What it changes, as a player reads it: "+1 charm for sale. Reroll cost -2"."""
        return ". ".join(describe_modifier(m) for m in self.modifiers)
