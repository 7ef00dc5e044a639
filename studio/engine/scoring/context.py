"""The running state of one hand (or discard, or end of round): the trace and what it reads.

Running Points, Mult and money change only in :meth:`ScoringContext.record`,
which appends the event that says so; the result is then read from the last
event. Data charms reach it through the ``add_*`` helpers; code charms get the
narrower :class:`~studio.engine.hooks.CharmContext`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from studio.engine.conditions import Conditions, compile_checks
from studio.engine.effects import Effect
from studio.engine.hands import Evaluation, HandType
from studio.engine.inplay import ActiveCharm, CardView, Source
from studio.engine.kinds import EFFECTS, VALUES
from studio.engine.rng import Rng, RngState
from studio.engine.trace import TIMES_LABEL, Event, Step, What, Zone, fmt
from studio.engine.values import Modifier, layered

if TYPE_CHECKING:
    from studio.engine.aftermath import Aftermath
    from studio.engine.cards import Card
    from studio.engine.situation import Situation

#: The stream chances draw from; each source draws from its own, named after it (``chance.<charm id>``).
CHANCE = "chance"
#: The most extra triggers one effect (or one code charm) gives a card, however it scales.
MAX_RETRIGGERS = 100
#: What a context starts with: no variables besides counters, no charm destroyed (never changed in place).
_NO_VARS: list[dict[str, Any]] = []
_NOTHING_GONE: frozenset[int] = frozenset()
#: Builds an Event without the named tuple's Python-level ``__new__``: one per change adds up.
_new_event = tuple.__new__


class Content(Protocol):
    """What a hand asks of the loaded content besides its row and cards (a
    :class:`~studio.engine.catalog.Catalog` answers; named here, as the catalog imports what imports this)."""

    def hand_type(self, type_id: str) -> HandType:
        """Return a hand type by id; raise UnknownIdError naming the closest."""
        ...

    def check_settings(self, kind: str, settings: Mapping[str, Any]) -> None:
        """Raise ValueError for a setting an effect of ``kind`` in a data file could not have."""
        ...

    @property
    def whole_amounts(self) -> frozenset[str]:
        """The effect kinds whose amount is a whole number."""
        ...


class ScoringContext:
    """Running Points, Mult and money, the trace, and what conditions ask about."""

    __slots__ = (
        "_rng",
        "after",
        "boss_off",
        "card_label",
        "catalog",
        "chances",
        "charms",
        "counters",
        "discards_left",
        "evaluation",
        "events",
        "first_hand",
        "gone",
        "hands_left",
        "held",
        "leaving",
        "levels",
        "memo",
        "modifiers",
        "money",
        "mult",
        "played",
        "points",
        "position",
        "scoring",
        "situation",
        "start_rng",
        "step",
        "types_played",
        "vars",
        "view",
        "zone",
    )

    def __init__(
        self,
        played: tuple[CardView, ...],
        held: tuple[CardView, ...],
        charms: tuple[ActiveCharm, ...],
        counters: list[int],
        levels: dict[str, int],
        money: int,
        hands_left: int,
        discards_left: int,
        first_hand: bool,
        start_rng: RngState,
        situation: Situation,
        view: Callable[[Card], CardView],
        catalog: Content,
    ) -> None:
        self.played = played
        self.held = held
        self.charms = charms
        self.counters = counters
        self.levels = levels
        self.money = money
        self.hands_left = hands_left
        self.discards_left = discards_left
        self.first_hand = first_hand
        #: The generator state the hand starts from; the generator itself is made on the first draw.
        self.start_rng = start_rng
        self._rng: Rng | None = None
        self.points = 0
        self.mult: float = 0
        self.events: list[Event] = []
        self.step: Step = "boss"
        #: The card now triggering: its label, zone and position there ("" and -1: none).
        self.card_label = ""
        self.zone: Zone = ""
        self.position = -1
        self.scoring: tuple[CardView, ...] = ()
        self.evaluation: Evaluation | None = None
        #: The modifiers active in this hand, in source order (deck, charms, boss).
        self.modifiers: tuple[Modifier, ...] = ()
        #: Hand types already played this round, in order.
        self.types_played: tuple[str, ...] = ()
        #: The ``chances`` value: every chance's N is multiplied by it.
        self.chances = 1.0
        #: Each slot's variables other than its counter (name -> number, rank, suit or hand type).
        self.vars: list[dict[str, Any]] = _NO_VARS
        #: What the hand leaves to take effect after it (None: nothing yet).
        self.after: Aftermath | None = None
        #: Slots of charms destroyed in an earlier step (they no longer act), and in this one.
        self.gone: frozenset[int] = _NOTHING_GONE
        self.leaving: tuple[int, ...] = ()
        #: True once an effect disabled the boss: its abilities stop acting.
        self.boss_off = False
        #: What the hand is resolved in: the run, the round and the deck around it.
        self.situation = situation
        #: Any card as the rules see it this hand (the deck's cards are viewed only when asked).
        self.view = view
        #: The content the hand is scored with: what a code charm's settings and ids are checked against.
        self.catalog = catalog
        #: What value and condition kinds work out once per hand, keyed by what they read (None: none yet).
        self.memo: dict[Any, Any] | None = None

    def hand_memo(self) -> dict[Any, Any]:
        """Return the memo of what kinds work out once per hand (created when first asked)."""
        if self.memo is None:
            self.memo = {}
        return self.memo

    @property
    def rng(self) -> Rng:
        """The hand's generator, made from its start state when first asked: most hands draw nothing."""
        rng = self._rng
        if rng is None:
            rng = self._rng = Rng.from_state(self.start_rng)
        return rng

    def rng_after(self) -> RngState:
        """Return the generator state after the hand (the start state itself while nothing was drawn)."""
        if self._rng is None and not self.start_rng.counters:
            return self.start_rng
        rng = self.rng
        return rng.state() if rng.counters else self.start_rng

    @property
    def hand_type(self) -> HandType:
        """The played hand's type."""
        assert self.evaluation is not None
        return self.evaluation.hand_type

    # -- the one place running values change --------------------------------------

    def record(
        self,
        source: Source | ActiveCharm,
        what: What,
        amount: float,
        points: int,
        mult: float,
        money: int,
        note: str = "",
    ) -> None:
        """Append an event and make its running values the context's."""
        if isinstance(source, ActiveCharm):
            label = self.card_label
            text, kind, slot = (f"{label} {source.id}" if label else source.id), "charm", source.slot
        else:
            text, kind, slot = source
        self.points = points
        self.mult = mult
        self.money = money
        self.events.append(
            _new_event(
                Event,
                (
                    self.step,
                    text,
                    what,
                    amount,
                    points,
                    mult,
                    money,
                    note,
                    kind,
                    self.zone,
                    self.position,
                    slot,
                ),
            )
        )

    def note(self, source: Source | ActiveCharm, what: What, amount: float, note: str) -> None:
        """Record an event that changes no running value (an extra trigger, a level, a debuff)."""
        self.record(source, what, amount, self.points, self.mult, self.money, note)

    # -- the helpers every charm calls --------------------------------------------

    def add_points(self, amount: float, source: Source | ActiveCharm) -> None:
        """Add Points (whole numbers); a negative amount takes them down to 0 at most, never below."""
        n = int(amount)
        if n:
            self.record(source, "points", n, max(self.points + n, 0), self.mult, self.money)

    def add_mult(self, amount: float, source: Source | ActiveCharm) -> None:
        """Add Mult; never below 0 (a hand scores 0 at worst, never a negative total)."""
        if amount:
            self.record(source, "mult", amount, self.points, max(self.mult + amount, 0), self.money)

    def multiply_mult(self, factor: float, source: Source | ActiveCharm) -> None:
        """Multiply Mult; a factor below 0 leaves it at 0, never below."""
        if factor != 1:
            self.record(source, TIMES_LABEL, factor, self.points, max(self.mult * factor, 0), self.money)

    def add_money(self, amount: float, source: Source | ActiveCharm) -> None:
        """Change money at once (a later step sees it)."""
        n = int(amount)
        if n:
            self.record(source, "money", n, self.points, self.mult, self.money + n)

    def grow(self, charm: ActiveCharm, by: int, source: Source | ActiveCharm) -> None:
        """Change a charm's counter by ``by`` (a copy never changes the copied charm's)."""
        if by and charm.reads < 0:
            self.counters[charm.slot] += by
            now = self.counters[charm.slot]
            self.note(source, "counter", by, f"counter {'+' if by > 0 else ''}{by} → {now}")

    def aftermath(self) -> Aftermath:
        """Return the record of what the hand leaves to take effect after it (created when needed).

        Its module is imported on the first effect that changes the run: most commands never need it.
        """
        if self.after is None:
            from studio.engine.aftermath import Aftermath

            self.after = Aftermath()
        return self.after

    def defer(
        self, effect: Effect, amount: float, source: Source | ActiveCharm, note: str, what: What = ""
    ) -> None:
        """Leave a change of the run for after the step (its kind's ``settle`` applies it), with an event
        of its source saying what it will do (``what``: the effect's kind unless given)."""
        from studio.engine.aftermath import RunChange

        declared = (source.id, "charm", source.slot) if isinstance(source, ActiveCharm) else source
        self.aftermath().run.append(RunChange(effect.kind, amount, effect.args, declared))
        self.note(source, what or effect.kind, amount, note)

    def close_step(self) -> None:
        """End a step: charms destroyed in it leave the row for the steps after it."""
        if self.leaving:
            self.gone = self.gone.union(self.leaving)
            self.leaving = ()

    def var(self, charm: ActiveCharm, name: str) -> Any:
        """Return a charm's variable (a copy reads the copied charm's)."""
        slot = charm.reads if charm.reads >= 0 else charm.slot
        if name == "counter":
            return self.counters[slot]
        return self.vars[slot].get(name, 0) if slot < len(self.vars) else 0

    def set_var(self, charm: ActiveCharm, name: str, value: Any, source: Source | ActiveCharm) -> None:
        """Set a charm's variable, with an event; a copy never changes the copied charm's."""
        if charm.reads >= 0:
            return
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        old = self.var(charm, name)
        if value == old:
            return
        if name == "counter":
            self.counters[charm.slot] = int(value)
        else:
            self.vars[charm.slot][name] = value
        amount = value - old if isinstance(value, (int, float)) and isinstance(old, (int, float)) else 0
        what = "counter" if name == "counter" else "var"
        self.note(source, what, amount, f"{name} {fmt(old)} → {fmt(value)}")

    def change_level(self, type_id: str, by: int, source: Source | ActiveCharm) -> None:
        """Change a hand type's level (never below 1)."""
        old = self.levels.get(type_id, 1)
        new = max(old + by, 1)
        if new != old:
            self.levels[type_id] = new
            self.note(source, "level", new - old, f"{type_id} level {old} → {new}")

    # -- what conditions and scaling ask -----------------------------------------

    def value(self, name: str, charm: ActiveCharm | None, arg: Any = None) -> float:
        """Return a named value of the hand, the round or the charm (see the value kinds)."""
        return VALUES.kinds[name].read(self, charm, arg)

    def chance(self, n: int, in_: int, stream: str = CHANCE) -> bool:
        """Return True with chance ``n`` (times the ``chances`` value) in ``in_``: one draw of ``stream``
        (the drawing source's, see :meth:`stream`)."""
        return self.rng.chance(stream, n * self.chances, in_)

    def stream(self, source: Source | ActiveCharm | None, card: CardView | None = None) -> str:
        """The stream a source's chances draw from, so adding or removing one source shifts no other's
        draws: a charm's by its id (a second charm of the same id: ``.2``), another source's by its kind
        and text, a card's by its token; ``chance`` when no source is known."""
        if isinstance(source, ActiveCharm):
            same = sum(1 for c in self.charms[: source.slot] if c.id == source.id)
            return f"{CHANCE}.{source.id}" + (f".{same + 1}" if same else "")
        if source is not None:
            text, kind, slot = source
            if kind == "charm" and 0 <= slot < len(self.charms):
                return self.stream(self.charms[slot])
            return f"{CHANCE}.{kind}.{text}"
        return f"{CHANCE}.card.{card.token}" if card is not None else CHANCE

    def layered(self, name: str, base: float) -> float:
        """Return a layered value from ``base`` through the modifiers active in this hand."""
        return layered(name, base, self.modifiers)

    def holds(self, c: Conditions, card: CardView | None, charm: ActiveCharm | None) -> bool:
        """Return True if every test in ``c`` holds (a chance draws last)."""
        return all(check(self, card, charm) for check in compile_checks(c))

    # -- running data -------------------------------------------------------------

    def amount(self, effect: Effect, charm: ActiveCharm | None) -> float:
        """Return an effect's amount (drawn first when it is a random range), scaled by its kind's
        rule where it has a ``per``."""
        base = (
            effect.amount
            if effect.up_to is None
            else self.draw_amount(effect.amount, effect.up_to, self.stream(charm))
        )
        scaling = effect.scaling
        if scaling is None:
            return base
        steps = scaling.steps(self.value(scaling.per, charm, scaling.arg))
        return EFFECTS.kinds[effect.kind].scale(base, steps)

    def draw_amount(self, low: float, high: float, stream: str = CHANCE) -> float:
        """Return a random amount from ``low`` to ``high`` (one draw of ``stream``): a whole number
        when both ends are whole, else rounded to hundredths."""
        r = self.rng.random(stream)
        if float(low).is_integer() and float(high).is_integer():
            return float(int(low) + int(r * (int(high) - int(low) + 1)))
        return round(low + r * (high - low), 2)

    def apply(self, effect: Effect, source: Source | ActiveCharm, charm: ActiveCharm | None) -> None:
        """Apply one effect (after its own chance, if any) on behalf of ``source``."""
        chance = effect.chance
        if chance is not None and not self.chance(chance.n, chance.in_, self.stream(source)):
            return
        kind = EFFECTS.kinds[effect.kind]
        scaling = effect.scaling
        if effect.up_to is not None:
            amount = self.amount(effect, charm)
        elif scaling is None:
            amount = effect.amount
        else:  # self.amount, inline: a scaled effect is paid on many cards
            value = VALUES.kinds[scaling.per].read(self, charm, scaling.arg)
            amount = kind.scale(effect.amount, scaling.steps(value))
        kind.apply(self, effect, amount, source, charm)

    def retriggers(self, effect: Effect, charm: ActiveCharm) -> int:
        """Return how many extra triggers an effect that repeats a card gives: its scaled count
        (at most :data:`MAX_RETRIGGERS`), each extra trigger drawing its own chance."""
        times = min(int(self.amount(effect, charm)), MAX_RETRIGGERS)
        chance = effect.chance
        if chance is None:
            return times
        stream = self.stream(charm)
        return sum(1 for _ in range(times) if self.chance(chance.n, chance.in_, stream))
