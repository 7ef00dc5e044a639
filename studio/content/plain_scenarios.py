"""Scenarios given as plain data (a command line, a batch line), read without the scenario model.

The scenario model (pydantic) explains every mistake, but importing and
running it costs more than scoring a hand. :func:`plain_scenario` accepts
exactly the plain objects the model would take as they are in strict mode
(the right types, within bounds, no unknown key) and :func:`plain_situation`
builds the situation the model would build from them, with the same checks in
the same order; anything else goes to the model, which says what is wrong. A
test holds the bounds and defaults here equal to the model's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from studio.content.io.limits import MAX_SEED
from studio.engine.catalog import Catalog, lookup
from studio.engine.charms import CharmSlot
from studio.engine.kinds.registry import VALUES
from studio.engine.names import UnknownIdError
from studio.engine.rng import RngState
from studio.engine.runs import DeckDef, StartValues
from studio.engine.situation import MAX_PLAYED, Situation

#: An id as the model's ``Id`` reads it: lower-case, starting with a letter, at most 64 characters.
ID = re.compile(r"[a-z][a-z0-9_]{0,63}\Z")
#: The bounds of the model's integer fields.
INT_BOUNDS = {
    "money": (-1_000_000, 1_000_000_000),
    "hands_left": (0, 1000),
    "discards_left": (0, 1000),
    "seed": (0, MAX_SEED),
    "ante": (1, 1000),
    "draw_pile": (0, 10_000),
    "consumables": (0, 100),
    "difficulty": (0, 1000),
}
#: The bounds of the model's integer fields that may also be null (derived from other fields).
OPTIONAL_INT_BOUNDS = {
    "hand_size": (1, 1000),
    "charm_slots": (0, 100),
    "hands_played": (0, 1000),
    "hands_per_round": (1, 1000),
    "discards_per_round": (0, 1000),
}
#: The bounds of a ``times_played`` count.
TIMES_BOUNDS = (0, 1_000_000)
LEVEL_BOUNDS = (1, 10_000)
MAX_NAME = 200
MAX_CHARMS = 100
MAX_VOUCHERS = 100
#: The model's defaults of the fields that have a plain default.
DEFAULTS: dict[str, Any] = {
    "name": "",
    "held": "",
    "boss": None,
    "deck": "standard",
    "money": 0,
    "hands_left": 0,
    "discards_left": 0,
    "seed": 0,
    "ante": 1,
    "blind": None,
    "hand_size": None,
    "charm_slots": None,
    "full_deck": None,
    "draw_pile": 0,
    "hands_played": None,
    "hands_per_round": None,
    "discards_per_round": None,
    "consumables": 0,
    "difficulty": 0,
    "expect": None,
}
#: The fields a scenario's situation is built from (the rest, ``name`` and ``expect``, say what it is for).
SITUATION_FIELDS = (
    "played",
    "charms",
    "levels",
    "hand_types_played",
    "times_played",
    "vouchers",
    *(k for k in DEFAULTS if k not in ("name", "expect")),
)
#: The generator state of a scenario without a seed, shared (it is immutable): most lines have none.
_UNSEEDED = RngState(0)
T = TypeVar("T")
#: Why nothing can be scored with content that has no hand types.
NO_HAND_TYPES = "the loaded content defines no hand types (load the base game, or a pack with hands/)"


def plain_scenario(data: Any) -> dict[str, Any] | None:
    """``data``, when it is a plain object the scenario model would take as it is; else None."""
    if type(data) is not dict:
        return None
    played = data.get("played")
    if type(played) is not str or not played:
        return None
    # The commonest keys first: every line of a batch comes through here.
    for key, value in data.items():
        if key == "played":
            continue
        if key in INT_BOUNDS:
            low, high = INT_BOUNDS[key]
            if type(value) is not int or not low <= value <= high:
                return None
        elif key in ("held", "name"):
            if type(value) is not str or (key == "name" and len(value) > MAX_NAME):
                return None
        elif key == "charms":
            if type(value) is not list or len(value) > MAX_CHARMS or any(type(c) is not str for c in value):
                return None
        elif key in OPTIONAL_INT_BOUNDS:
            low, high = OPTIONAL_INT_BOUNDS[key]
            if value is not None and (type(value) is not int or not low <= value <= high):
                return None
        elif key == "deck":
            if type(value) is not str or not ID.match(value):
                return None
        elif key in ("boss", "blind"):
            if value is not None and (type(value) is not str or not ID.match(value)):
                return None
        elif key == "full_deck":
            if value is not None and type(value) is not str:
                return None
        elif key == "levels":
            low, high = LEVEL_BOUNDS
            if type(value) is not dict or any(
                type(v) is not int or not low <= v <= high for v in value.values()
            ):
                return None
        elif key == "hand_types_played":
            if type(value) is not list or any(type(t) is not str or not ID.match(t) for t in value):
                return None
        elif key == "vouchers":
            if (
                type(value) is not list
                or len(value) > MAX_VOUCHERS
                or any(type(v) is not str or not ID.match(v) for v in value)
            ):
                return None
        elif key == "times_played":
            low, high = TIMES_BOUNDS
            if type(value) is not dict or any(
                type(k) is not str or type(v) is not int or not low <= v <= high for k, v in value.items()
            ):
                return None
        else:
            return None  # expect, or a field the model does not know: let the model say
    return data


def charm_slots(charms: list[str]) -> tuple[CharmSlot, ...]:
    """The charm row of ``charms``."""
    return tuple(CharmSlot.parse(entry) for entry in charms)


def plain_situation(
    data: Mapping[str, Any],
    catalog: Catalog,
    slots: Callable[[list[Any]], tuple[CharmSlot, ...]] = charm_slots,
) -> Situation:
    """The situation of a scenario given as plain data: the one builder of every scenario's situation
    (a command line, a batch line, a scenario file through its model, the editor's preview).

    Missing fields take the model's defaults; a ``deck`` of None plays no deck (the editor's preview
    scoring without a deck the content no longer defines). Raises ValueError naming the field of a
    bad card, an unknown id, or content without hand types. ``slots`` builds the charm row from
    ``data["charms"]`` (a batch remembers rows it has seen; the scenario model and the preview give
    the slots they built, with ``tuple``).
    """
    if not catalog.hand_types:
        raise ValueError(NO_HAND_TYPES)
    data = {**DEFAULTS, **data}
    levels = data.get("levels") or {}
    played_types = data.get("hand_types_played") or ()
    times_played = data.get("times_played") or {}
    for type_id in [*levels, *played_types, *times_played]:
        catalog.hand_type(type_id)
    deck = data["deck"]
    deck_def = lookup(catalog.decks, "deck", deck) if catalog.decks and deck is not None else None
    difficulty = _named("difficulty", catalog.difficulty_level, data["difficulty"])
    vouchers = data.get("vouchers") or ()
    for voucher_id in vouchers:
        _named("vouchers", lookup, catalog.vouchers, "voucher", voucher_id)
    charms = data.get("charms")
    row = slots(charms) if charms else ()
    for slot in row:
        for sticker_id in slot.stickers:
            lookup(catalog.stickers, "sticker", sticker_id)
    played = _named("played", catalog.cards, data["played"])
    held = _named("held", catalog.cards, data["held"])
    if data["full_deck"] is not None:
        full_deck = _named("full_deck", catalog.cards, data["full_deck"])
    else:
        full_deck = deck_def.cards if deck_def is not None else ()
    # Positional, in the order of Situation's fields: one line of a batch builds one, and keywords
    # cost a name match each.
    return Situation(
        played,
        held,
        row,
        dict(levels),
        data["boss"],
        deck,
        data["money"],
        data["hands_left"],
        data["discards_left"],
        tuple(played_types),
        RngState(data["seed"]) if data["seed"] else _UNSEEDED,
        MAX_PLAYED,  # max_played
        (),  # modifiers
        data["ante"],
        data["blind"],
        data["hand_size"],
        data["charm_slots"],
        full_deck,
        data["draw_pile"],
        dict(times_played),
        data["hands_played"],
        vouchers=tuple(vouchers),
        consumables=data["consumables"],
        difficulty=difficulty,
        per_round=_per_round(
            catalog, deck_def, difficulty, data["hands_per_round"], data["discards_per_round"]
        ),
    )


def _per_round(
    catalog: Catalog, deck: DeckDef | None, difficulty: int, hands: int | None, discards: int | None
) -> tuple[int, int]:
    """The run's hands and discards per round before the round's modifiers: ``hands`` and
    ``discards`` where the scenario gives them (a run that changed its own, as Playtest's scenarios
    do), else as a run with this deck and difficulty starts."""
    start = _starting_per_round(catalog, deck, difficulty)
    return (start[0] if hands is None else hands, start[1] if discards is None else discards)


def _starting_per_round(catalog: Catalog, deck: DeckDef | None, difficulty: int) -> tuple[int, int]:
    """A run's hands and discards per round as a run with this deck and difficulty starts: the run
    table's (without one, the values' own bases), the deck's and difficulty's modifiers folded in.
    Memoised: every line of a batch asks."""
    key = ("per_round", deck.id if deck is not None else None, difficulty)
    found = catalog.memo.get(key)
    if found is None:
        base = (*(deck.modifiers if deck is not None else ()), *catalog.difficulty_modifiers(difficulty))
        table = catalog.run.start if catalog.run is not None else _NO_TABLE
        start = table.folded(base)
        found = catalog.memo[key] = start.hands, start.discards
    return found  # type: ignore[return-value]


#: What a run starts with in content without a run table: the value kinds' own bases.
_NO_TABLE = StartValues(hands=int(VALUES["hands"].base), discards=int(VALUES["discards"].base))


def _named(field: str, read: Callable[..., T], *args: Any) -> T:
    """``read(*args)``, its ValueError saying which field it is about."""
    try:
        return read(*args)
    except ValueError as exc:
        raise ValueError(f"{field}: {exc}") from None


def known(catalog: Catalog, kind: str, key: str) -> object:
    """Return the charm, boss, deck, voucher or sticker ``key``; raise ValueError suggesting an id by id
    or by name.

    A designer may type what the game shows (``The Flint``) where the id
    (``flint``) is wanted: the suggestion then names the id.
    """
    table = catalog.table(kind) or {}
    if key in table:
        return table[key]
    import difflib  # only a mistake needs it: a command line that scores imports this module

    noun = "boss rule" if kind == "boss" else kind
    ids = {k.casefold(): k for k in table}
    ids.update(
        {str(getattr(v, "name", "")).casefold(): k for k, v in table.items() if getattr(v, "name", "")}
    )
    close = difflib.get_close_matches(key.strip().casefold(), list(ids), n=1, cutoff=0.6)
    hint = f" (did you mean '{ids[close[0]]}'?)" if close else ""
    raise UnknownIdError(noun, key, (), hint)
