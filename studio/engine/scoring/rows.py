"""Charm rows compiled once: who acts at each trigger, in row order, and the rules they set.

A row's plan for a trigger lists, in row order, the charms that act at it with
their abilities compiled (see :mod:`studio.engine.scoring.firing`), so each card's
trigger loops only over charms with something to do.

Building a row is cheap because its parts are compiled once: a charm's
abilities once per charm (:func:`charm_acts`), and a charm at one place in a
row once per (place, id, edition) (:class:`Seat`); a new row only joins its
seats' plan entries. Rows are memoised in the catalog, in a memo of at most
:data:`MAX_ROWS` rows: a batch where every line brings another row must not
grow it (nor the garbage collector's work) without end. The records are named
tuples: cheaper to build than dataclasses, and a dataclass's generated methods
are built at every start.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from operator import is_
from typing import Any, NamedTuple, TypeVar

from studio.engine.behaviour import Behaviour
from studio.engine.catalog import Catalog, lookup
from studio.engine.charms import CharmDef, CharmSlot
from studio.engine.hands import HandRules
from studio.engine.inplay import ActiveCharm
from studio.engine.kinds import EFFECTS, TRIGGERS
from studio.engine.scoring.firing import (
    Count,
    Fire,
    Plan,
    PlanEntry,
    RetriggerPlan,
    compile_ability,
    compile_retrigger,
)
from studio.engine.situation import neighbour
from studio.engine.values import Modifier, flags_on

#: The most rows (and seats) kept in a catalog's memo; when full it is emptied and fills again.
MAX_ROWS = 8192
#: What a charm brings to a step it does not act at.
NOTHING: PlanEntry = (-1, (), None)
_NO_RULES: frozenset[str] = frozenset()
_NO_SLOTS: frozenset[int] = frozenset()
#: The hand rules a row's modifiers switch on, as flags and as rules, and the values they change.
RowRules = tuple[frozenset[str], HandRules, frozenset[str]]
_PLAIN: RowRules = (_NO_RULES, HandRules.from_flags(_NO_RULES), _NO_RULES)
#: Builds a Row without the named tuple's Python-level ``__new__`` (fields in declaration order).
_new_row = tuple.__new__
K = TypeVar("K")
V = TypeVar("V")


class Acts(NamedTuple):
    """One charm's abilities compiled, by trigger, with its behaviour where it overrides the hook."""

    fires: dict[str, tuple[tuple[Fire, ...], Behaviour | None]]
    counts: dict[str, tuple[tuple[Count, ...], Behaviour | None]]


def charm_acts(defn: CharmDef) -> Acts:
    """Compile a charm's abilities for the scorer, grouped by trigger."""
    hooks = defn.behaviour.overridden() if defn.behaviour else frozenset()
    fires: dict[str, tuple[tuple[Fire, ...], Behaviour | None]] = {}
    counts: dict[str, tuple[tuple[Count, ...], Behaviour | None]] = {}
    for kind in TRIGGERS:
        trigger = kind.name
        plain = tuple(compile_ability(a) for a in defn.abilities if a.trigger == trigger and not a.repeats)
        behaviour = defn.behaviour if kind.hook in hooks else None
        if plain or behaviour is not None:
            fires[trigger] = (plain, behaviour)
        if kind.card:
            again = tuple(compile_retrigger(a) for a in defn.abilities if a.trigger == trigger and a.repeats)
            behaviour = defn.behaviour if "retriggers" in hooks else None
            if again or behaviour is not None:
                counts[trigger] = (again, behaviour)
    return Acts(fires, counts)


