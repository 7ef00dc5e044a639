"""The state of a run: where it stands (phase, ante, blind), the deck, charms, money, round and shop.

Plain mutable records that only :class:`~studio.engine.run.game.Game` changes;
:meth:`RunState.to_json` and :meth:`RunState.from_json` carry all of it,
generator included, so a run can be saved and resumed at any action.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, TypeVar, get_args

from studio.engine.cards import Card
from studio.engine.charms import CharmSlot
from studio.engine.names import json_kind
from studio.engine.rng import Rng, RngState
from studio.engine.values import Modifier

#: ``pack``: a booster is open (the saved word is the content's, where boosters are the shop's packs).
Phase = Literal["select", "round", "shop", "pack", "won", "lost"]
PHASES: tuple[Phase, ...] = get_args(Phase)
#: ``pack``: a booster.
OfferKind = Literal["charm", "pack", "consumable", "voucher"]
OFFER_KINDS: tuple[OfferKind, ...] = get_args(OfferKind)
T = TypeVar("T")


class StateError(ValueError):
    """Saved run state that does not have the expected shape."""


@dataclass(slots=True)
class Round:
    """A blind being played: its requirement, the score so far, the piles and what is left."""

    blind: str
    requirement: int
    reward: int
    boss: str | None
    hands_left: int
    discards_left: int
    hand_size: int
    score: int | float = 0
    hand: list[Card] = field(default_factory=list)
    draw_pile: list[Card] = field(default_factory=list)
    types_played: list[str] = field(default_factory=list)
    #: Modifiers effects added for the rest of the round.
    modifiers: list[Modifier] = field(default_factory=list)
    #: Hands played so far, refused ones too (``types_played`` holds only the scored ones).
    hands_played: int = 0


@dataclass(slots=True)
class Offer:
    """One shop slot: a charm, a booster, a consumable or a voucher, its price, and whether it is gone.

    A charm may come with an ``edition`` and ``stickers``. ``cost`` is its price before the shop's
    ``prices`` value, which ``price`` follows while it is on show (None: a price of its own, as a tag's
    free offer); a run replays its history, so it is not saved.
    """

    kind: OfferKind
    item: str
    price: int
    sold: bool = False
    edition: str | None = None
    stickers: tuple[str, ...] = ()
    cost: int | None = None


@dataclass(slots=True)
class Shop:
    """The shop after a blind: its slots and how many rerolls it has had."""

    offers: list[Offer] = field(default_factory=list)
    rerolls: int = 0


@dataclass(slots=True)
class OpenedBooster:
    """An open booster: its id, kind, the options (charm ids, card tokens, hand type ids) and picks left.

    A charm booster's options may come with an edition and stickers: ``dress[i]`` for option ``i``
    (empty: none has either). Saved under the key ``pack`` (the content's word for a booster).
    """

    id: str
    kind: str
    options: list[str]
    picks_left: int
    taken: list[int] = field(default_factory=list)
    dress: list[Dress] = field(default_factory=list)


class Dress(NamedTuple):
    """What a charm for sale comes with: an edition and stickers."""

    edition: str | None = None
    stickers: tuple[str, ...] = ()


class Owed(NamedTuple):
    """Money an effect marked to pay at cash out: its source (display text, kind, charm slot), the $."""

    source: tuple[str, str, int]
    amount: int


class Created(NamedTuple):
    """An item an effect made for the run's item rules to take in (consumable slots, tags).

    ``kind`` says which (``consumable``, ``tag``); ``id`` names it, or ``family`` is the set a
    random one is drawn from ("" for either when not given); ``source`` is who made it.
    """

    kind: str
    id: str
    family: str
    source: str


@dataclass(slots=True)
class RunState:
    """Everything about a run at one moment."""

    phase: Phase
    ante: int
    blind: int
    money: int
    hand_size: int
    hands: int
    discards: int
    charm_slots: int
    deck: list[Card]
    charms: list[CharmSlot]
    rng: Rng
    levels: dict[str, int] = field(default_factory=dict)
    boss: str | None = None
    bosses_seen: list[str] = field(default_factory=list)
    #: How often each hand type was scored this run (refused hands not counted).
    times_played: dict[str, int] = field(default_factory=dict)
    round: Round | None = None
    shop: Shop | None = None
    booster: OpenedBooster | None = None
    #: Money effects marked ``at: cash_out`` left to pay at the next cash out.
    owed: list[Owed] = field(default_factory=list)
    #: Items effects made that the run has not handed out yet (see :class:`Created`).
    created: list[Created] = field(default_factory=list)
    #: The consumables held (ids), in slot order.
    consumables: list[str] = field(default_factory=list)
    #: The vouchers bought, in the order bought, and those on offer in this ante's shops.
    vouchers: list[str] = field(default_factory=list)
    voucher_offers: list[str] = field(default_factory=list)
    #: The tag each blind of this ante gives when skipped ("" for one that cannot be skipped).
    skip_tags: list[str] = field(default_factory=list)
    #: Tags held, waiting for the next shop.
    tags: list[str] = field(default_factory=list)

    @property
    def is_over(self) -> bool:
        """Return True once the run is won or lost."""
        return self.phase in ("won", "lost")

    def skip_tag(self, blind: int) -> str:
        """The tag skipping blind ``blind`` of this ante gives ("" for one that cannot be skipped)."""
        return self.skip_tags[blind] if blind < len(self.skip_tags) else ""

    def to_json(self) -> dict[str, object]:
        """Return the whole state as plain JSON data (cards as tokens)."""
        r = self.round
        return {
            "phase": self.phase,
            "ante": self.ante,
            "blind": self.blind,
            "money": self.money,
            "hand_size": self.hand_size,
            "hands": self.hands,
            "discards": self.discards,
            "charm_slots": self.charm_slots,
            "deck": [str(c) for c in self.deck],
            "charms": [_charm_json(c) for c in self.charms],
            "levels": dict(sorted(self.levels.items())),
            "boss": self.boss,
            "bosses_seen": list(self.bosses_seen),
            "times_played": dict(sorted(self.times_played.items())),
            "round": None
            if r is None
            else {
                "blind": r.blind,
                "requirement": r.requirement,
                "reward": r.reward,
                "boss": r.boss,
                "hands_left": r.hands_left,
                "discards_left": r.discards_left,
                "hand_size": r.hand_size,
                "score": r.score if not math.isinf(r.score) else "inf",
                "hand": [str(c) for c in r.hand],
                "draw_pile": [str(c) for c in r.draw_pile],
                "types_played": list(r.types_played),
                "modifiers": [modifier_json(m) for m in r.modifiers],
                "hands_played": r.hands_played,
            },
            "shop": None
            if self.shop is None
            else {
                "offers": [_offer_json(o) for o in self.shop.offers],
                "rerolls": self.shop.rerolls,
            },
            "pack": None
            if self.booster is None
            else {
                "pack": self.booster.id,
                "kind": self.booster.kind,
                "options": list(self.booster.options),
                "picks_left": self.booster.picks_left,
                "taken": list(self.booster.taken),
                "dress": [_dress_json(*d) for d in self.booster.dress],
            },
            "rng": self.rng.state().to_json(),
            "owed": [{"source": list(o.source), "amount": o.amount} for o in self.owed],
            "created": [c._asdict() for c in self.created],
            "consumables": list(self.consumables),
            "vouchers": list(self.vouchers),
            "voucher_offers": list(self.voucher_offers),
            "skip_tags": list(self.skip_tags),
            "tags": list(self.tags),
        }

    @classmethod
    def from_json(cls, data: object, parse_card: Callable[[str], Card]) -> RunState:
        """Rebuild a state; raise :class:`StateError` naming the first bad field."""
        d = _obj(data, "state")
        cards = _reader(parse_card)
        phase = _get(d, "phase", str, "state")
        if phase not in PHASES:
            raise StateError(f"state.phase: want one of {', '.join(PHASES)}, not {phase!r}")
        rd = d.get("round")
        round_: Round | None = None
        if rd is not None:
            r = _obj(rd, "state.round")
            score = r.get("score")
            if score == "inf":
                score = math.inf
            if isinstance(score, bool) or not isinstance(score, int | float):
                raise StateError(f"state.round.score: want a number, not {score!r}")
            round_ = Round(
                _get(r, "blind", str, "state.round"),
                _get(r, "requirement", int, "state.round"),
                _get(r, "reward", int, "state.round"),
                _opt_str(r, "boss", "state.round"),
                _get(r, "hands_left", int, "state.round"),
                _get(r, "discards_left", int, "state.round"),
                _get(r, "hand_size", int, "state.round"),
                score,
                cards(_get(r, "hand", list, "state.round"), "state.round.hand"),
                cards(_get(r, "draw_pile", list, "state.round"), "state.round.draw_pile"),
                _strs(_get(r, "types_played", list, "state.round"), "state.round.types_played"),
                [
                    _modifier(m, f"state.round.modifiers[{i}]")
                    for i, m in enumerate(_list(r, "modifiers", "state.round"))
                ],
                _int(r.get("hands_played", 0), "state.round.hands_played"),
            )
        shop: Shop | None = None
        if d.get("shop") is not None:
            s = _obj(d["shop"], "state.shop")
            offers = []
            for i, o in enumerate(_get(s, "offers", list, "state.shop")):
                where = f"state.shop.offers[{i}]"
                od = _obj(o, where)
                kind = _get(od, "kind", str, where)
                if kind not in OFFER_KINDS:
                    raise StateError(f"{where}.kind: want one of {', '.join(OFFER_KINDS)}, not {kind!r}")
                edition, stickers = _dress(od, where)
                offers.append(
                    Offer(
                        OFFER_KINDS[OFFER_KINDS.index(kind)],
                        _get(od, "item", str, where),
                        _get(od, "price", int, where),
                        _get(od, "sold", bool, where),
                        edition,
                        stickers,
                    )
                )
            shop = Shop(offers, _get(s, "rerolls", int, "state.shop"))
        booster: OpenedBooster | None = None
        if d.get("pack") is not None:
            p = _obj(d["pack"], "state.pack")
            booster = OpenedBooster(
                _get(p, "pack", str, "state.pack"),
                _get(p, "kind", str, "state.pack"),
                _strs(_get(p, "options", list, "state.pack"), "state.pack.options"),
                _get(p, "picks_left", int, "state.pack"),
                [_int(v, "state.pack.taken") for v in _get(p, "taken", list, "state.pack")],
                [
                    Dress(*_dress(v, f"state.pack.dress[{i}]"))
                    for i, v in enumerate(_list(p, "dress", "state.pack"))
                ],
            )
        charms = []
        for i, c in enumerate(_get(d, "charms", list, "state")):
            where = f"state.charms[{i}]"
            cd = _obj(c, where)
            charms.append(
                CharmSlot(
                    _get(cd, "id", str, where),
                    _opt_str(cd, "edition", where),
                    _get(cd, "counter", int, where),
                    tuple(sorted(_obj(cd.get("vars", {}), f"{where}.vars").items())),
                    _int(cd.get("sell_bonus", 0), f"{where}.sell_bonus"),
                    tuple(_strs(_list(cd, "stickers", where), f"{where}.stickers")),
                    _int(cd.get("rounds", 0), f"{where}.rounds"),
                    cd.get("locked", False) is True,
                )
            )
        levels = _obj(d.get("levels"), "state.levels")
        times = _obj(d.get("times_played", {}), "state.times_played")
        try:
            rng = Rng.from_state(RngState.from_json(_obj(d.get("rng"), "state.rng")))
        except (TypeError, ValueError) as err:
            raise StateError(f"state.rng: {err}") from None
        return cls(
            phase,
            _get(d, "ante", int, "state"),
            _get(d, "blind", int, "state"),
            _get(d, "money", int, "state"),
            _get(d, "hand_size", int, "state"),
            _get(d, "hands", int, "state"),
            _get(d, "discards", int, "state"),
            _get(d, "charm_slots", int, "state"),
            cards(_get(d, "deck", list, "state"), "state.deck"),
            charms,
            rng,
            {str(k): _int(v, f"state.levels.{k}") for k, v in levels.items()},
            _opt_str(d, "boss", "state"),
            _strs(_get(d, "bosses_seen", list, "state"), "state.bosses_seen"),
            {str(k): _int(v, f"state.times_played.{k}") for k, v in times.items()},
            round_,
            shop,
            booster,
            [_owed(o, f"state.owed[{i}]") for i, o in enumerate(_list(d, "owed", "state"))],
            [_created(c, f"state.created[{i}]") for i, c in enumerate(_list(d, "created", "state"))],
            _strs(_get(d, "consumables", list, "state"), "state.consumables"),
            *(_strs(_get(d, key, list, "state"), f"state.{key}") for key in _ITEM_LISTS),
        )


#: The state's lists of item ids added in save format 4, in field order.
_ITEM_LISTS = ("vouchers", "voucher_offers", "skip_tags", "tags")


def _offer_json(o: Offer) -> dict[str, object]:
    return {
        "kind": o.kind,
        "item": o.item,
        "price": o.price,
        "sold": o.sold,
        **_dress_json(o.edition, o.stickers),
    }


def _dress_json(edition: str | None, stickers: tuple[str, ...]) -> dict[str, object]:
    """An edition and stickers as saved: each left out when there is none."""
    data: dict[str, object] = {}
    if edition is not None:
        data["edition"] = edition
    if stickers:
        data["stickers"] = list(stickers)
    return data


def _dress(data: object, where: str) -> tuple[str | None, tuple[str, ...]]:
    d = _obj(data, where)
    return _opt_str(d, "edition", where), tuple(_strs(_list(d, "stickers", where), f"{where}.stickers"))


def _charm_json(c: CharmSlot) -> dict[str, object]:
    data: dict[str, object] = {"id": c.id, "edition": c.edition, "counter": c.counter}
    if c.vars:
        data["vars"] = dict(c.vars)
    if c.sell_bonus:
        data["sell_bonus"] = c.sell_bonus
    if c.stickers:
        data["stickers"] = list(c.stickers)
    if c.rounds:
        data["rounds"] = c.rounds
    if c.locked:
        data["locked"] = True
    return data


def _source(value: object, where: str) -> tuple[str, str, int]:
    if not isinstance(value, list) or len(value) != 3 or not isinstance(value[2], int):
        raise StateError(f"{where}: want [text, kind, slot], not {value!r}")
    return (str(value[0]), str(value[1]), value[2])


def _owed(data: object, where: str) -> Owed:
    d = _obj(data, where)
    return Owed(_source(d.get("source"), f"{where}.source"), _get(d, "amount", int, where))


def _created(data: object, where: str) -> Created:
    d = _obj(data, where)
    return Created(*(_get(d, key, str, where) for key in Created._fields))


def modifier_json(m: Modifier) -> dict[str, object]:
    """Return a modifier as saved: value, op, amount, how long it lasts, who declared it."""
    return {"value": m.value, "op": m.op, "amount": m.amount, "for": m.scope, "source": list(m.source)}


def _modifier(data: object, where: str) -> Modifier:
    d = _obj(data, where)
    op, scope = _get(d, "op", str, where), _get(d, "for", str, where)
    if op not in ("set", "add", "times") or scope not in ("active", "hand", "round"):
        raise StateError(f"{where}: want op set/add/times and for active/hand/round, not {op!r}/{scope!r}")
    amount = d.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int | float):
        raise StateError(f"{where}.amount: want a number, not {amount!r}")
    declared = _source(_get(d, "source", list, where), f"{where}.source")
    return Modifier(_get(d, "value", str, where), op, float(amount), scope, declared)  # type: ignore[arg-type]


def _list(d: Mapping[str, object], key: str, where: str) -> list[object]:
    """An optional list (absent in states saved before it existed) of the object at ``where``."""
    value = d.get(key, [])
    if not isinstance(value, list):
        raise StateError(f"{where}.{key}: want a list, not {json_kind(value)}")
    return value


def _obj(value: object, where: str) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise StateError(f"{where}: want an object, not {json_kind(value)}")
    return value


#: What a field of each Python type is called in a save's JSON, for messages.
_WANTED = {int: "a whole number", str: "a string", list: "a list", dict: "an object", bool: "true or false"}


def _get(d: Mapping[str, object], key: str, kind: type[T], where: str) -> T:
    if key not in d:
        raise StateError(f"{where}.{key}: missing (want {_WANTED.get(kind, kind.__name__)})")
    value = d[key]
    if kind is int:
        return _int(value, f"{where}.{key}")  # type: ignore[return-value]
    if not isinstance(value, kind):
        raise StateError(f"{where}.{key}: want {_WANTED.get(kind, kind.__name__)}, not {json_kind(value)}")
    return value


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateError(f"{where}: want a whole number, not {value!r}")
    return value


def _opt_str(d: Mapping[str, object], key: str, where: str) -> str | None:
    value = d.get(key)
    if value is not None and not isinstance(value, str):
        raise StateError(f"{where}.{key}: want a string or null, not {value!r}")
    return value


def _strs(values: list[object], where: str) -> list[str]:
    for v in values:
        if not isinstance(v, str):
            raise StateError(f"{where}: want strings, not {v!r}")
    return [str(v) for v in values]


def _reader(parse_card: Callable[[str], Card]) -> Callable[[list[object], str], list[Card]]:
    def cards(tokens: list[object], where: str) -> list[Card]:
        out = []
        for i, token in enumerate(tokens):
            if not isinstance(token, str):
                raise StateError(f"{where}[{i}]: want a card token, not {token!r}")
            try:
                out.append(parse_card(token))
            except ValueError as err:
                raise StateError(f"{where}[{i}]: {err}") from None
        return out

    return cards
