"""What a code charm sees of the hand, and the only ways it can change the score.

A behaviour hook gets a :class:`CharmContext`: read-only values of the hand
and the round, and methods that add effects, each of which records its event
through the scorer. It has no writable attributes, so ``ctx.points += 1000``
raises ``AttributeError`` (which the scorer reports as a
:class:`~studio.engine.behaviour.BehaviourError`): a plugin cannot change the
total behind the trace.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from studio.engine import hook_runs
from studio.engine.cards import parse_rank
from studio.engine.effects import Effect
from studio.engine.inplay import ActiveCharm, CardView
from studio.engine.kinds import EFFECTS, VALUES
from studio.engine.names import did_you_mean
from studio.engine.trace import Step

if TYPE_CHECKING:  # at run time, entering the scoring package imports its scorer, which imports this module
    from studio.engine.scoring.context import ScoringContext


class CharmContext:
    """The narrow view of a hand that code charms get (see the module docstring)."""

    __slots__ = ("_ctx",)
    _ctx: ScoringContext

    def __init__(self, ctx: ScoringContext) -> None:
        object.__setattr__(self, "_ctx", ctx)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a charm cannot set '{name}': use add_points, add_mult, add_xmult or add_money")

    # -- what it can read -------------------------------------------------------

    @property
    def step(self) -> Step:
        """The scoring step now running."""
        return self._ctx.step

    @property
    def played(self) -> tuple[CardView, ...]:
        """The played (or, at a discard, the discarded) cards, left to right."""
        return self._ctx.played

    @property
    def held(self) -> tuple[CardView, ...]:
        """The cards held in hand."""
        return self._ctx.held

    @property
    def scoring(self) -> tuple[CardView, ...]:
        """The scoring cards, in played order."""
        return self._ctx.scoring

    @property
    def hand_type(self) -> str | None:
        """The played hand type's id (None where there is no hand, at the end of a round)."""
        evaluation = self._ctx.evaluation
        return evaluation.hand_type.id if evaluation else None

    def contains(self, type_id: str) -> bool:
        """Return True if the played hand contains the hand type ``type_id``; an id no loaded hand type has
        fails at the call, naming the closest, instead of a test that is never true."""
        evaluation = self._ctx.evaluation
        if evaluation is not None and type_id in evaluation.contains:
            return True
        self._ctx.catalog.hand_type(type_id)  # raises UnknownIdError naming the closest hand type
        return False

    @property
    def levels(self) -> Mapping[str, int]:
        """Hand type levels given (a type not listed is at level 1)."""
        return MappingProxyType(self._ctx.levels)

    @property
    def points(self) -> int:
        """Running Points."""
        return self._ctx.points

    @property
    def mult(self) -> float:
        """Running Mult."""
        return self._ctx.mult

    @property
    def money(self) -> int:
        """Money held now."""
        return self._ctx.money

    @property
    def hands_left(self) -> int:
        """Hands left after this one."""
        return self._ctx.hands_left

    @property
    def discards_left(self) -> int:
        """Discards left."""
        return self._ctx.discards_left

    @property
    def first_hand(self) -> bool:
        """True on the round's first hand."""
        return self._ctx.first_hand

    def value(self, name: str, charm: ActiveCharm | None = None, arg: Any = None) -> float:
        """Return a named value (``money``, ``counter``, ``held_cards``, ...) as conditions read it; an
        unknown name fails at the call, with a suggestion."""
        VALUES[name]  # raises UnknownIdError naming the closest value
        return self._ctx.value(name, charm, arg)

    def counter(self, charm: ActiveCharm) -> int:
        """Return a charm's counter now."""
        return int(self._ctx.var(charm, "counter"))

    def var(self, charm: ActiveCharm, name: str) -> Any:
        """Return one of a charm's variables now (a number, or a rank, suit or hand type); a name the charm
        does not declare fails at the call, naming the closest, instead of reading 0."""
        self._declared(charm, name)
        return self._ctx.var(charm, name)

    def _declared(self, charm: ActiveCharm, name: str) -> None:
        """Fail unless ``charm`` has the variable ``name``: its counter or one its entry declares (a copy:
        the copied charm's)."""
        slot = charm.reads if charm.reads >= 0 else charm.slot
        known = self._ctx.vars
        names = ["counter", *(known[slot] if 0 <= slot < len(known) else ())]
        if name not in names:
            raise ValueError(
                f"{charm.id} has no variable '{name}'{did_you_mean(name, names)}; it has {', '.join(names)}"
            )

    def chance(self, n: int, in_: int, charm: ActiveCharm | None = None) -> bool:
        """Return True with chance ``n`` in ``in_`` (as every rule's chance, after the ``chances`` value),
        drawn from ``charm``'s own stream (the shared ``chance`` stream without one)."""
        return self._ctx.chance(n, in_, self._ctx.stream(charm))

    # -- what it can do: each call records one event ----------------------------

    def add_points(self, amount: float, charm: ActiveCharm) -> None:
        """Add Points on behalf of ``charm``."""
        self._ctx.add_points(_whole(amount, "add_points"), self._own(charm))

    def add_mult(self, amount: float, charm: ActiveCharm) -> None:
        """Add Mult on behalf of ``charm``."""
        self._ctx.add_mult(_number(amount, "add_mult"), self._own(charm))

    def add_xmult(self, factor: float, charm: ActiveCharm) -> None:
        """Multiply Mult on behalf of ``charm``."""
        self._ctx.multiply_mult(_number(factor, "add_xmult"), self._own(charm))

    def add_money(self, amount: float, charm: ActiveCharm) -> None:
        """Add (or take) money on behalf of ``charm``."""
        self._ctx.add_money(_whole(amount, "add_money"), self._own(charm))

    def grow(self, charm: ActiveCharm, by: int = 1) -> None:
        """Add ``by`` to the charm's counter."""
        self._ctx.grow(self._own(charm), int(_whole(by, "grow")), charm)

    def reset(self, charm: ActiveCharm) -> None:
        """Set the charm's counter back to 0."""
        self._ctx.grow(self._own(charm), -int(self._ctx.var(charm, "counter")), charm)

    def level_up(self, type_id: str, charm: ActiveCharm, by: int = 1) -> None:
        """Raise (or lower) a hand type's level on behalf of ``charm``."""
        self.effect("level_up", by, charm, hand_type=str(type_id))

    def effect(self, kind: str, amount: float, charm: ActiveCharm, /, **args: Any) -> None:
        """Apply any registered effect kind on behalf of ``charm``, exactly as a data ability would.

        ``args`` are the kind's settings (e.g. ``hand_type="pair"``; the first three are given by position,
        so a setting may be called ``kind``, ``amount`` or ``charm``, as ``destroy_charm``'s is); the
        effect records its events. A
        setting the kind does not take, an id no loaded entry has or a word not among a setting's choices
        fails here, naming the closest, as a data file's would fail validation; so does a fraction for a
        kind whose amount is whole (Points, money, levels, ...), instead of being dropped, and a ``var``
        the charm does not have.
        """
        EFFECTS[kind]  # an unknown kind fails here, with a suggestion
        catalog = self._ctx.catalog
        catalog.check_settings(kind, args)
        if "rank" in args:  # edit_card: a rank as data writes it ("A", 10), as the engine reads it (14, 10)
            args["rank"] = _rank(args["rank"])
        own = self._own(charm)
        if "var" in args:  # set_var, add_var: a variable of the charm itself
            self._declared(own, str(args["var"]))
        number = _whole(amount, kind) if kind in catalog.whole_amounts else _number(amount, kind)
        effect = Effect(kind, number, args=tuple(sorted(args.items())))
        self._ctx.apply(effect, own, charm)

    def _own(self, charm: object) -> ActiveCharm:
        """Return ``charm`` if it is the charm whose hook is running, as the row holds it; else fail, so
        no event is credited to a charm that did not act. The slot decides, not the id: two copies of one
        charm in the row must not credit each other."""
        if not isinstance(charm, ActiveCharm):
            raise TypeError(f"an effect's source must be the charm the hook was given, not {charm!r}")
        running = hook_runs.running(threading.get_ident())
        charms = self._ctx.charms
        in_row = 0 <= charm.slot < len(charms) and charms[charm.slot] == charm
        if running is None or charm.slot != running.slot or charm.id != running.charm or not in_row:
            given = f"'{charm.id}' in slot {charm.slot}"
            wanted = f" ('{running.charm}' in slot {running.slot})" if running is not None else ""
            raise ValueError(f"an effect's source must be the charm the hook was given{wanted}, not {given}")
        return charm


