"""Playing cards and their text notation (``KH:glass:foil:red_seal``).

Tokens are normalised once here, at the boundary; everything past this module
works with :class:`Card` values.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NamedTuple

from studio.engine.names import did_you_mean

ModifierKind = Literal["upgrade", "edition", "seal"]

SUITS = ("S", "H", "C", "D")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANKS_BY_NAME = {str(n): n for n in range(2, 11)} | {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
FACE_RANKS = frozenset({11, 12, 13})
GOOD_CARD = "a rank (2-10, T, J, Q, K, A) then a suit (S, H, C, D), e.g. 'AS' or '10h:glass'"


class CardError(ValueError):
    """A card token that cannot be read."""


def rank_name(rank: int) -> str:
    """Return the notation of a rank: ``10`` for ten, ``A`` for the ace."""
    return RANK_NAMES.get(rank, str(rank))


def parse_rank(text: str) -> int:
    """Return the rank number (2-14) of ``text`` such as ``"10"``, ``"T"`` or ``"a"``."""
    rank = _RANKS_BY_NAME.get(text.upper())
    if rank is None:
        raise CardError(f"bad rank '{text}': use 2-10, T, J, Q, K or A")
    return rank


def rank_points(rank: int) -> int:
    """Return the Points a rank gives when scored: face value, 10 for faces, 11 for aces."""
    if rank == 14:
        return 11
    return min(rank, 10)


class Card(NamedTuple):
    """A printed rank and suit plus at most one upgrade, edition and seal (ids)."""

    rank: int
    suit: str
    upgrade: str | None = None
    edition: str | None = None
    seal: str | None = None
    #: Extra Points it gives whenever it scores (``KH:+10``), given by effects that edit cards.
    extra: int = 0

    def __str__(self) -> str:
        mods = [m for m in (self.upgrade, self.edition, self.seal) if m]
        if self.extra:
            mods.append(f"+{self.extra}")
        return ":".join([f"{rank_name(self.rank)}{self.suit}", *mods])

    @property
    def base(self) -> str:
        """The rank and suit alone, e.g. ``10H``."""
        return f"{rank_name(self.rank)}{self.suit}"


#: A face card's or an ace's number, as people write it, and the letter the rules write it with.
FACE_NUMBERS = {"1": "A", "11": "J", "12": "Q", "13": "K", "14": "A"}


def parse_card(token: str, modifiers: Mapping[str, ModifierKind] | None = None) -> Card:
    """Read one card token; ``modifiers`` maps each known modifier id to its kind.

    ``+N`` adds N extra Points (a card an effect has edited).

    >>> parse_card("10h:glass:+5", {"glass": "upgrade"})
    Card(rank=10, suit='H', upgrade='glass', edition=None, seal=None, extra=5)
    """
    known = modifiers or {}
    head, *mods = token.strip().split(":")
    if len(head) < 2 or head[-1].upper() not in SUITS or head[:-1].upper() not in _RANKS_BY_NAME:
        face = FACE_NUMBERS.get(head[:-1])
        meant = f" ({head[:-1]} is written {face}: '{face}{head[-1].upper()}')" if face else ""
        raise CardError(f"bad card '{token}': a card is {GOOD_CARD}{meant}")
    slots: dict[ModifierKind, str] = {}
    extra = 0
    for mod in mods:
        name = mod.strip().lower()
        if name.startswith("+") and name[1:].isdigit() and len(name) <= 8:
            extra += int(name[1:])
            continue
        kind = known.get(name)
        if kind is None and not name:
            raise CardError(
                f"bad card '{token}': nothing after a ':' (a modifier goes there, e.g. 10H:glass)"
            )
        if kind is None:
            hint = did_you_mean(name, known) or (f" (one of {', '.join(sorted(known))})" if known else "")
            raise CardError(f"bad card '{token}': unknown modifier '{mod}'{hint}")
        if kind in slots:
            raise CardError(
                f"bad card '{token}': two {kind}s ('{slots[kind]}' and '{name}'); "
                f"a card has at most one upgrade, one edition and one seal"
            )
        slots[kind] = name
    return Card(
        _RANKS_BY_NAME[head[:-1].upper()],
        head[-1].upper(),
        slots.get("upgrade"),
        slots.get("edition"),
        slots.get("seal"),
        extra,
    )


def parse_cards(text: str, modifiers: Mapping[str, ModifierKind] | None = None) -> tuple[Card, ...]:
    """Read whitespace-separated card tokens, left to right."""
    return tuple(parse_card(token, modifiers) for token in text.split())