class Seat(NamedTuple):
    """A charm at one place of a row: the charm in play and its entries in the row's plans."""

    charm: ActiveCharm
    modifiers: tuple[Modifier, ...]
    #: (trigger, its plan entry alone in a tuple) for each trigger it acts at, in trigger order:
    #: a row's plan is its seats' entries added up.
    fires: tuple[tuple[str, Plan], ...]
    counts: tuple[tuple[str, RetriggerPlan], ...]
    #: Its part in the whole-hand step, alone in a tuple (empty: it has neither an edition nor a
    #: hand ability).
    hand: tuple[tuple[ActiveCharm, PlanEntry], ...]
    #: Which charm it copies ("right", "left", "leftmost"; "": none), and its variables' start values.
    copies: str
    starts: dict[str, Any]
    #: Its stickers' modifiers (they count after every charm's).
    worn: tuple[Modifier, ...] = ()


class Row(NamedTuple):
    """A charm row resolved: each charm's definition and edition, the rules they set, their plans."""

    charms: tuple[ActiveCharm, ...]
    #: The charms' modifiers in row order, and the hand rules they switch on.
    modifiers: tuple[Modifier, ...]
    flags: frozenset[str]
    rules: HandRules
    plans: dict[str, Plan]
    again: dict[str, RetriggerPlan]
    #: Who acts in the whole-hand step, in row order: each charm with an edition or a hand
    #: ability, and its entry in the hand plan (NOTHING: only its edition acts).
    hand: tuple[tuple[ActiveCharm, PlanEntry], ...]
    #: Each slot's variables other than its counter, at their start values (empty: no charm of
    #: the row declares variables besides its counter).
    starts: tuple[dict[str, Any], ...]
    #: The values the row's modifiers change.
    touches: frozenset[str]

    def plan(self, trigger: str) -> Plan:
        """Return who acts at ``trigger``, in row order."""
        return self.plans.get(trigger, ())

    def retriggers(self, trigger: str) -> RetriggerPlan:
        """Return who retriggers cards at ``trigger``, in row order."""
        return self.again.get(trigger, ())


#: A slot of a row as its memo key: (id, edition), or (id, edition, stickers, debuffed, locked) for a
#: charm with stickers or locked.
SlotKey = tuple[Any, ...]


#: The catalog memo's entry of the last row resolved (without charms gone) and the very slots it was
#: resolved from: a run asks the row of the same slots many times in a row (every layered value, every
#: candidate play), and slots are immutable, so the same slot objects need no key built.
_LAST = "last_row"


def charm_row(slots: Sequence[CharmSlot], catalog: Catalog, gone: frozenset[int] = _NO_SLOTS) -> Row:
    """Resolve a charm row (memoised; raises UnknownIdError for an unknown charm or edition).

    ``gone``: slots of charms that have left the row during a hand (destroyed in an earlier step).
    They keep their places, so slots still name the same charms, but act no more, their modifiers
    stop, and a copier copies past them (RULES.md section 6).
    """
    memo = catalog.memo
    if not gone:
        last: tuple[tuple[CharmSlot, ...], Row] | None = memo.get(_LAST)  # type: ignore[assignment]
        if last is not None and len(last[0]) == len(slots) and all(map(is_, last[0], slots)):
            return last[1]
    rows: dict[object, Row] = _memo(catalog, "rows")
    key = tuple(
        [_worn(slot, catalog) if slot.stickers or slot.locked else (slot.id, slot.edition) for slot in slots]
    )
    found = rows.get((key, gone) if gone else key)
    if found is None:
        found = remember(rows, (key, gone) if gone else key, _build_row(key, catalog, gone))
    if not gone:
        memo[_LAST] = (tuple(slots), found)
    return found


def debuffed(slot: CharmSlot, catalog: Catalog) -> bool:
    """Return True if a sticker of the charm in ``slot`` debuffs it by now (a perishable's rounds are up)."""
    for sticker_id in slot.stickers:
        after = lookup(catalog.stickers, "sticker", sticker_id).debuffed_after
        if after is not None and slot.rounds >= after:
            return True
    return False


def _worn(slot: CharmSlot, catalog: Catalog) -> SlotKey:
    return (slot.id, slot.edition, slot.stickers, debuffed(slot, catalog), slot.locked)


