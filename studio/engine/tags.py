"""Tags: what skipping a blind gives, taken at once or at the next shop.

A tag names one reward: a free charm of a rarity, a free booster, an edition on
the next charm the shop offers, or an effect of the charms' vocabulary that
needs no hand (money, a level for a named hand type).

>>> describe_tag(TagDef("rare_tag", FreeCharm("rare")), {})
'A free rare charm in the next shop'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, NamedTuple

from studio.engine.describe import describe_effect
from studio.engine.effects import Effect

#: When a tag's reward is taken: as the blind is skipped, or when the next shop opens.
TagTime = Literal["now", "next_shop"]


class FreeCharm(NamedTuple):
    """A free charm of ``rarity``, with ``edition`` if given."""

    rarity: str
    edition: str | None = None


class FreeBooster(NamedTuple):
    """A booster of the shop table, free."""

    booster: str


class CharmEdition(NamedTuple):
    """The next charm the shop offers gets ``edition``, and is free if ``free``."""

    edition: str
    free: bool = True


Reward = FreeCharm | FreeBooster | CharmEdition | Effect


@dataclass(frozen=True, slots=True)
class TagDef:
    """A tag: its reward, when it is taken, the first ante it is given in, and how often."""

    id: str
    reward: Reward
    name: str = ""
    at: TagTime = "next_shop"
    min_ante: int = 1
    weight: int = 1


def describe_tag(tag: TagDef, hand_names: Mapping[str, str]) -> str:
    """Return what the tag gives, as a player reads it."""
    r = tag.reward
    when = " now" if tag.at == "now" else " in the next shop"
    if isinstance(r, FreeCharm):
        edition = f" {r.edition}" if r.edition else ""
        return f"A free {r.rarity}{edition} charm{when}"
    if isinstance(r, FreeBooster):
        return f"A free {r.booster.replace('_', ' ')}{when}"
    if isinstance(r, CharmEdition):
        return f"The next charm the shop offers is {r.edition}{' and free' if r.free else ''}"
    text = describe_effect(r, hand_names)
    return f"{text[0].upper()}{text[1:]}{when}"