def _number(amount: float, what: str) -> float:
    """``amount`` as a number; NaN is no number at all (Infinity is: a score can overflow), so a hook that
    gives it fails, naming the call, instead of scoring a hand as nothing."""
    if isinstance(amount, bool) or not isinstance(amount, int | float):
        raise TypeError(f"{what}: the amount must be a number, not {type(amount).__name__}")
    number = float(amount)
    if math.isnan(number):
        raise ValueError(f"{what}: the amount is not a number (nan)")
    return number


def _rank(rank: object) -> int:
    """A card rank given to a hook's effect, as its number (2-14): ``"A"``, ``"10"`` or ``14``."""
    if isinstance(rank, bool) or not isinstance(rank, int | str):
        raise ValueError(f"rank={rank!r}: want 2-10, J, Q, K or A")
    if isinstance(rank, int):
        if not 2 <= rank <= 14:
            raise ValueError(f"rank={rank}: want 2-10, J, Q, K or A (or its number, 2-14)")
        return rank
    return parse_rank(rank)


def _whole(amount: float, what: str) -> float:
    """``amount`` as a whole number (Points and money are, RULES.md), so a fraction fails the hook
    instead of being dropped; an infinity is not whole either (only Mult may overflow)."""
    number = _number(amount, what)
    if not number.is_integer():
        raise ValueError(f"{what}: the amount must be a whole number, not {number}")
    return number
