"""A charm of the preview's row as one token: ``id``, ``id:edition``, with ``@N`` for its counter and
``#{...}`` for its other state.

Scenarios give a charm that has grown as ``{id: bus_rider, counter: 3}``; the row keeps it as
``bus_rider@3`` so the counter survives opening a scenario, scoring it and saving it back. Variables,
stickers and rounds in the row ride after ``#`` as compact JSON, as the scenario writes them:
``snowball@2#{"vars":{"chips":30}}``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from studio.engine.charms import CharmSlot

if TYPE_CHECKING:
    from studio.content.models.scenario import CharmEntry

#: What a charm object of a scenario may hold besides its id, edition and counter.
_EXTRAS = ("vars", "stickers", "rounds")


def token_of(entry: str | CharmEntry) -> str:
    """Return the row token of a scenario's charm entry."""
    if isinstance(entry, str):
        return entry
    token = f"{entry.id}:{entry.edition}" if entry.edition else entry.id
    token = f"{token}@{entry.counter}" if entry.counter else token
    extras = {k: v for k in _EXTRAS if (v := getattr(entry, k))}
    return f"{token}#{json.dumps(extras, separators=(',', ':'))}" if extras else token


def _head(token: str) -> str:
    return token.partition("#")[0]


def _extras(token: str) -> dict[str, Any]:
    """The state after ``#`` (raises ValueError when it is not a JSON object)."""
    text = token.partition("#")[2]
    if not text:
        return {}
    try:
        extras = json.loads(text)
    except json.JSONDecodeError:
        extras = None
    if not isinstance(extras, dict):
        raise ValueError(f"charm '{token}': write its state after # as a JSON object, e.g. #{{\"rounds\":3}}")
    return extras


def _written(token: str) -> CharmSlot:
    """The ``id`` or ``id:edition`` a row token starts with, read as everywhere else (ValueError for a
    ``:`` with no edition)."""
    return CharmSlot.parse(_head(token).partition("@")[0])


def id_of(token: str) -> str:
    """Return the charm id of a row token, whatever else it carries (read even while its edition is being
    typed, to draw its tile)."""
    return _head(token).partition("@")[0].partition(":")[0].strip()


def edition_of(token: str) -> str | None:
    """Return the edition of a row token, if it has one (none while it is being typed)."""
    return _head(token).partition("@")[0].partition(":")[2].strip() or None


def renamed(token: str, kind: str, old: str, new: str) -> str:
    """The row token with a renamed charm (``kind`` ``charm``), edition or sticker under its new id;
    everything else it carries (counter, state) as it was."""
    head, hash_, rest = token.partition("#")
    written, at, counter = head.partition("@")
    charm, colon, edition = written.partition(":")
    if kind == "charm" and charm.strip() == old:
        charm = new
    elif kind == "edition" and edition.strip() == old:
        edition = new
    elif kind == "sticker" and rest:
        try:
            extras = _extras(token)
        except ValueError:
            return token
        stickers = extras.get("stickers")
        if isinstance(stickers, list) and old in stickers:
            extras["stickers"] = [new if s == old else s for s in stickers]
            rest = json.dumps(extras, separators=(",", ":"))
    return f"{charm}{colon}{edition}{at}{counter}{hash_}{rest}"


def slot_of(token: str) -> CharmSlot:
    """Return the charm slot a row token stands for (raises ValueError for a bad counter or state)."""
    _, at, counter = _head(token).partition("@")
    if at and not counter.strip().lstrip("-").isdigit():
        raise ValueError(f"charm '{token}': write the counter as a whole number after @, e.g. bus_rider@3")
    extras = _extras(token)
    held: tuple[tuple[str, Any], ...] = ()
    if extras.get("vars"):
        from studio.content.models.variables import var_values  # pydantic: never on the editor's start path

        held = var_values(dict(extras["vars"]))
    written = _written(token)
    return CharmSlot(
        written.id,
        written.edition,
        int(counter) if at else 0,
        held,
        stickers=tuple(extras.get("stickers", ())),
        rounds=int(extras.get("rounds", 0)),
    )


def scenario_charm(token: str) -> str | dict[str, object]:
    """Return the charm as a scenario writes it: the token, or an object when it has more than an
    edition."""
    slot = slot_of(token)
    extras = _extras(token)
    if not slot.counter and not extras:
        return token
    entry: dict[str, object] = {"id": slot.id}
    if slot.edition:
        entry["edition"] = slot.edition
    if slot.counter:
        entry["counter"] = slot.counter
    return {**entry, **extras}
