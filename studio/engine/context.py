"""The running state of one scored hand and the helpers every charm calls.

Data charms and code behaviours change the score only through
:meth:`ScoringContext.add_points`, :meth:`~ScoringContext.add_mult`,
:meth:`~ScoringContext.add_xmult` and :meth:`~ScoringContext.add_money`; each
call appends one event to the trace.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from studio.engine.cards import Card
from studio.engine.charms import Ability, CharmDef
from studio.engine.conditions import ALWAYS, Conditions
from studio.engine.effects import Effect, Value
from studio.engine.hands import Evaluation, HandType
from studio.engine.modifiers import EditionDef, SealDef, UpgradeDef
from studio.engine.rng import Rng
from studio.engine.trace import Event, Step, What


@dataclass(slots=True)
class ActiveCharm:
    """A charm in play: its definition, edition and counter (which may change)."""

    index: int
    defn: CharmDef
    edition: EditionDef | None
    counter: int

    @property
    def id(self) -> str:
        """The charm's id."""
        return self.defn.id


@dataclass(frozen=True, slots=True)
class CardView:
    """A played or held card as the rules see it this hand (shared, never changed)."""

    card: Card
    label: str
    token: str
    rank: int | None
    suits: frozenset[str]
    cond_suits: frozenset[str]
    face: bool
    upgrade: UpgradeDef | None
    edition: EditionDef | None
    seal: SealDef | None
    debuffed: bool


#: Builds an Event without the named tuple's Python-level ``__new__``: one per change adds up.
_new_event = tuple.__new__