def _build_row(key: tuple[SlotKey, ...], catalog: Catalog, gone: frozenset[int] = _NO_SLOTS) -> Row:
    """Join the seats of a row's charms into its plans (a copier's seat is made for its row); the
    seats of ``gone`` charms join nothing.

    Paid for every row not seen before (a batch brings a new row on nearly every line): one pass
    over the seats, plans joined as tuples, the rules worked out only when a seat has modifiers.
    Stickers' modifiers count after every charm's (RULES.md section 6).
    """
    seats: dict[tuple[Any, ...], Seat] = _memo(catalog, "seats")
    placed: list[Seat] = []
    copier = False
    for i, entry in enumerate(key):
        seat = seats.get((i, *entry))
        if seat is None:
            seat = remember(seats, (i, *entry), _seat(i, entry, catalog))
        placed.append(seat)
        if seat.copies and i not in gone:
            copier = True
    if copier:
        for i, target in _copies(placed, gone).items():
            if target >= 0 and len(key[target]) > 2 and key[target][3]:
                target = -1  # a debuffed charm has nothing to copy
            placed[i] = _seat(i, key[i], catalog, (target, key[target][0] if target >= 0 else ""))
    charms: list[ActiveCharm] = []
    worn: tuple[Modifier, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    plans: dict[str, Plan] = {}
    again: dict[str, RetriggerPlan] = {}
    hand: tuple[tuple[ActiveCharm, PlanEntry], ...] = ()
    declares = False
    for i, seat in enumerate(placed):
        charms.append(seat.charm)
        if gone and i in gone:
            continue
        for trigger, entries in seat.fires:
            plans[trigger] = plans.get(trigger, ()) + entries
        if seat.counts:
            for trigger, counted in seat.counts:
                again[trigger] = again.get(trigger, ()) + counted
        if seat.hand:
            hand += seat.hand
        if seat.modifiers:
            modifiers += seat.modifiers
        if seat.worn:
            worn += seat.worn
        if seat.starts:
            declares = True
    modifiers += worn
    flags, rules, touches = rules_of(modifiers, catalog) if modifiers else _PLAIN
    starts = tuple([seat.starts for seat in placed]) if declares else ()
    return _new_row(
        Row,
        (
            tuple(charms),
            modifiers,
            flags,
            rules,
            plans,
            again,
            hand,
            starts,
            touches,
        ),
    )


def rules_of(modifiers: tuple[Modifier, ...], catalog: Catalog) -> RowRules:
    """The :data:`RowRules` of ``modifiers`` (flags, hand rules, values touched), memoised by them: a batch
    builds a row on nearly every line, rows that differ elsewhere share their modifiers, and a run's hands
    share their deck's, vouchers' and boss's."""
    known: dict[tuple[Modifier, ...], RowRules] = _memo(catalog, "rules")
    found = known.get(modifiers)
    if found is None:
        flags = flags_on(modifiers)
        found = (flags, HandRules.from_flags(flags), frozenset([m.value for m in modifiers]))
        remember(known, modifiers, found)
    return found


def _copies(placed: Sequence[Seat], gone: frozenset[int]) -> dict[int, int]:
    """Map each copying charm's slot to the slot whose abilities it uses (RULES.md section 6): the
    first charm to its right, the first to its left, or the leftmost, of those still in the row (not
    ``gone``).

    A copy of a copier copies what that copier copies; a loop of copiers, or a copy with
    nothing to copy, copies nothing (the slot maps to -1).
    """
    present = [i for i in range(len(placed)) if i not in gone]
    copies = {}
    for i in present:
        seat = placed[i]
        if seat.copies:
            target = present[0] if seat.copies == "leftmost" else neighbour(i, seat.copies, present)
            copies[i] = target if target is not None and target != i else -1
    resolved: dict[int, int] = {}
    for i in copies:
        seen = {i}
        target = copies[i]
        while target in copies and target not in seen and target >= 0:
            seen.add(target)
            target = copies[target]
        resolved[i] = -1 if target in seen or target in copies else target
    return resolved


def _copy_target(defn: CharmDef) -> str:
    """Which charm ``defn`` copies: "right", "left", "leftmost", or "" (it copies none)."""
    for ability in defn.abilities:
        for effect in ability.effects:
            if EFFECTS[effect.kind].copies:
                return str(effect.arg("target", "right"))
    return ""


def _seat(slot: int, entry: SlotKey, catalog: Catalog, copies: tuple[int, str] | None = None) -> Seat:
    """Compile a charm for one place of a row. A copier (``copies``: the slot and id it copies;
    slot -1: nothing) acts with the copied charm's abilities, reading that charm's variables.

    A charm's stickers add their abilities to its own (a rental's cost each round); a debuffed charm
    keeps only those and its edition's modifiers: its abilities, modifiers and edition's effects stop.
    """
    charm_id, edition_id = entry[0], entry[1]
    stickers: tuple[str, ...] = entry[2] if len(entry) > 2 else ()
    off = len(entry) > 2 and entry[3]
    locked = len(entry) > 2 and entry[4]
    defn = catalog.charm(charm_id)
    edition = lookup(catalog.editions, "edition", edition_id) if edition_id else None
    worn = [lookup(catalog.stickers, "sticker", s) for s in stickers]
    lasting = any(not s.destructible for s in worn)
    acting = None if off else edition
    charm = ActiveCharm(slot, defn.id, acting, sell_value=defn.sell_value, lasting=lasting, locked=locked)
    source = defn
    if copies is not None:
        target, target_id = copies
        source = catalog.charm(target_id) if target >= 0 else CharmDef(defn.id)
        charm = ActiveCharm(slot, defn.id, acting, target, defn.sell_value, lasting, locked)
    if off:
        source = CharmDef(defn.id)
    if worn:
        source = replace(source, abilities=(*source.abilities, *(a for s in worn for a in s.abilities)))
    memo_key = ("acts", source.id, stickers, off)
    acts: Acts | None = catalog.memo.get(memo_key)  # type: ignore[assignment]
    if acts is None or copies is not None:
        acts = charm_acts(source)
        if copies is None:
            catalog.memo[memo_key] = acts
    fires = {trigger: ((slot, plain, behaviour),) for trigger, (plain, behaviour) in acts.fires.items()}
    counts = {trigger: ((slot, again, behaviour),) for trigger, (again, behaviour) in acts.counts.items()}
    hand = fires.get("hand")
    modifiers = (
        () if off else tuple(m._replace(source=(m.source[0], m.source[1], slot)) for m in defn.modifiers)
    )
    if edition is not None and edition.modifiers:  # an edition's modifiers count on a charm (one more slot)
        held = (f"{defn.id} {edition.id}", "edition", slot)
        modifiers += tuple(m._replace(source=held) for m in edition.modifiers)
    shown = hand is not None or acting is not None
    return Seat(
        charm,
        modifiers,
        tuple(fires.items()),
        tuple(counts.items()),
        ((charm, NOTHING if hand is None else hand[0]),) if shown else (),
        "" if off else _copy_target(defn),
        {v.name: v.start for v in defn.variables},
        tuple(m._replace(source=(f"{defn.id} {s.id}", "sticker", slot)) for s in worn for m in s.modifiers),
    )


def _memo(catalog: Catalog, name: str) -> dict[Any, Any]:
    """The catalog's memo called ``name`` (created empty)."""
    memo = catalog.memo.get(name)
    if memo is None:
        memo = catalog.memo[name] = {}
    return memo  # type: ignore[return-value]


def remember(memo: dict[K, V], key: K, value: V) -> V:
    """Keep ``value`` under ``key``, emptying ``memo`` first when it holds :data:`MAX_ROWS` entries."""
    if len(memo) >= MAX_ROWS:
        memo.clear()
    memo[key] = value
    return value
