"""Run actions as small frozen records, and their JSON form.

A run changes only through these records: the engine checks each one
(:meth:`~studio.engine.run.game.Game.legal`) before it resolves it, and the run's
history is the list of resolved records, so seed plus history replays a run.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import ClassVar, Literal

from studio.engine.names import did_you_mean


class IllegalAction(ValueError):
    """An action the run refuses now; the message says why. The run is unchanged."""


class ActionError(ValueError):
    """An action record that cannot be read (bad JSON form)."""


@dataclass(frozen=True, slots=True)
class SelectBlind:
    """Play the blind on offer."""

    name: ClassVar[str] = "select_blind"


@dataclass(frozen=True, slots=True)
class SkipBlind:
    """Skip the small or big blind on offer: its skip reward and its tag instead of its reward and shop."""

    name: ClassVar[str] = "skip_blind"


@dataclass(frozen=True, slots=True)
class Play:
    """Play the hand's cards at these positions (0 is the leftmost), in this order."""

    cards: tuple[int, ...]
    name: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard the hand's cards at these positions and draw as many."""

    cards: tuple[int, ...]
    name: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the charm in this shop slot."""

    slot: int
    name: ClassVar[str] = "buy"


@dataclass(frozen=True, slots=True)
class BuyVoucher:
    """Buy the voucher in this shop slot: its changes hold for the rest of the run."""

    slot: int
    name: ClassVar[str] = "buy_voucher"


@dataclass(frozen=True, slots=True)
class Sell:
    """Sell the charm at this position of the row."""

    charm: int
    name: ClassVar[str] = "sell"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Replace the charms for sale; each reroll in one shop costs $1 more."""

    name: ClassVar[str] = "reroll"


@dataclass(frozen=True, slots=True)
class OpenBooster:
    """Buy the booster (pack) in this shop slot and open it."""

    slot: int
    name: ClassVar[str] = "open_pack"


@dataclass(frozen=True, slots=True)
class Choose:
    """Take this option of the open booster; None skips the rest of it."""

    option: int | None
    name: ClassVar[str] = "choose"


@dataclass(frozen=True, slots=True)
class ReorderCharms:
    """Put the charms in this order: ``order[i]`` is the old position of the new i-th charm."""

    order: tuple[int, ...]
    name: ClassVar[str] = "reorder_charms"


@dataclass(frozen=True, slots=True)
class UseConsumable:
    """Use the held consumable at ``index`` on the hand's cards at these positions (none: no card)."""

    index: int
    cards: tuple[int, ...] = ()
    name: ClassVar[str] = "use_consumable"


@dataclass(frozen=True, slots=True)
class SellConsumable:
    """Sell the held consumable at ``index``."""

    index: int
    name: ClassVar[str] = "sell_consumable"


@dataclass(frozen=True, slots=True)
class LeaveShop:
    """Leave the shop for the next blind."""

    name: ClassVar[str] = "leave_shop"


Action = (
    SelectBlind
    | SkipBlind
    | Play
    | Discard
    | Buy
    | BuyVoucher
    | Sell
    | Reroll
    | OpenBooster
    | Choose
    | ReorderCharms
    | UseConsumable
    | SellConsumable
    | LeaveShop
)
KINDS: dict[str, type[Action]] = {
    k.name: k
    for k in (
        SelectBlind,
        SkipBlind,
        Play,
        Discard,
        Buy,
        BuyVoucher,
        Sell,
        Reroll,
        OpenBooster,
        Choose,
        ReorderCharms,
        UseConsumable,
        SellConsumable,
        LeaveShop,
    )
}
#: What a field holds: a position, a list of positions, or a position or null.
FieldKind = Literal["int", "ints", "int_or_null"]
#: Each field annotation a record may use, and what it holds.
_FIELD_KINDS: dict[str, FieldKind] = {"int": "int", "tuple[int, ...]": "ints", "int | None": "int_or_null"}
#: The fields each kind carries besides its name, in order, and what each holds: read from the records.
_FIELDS: dict[str, tuple[tuple[str, FieldKind], ...]] = {
    name: tuple((f.name, _FIELD_KINDS[str(f.type)]) for f in fields(kind)) for name, kind in KINDS.items()
}


def action_to_json(action: Action) -> dict[str, object]:
    """Return ``{"action": name, field: value, ...}``."""
    data: dict[str, object] = {"action": action.name}
    for key, _ in _FIELDS[action.name]:
        value = getattr(action, key)
        data[key] = list(value) if isinstance(value, tuple) else value
    return data


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ActionError(f"{where}: want a whole number, not {value!r}")
    return value


def _field(value: object, kind: FieldKind, where: str) -> object:
    """Read one field's value as ``kind``."""
    if kind == "int_or_null" and value is None:
        return None
    if kind != "ints":
        return _int(value, where)
    if not isinstance(value, list):
        raise ActionError(f"{where}: want a list of positions, not {value!r}")
    return tuple(_int(v, where) for v in value)


def action_from_json(data: object) -> Action:
    """Read an action written by :func:`action_to_json`; raise :class:`ActionError` if malformed."""
    if not isinstance(data, Mapping):
        raise ActionError(f"an action is an object with an 'action' name, not {data!r}")
    name = data.get("action")
    if not isinstance(name, str) or name not in KINDS:
        raise ActionError(f"unknown action {name!r}{did_you_mean(str(name), KINDS)}")
    fields = _FIELDS[name]
    extra = set(data) - {"action"} - {key for key, _ in fields}
    if extra:
        raise ActionError(f"{name}: unexpected field(s) {', '.join(sorted(map(str, extra)))}")
    values = {}
    for key, kind in fields:
        if key not in data:
            raise ActionError(f"{name}: missing field '{key}'")
        values[key] = _field(data[key], kind, f"{name}.{key}")
    return KINDS[name](**values)  # type: ignore[arg-type]