class ScoringContext:
    """Running Points, Mult and money, the trace, and what conditions ask about."""

    __slots__ = (
        "card_label",
        "charms",
        "discards_left",
        "evaluation",
        "events",
        "first_face",
        "first_hand",
        "hands_left",
        "held",
        "levels",
        "money",
        "mult",
        "played",
        "points",
        "position",
        "rng",
        "scoring",
        "step",
    )

    def __init__(
        self,
        played: list[CardView],
        held: list[CardView],
        charms: list[ActiveCharm],
        levels: dict[str, int],
        money: int,
        hands_left: int,
        discards_left: int,
        first_hand: bool,
        rng: Rng,
    ) -> None:
        self.played = played
        self.held = held
        self.charms = charms
        self.levels = levels
        self.money = money
        self.hands_left = hands_left
        self.discards_left = discards_left
        self.first_hand = first_hand
        self.rng = rng
        self.points = 0
        self.mult: float = 0
        self.events: list[Event] = []
        self.step: Step = "boss"
        self.card_label = ""
        self.scoring: list[CardView] = []
        #: Position in ``scoring`` of the first scoring face card (-1: none), and of the card now
        #: triggering in the scored step. Positions, not cards: two equal cards share one view.
        self.first_face = -1
        self.position = -1
        self.evaluation: Evaluation | None = None

    @property
    def hand_type(self) -> HandType:
        """The played hand's type."""
        assert self.evaluation is not None
        return self.evaluation.hand_type

    # -- the helpers charms call -------------------------------------------------

    def add_points(self, amount: float, source: str | ActiveCharm) -> None:
        """Add Points (whole numbers) and record it."""
        n = int(amount)
        if n:
            self.points += n
            self.emit(source, "points", n)

    def add_mult(self, amount: float, source: str | ActiveCharm) -> None:
        """Add Mult and record it."""
        if amount:
            self.mult += amount
            self.emit(source, "mult", amount)

    def add_xmult(self, factor: float, source: str | ActiveCharm) -> None:
        """Multiply Mult and record it."""
        if factor != 1:
            self.mult *= factor
            self.emit(source, "xmult", factor)

    def add_money(self, amount: float, source: str | ActiveCharm) -> None:
        """Change money at once (a later step sees it) and record it."""
        n = int(amount)
        if n:
            self.money += n
            self.emit(source, "money", n)

    def emit(self, source: str | ActiveCharm, what: What, amount: float, note: str = "") -> None:
        """Append an event with the running values after it."""
        if not isinstance(source, str):
            source = f"{self.card_label} {source.id}" if self.card_label else source.id
        self.events.append(
            _new_event(Event, (self.step, source, what, amount, self.points, self.mult, self.money, note))
        )

    # -- what conditions and scaling ask -----------------------------------------

    def value(self, name: Value, charm: ActiveCharm | None) -> float:
        """Return a named value of the hand, the round or the charm."""
        if name == "money":
            return self.money
        if name == "hands_left":
            return self.hands_left
        if name == "discards_left":
            return self.discards_left
        if name == "counter":
            return charm.counter if charm else 0
        if name == "played_cards":
            return len(self.played)
        if name == "scoring_cards":
            return len(self.scoring)
        if name == "scoring_face_cards":
            return sum(1 for c in self.scoring if c.face)
        return len(self.held)

    def holds(self, c: Conditions, card: CardView | None, charm: ActiveCharm | None) -> bool:
        """Return True if every condition in ``c`` holds (a chance draws last)."""
        if c is ALWAYS:
            return True
        if c.suits is not None and (card is None or not card.cond_suits & c.suits):
            return False
        if c.ranks is not None and (card is None or card.rank not in c.ranks):
            return False
        if c.face is not None and (card is None or card.face != c.face):
            return False
        if c.first_face and (card is None or self.step != "scored_card" or self.position != self.first_face):
            return False
        if c.contains is not None and (self.evaluation is None or c.contains not in self.evaluation.contains):
            return False
        if c.hand_types is not None and (
            self.evaluation is None or self.evaluation.hand_type.id not in c.hand_types
        ):
            return False
        for cmp in c.compares:
            if not cmp.holds(self.value(cmp.value, charm)):
                return False
        if c.first_hand is not None and self.first_hand != c.first_hand:
            return False
        if c.final_hand is not None and (self.hands_left == 0) != c.final_hand:
            return False
        return c.chance is None or self.rng.chance("chance", c.chance.n, c.chance.in_)

    # -- running data -------------------------------------------------------------

    def run(self, ability: Ability, charm: ActiveCharm, card: CardView | None = None) -> None:
        """Apply an ability's effects if its conditions hold."""
        if self.holds(ability.conditions, card, charm):
            for effect in ability.effects:
                self.apply(effect, charm, charm)

    def apply(self, effect: Effect, source: str | ActiveCharm, charm: ActiveCharm | None) -> None:
        """Apply one effect (after its own chance, if any) on behalf of ``source``."""
        if effect.chance is not None and not self.rng.chance("chance", effect.chance.n, effect.chance.in_):
            return
        scaling = effect.scaling
        amount = (
            effect.amount if scaling is None else effect.scaled(scaling.steps(self.value(scaling.per, charm)))
        )
        kind = effect.kind
        if kind == "points":
            self.add_points(amount, source)
        elif kind == "mult":
            self.add_mult(amount, source)
        elif kind == "xmult":
            self.add_xmult(amount, source)
        elif kind == "money":
            self.add_money(amount, source)
        elif kind == "grow" and charm is not None:
            self.grow(charm, int(amount), source)
        elif kind == "reset" and charm is not None and charm.counter:
            self.grow(charm, -charm.counter, source)
        elif kind == "level_up" and (effect.hand_type or self.evaluation):
            self.level_up(effect.hand_type or self.hand_type.id, int(amount), source)

    def grow(self, charm: ActiveCharm, by: int, source: str | ActiveCharm) -> None:
        """Change a charm's counter by ``by`` and record it."""
        if by:
            charm.counter += by
            self.emit(source, "counter", by, f"counter {'+' if by > 0 else ''}{by} → {charm.counter}")

    def level_up(self, type_id: str, by: int, source: str | ActiveCharm) -> None:
        """Change a hand type's level (never below 1) and record it."""
        old = self.levels.get(type_id, 1)
        new = max(old + by, 1)
        if new != old:
            self.levels[type_id] = new
            self.emit(source, "level", new - old, f"{type_id} level {old} → {new}")

    def total(self) -> int | float:
        """Return floor(Points x Mult); past the float range it is infinity, never a crash."""
        try:
            product = self.points * self.mult
        except OverflowError:
            return math.inf
        if math.isnan(product):
            return 0
        if math.isinf(product):
            return product
        return math.floor(product)
