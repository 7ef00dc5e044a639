"""The situation a hand, a discard or the end of a round is resolved in.

One record for every entry point of the engine (:func:`~studio.engine.scoring.score`,
:func:`~studio.engine.scoring.rounds.discard`, :func:`~studio.engine.scoring.rounds.end_of_round`),
so a run engine keeps one state and hands it to each.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from studio.engine.cards import Card
from studio.engine.rng import RngState
from studio.engine.values import Modifier

#: The most cards a played hand may hold unless a rule value raises it.
MAX_PLAYED = 5


@dataclass(frozen=True, slots=True)
class CharmSlot:
    """A charm in the row: its id, edition and variables (state kept between hands).

    ``counter`` is the variable every charm has; ``vars`` the others it declares, as sorted
    (name, value) pairs (a variable left out holds its start value). ``sell_bonus``: the $
    effects added to its sell value. ``stickers``: the stickers it carries (ids); ``rounds``: the
    rounds it has been in the row (counted for a charm with stickers, whose debuff may wait for it).
    ``locked``: the charm under test of a simulation: never sold, destroyed only by its own rule.
    """

    id: str
    edition: str | None = None
    counter: int = 0
    vars: tuple[tuple[str, Any], ...] = ()
    sell_bonus: int = 0
    stickers: tuple[str, ...] = ()
    rounds: int = 0
    locked: bool = False

    @classmethod
    def parse(cls, token: str, locked: bool = False) -> CharmSlot:
        """The slot a charm is written as, ``id`` or ``id:edition`` (spaces around either ignored);
        ValueError for a ``:`` with no edition after it, or no id before it.

        Every place a charm is written as text (the CLI's ``--charm``, a scenario's ``charms``, a
        run's starting charms, the preview's row) reads it here, so they agree. The ids are looked
        up where the slot is used, which names an unknown one.
        """
        charm_id, colon, edition = token.partition(":")
        if colon and not edition.strip():
            advice = f"write an edition after ':' (e.g. {charm_id.strip()}:foil), or none"
            raise CharmTokenError(token, advice)
        if colon and not charm_id.strip():
            advice = f"write the charm's id before ':' (e.g. pair_mult:{edition.strip()})"
            raise CharmTokenError(token, advice)
        return cls(charm_id.strip(), edition.strip() or None, locked=locked)


def neighbour(slot: int, side: str, present: Iterable[int]) -> int | None:
    """The nearest slot of ``present`` to the ``left`` (else the right) of ``slot`` in a charm row; None
    when there is none (a copier's, a destroyer's or a maker's neighbour, past the charms not there)."""
    if side == "left":
        return max((i for i in present if i < slot), default=None)
    return min((i for i in present if i > slot), default=None)


class CharmTokenError(ValueError):
    """A charm written in a way :meth:`CharmSlot.parse` cannot read: ``token`` as written and ``advice``,
    so a command line can name the option that wrote it."""

    def __init__(self, token: str, advice: str) -> None:
        super().__init__(f"charm '{token}': {advice}")
        self.token, self.advice = token, advice


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything a hand's score depends on (``played`` is empty outside a hand)."""

    played: tuple[Card, ...] = ()
    held: tuple[Card, ...] = ()
    charms: tuple[CharmSlot, ...] = ()
    levels: Mapping[str, int] = field(default_factory=dict)
    boss: str | None = None
    deck: str | None = None
    money: int = 0
    hands_left: int = 0
    discards_left: int = 0
    #: Hand types already played this round, in order (none: this is the round's first hand).
    hand_types_played: tuple[str, ...] = ()
    rng: RngState = field(default_factory=RngState)
    max_played: int = MAX_PLAYED
    #: Modifiers effects added for this round (each counts in its source's place, RULES.md section 6).
    modifiers: tuple[Modifier, ...] = ()
    #: Where the run stands: its ante, and the id of the blind being played (None: no run).
    ante: int = 1
    blind: str | None = None
    #: The round's hand size and the row's charm slots (None: layered in the hand from their bases).
    hand_size: int | None = None
    charm_slots: int | None = None
    #: Every card of the run's deck, wherever it is now, and how many are left to draw.
    full_deck: tuple[Card, ...] = ()
    draw_pile: int = 0
    #: How often each hand type was played this run before this hand (refused hands not counted).
    times_played: Mapping[str, int] = field(default_factory=dict)
    #: Hands played this round before this one, refused ones too (None: one per hand type played).
    hands_played: int | None = None
    #: The slot of the charm a run event is about (the charm bought or sold; -1: none).
    subject: int = -1
    #: The family of the consumable being used (the ``consumable_used`` trigger; "": none).
    used_family: str = ""
    #: The round's score so far and its requirement (0: no round).
    score: float = 0
    requirement: int = 0
    #: The run's hands and discards per round before any modifier, the deck and difficulty folded in
    #: (a scenario's: as its run would start; None: the value kinds' own 4 and 3): what the hands and
    #: discards a boss took come back to when it is disabled mid-hand.
    per_round: tuple[int, int] | None = None
    #: The run's difficulty level: the modifiers of every difficulty up to it count after the deck's
    #: (0: none, as in a hand scored alone).
    difficulty: int = 0
    #: The vouchers the run has bought (their modifiers count after the deck's, before the charms').
    vouchers: tuple[str, ...] = ()
    #: How many consumables the run holds.
    consumables: int = 0

    def with_hand(self, played: tuple[Card, ...], held: tuple[Card, ...], rng: RngState) -> Situation:
        """This situation with ``played`` and ``held`` cards and generator ``rng``: what
        :func:`dataclasses.replace` gives, built field by field (a bot scores thousands of candidate
        plays in one situation, and ``replace`` checks every field each time)."""
        new = object.__new__(Situation)
        put = object.__setattr__
        for name in _FIELDS:
            put(new, name, getattr(self, name))
        put(new, "played", played)
        put(new, "held", held)
        put(new, "rng", rng)
        return new


#: Every field of a situation, in order.
_FIELDS = tuple(f.name for f in fields(Situation))
