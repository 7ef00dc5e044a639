"""The shape of a rule kind, and the registries that hold one definition per kind.

A trigger, condition, effect or value kind is defined once, here in the
engine: how it behaves, the text a player reads, and the label its events
carry in the trace. The content layer adds the kind's model (and so its
schema and form) under the same name. Scoring, the generated text, listings,
attribution and the bot ask these registries; no other module names a kind.

A trusted plugin may register more kinds; built-in names cannot be replaced.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Generic, Literal, NamedTuple, TypeVar

from studio.engine.names import UnknownIdError
from studio.engine.trace import CHANGE_TEXT

if TYPE_CHECKING:
    from studio.engine.aftermath import RunChange
    from studio.engine.effects import Effect
    from studio.engine.inplay import ActiveCharm, CardView, Source
    from studio.engine.run.events import RunEvent
    from studio.engine.run.setup import RunSetup
    from studio.engine.run.state import RunState
    from studio.engine.scoring.context import ScoringContext

#: Decides whether a condition holds: (context, triggering card or None, charm or None).
Check = Callable[["ScoringContext", "CardView | None", "ActiveCharm | None"], bool]
#: Reads a value: (context, charm or None, the value's argument).
Read = Callable[["ScoringContext", "ActiveCharm | None", Any], float]
#: Applies an effect with its amount worked out: (context, effect, amount, source, charm).
Apply = Callable[["ScoringContext", "Effect", float, "Source | ActiveCharm", "ActiveCharm | None"], None]
#: A context method applying a fixed amount for a source: ``ScoringContext.add_mult`` and the like.
Plain = Callable[["ScoringContext", float, "ActiveCharm"], None]
#: Fires a compiled ability for a charm (and the triggering card, if any).
Fire = Callable[["ScoringContext", "ActiveCharm", "CardView | None"], None]
#: Where a condition looks: the triggering card, the hand, or the round and run.
About = Literal["card", "hand", "round"]
#: Applies to a run what an effect left for after its step: (state, set-up, the change, the slots of
#: charms leaving the row with it); returns the run events that say what changed.
Settle = Callable[["RunState", "RunSetup", "RunChange", frozenset[int]], "list[RunEvent]"]


#: Standing facts of the round a value or condition kind may read (its ``reads``): what a charm gives
#: then depends on the money held, or on whether the hand is the round's last, so the strong bot
#: measures it at the run's money, and on a final hand too.
MONEY, HANDS_LEFT = "money", "hands_left"


def _times(amount: float, steps: int) -> float:
    return amount * steps


#: ``Worth.rule`` for an effect whose ``value`` argument names the run rule it adds to.
VALUE_ARG = "value"


class Worth(NamedTuple):
    """What the strong bot counts an effect of this kind for, beside the score it measures by
    scoring (see :mod:`studio.engine.bot.strong_values`); everything off by default."""

    #: The run rule its amount adds to ("hands", "discards"), or VALUE_ARG: the rule its ``value``
    #: argument names.
    rule: str = ""
    #: It destroys a charm: "other" (another charm of the row) or "self" (its own).
    destroys: Literal["", "other", "self"] = ""
    #: It makes a charm or a consumable for the run.
    creates: bool = False
    #: It adds to sell values ($ a charm is sold for).
    sell_value: bool = False
    #: It changes the card it acts on (the upgrade, edition, seal or points its arguments give).
    edits_card: bool = False
    #: It grows its charm's counter (so the charm is worth more the longer it stays).
    grows: bool = False
    #: It raises a hand type's level.
    levels: bool = False
    #: It keeps a lost round from ending the run.
    saves: bool = False


class EffectKind(NamedTuple):
    """One kind of effect: what it does, how it reads and how its events are labelled.

    ``apply`` gets the amount already scaled. ``label`` is the ``what`` of its
    events and ``change`` their change text. ``scores``: it changes Points or
    Mult, so it only makes sense while a hand is scored. ``card_order``: where
    it falls among a playing card's own modifiers (RULES.md section 3, steps
    a, b and d); None where a card modifier cannot carry it. ``multiplies``:
    an edition's effect of this kind applies after its holder's effect.
    ``repeats``: it gives a card extra triggers instead of applying.
    """

    name: str
    apply: Apply
    text: Callable[[Effect, str, Mapping[str, str]], str]
    label: str = ""
    change: Callable[[float], str] | None = None
    scores: bool = False
    card_order: int | None = None
    multiplies: bool = False
    repeats: bool = False
    scale: Callable[[float, int], float] = _times
    #: It acts on the triggering card, so it needs a trigger with one.
    needs_card: bool = False
    #: It makes its charm use another charm's abilities (resolved when the row is built).
    copies: bool = False
    #: The ScoringContext method that applies a fixed amount of it, ``(amount, source)``: a fast
    #: path for the commonest effects ("" where there is none).
    plain: str = ""
    #: How a run applies the change it leaves for after the step (None: it leaves none).
    settle: Settle | None = None
    #: Unless its ``for`` argument says "run", it changes the round being played (so a consumable
    #: with it is used in a round).
    in_round: bool = False
    #: What the strong bot counts it for besides its measured score.
    worth: Worth = Worth()


class CardPhrase(NamedTuple):
    """What a card condition adds to "each scored ___": words before, the core, the noun, after."""

    before: str = ""
    core: str = ""
    noun: str = ""
    after: str = ""
    #: Replaces the whole "for each scored ___" phrase (e.g. "for the first scoring face card").
    whole: str = ""


class ConditionKind(NamedTuple):
    """One kind of condition: its check, compiled once per argument, and its text.

    ``about`` says what it reads: a card condition needs a card trigger and adds
    to the card's phrase; the others add a clause. ``order``: checks run in
    ascending order (a chance draws last). ``triggers``: the only triggers it
    makes sense at (empty: any that ``about`` allows).
    """

    name: str
    compile: Callable[[Any], Check]
    about: About = "hand"
    clause: Callable[[Any, Mapping[str, str]], str] | None = None
    phrase: Callable[[Any], CardPhrase] | None = None
    #: Text that opens the ability's sentence instead of a clause ("1 in 2 chance").
    prefix: Callable[[Any], str] | None = None
    order: int = 0
    triggers: frozenset[str] = frozenset()
    #: What it asks about, for the message when it is used at another trigger.
    asks: str = ""
    #: Builds, for an argument and a context method applying a fixed amount, one function that
    #: tests and applies: the commonest abilities skip a call per card (None: check, then apply).
    fused: Callable[[Any, Plain, float], Fire] | None = None
    #: Rewrites the trigger's lead for its argument ("When a charm is sold" -> "When this charm is sold").
    lead: Callable[[Any, str], str] | None = None
    #: The value kinds its argument reads (a comparison's), for whoever asks what a rule depends on.
    values: Callable[[Any], tuple[str, ...]] | None = None
    #: The round's standing facts it reads itself (see :data:`MONEY`, :data:`HANDS_LEFT`).
    reads: frozenset[str] = frozenset()
    #: The blinds its argument lets an ability act in (a ``blind`` list), so a reader can tell how
    #: often it holds (None: it does not depend on the blind).
    blinds: Callable[[Any], frozenset[str]] | None = None


#: The plural words of value nouns that count things (one of them is singular: "+1 charm slot").
_COUNTED = frozenset({"hands", "discards", "slots", "cards", "rerolls", "charms", "consumables", "packs"})


class ValueKind(NamedTuple):
    """One value a comparison, a ``per`` or an amount can read.

    ``noun`` reads "if <noun> is at least N", or ``compared`` (with ``{op}``
    and ``{n}``) where that reads better; ``per_one`` and ``per_many`` read
    "+2 Mult <per_one>" and "<per_many>" with ``{every}``. ``about``: "card"
    values need a triggering card, "hand" ones a played hand. ``words`` names
    the value's argument for the placeholders of those texts; ``counts_cards``:
    it counts the cards that pass a card filter, its argument (None: every card).
    """

    name: str
    read: Read
    noun: str
    per_one: str = ""
    per_many: str = ""
    about: About = "round"
    #: A value a ``modify`` can change (a layered value): its base where no run table gives one,
    #: whether it is kept whole (rounded half up), and its bounds.
    modifiable: bool = False
    base: float = 0
    whole: bool = True
    low: float | None = None
    high: float | None = None
    #: A hand rule, on while the value is above 0; ``text`` says what it does.
    flag: bool = False
    text: str = ""
    compared: str = ""
    words: Callable[[Any], Mapping[str, str]] | None = None
    counts_cards: bool = False
    #: The round's standing facts it reads (see :data:`MONEY`, :data:`HANDS_LEFT`).
    reads: frozenset[str] = frozenset()

    def counted(self, amount: float) -> str:
        """The noun after a change of ``amount``: one of a countable thing is singular ("+1 hand per
        round", "+1 charm slot"), any other amount as the noun reads ("+2 hands per round")."""
        if abs(amount) != 1:
            return self.noun
        words = self.noun.split(" ")
        for i, word in enumerate(words):
            if word in _COUNTED:
                return " ".join([*words[:i], word[:-1], *words[i + 1 :]])
        return self.noun

    def clause(self, op: str, n: float, arg: Any = None) -> str:
        """Read a comparison, ``op`` in words: "if $ held is at least 10"."""
        words = self.words(arg) if self.words else {}
        noun = self.noun.format(**words) if words else self.noun
        return (self.compared or "if {noun} is {op} {n}").format(noun=noun, op=op, n=n, **words)

    def per(self, every: int, arg: Any = None) -> str:
        """Read a scaling: "for every $5 held"."""
        words = self.words(arg) if self.words else {}
        if every == 1:
            return self.per_one.format(**words) if words else self.per_one
        return self.per_many.format(every=every, **words)


class TriggerKind(NamedTuple):
    """When abilities fire.

    ``card``: it fires per scored or held card, which it can also repeat;
    ``has_card``: there is a triggering card (every card trigger, and discards);
    ``scores``: Points and Mult are being added up (else ``unscored`` says why
    not); ``no_hand``: no hand is there for hand conditions. ``lead`` opens its
    text, ``each`` names the card ("for each scored {card}") and ``where``
    says where a repeated card is. ``hook`` is the code behaviour's method.
    ``between``: it fires between rounds (choosing a blind, cashing out, in the
    shop), so there is no round for a change that lasts the round. ``card_fixed``:
    its card has joined or left the deck already, so no effect may change it.
    ``per_round``: how often it fires in a typical round of a run, for valuing
    what its abilities do (0: on no schedule of its own, as the hand's triggers,
    counted by the hands played, and the shop's, which follow the player's
    choices). ``ahead``: it fires in a round before the round's hands are
    played, so a change that lasts the round still helps that round.
    """

    name: str
    card: bool = False
    has_card: bool = False
    scores: bool = False
    no_hand: bool = False
    unscored: str = ""
    lead: str = ""
    each: str = ""
    where: str = ""
    hook: str = ""
    between: bool = False
    card_fixed: bool = False
    per_round: float = 0.0
    ahead: bool = False


K = TypeVar("K", EffectKind, ConditionKind, ValueKind, TriggerKind)


class Registry(Generic[K]):
    """Kinds by name, in registration order; built-ins first, then plugins' kinds.

    The kind records are named tuples: made once each at start-up, where a dataclass's
    generated methods would cost every command.
    """

    def __init__(self, what: str) -> None:
        self.what = what
        self.kinds: dict[str, K] = {}
        self.builtin: set[str] = set()

    def add(self, kind: K, *, builtin: bool = False) -> K:
        """Register ``kind``; a built-in name cannot be taken, a plugin's may be registered again."""
        if kind.name in self.builtin:
            raise ValueError(f"{self.what} kind '{kind.name}' is built in and cannot be replaced")
        self.kinds[kind.name] = kind
        if isinstance(kind, EffectKind) and kind.change is not None:
            CHANGE_TEXT[kind.label or kind.name] = kind.change
        if builtin:
            self.builtin.add(kind.name)
        return kind

    def remove(self, name: str) -> None:
        """Forget a plugin's kind (built-ins stay)."""
        if name not in self.builtin:
            self.kinds.pop(name, None)

    def __getitem__(self, name: str) -> K:
        try:
            return self.kinds[name]
        except KeyError:
            raise UnknownIdError(f"{self.what} kind", name, self.kinds) from None

    def __contains__(self, name: object) -> bool:
        return name in self.kinds

    def __iter__(self) -> Iterator[K]:
        return iter(list(self.kinds.values()))

    def names(self) -> tuple[str, ...]:
        """Return every registered name, built-ins first."""
        return tuple(self.kinds)


EFFECTS: Registry[EffectKind] = Registry("effect")
CONDITIONS: Registry[ConditionKind] = Registry("condition")
VALUES: Registry[ValueKind] = Registry("value")
TRIGGERS: Registry[TriggerKind] = Registry("trigger")
